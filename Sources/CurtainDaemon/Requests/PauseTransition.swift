// `PauseTransition`: a transition playing by itself becomes interactive at its fraction,
// owned by this client.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let pauseTransition = RequestHandler(
    kind: .pauseTransition, mutates: true,
    target: { .window($0.pauseTransition.windowID) },
    run: { context in
      let body = context.request.pauseTransition
      let window = context.window!
      let id = TransitionID(body.transitionID)
      let owner = context.operationOptions.owner
      try window.pauseTransition(id, by: owner)
      return .ok(.transition(Curtain_V1_TransitionResult(window: window, id: id, accepted: true)))
    })
}
