// `PauseTransition`: a transition playing by itself becomes interactive at its fraction,
// owned by this client.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let pauseTransition = RequestHandler.transition(
    .pauseTransition, { ($0.pauseTransition.transitionID, $0.pauseTransition.windowID) },
    run: { context in
      try context.server.checkTransitionAccess(
        context.transition, in: context.window, for: context.client, action: "pause")
      try context.window.pauseTransition(context.transition.id, by: context.operationOptions.owner)
      return .ok(
        .transition(
          Curtain_V1_TransitionResult(context.transition.id, in: context.window, accepted: true)))
    })
}
