// `Push`: `pushViewController(_:animated:)`.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let push = RequestHandler.controllers(
    .push, mutates: true, { ($0.push.navigation, $0.push.controller) },
    run: { context in
      let body = context.request.push
      return try context.server.submit(
        .push(
          navigation: context.controller.id, controller: context.other.id,
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context)
    })
}
