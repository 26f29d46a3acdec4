// `Dismiss`: `dismiss(animated:)` sent to a controller: what it presents
// goes, else the controller itself (SEMANTICS §4, "Dismiss rules").
// Dismissing when nothing is presented completes at once and changes
// nothing.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let dismiss = RequestHandler.controller(
    .dismiss, mutates: true, { $0.dismiss.controller },
    run: { context in
      let body = context.request.dismiss
      return try context.server.submit(
        .dismiss(
          controller: context.controller.id, animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context)
    })
}
