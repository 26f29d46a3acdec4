// A cubic Bézier timing curve in the Core Animation / CSS sense.
//
// The curve runs from P0 = (0, 0) to P3 = (1, 1) and is shaped by two control points
// P1 = (x1, y1) and P2 = (x2, y2). It is parametric: for s in [0, 1],
//
//   x(s) = 3(1 − s)²s·x1 + 3(1 − s)s²·x2 + s³,   and y(s) likewise with y1, y2.
//
// x is the elapsed fraction of the animation's duration and y the fraction of progress. To
// evaluate the curve at a time fraction x we solve x(s) = x for s and return y(s). Keeping x1 and
// x2 in [0, 1] makes x′(s) ≥ 0 on [0, 1], so x is monotone and a solution always lies in [0, 1]:
// Newton's method, started at s = x, finds it in a few steps for ordinary curves, and bisection
// over [0, 1] is the guaranteed fallback for steep or flat ones. y1 and y2 are free, which lets a
// curve overshoot (y outside [0, 1]).
//
// Coordinates are sanitised rather than rejected, both in the initialiser and on assignment:
// x1 and x2 are clamped to [0, 1]; y1 and y2 to [−1e6, 1e6] (so y stays finite); a non-finite
// coordinate is replaced by the corresponding coordinate of `linear` (0, 0, 1, 1).

/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points P1 = (x1, y1) and
/// P2 = (x2, y2).
///
/// `x1` and `x2` always lie in [0, 1]: the initialiser, decoding and assignment clamp them there.
/// `y1` and `y2` are limited to [−1e6, 1e6]. Non-finite coordinates are replaced by those of
/// ``linear``.
public struct CubicBezier: Hashable, Sendable {
  /// The x coordinate of P1, clamped to [0, 1] on assignment (non-finite becomes 0).
  public var x1: Double { didSet { x1 = Self.sanitizedX(x1, default: 0) } }
  /// The y coordinate of P1, clamped to [−1e6, 1e6] on assignment (non-finite becomes 0).
  public var y1: Double { didSet { y1 = Self.sanitizedY(y1, default: 0) } }
  /// The x coordinate of P2, clamped to [0, 1] on assignment (non-finite becomes 1).
  public var x2: Double { didSet { x2 = Self.sanitizedX(x2, default: 1) } }
  /// The y coordinate of P2, clamped to [−1e6, 1e6] on assignment (non-finite becomes 1).
  public var y2: Double { didSet { y2 = Self.sanitizedY(y2, default: 1) } }

  /// A curve with control points P1 = (x1, y1) and P2 = (x2, y2).
  ///
  /// `x1` and `x2` are clamped to [0, 1] and `y1`, `y2` to [−1e6, 1e6]; a non-finite coordinate
  /// is replaced by the matching coordinate of ``linear``.
  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = Self.sanitizedX(x1, default: 0)
    self.y1 = Self.sanitizedY(y1, default: 0)
    self.x2 = Self.sanitizedX(x2, default: 1)
    self.y2 = Self.sanitizedY(y2, default: 1)
  }

  /// `(0, 0, 1, 1)`: progress equals elapsed time.
  public static let linear = CubicBezier(0, 0, 1, 1)
  /// `(0.42, 0, 1, 1)`: starts slowly.
  public static let easeIn = CubicBezier(0.42, 0, 1, 1)
  /// `(0, 0, 0.58, 1)`: ends slowly.
  public static let easeOut = CubicBezier(0, 0, 0.58, 1)
  /// `(0.42, 0, 0.58, 1)`: starts and ends slowly; symmetric about (0.5, 0.5).
  public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
  /// `(0.25, 0.1, 0.25, 1)`: the UIKit / Core Animation "default" curve.
  public static let `default` = CubicBezier(0.25, 0.1, 0.25, 1)

  /// The parameter s in [0, 1] with x(s) = x, where x is first clamped to [0, 1] (NaN counts
  /// as 0).
  ///
  /// The result satisfies |x(s) − x| ≤ 1e-7 (in practice about 1e-12): Newton's method from
  /// s = x, falling back to bisection over [0, 1] when Newton stalls or leaves the interval.
  /// x = 0 gives exactly 0 and x = 1 exactly 1.
  public func parameter(forX x: Double) -> Double {
    guard x > 0 else { return 0 }  // Also catches NaN.
    guard x < 1 else { return 1 }
    let tolerance = 1e-12
    var s = x
    for _ in 0..<8 {
      let error = xAt(s) - x
      if abs(error) <= tolerance { return s }
      let slope = xSlopeAt(s)
      if abs(slope) < 1e-9 { break }
      s -= error / slope
      if !(s >= 0 && s <= 1) { break }
    }
    // x(s) is monotone on [0, 1] with x(0) = 0 < x < 1 = x(1): bisection always converges.
    var low = 0.0
    var high = 1.0
    s = 0.5
    while true {
      let error = xAt(s) - x
      if abs(error) <= tolerance { return s }
      if error < 0 { low = s } else { high = s }
      let middle = low + (high - low) / 2
      if middle <= low || middle >= high { return s }
      s = middle
    }
  }

  /// Progress y(s) for the parameter s solving x(s) = x; x is clamped to [0, 1] (NaN counts
  /// as 0), so `value(at: 0)` is exactly 0 and `value(at: 1)` exactly 1.
  public func value(at x: Double) -> Double {
    guard x > 0 else { return 0 }
    guard x < 1 else { return 1 }
    return yAt(parameter(forX: x))
  }

  // MARK: - Polynomial evaluation

  /// x(s) in power form: ((a·s + b)·s + c)·s with c = 3x1, b = 3(x2 − x1) − c, a = 1 − c − b.
  func xAt(_ s: Double) -> Double {
    Self.polynomial(s, p1: x1, p2: x2)
  }

  /// y(s), the same polynomial with y1 and y2.
  func yAt(_ s: Double) -> Double {
    Self.polynomial(s, p1: y1, p2: y2)
  }

  /// x′(s) = (3a·s + 2b)·s + c.
  func xSlopeAt(_ s: Double) -> Double {
    let c = 3 * x1
    let b = 3 * (x2 - x1) - c
    let a = 1 - c - b
    return (3 * a * s + 2 * b) * s + c
  }

  private static func polynomial(_ s: Double, p1: Double, p2: Double) -> Double {
    let c = 3 * p1
    let b = 3 * (p2 - p1) - c
    let a = 1 - c - b
    return ((a * s + b) * s + c) * s
  }

  // MARK: - Sanitising

  private static func sanitizedX(_ value: Double, default fallback: Double) -> Double {
    value.isFinite ? min(max(value, 0), 1) : fallback
  }

  private static func sanitizedY(_ value: Double, default fallback: Double) -> Double {
    value.isFinite ? min(max(value, -1e6), 1e6) : fallback
  }
}
