// `BeginAppearanceTransition`: `beginAppearanceTransition(_:animated:)` on a
// child of a custom container that does not forward appearance
// automatically (the child's viewWillAppear or viewWillDisappear).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let beginAppearanceTransition = RequestHandler.controller(
    .beginAppearanceTransition, mutates: true, { $0.beginAppearanceTransition.controller },
    run: { context in
      let body = context.request.beginAppearanceTransition
      return try context.server.submit(
        .beginAppearanceTransition(
          controller: context.controller.id, appearing: body.appearing, animated: body.animated),
        context)
    })
}
