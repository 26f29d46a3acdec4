// `SelectTab`: selects a tab by index, controller, or the More tab.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let selectTab = RequestHandler.controller(
    .selectTab, mutates: true, { $0.selectTab.tabBar },
    run: { context in
      let body = context.request.selectTab
      guard let selection = try TabSelection(body, context) else {
        return .invalid("SelectTab needs an index, a controller or more")
      }
      return try context.server.submit(
        .selectTab(
          tabBar: context.controller.id, selection: selection,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil), context)
    })
}

extension TabSelection {
  /// The selection a SelectTab names (`nil` when it names none).
  init?(_ body: Curtain_V1_SelectTab, _ context: some SessionRequestContext) throws {
    switch body.selection {
    case .index(let index): self = .index(Int(index))
    case .controller(let ref): self = .controller(try context.controller(ref).id)
    case .more: self = .more
    case nil: return nil
    }
  }
}
