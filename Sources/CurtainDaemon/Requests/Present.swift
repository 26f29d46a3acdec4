// `Present`: `present(_:animated:)` sent to the presenter, with the presented
// controller's presentation properties and a popover's source.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let present = RequestHandler.controllers(
    .present, mutates: true, { ($0.present.presenter, $0.present.controller) },
    run: { context in
      let body = context.request.present
      return try context.server.submit(
        .present(
          presenter: context.controller.id, controller: context.other.id,
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil,
          adaptiveStyle: body.hasAdaptiveStyle
            ? try ModalPresentationStyle(body.adaptiveStyle) : nil,
          options: try PresentOptions(body)),
        context)
    })
}
