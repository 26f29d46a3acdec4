// `BeginInteractive`: begins an interactive transition owned by this client:
// the navigation pop, a presentation, a dismissal or a page turn. It answers when
// accepted or started (wait_until COMPLETED reads as STARTED: it completes
// only when a client finishes or cancels it).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let beginInteractive = RequestHandler.controller(
    .beginInteractive, mutates: true,
    { request in
      let body = request.beginInteractive
      return body.kind == .present ? body.present.presenter : body.controller
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
      case .unspecified, .UNRECOGNIZED:
        return .invalid("Unknown interactive transition kind")
      }
      return try context.server.submit(
        operation, context, waitUntil: context.request.waitUntil == .completed ? .started : nil)
    })
}
