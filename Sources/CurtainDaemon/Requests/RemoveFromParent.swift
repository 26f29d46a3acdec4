// `RemoveFromParent`: removes a controller from its parent container.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let removeFromParent = RequestHandler.controller(
    .removeFromParent, mutates: true, { $0.removeFromParent.controller },
    run: { context in
      try context.server.submit(.removeFromParent(context.controller.id), context)
    })
}
