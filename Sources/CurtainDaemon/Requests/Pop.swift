// `Pop`: `popViewController(animated:)`; popping the root does nothing.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let pop = RequestHandler.controller(
    .pop, mutates: true, { $0.pop.navigation },
    run: { context in
      let body = context.request.pop
      return try context.server.submit(
        .pop(
          navigation: context.controller.id, animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil), context)
    })
}
