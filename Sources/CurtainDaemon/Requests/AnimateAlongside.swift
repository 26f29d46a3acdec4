// `AnimateAlongside`: tracks that run on a transition's timeline (the coordinator's
// `animate(alongsideTransition:)`); refused once the transition ended.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let animateAlongside = RequestHandler.transition(
    .animateAlongside, { ($0.animateAlongside.transitionID, $0.animateAlongside.windowID) },
    run: { context in
      let id = context.transition.id
      try context.server.checkTransitionAccess(
        context.transition, in: context.window, for: context.client, action: "animate alongside")
      let tracks = try context.request.animateAlongside.tracks.map(TrackSpec.init)
      let accepted = try context.window.animateAlongside(id, tracks: tracks)
      return .ok(
        .transition(Curtain_V1_TransitionResult(id, in: context.window, accepted: accepted)))
    },
    ended: { context, id in
      // The tracks are still checked: a bad one is an error, not a refusal.
      for track in try context.request.animateAlongside.tracks.map(TrackSpec.init) {
        try track.validate()
      }
      return .ok(.transition(Curtain_V1_TransitionResult(id, in: nil, accepted: false)))
    })
}
