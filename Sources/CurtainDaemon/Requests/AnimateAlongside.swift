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
      let tracks = try context.request.animateAlongside.tracks.tracks()
      let accepted = try context.window.animateAlongside(id, tracks: tracks)
      return .ok(
        .transition(Curtain_V1_TransitionResult(id, in: context.window, accepted: accepted)))
    },
    ended: { context, id in
      // The tracks are still checked: a bad one is an error, not a refusal.
      for track in try context.request.animateAlongside.tracks.tracks() {
        try track.validate()
      }
      return .ok(.transition(Curtain_V1_TransitionResult(id, in: nil, accepted: false)))
    })
}

extension [Curtain_V1_Track] {
  /// The core tracks; an error names the track (`tracks[1].property`).
  fileprivate func tracks() throws -> [TrackSpec] {
    try enumerated().map { index, track in try TrackSpec(track, path: "tracks[\(index)]") }
  }
}
