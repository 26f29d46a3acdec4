// `PopTo`: `popToViewController(_:animated:)`.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let popTo = RequestHandler(
    kind: .popTo, mutates: true, target: { .controller($0.popTo.navigation) },
    run: { context in
      let body = context.request.popTo
      return try context.server.submit(
        .popTo(
          navigation: context.controller!.id,
          controller: try context.controller(body.controller).id,
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context)
    })
}
