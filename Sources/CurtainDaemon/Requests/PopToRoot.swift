// `PopToRoot`: `popToRootViewController(animated:)`.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let popToRoot = RequestHandler.controller(
    .popToRoot, mutates: true, { $0.popToRoot.navigation },
    run: { context in
      let body = context.request.popToRoot
      return try context.server.submit(
        .popToRoot(
          navigation: context.controller.id, animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil), context)
    })
}
