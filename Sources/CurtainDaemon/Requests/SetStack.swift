// `SetStack`: `setViewControllers(_:animated:)` on a navigation controller.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let setStack = RequestHandler.controller(
    .setStack, mutates: true, { $0.setStack.navigation },
    run: { context in
      let body = context.request.setStack
      return try context.server.submit(
        .setViewControllers(
          navigation: context.controller.id,
          controllers: try body.controllers.map { try context.controller($0).id },
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context)
    })
}
