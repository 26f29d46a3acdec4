// A spring timing function: a damped harmonic oscillator solved in closed form.
//
// The animated value is a normalised position that starts at 0 and comes to rest at 1. We work
// with the remaining displacement y(t) = 1 − position, which obeys
//
//   m·y″ + c·y′ + k·y = 0,   y(0) = 1,   y′(0) = −v,
//
// where v is the initial velocity in units of the whole distance per second (positive = towards
// the target). With ω = √(k/m) (undamped angular frequency) and ζ = c / (2√(mk)) (damping ratio)
// this is y″ + 2ζω·y′ + ω²·y = 0, whose solution depends on ζ:
//
//   underdamped (ζ < 1):  y = e^{−ζωt}(A cos ω_d t + B sin ω_d t),  ω_d = ω√(1 − ζ²)
//   critical    (ζ = 1):  y = (A + B t)·e^{−ωt}
//   overdamped  (ζ > 1):  y = C1·e^{r1 t} + C2·e^{r2 t},  r1,2 = −ω(ζ ∓ √(ζ² − 1))
//
// with the constants fixed by y(0) = 1 and y′(0) = −v. Ratios within 1e-12 of 1 are treated as
// critical, so rounding never selects the nearly-singular neighbouring forms. Nothing is ever
// integrated step by step, and nothing reads a clock: callers pass the elapsed time.
//
// Every spring has a duration after which it reports exactly 1 (it "snaps"). For a physical or
// perceptual spring it is the settling time: the last time at which the envelope of |y|, a bound
// that decays to zero, equals 0.001. For a spring made from a duration and a damping ratio (the
// UIKit model) it is that duration, and ω is chosen so that the envelope reaches 0.001 exactly
// then.
//
// Inputs are sanitised, never trapped on: non-finite values are replaced by documented defaults
// and finite ones are clamped into documented ranges that keep every output finite.

// The C library's sin, cos, atan2, exp, log (no Foundation: the CLI links
// without it).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A damped spring moving a normalised position from 0 (at t = 0) to 1, solved in closed form.
///
/// Position is `1 − y(t)` where `m·y″ + c·y′ + k·y = 0`, `y(0) = 1` and `y′(0) = −v` (`v` is
/// ``initialVelocity``). ``value(at:)`` snaps to exactly 1 at ``duration``;
/// ``unsnappedValue(at:)`` is the pure closed form.
public struct Spring: Hashable, Sendable {
  /// The mass m, in [1e-18, 1e18].
  public let mass: Double
  /// The stiffness k, in [1e-18, 1e18].
  public let stiffness: Double
  /// The damping coefficient c, in [1e-18, 1e18] (never zero, so every spring settles).
  public let damping: Double
  /// The initial velocity v in units of the whole distance per second, in [−1e6, 1e6]; positive
  /// values move towards the target.
  public let initialVelocity: Double
  /// How long the animation lasts: for a spring made by
  /// ``init(duration:dampingRatio:initialVelocity:)`` the duration given there, otherwise the
  /// settling time, the last time t at which ``envelope(at:)`` equals 0.001. ``value(at:)`` is
  /// exactly 1 from this time on.
  public let duration: Double

  /// The envelope level that defines the end of a spring animation.
  static let settlingThreshold = 0.001
  /// The range that mass, stiffness and damping are clamped into.
  static let parameterRange = 1e-18...1e18
  /// The range that initial velocities are clamped into.
  static let velocityRange = -1e6...1e6
  /// Damping ratios this close to 1 use the critically damped solution.
  static let criticalBand = 1e-12

  /// A physical spring; its duration is its settling time (see ``duration``).
  ///
  /// Sanitising: a non-finite argument is replaced by Core Animation's default (mass 1,
  /// stiffness 100, damping 10, velocity 0). Mass, stiffness and damping are then clamped to
  /// [1e-18, 1e18], so zero or negative values become the tiny positive minimum 1e-18 (in
  /// particular damping is never 0, which would never settle); velocity is clamped to
  /// [−1e6, 1e6].
  public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
    self.init(
      sanitizedMass: Self.sanitize(mass, default: 1, range: Self.parameterRange),
      stiffness: Self.sanitize(stiffness, default: 100, range: Self.parameterRange),
      damping: Self.sanitize(damping, default: 10, range: Self.parameterRange),
      initialVelocity: Self.sanitize(initialVelocity, default: 0, range: Self.velocityRange),
      duration: nil
    )
  }

  /// A physical spring that comes to rest at `duration` when that is finite and positive (else
  /// at its settling time), sanitised as ``init(mass:stiffness:damping:initialVelocity:)``. Any
  /// spring, however it was made, is this one of its own five numbers: the form a stored spring
  /// is written in.
  public init(
    mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0,
    duration: Double?
  ) {
    self.init(
      sanitizedMass: Self.sanitize(mass, default: 1, range: Self.parameterRange),
      stiffness: Self.sanitize(stiffness, default: 100, range: Self.parameterRange),
      damping: Self.sanitize(damping, default: 10, range: Self.parameterRange),
      initialVelocity: Self.sanitize(initialVelocity, default: 0, range: Self.velocityRange),
      duration: duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    )
  }

  /// UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
  ///
  /// Mass is 1. The damping ratio ζ is clamped to [1e-4, 1] (ratios within 1e-9 of 1 become
  /// exactly 1). ω is found by Newton's method, starting at ω₀ = 5 / `duration` and safeguarded
  /// by a bracket, so that ``envelope(at:)`` equals 0.001 at t = `duration`; then stiffness = ω²
  /// and damping = 2ζω. The spring ends at `duration` and snaps to 1 there.
  ///
  /// Sanitising: a non-finite duration becomes 0.5 s, a non-finite ratio 1 and a non-finite
  /// velocity 0; the duration is clamped to [0.001, 10 000] s and the velocity to [−1e6, 1e6].
  public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
    let time = Self.sanitize(duration, default: 0.5, range: 1e-3...1e4)
    var ratio = Self.sanitize(dampingRatio, default: 1, range: 1e-4...1)
    if ratio > 1 - 1e-9 { ratio = 1 }
    let velocity = Self.sanitize(initialVelocity, default: 0, range: Self.velocityRange)
    let omega = Self.angularFrequency(settlingAt: time, dampingRatio: ratio, velocity: velocity)
    self.init(
      sanitizedMass: 1,
      stiffness: omega * omega,
      damping: 2 * ratio * omega,
      initialVelocity: velocity,
      duration: time
    )
  }

  /// A SwiftUI-style perceptual spring: m = 1, k = (2π / `response`)², damping ratio
  /// ζ = 1 − `bounce` for bounce ≥ 0 and 1 / (1 + `bounce`) for bounce < 0, c = 2ζ√k. Its
  /// duration is its settling time.
  ///
  /// Sanitising: a non-finite response becomes 0.5 s, a non-finite bounce 0 and a non-finite
  /// velocity 0; the response is clamped to [0.001, 10 000] s, the bounce to
  /// [−0.9999, 0.9999] (so 1e-4 ≤ ζ ≤ 1e4) and the velocity to [−1e6, 1e6].
  public init(response: Double, bounce: Double = 0, initialVelocity: Double = 0) {
    let period = Self.sanitize(response, default: 0.5, range: 1e-3...1e4)
    let bounce = Self.sanitize(bounce, default: 0, range: -0.9999...0.9999)
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    let omega = 2 * Double.pi / period
    self.init(
      sanitizedMass: 1,
      stiffness: omega * omega,
      damping: 2 * ratio * omega,
      initialVelocity: Self.sanitize(initialVelocity, default: 0, range: Self.velocityRange),
      duration: nil
    )
  }

  /// Stores already-sanitised parameters; a nil duration means "the settling time".
  private init(
    sanitizedMass mass: Double,
    stiffness: Double,
    damping: Double,
    initialVelocity: Double,
    duration: Double?
  ) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    if let duration {
      self.duration = duration
    } else {
      let solution = Solution(
        omega: (stiffness / mass).squareRoot(),
        zeta: damping / (2 * (mass * stiffness).squareRoot()),
        velocity: initialVelocity
      )
      self.duration = solution.lastCrossing(of: Self.settlingThreshold)
    }
  }

  /// The damping ratio ζ = c / (2√(mk)): below 1 the spring overshoots and oscillates, at 1 it
  /// is critically damped, above 1 overdamped.
  public var dampingRatio: Double {
    damping / (2 * (mass * stiffness).squareRoot())
  }

  /// The undamped angular frequency ω = √(k/m), in radians per second.
  public var undampedAngularFrequency: Double {
    (stiffness / mass).squareRoot()
  }

  /// The normalised position 1 − y(t): 0 for t ≤ 0 (and for NaN), exactly 1 for t ≥
  /// ``duration``, the closed form in between (which may overshoot 1).
  public func value(at time: Double) -> Double {
    guard time > 0 else { return 0 }
    guard time < duration else { return 1 }
    return 1 - solution.displacement(at: time)
  }

  /// The pure closed form 1 − y(t), without the snap at ``duration``: 0 for t ≤ 0 (and for
  /// NaN), 1 for t = +∞.
  public func unsnappedValue(at time: Double) -> Double {
    guard time > 0 else { return 0 }
    guard time.isFinite else { return 1 }
    return 1 - solution.displacement(at: time)
  }

  /// An upper bound on |y(t)| that decays to 0, used for ``duration`` and the settling time.
  ///
  /// With α = ζω:
  /// - underdamped, y = e^{−αt}(A cos ω_d t + B sin ω_d t): the envelope is e^{−αt}·√(A² + B²);
  /// - critical, y = (A + B t)·e^{−ωt}: the envelope is |y| itself, |A + B t|·e^{−ωt};
  /// - overdamped, y = C1·e^{r1 t} + C2·e^{r2 t}: the envelope is |C1|·e^{r1 t} + |C2|·e^{r2 t}.
  ///
  /// The underdamped and overdamped envelopes decrease monotonically; the critical one may rise
  /// once before decaying. Just off ζ = 1 the underdamped and overdamped bounds are loose (B and
  /// C1, C2 grow like 1/√|1 − ζ²|), so such springs settle later than a critical one; ratios
  /// within 1e-12 of 1 use the critical form. Times ≤ 0 (and NaN) are evaluated at 0; t = +∞
  /// gives 0.
  public func envelope(at time: Double) -> Double {
    solution.envelope(at: time > 0 ? time : 0)
  }

  /// The closed-form solution for this spring's parameters.
  private var solution: Solution {
    Solution(omega: undampedAngularFrequency, zeta: dampingRatio, velocity: initialVelocity)
  }

  private static func sanitize(
    _ value: Double,
    default fallback: Double,
    range: ClosedRange<Double>
  ) -> Double {
    value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
  }

  // MARK: - Solving for a duration

  /// The ω for which the envelope of a unit-mass spring with damping ratio `zeta` (in
  /// [1e-4, 1]) and initial velocity `velocity` equals the settling threshold at t = `time`.
  ///
  /// Newton's method on f(ω) = ln envelope(ω, time) − ln 0.001 from ω₀ = 5 / time, kept inside
  /// a bracket [low, high] with f(low) > 0 ≥ f(high); a step that leaves the bracket is replaced
  /// by bisection.
  private static func angularFrequency(
    settlingAt time: Double,
    dampingRatio zeta: Double,
    velocity: Double
  ) -> Double {
    let target = log(settlingThreshold)
    func f(_ omega: Double) -> Double {
      let solution = Solution(omega: omega, zeta: zeta, velocity: velocity)
      return log(solution.envelope(at: time)) - target
    }
    func fPrime(_ omega: Double) -> Double {
      if zeta == 1 {
        // ln|1 + (ω − v)T| − ωT.
        return time / (1 + (omega - velocity) * time) - time
      }
      // −ζωT + ln √(1 + B²) with B = (ζω − v) / (ωs), s = √(1 − ζ²), dB/dω = v / (sω²).
      let s = ((1 - zeta) * (1 + zeta)).squareRoot()
      let b = (zeta * omega - velocity) / (omega * s)
      let bPrime = velocity / (s * omega * omega)
      return -zeta * time + b * bPrime / (1 + b * b)
    }

    let start = 5 / time
    var low = start
    var high = start
    if f(start) > 0 {
      // The envelope at `time` falls off like e^{−ζωT}: doubling ω soon gets below 0.001.
      repeat {
        low = high
        high *= 2
      } while f(high) > 0 && high.isFinite
    } else {
      // Slow springs have barely decayed at `time`: halving ω soon gets above 0.001.
      repeat {
        high = low
        low /= 2
      } while !(f(low) > 0) && low > 0
    }

    var omega = start
    for _ in 0..<200 {
      let value = f(omega)
      if abs(value) <= 1e-14 { return omega }
      if value > 0 { low = omega } else { high = omega }
      if high - low <= 1e-15 * high { break }
      let step = omega - value / fPrime(omega)
      omega = step > low && step < high ? step : low + (high - low) / 2
    }
    return omega
  }
}

// MARK: - Closed-form solution

extension Spring {
  /// The closed-form solution of y″ + 2ζω·y′ + ω²·y = 0 with y(0) = 1 and y′(0) = −v.
  private enum Solution {
    /// y = e^{−αt}(cos ω_d t + B sin ω_d t), α = ζω, B = (α − v) / ω_d.
    case underdamped(alpha: Double, dampedFrequency: Double, b: Double)
    /// y = (1 + B t)·e^{−ωt}, B = ω − v.
    case critical(omega: Double, b: Double)
    /// y = C1·e^{r1 t} + C2·e^{r2 t} with r2 < r1 < 0. Evaluated in the equivalent form
    /// y = (e^{r1 t} + e^{r2 t}) / 2 + H·e^{r1 t}·(1 − e^{−2γt}), γ = (r1 − r2) / 2 and
    /// H = (α − v) / (2γ), which stays accurate when r1 and r2 nearly coincide.
    case overdamped(r1: Double, r2: Double, c1: Double, c2: Double, gamma: Double, h: Double)

    init(omega: Double, zeta: Double, velocity v: Double) {
      if abs(zeta - 1) <= Spring.criticalBand {
        self = .critical(omega: omega, b: omega - v)
      } else if zeta < 1 {
        let alpha = zeta * omega
        let dampedFrequency = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
        self = .underdamped(
          alpha: alpha,
          dampedFrequency: dampedFrequency,
          b: (alpha - v) / dampedFrequency
        )
      } else {
        let root = ((zeta - 1) * (zeta + 1)).squareRoot()
        let gamma = omega * root
        // r1 = −ω(ζ − √(ζ² − 1)) written without cancellation, using r1·r2 = ω².
        let r1 = -omega / (zeta + root)
        let r2 = -omega * (zeta + root)
        self = .overdamped(
          r1: r1,
          r2: r2,
          c1: (-v - r2) / (2 * gamma),
          c2: (r1 + v) / (2 * gamma),
          gamma: gamma,
          h: (zeta * omega - v) / (2 * gamma)
        )
      }
    }

    /// y(t) for finite t ≥ 0.
    func displacement(at t: Double) -> Double {
      switch self {
      case .underdamped(let alpha, let dampedFrequency, let b):
        let phase = dampedFrequency * t
        return exp(-alpha * t) * (cos(phase) + b * sin(phase))
      case .critical(let omega, let b):
        let decay = exp(-omega * t)
        return decay + b * (t * decay)
      case .overdamped(let r1, let r2, _, _, let gamma, let h):
        let slow = exp(r1 * t)
        return (slow + exp(r2 * t)) / 2 + h * slow * -expm1(-2 * gamma * t)
      }
    }

    /// The envelope of |y| at t ≥ 0 (see `Spring.envelope(at:)`); 0 at t = +∞.
    func envelope(at t: Double) -> Double {
      guard t.isFinite else { return 0 }
      switch self {
      case .underdamped(let alpha, _, let b):
        return exp(-alpha * t) * hypot(1, b)
      case .critical(let omega, let b):
        let decay = exp(-omega * t)
        return abs(decay + b * (t * decay))
      case .overdamped(let r1, let r2, let c1, let c2, _, _):
        return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
      }
    }

    /// The last t ≥ 0 at which the envelope equals `threshold` (< 1).
    ///
    /// The envelope starts at a value ≥ 1 and decreases monotonically, except in the critical
    /// case: for B > ω it rises to a maximum at t = 1/ω − 1/B first; for B < 0 it falls to 0 at
    /// t = −1/B, rises to a local maximum at 1/ω − 1/B and then decays. From a point after which
    /// it is monotone, bracket the crossing by doubling steps, then bisect to full precision.
    func lastCrossing(of threshold: Double) -> Double {
      var start = 0.0
      let rate: Double
      switch self {
      case .underdamped(let alpha, _, _):
        rate = alpha
      case .overdamped(let r1, _, _, _, _, _):
        rate = -r1
      case .critical(let omega, let b):
        rate = omega
        if b != 0 {
          let peak = 1 / omega - 1 / b
          if peak > 0 {
            if b < 0 && envelope(at: peak) <= threshold {
              // The late bump stays below the threshold: the crossing precedes the zero.
              return bisect(low: 0, high: -1 / b, threshold: threshold)
            }
            start = peak
          }
        }
      }
      var low = start
      var step = 1 / rate
      var high = low + step
      while envelope(at: high) > threshold {
        low = high
        step *= 2
        high = low + step
        guard high.isFinite else { return .greatestFiniteMagnitude }
      }
      return bisect(low: low, high: high, threshold: threshold)
    }

    /// Bisects [low, high], where the envelope decreases with envelope(low) > threshold ≥
    /// envelope(high), down to adjacent doubles; returns the upper end.
    private func bisect(low: Double, high: Double, threshold: Double) -> Double {
      var low = low
      var high = high
      while true {
        let middle = low + (high - low) / 2
        if middle <= low || middle >= high { return high }
        if envelope(at: middle) > threshold { low = middle } else { high = middle }
      }
    }
  }
}
