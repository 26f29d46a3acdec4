// `BeginInteractive`: begins an interactive transition owned by this client:
// the navigation pop, a presentation, a dismissal, a page turn, a tab
// switch or a collection view's layout transition. It answers when
// accepted or started (wait_until COMPLETED reads as STARTED: it completes
// only when a client finishes or cancels it).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let beginInteractive = RequestHandler.controller(
    .beginInteractive, mutates: true,
    { request in
      let body = request.beginInteractive
      switch body.kind {
      case .present: return body.present.presenter
      case .selectTab: return body.selectTab.tabBar
      default: return body.controller
      }
    },
    run: { context in
      let body = context.request.beginInteractive
      let target = context.controller.id
      var animator = body.hasAnimator ? try AnimatorSpec(body.animator) : nil
      if body.reverse, body.kind != .pageTurn {
        return .invalid("reverse applies only to interactive page turns")
      }
      let operation: WindowOperation
      switch body.kind {
      case .pop:
        operation = .beginInteractivePop(navigation: target, animator: animator)
      case .present:
        let present = body.present
        if animator == nil, present.hasAnimator { animator = try AnimatorSpec(present.animator) }
        operation = .beginInteractivePresent(
          presenter: target, controller: try context.controller(present.controller).id,
          animator: animator,
          adaptiveStyle: present.hasAdaptiveStyle
            ? try ModalPresentationStyle(present.adaptiveStyle) : nil,
          options: try PresentOptions(present))
      case .dismiss:
        operation = .beginInteractiveDismiss(controller: target, animator: animator)
      case .pageTurn:
        operation = .beginInteractivePageTurn(
          page: target, direction: body.reverse ? .reverse : .forward, animator: animator)
      case .layout:
        guard body.hasLayout else {
          return .invalid("An interactive layout transition needs the layout to move to")
        }
        operation = .beginInteractiveLayoutTransition(
          collection: target, layout: try CollectionLayout(body.layout), animator: animator)
      case .selectTab:
        let select = body.selectTab
        guard let selection = try TabSelection(select, context) else {
          return .invalid("An interactive tab switch needs an index or a controller")
        }
        if animator == nil, select.hasAnimator { animator = try AnimatorSpec(select.animator) }
        operation = .beginInteractiveTabSelection(
          tabBar: target, selection: selection, animator: animator)
      case .unspecified, .UNRECOGNIZED:
        return .invalid("Unknown interactive transition kind")
      }
      return try context.server.submit(
        operation, context, waitUntil: context.request.waitUntil == .completed ? .started : nil)
    })
}
