// `SetWindowVisible`: shows or hides a window (its root appears or disappears).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let setWindowVisible = RequestHandler.window(
    .setWindowVisible, mutates: true, { $0.setWindowVisible.windowID },
    run: { context in
      try context.server.submit(
        .setVisible(window: context.window.id, visible: context.request.setWindowVisible.visible),
        context)
    })
}
