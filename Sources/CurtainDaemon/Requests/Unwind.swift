// `Unwind`: unwinds from a controller to the first one above it that
// declares the action (NOT_FOUND when none does); answers a SegueResult.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let unwind = RequestHandler.controller(
    .unwind, mutates: true, { $0.unwind.source },
    run: { context in
      let body = context.request.unwind
      return try context.server.submit(
        .unwind(source: context.controller.id, action: body.action, animated: !body.notAnimated),
        context, segue: true)
    })
}
