// `BeginInteractive`: begins an interactive transition owned by this client (for
// now the navigation pop). It answers when accepted or started (wait_until
// COMPLETED reads as STARTED: it completes only when a client finishes or
// cancels it).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let beginInteractive = RequestHandler(
    kind: .beginInteractive, mutates: true,
    target: { .controller($0.beginInteractive.controller) },
    run: { context in
      let body = context.request.beginInteractive
      guard body.kind == .pop else { return .invalid("Unknown interactive transition kind") }
      return try context.server.submit(
        .beginInteractivePop(
          navigation: context.controller!.id,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context, waitUntil: context.request.waitUntil == .completed ? .started : nil)
    })
}
