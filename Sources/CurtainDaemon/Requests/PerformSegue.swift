// `PerformSegue`: `performSegue(withIdentifier:sender:)` on a controller
// instantiated from a storyboard; answers a SegueResult.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let performSegue = RequestHandler.controller(
    .performSegue, mutates: true, { $0.performSegue.source },
    run: { context in
      let body = context.request.performSegue
      return try context.server.submit(
        .performSegue(
          source: context.controller.id, identifier: body.identifier, triggered: body.triggered,
          animated: !body.notAnimated), context, segue: true)
    })
}
