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
      let owner = context.operationOptions.owner
      try context.window.pauseTransition(context.transition.id, by: owner)
      if owner != nil {
        context.server.noteInteractions(
          of: context.client, in: context.server.key(of: context.window))
      }
      return .ok(
        .transition(
          Curtain_V1_TransitionResult(context.transition.id, in: context.window, accepted: true)))
    })
}
