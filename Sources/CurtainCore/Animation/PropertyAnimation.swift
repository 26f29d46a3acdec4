/// Where an animation's local time comes from.
enum AnimationClock: Hashable {
  /// Window time minus `begin`: an ordinary `UIView.animate` animation.
  case absolute(begin: Double)
  /// The local time of a transition, which interaction may scrub, hold or
  /// play backwards.
  case transition(TransitionID)
}

/// One property of one view moving from a value to another over a span of
/// its clock's local time.
struct PropertyAnimation {
  let id: UInt64
  let view: ViewID
  let property: AnimatableProperty
  let from: AnimatableValue
  let to: AnimatableValue
  let timing: TimingFunction
  let clock: AnimationClock
  /// Local time at which the animation starts moving.
  let delay: Double
  /// Local time it takes once started.
  let duration: Double
  /// Called once: `true` when it ran to its end, `false` when replaced or
  /// removed early.
  var completion: ((Bool) -> Void)?

  /// The value at local time `localTime` (clamped to the animation's span).
  func value(atLocalTime localTime: Double) -> AnimatableValue {
    let fraction: Double
    if duration <= 0 {
      fraction = localTime >= delay ? 1 : 0
    } else {
      fraction = min(1, max(0, (localTime - delay) / duration))
    }
    return from.interpolated(to: to, fraction: timing.progress(at: fraction, duration: duration))
  }

  /// For absolute animations: the window time at which it ends.
  var absoluteEnd: Double? {
    guard case .absolute(let begin) = clock else { return nil }
    return begin + delay + duration
  }
}
