// `Show`: `show(_:sender:)`, routed up the sender's parents (a navigation
// controller pushes), else presented by the sender.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let show = showRequest(.show, kind: .show, body: { $0.show })

  /// The handler of `Show` or `ShowDetail`, whose bodies have the same
  /// fields.
  static func showRequest(
    _ action: ShowAction, kind: RequestKind,
    body: @escaping @Sendable (WireRequest) -> any ShowRequestBody
  ) -> RequestHandler {
    RequestHandler.controllers(
      kind, mutates: true, { (body($0).sender, body($0).controller) },
      run: { context in
        let body = body(context.request)
        return try context.server.submit(
          .show(
            action, sender: context.controller.id, controller: context.other.id,
            animated: !body.notAnimated,
            animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil), context)
      })
  }
}
