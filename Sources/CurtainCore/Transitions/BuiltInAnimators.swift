// UIKit's built-in transition looks, written as declarative animators
// (SEMANTICS §5). Curves are easeInOut unless said otherwise.

extension AnimatorSpec {
  /// Navigation push: the incoming view slides in from the right edge
  /// (x: +W → 0) while the outgoing one moves left by 30% of the width and
  /// fades to alpha 0.9 (Curtain's parallax). 0.35 s.
  public static let push = AnimatorSpec(
    duration: 0.35,
    tracks: [
      TrackSpec(
        target: .toView, property: .frame, from: .containerOffset(.finalFrame, dx: 1, dy: 0),
        to: .finalFrame),
      TrackSpec(
        target: .fromView, property: .frame, from: .initialFrame,
        to: .containerOffset(.initialFrame, dx: -0.3, dy: 0)),
      TrackSpec(target: .fromView, property: .alpha, from: .scalar(1), to: .scalar(0.9)),
    ])

  /// Navigation pop: the push played backwards. 0.35 s.
  public static let pop = AnimatorSpec(
    duration: 0.35,
    tracks: [
      TrackSpec(
        target: .toView, property: .frame, from: .containerOffset(.finalFrame, dx: -0.3, dy: 0),
        to: .finalFrame),
      TrackSpec(target: .toView, property: .alpha, from: .scalar(0.9), to: .scalar(1)),
      TrackSpec(
        target: .fromView, property: .frame, from: .initialFrame,
        to: .containerOffset(.initialFrame, dx: 1, dy: 0)),
    ])

  /// Cross-dissolve: incoming alpha 0 → 1, outgoing 1 → 0.
  public static func crossDissolve(duration: Double = 0.4) -> AnimatorSpec {
    AnimatorSpec(
      duration: duration,
      tracks: [
        TrackSpec(target: .toView, property: .alpha, from: .scalar(0), to: .scalar(1)),
        TrackSpec(target: .fromView, property: .alpha, from: .scalar(1), to: .scalar(0)),
      ])
  }

  /// The tab slide of seed 001 (Curtain's look for an interactive tab
  /// switch): forward (to a tab on the right) the incoming view slides in
  /// from the right edge (x: +W → 0) while the outgoing one slides out to
  /// the left (0 → −W); backward the other way round. 0.35 s.
  public static func tabSlide(forward: Bool) -> AnimatorSpec {
    let direction: Double = forward ? 1 : -1
    return AnimatorSpec(
      duration: 0.35,
      tracks: [
        TrackSpec(
          target: .toView, property: .frame,
          from: .containerOffset(.finalFrame, dx: direction, dy: 0), to: .finalFrame),
        TrackSpec(
          target: .fromView, property: .frame, from: .initialFrame,
          to: .containerOffset(.initialFrame, dx: -direction, dy: 0)),
      ])
  }

  /// No movement at all, lasting `duration` (a custom container's
  /// `transition(from:to:duration:options:)` without animation options).
  public static func none(duration: Double) -> AnimatorSpec {
    AnimatorSpec(duration: duration, tracks: [])
  }
}
