// `SetRoot`: sets (or clears) a window's root view controller.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let setRoot = RequestHandler.window(
    .setRoot, mutates: true, { $0.setRoot.windowID },
    run: { context in
      let body = context.request.setRoot
      let controller = body.hasController ? try context.controller(body.controller) : nil
      return try context.server.submit(
        .setRoot(window: context.window.id, controller: controller?.id), context)
    })
}
