// `SetPages`: `setViewControllers(_:direction:animated:)` on a page view
// controller, optionally replacing its data source.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let setPages = RequestHandler.controller(
    .setPages, mutates: true, { $0.setPages.page },
    run: { context in
      let body = context.request.setPages
      let source = try body.dataSource.map { try context.controller($0).id }
      return try context.server.submit(
        .setPages(
          page: context.controller.id,
          controllers: try body.controllers.map { try context.controller($0).id },
          direction: body.reverse ? .reverse : .forward, animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil,
          dataSource: source.isEmpty ? nil : source),
        context)
    })
}
