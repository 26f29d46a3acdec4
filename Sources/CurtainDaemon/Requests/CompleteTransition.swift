// `CompleteTransition`: `completeTransition(_:)` from a remote animator
// (docs/delegates.md, "Remote animators"): the transition ends, cancelled
// unless `did_complete`. Only the client running the animator may send it,
// once: afterwards the transition is no longer running (NOT_FOUND, saying
// how it ended).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let completeTransition = RequestHandler.transition(
    .completeTransition,
    { ($0.completeTransition.transitionID, $0.completeTransition.windowID) },
    run: { context in
      let body = context.request.completeTransition
      try context.window.completeRemoteTransition(
        context.transition.id, didComplete: body.didComplete, by: OwnerID(context.client.id))
      return .ok(
        .transition(
          Curtain_V1_TransitionResult(context.transition.id, in: context.window, accepted: true)))
    })
}
