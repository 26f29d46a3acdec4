// `SetCollectionLayout`: a collection view controller's
// `setCollectionViewLayout(_:animated:)`; its items move to the new layout's
// frames.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let setCollectionLayout = RequestHandler.controller(
    .setCollectionLayout, mutates: true, { $0.setCollectionLayout.collection },
    run: { context in
      let body = context.request.setCollectionLayout
      guard body.hasLayout else { return .invalid("SetCollectionLayout needs a layout") }
      return try context.server.submit(
        .setCollectionLayout(
          collection: context.controller.id, layout: try CollectionLayout(body.layout),
          animated: !body.notAnimated,
          animator: body.hasAnimator ? try AnimatorSpec(body.animator) : nil),
        context)
    })
}
