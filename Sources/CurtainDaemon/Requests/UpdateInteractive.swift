// `UpdateInteractive`: `updateInteractiveTransition(_:)`: the fraction, clamped to [0, 1].

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let updateInteractive = RequestHandler(
    kind: .updateInteractive, mutates: true,
    target: { .window($0.updateInteractive.windowID) },
    run: { context in
      let body = context.request.updateInteractive
      let window = context.window!
      let id = TransitionID(body.transitionID)
      let owner = context.operationOptions.owner
      try window.updateInteraction(id, percent: body.percent, by: owner)
      return .ok(.transition(Curtain_V1_TransitionResult(window: window, id: id, accepted: true)))
    })
}
