// `Present`: `present(_:animated:)` sent to the presenter, with the presented
// controller's presentation properties and a popover's source.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let present = RequestHandler(
    kind: .present, mutates: true, target: { .controller($0.present.presenter) },
    run: { context in
      let body = context.request.present
      return try context.server.submit(
        .present(
          presenter: context.controller!.id,
          controller: try context.controller(body.controller).id,
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil,
          adaptiveStyle: body.hasAdaptiveStyle
            ? try ModalPresentationStyle(body.adaptiveStyle) : nil,
          options: try PresentOptions(body)),
        context)
    })
}
