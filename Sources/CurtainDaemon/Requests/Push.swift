// `Push`: `pushViewController(_:animated:)`.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let push = RequestHandler(
    kind: .push, mutates: true, target: { .controller($0.push.navigation) },
    run: { context in
      let body = context.request.push
      return try context.server.submit(
        .push(
          navigation: context.controller!.id,
          controller: try context.controller(body.controller).id,
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context)
    })
}
