// `AnimateAlongside`: tracks that run on a transition's timeline (the coordinator's
// `animate(alongsideTransition:)`); refused once the transition ended.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let animateAlongside = RequestHandler(
    kind: .animateAlongside, mutates: true,
    target: {
      .window($0.animateAlongside.windowID)
    },
    run: { context in
      let body = context.request.animateAlongside
      let window = context.window!
      let id = TransitionID(body.transitionID)
      let accepted = try window.animateAlongside(id, tracks: try body.tracks.map(TrackSpec.init))
      return .ok(
        .transition(Curtain_V1_TransitionResult(window: window, id: id, accepted: accepted)))
    })
}

extension Curtain_V1_TransitionResult {
  /// The state of a transition after a request about it.
  init(window: Window, id: TransitionID, accepted: Bool) {
    self.init()
    transitionID = id.rawValue
    if let transition = window.transition(id) {
      percent = transition.percentComplete(at: window.time)
      interactive = transition.isInteractive
    } else {
      percent = 1
    }
    self.accepted = accepted
  }
}
