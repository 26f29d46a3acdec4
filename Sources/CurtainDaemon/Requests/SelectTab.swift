// `SelectTab`: selects a tab by index, controller, or the More tab.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let selectTab = RequestHandler.controller(
    .selectTab, mutates: true, { $0.selectTab.tabBar },
    run: { context in
      let body = context.request.selectTab
      let selection: TabSelection
      switch body.selection {
      case .index(let index): selection = .index(Int(index))
      case .controller(let ref): selection = .controller(try context.controller(ref).id)
      case .more: selection = .more
      case nil: return .invalid("SelectTab needs an index, a controller or more")
      }
      return try context.server.submit(
        .selectTab(
          tabBar: context.controller.id, selection: selection,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil), context)
    })
}
