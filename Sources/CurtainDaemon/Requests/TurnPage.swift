// `TurnPage`: a page view controller turns to the next (or previous) pages
// of its data source.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let turnPage = RequestHandler.controller(
    .turnPage, mutates: true, { $0.turnPage.page },
    run: { context in
      let body = context.request.turnPage
      return try context.server.submit(
        .turnPage(
          page: context.controller.id, direction: body.reverse ? .reverse : .forward,
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context)
    })
}
