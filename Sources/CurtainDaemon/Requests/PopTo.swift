// `PopTo`: `popToViewController(_:animated:)`.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let popTo = RequestHandler.controllers(
    .popTo, mutates: true, { ($0.popTo.navigation, $0.popTo.controller) },
    run: { context in
      let body = context.request.popTo
      return try context.server.submit(
        .popTo(
          navigation: context.controller.id, controller: context.other.id,
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context)
    })
}
