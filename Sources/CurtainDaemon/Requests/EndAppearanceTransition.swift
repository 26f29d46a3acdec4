// `EndAppearanceTransition`: `endAppearanceTransition()` on a child of a
// custom container that does not forward appearance automatically (the
// pending begin's viewDidAppear or viewDidDisappear).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let endAppearanceTransition = RequestHandler.controller(
    .endAppearanceTransition, mutates: true, { $0.endAppearanceTransition.controller },
    run: { context in
      try context.server.submit(
        .endAppearanceTransition(controller: context.controller.id), context)
    })
}
