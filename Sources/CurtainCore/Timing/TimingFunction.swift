/// How an animation's progress follows time: a cubic Bézier curve or a
/// damped spring, both solved in closed form (SEMANTICS §7).
public enum TimingFunction: Hashable, Sendable {
  /// `x(s) = t` solved for `s`, then `y(s)`.
  case cubicBezier(CubicBezier)
  /// A spring evaluated at the animation's elapsed physical time.
  case spring(Spring)

  /// `(0, 0, 1, 1)`.
  public static let linear = TimingFunction.cubicBezier(.linear)
  /// `(0.42, 0, 1, 1)`.
  public static let easeIn = TimingFunction.cubicBezier(.easeIn)
  /// `(0, 0, 0.58, 1)`.
  public static let easeOut = TimingFunction.cubicBezier(.easeOut)
  /// `(0.42, 0, 0.58, 1)`.
  public static let easeInOut = TimingFunction.cubicBezier(.easeInOut)
  /// `(0.25, 0.1, 0.25, 1)`.
  public static let `default` = TimingFunction.cubicBezier(.default)

  /// Progress (0 at the start, 1 at the end, possibly overshooting for
  /// springs) after `fraction` of an animation lasting `duration` seconds.
  public func progress(at fraction: Double, duration: Double) -> Double {
    if fraction <= 0 { return 0 }
    if fraction >= 1 { return 1 }
    switch self {
    case .cubicBezier(let curve):
      return curve.value(at: fraction)
    case .spring(let spring):
      return spring.unsnappedValue(at: fraction * duration)
    }
  }

  /// The duration an animation takes when none is given: a spring's own
  /// duration, else `fallback`.
  public func naturalDuration(fallback: Double) -> Double {
    switch self {
    case .cubicBezier: return fallback
    case .spring(let spring): return spring.duration
    }
  }
}
