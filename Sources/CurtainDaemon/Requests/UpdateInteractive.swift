// `UpdateInteractive`: `updateInteractiveTransition(_:)`: the fraction, clamped to [0, 1].

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let updateInteractive = RequestHandler.transition(
    .updateInteractive, { ($0.updateInteractive.transitionID, $0.updateInteractive.windowID) },
    run: { context in
      let body = context.request.updateInteractive
      try context.window.updateInteraction(
        context.transition.id, percent: body.percent, by: context.operationOptions.owner)
      return .ok(
        .transition(
          Curtain_V1_TransitionResult(context.transition.id, in: context.window, accepted: true)))
    })
}
