// `SetTabs`: `setViewControllers(_:animated:)` on a tab bar controller.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let setTabs = RequestHandler.controller(
    .setTabs, mutates: true, { $0.setTabs.tabBar },
    run: { context in
      let body = context.request.setTabs
      return try context.server.submit(
        .setTabs(
          tabBar: context.controller.id,
          controllers: try body.controllers.map { try context.controller($0).id }), context)
    })
}
