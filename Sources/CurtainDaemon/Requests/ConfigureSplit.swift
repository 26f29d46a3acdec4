// `ConfigureSplit`: a split view controller's preferred display mode and
// primary column widths; the columns move, animated unless asked not to.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let configureSplit = RequestHandler.controller(
    .configureSplit, mutates: true, { $0.configureSplit.split },
    run: { context in
      let body = context.request.configureSplit
      return try context.server.submit(
        .configureSplit(
          split: context.controller.id, change: try SplitPreferenceChange(body.preferences),
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context)
    })
}
