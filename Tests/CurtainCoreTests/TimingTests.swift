// Specification tests for the timing curves: cubic Bézier solving and closed-form springs.
//
// Every numerical expectation is computed independently inside this file rather than by calling
// the implementation's solvers: Bézier parameters by a plain bisection on the Bernstein form,
// spring trajectories by fourth-order Runge–Kutta integration of m·y″ + c·y′ + k·y = 0 (with
// y = 1 − position), and envelopes and settling times from their textbook formulas.

import Foundation
import XCTest

@testable import CurtainCore

final class TimingTests: XCTestCase {
  // MARK: - Cubic Bézier

  /// The named curves with control points other than theirs, including steep and overshooting
  /// shapes.
  private let arbitraryCurves: [CubicBezier] = [
    CubicBezier(0.9, 0, 0.1, 1),
    CubicBezier(1, 0, 0, 1),
    CubicBezier(0, 1, 1, 0),
    CubicBezier(0.68, -0.6, 0.32, 1.6),
    CubicBezier(0.1, 0.9, 0.2, -0.5),
    CubicBezier(0, 0, 0, 1),
    CubicBezier(1, 0, 1, 1),
    CubicBezier(0.33, 0.01, 0.99, 0.02),
  ]

  private var namedCurves: [CubicBezier] {
    [.linear, .easeIn, .easeOut, .easeInOut, .default]
  }

  func testNamedCurvesHaveTheirControlPoints() {
    func points(_ curve: CubicBezier) -> [Double] { [curve.x1, curve.y1, curve.x2, curve.y2] }
    XCTAssertEqual(points(.linear), [0, 0, 1, 1])
    XCTAssertEqual(points(.easeIn), [0.42, 0, 1, 1])
    XCTAssertEqual(points(.easeOut), [0, 0, 0.58, 1])
    XCTAssertEqual(points(.easeInOut), [0.42, 0, 0.58, 1])
    XCTAssertEqual(points(.default), [0.25, 0.1, 0.25, 1])
  }

  func testParameterSolvesXToWithinOneTenMillionth() {
    for curve in namedCurves + arbitraryCurves {
      for index in 0...1000 {
        let x = Double(index) / 1000
        let s = curve.parameter(forX: x)
        XCTAssertGreaterThanOrEqual(s, 0, "\(curve) at \(x)")
        XCTAssertLessThanOrEqual(s, 1, "\(curve) at \(x)")
        let error = abs(Self.bernstein(s, curve.x1, curve.x2) - x)
        XCTAssertLessThanOrEqual(error, 1e-7, "\(curve) at \(x)")
      }
    }
  }

  func testEndpointsAreExactAndInputIsClamped() {
    for curve in namedCurves + arbitraryCurves {
      XCTAssertEqual(curve.parameter(forX: 0), 0)
      XCTAssertEqual(curve.parameter(forX: 1), 1)
      XCTAssertEqual(curve.value(at: 0), 0)
      XCTAssertEqual(curve.value(at: 1), 1)
      XCTAssertEqual(curve.value(at: -0.5), 0)
      XCTAssertEqual(curve.value(at: 7), 1)
      XCTAssertEqual(curve.value(at: .nan), 0)
      XCTAssertEqual(curve.value(at: .infinity), 1)
    }
  }

  func testLinearIsTheIdentity() {
    for index in 0...1000 {
      let x = Double(index) / 1000
      XCTAssertEqual(CubicBezier.linear.value(at: x), x, accuracy: 1e-9)
    }
  }

  func testEaseInOutIsSymmetric() {
    let curve = CubicBezier.easeInOut
    for index in 0...500 {
      let x = Double(index) / 1000
      XCTAssertEqual(curve.value(at: x) + curve.value(at: 1 - x), 1, accuracy: 1e-7, "x = \(x)")
    }
    XCTAssertEqual(curve.value(at: 0.5), 0.5, accuracy: 1e-9)
  }

  func testValuesMatchAnIndependentBisection() {
    let xs = [0.01, 0.1, 0.25, 0.3, 0.5, 0.62, 0.75, 0.9, 0.99]
    // (1, 0, 0, 1) has a vertical tangent at (0.5, 0.5): there x(s) − 0.5 ∝ (s − 0.5)³, so
    // double precision pins s down only to about 1e-5 and y is ill-conditioned. Its x(s) is
    // still checked in testParameterSolvesXToWithinOneTenMillionth.
    let curves = (namedCurves + arbitraryCurves).filter { $0 != CubicBezier(1, 0, 0, 1) }
    for curve in curves {
      for x in xs {
        let s = Self.referenceParameter(curve, x)
        let expected = Self.bernstein(s, curve.y1, curve.y2)
        XCTAssertEqual(curve.value(at: x), expected, accuracy: 1e-6, "\(curve) at \(x)")
      }
    }
    // easeIn and easeOut are mirror images: easeOut(x) = 1 − easeIn(1 − x).
    for x in xs {
      let mirrored = 1 - CubicBezier.easeIn.value(at: 1 - x)
      XCTAssertEqual(CubicBezier.easeOut.value(at: x), mirrored, accuracy: 1e-7)
    }
    // Ease-in lags and ease-out leads the linear curve everywhere inside (0, 1).
    for x in xs {
      XCTAssertLessThan(CubicBezier.easeIn.value(at: x), x)
      XCTAssertGreaterThan(CubicBezier.easeOut.value(at: x), x)
    }
  }

  func testControlPointsAreSanitised() {
    let clamped = CubicBezier(-0.5, 2, 1.5, -3)
    XCTAssertEqual([clamped.x1, clamped.y1, clamped.x2, clamped.y2], [0, 2, 1, -3])

    let nonFinite = CubicBezier(.nan, .infinity, -.infinity, .nan)
    XCTAssertEqual(nonFinite, .linear)

    let huge = CubicBezier(0.5, 1e300, 0.5, -1e300)
    XCTAssertEqual(huge.y1, 1e6)
    XCTAssertEqual(huge.y2, -1e6)
    XCTAssertTrue(huge.value(at: 0.3).isFinite)

    var curve = CubicBezier.easeIn
    curve.x1 = 4
    curve.x2 = -1
    curve.y1 = .nan
    XCTAssertEqual([curve.x1, curve.y1, curve.x2, curve.y2], [1, 0, 0, 1])
  }

  // MARK: - Springs against numerical integration

  func testPhysicalSpringsMatchNumericalIntegration() {
    let springs: [(Spring, Regime)] = [
      (Spring(mass: 1, stiffness: 100, damping: 10), .under),
      (Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 3), .under),
      (Spring(mass: 2, stiffness: 300, damping: 8, initialVelocity: -2), .under),
      (Spring(mass: 1, stiffness: 100, damping: 19.999998), .under),
      (Spring(mass: 1, stiffness: 100, damping: 20), .critical),
      (Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 5), .critical),
      (Spring(mass: 2, stiffness: 50, damping: 20, initialVelocity: -4), .critical),
      (Spring(mass: 1, stiffness: 100, damping: 30), .over),
      (Spring(mass: 0.5, stiffness: 200, damping: 50, initialVelocity: 4), .over),
      (Spring(mass: 1, stiffness: 100, damping: 30, initialVelocity: -6), .over),
      (Spring(mass: 1, stiffness: 100, damping: 20.000002), .over),
    ]
    for (spring, regime) in springs {
      assertMatchesIntegration(spring, regime: regime)
    }
  }

  func testDurationSpringsMatchNumericalIntegration() {
    let springs: [(Spring, Regime)] = [
      (Spring(duration: 0.5, dampingRatio: 0.3), .under),
      (Spring(duration: 0.8, dampingRatio: 0.7, initialVelocity: 2), .under),
      (Spring(duration: 1.2, dampingRatio: 0.5, initialVelocity: -3), .under),
      (Spring(duration: 0.6, dampingRatio: 1, initialVelocity: -1.5), .critical),
      (Spring(duration: 1, dampingRatio: 1, initialVelocity: 3), .critical),
      (Spring(duration: 0.4, dampingRatio: 1), .critical),
    ]
    for (spring, regime) in springs {
      assertMatchesIntegration(spring, regime: regime)
    }
  }

  func testPerceptualSpringsMatchNumericalIntegration() {
    let springs: [(Spring, Regime)] = [
      (Spring(response: 0.5, bounce: 0.3), .under),
      (Spring(response: 0.7, bounce: 0.5, initialVelocity: -2), .under),
      (Spring(response: 0.4, bounce: 0, initialVelocity: 2), .critical),
      (Spring(response: 0.6, bounce: -0.4, initialVelocity: -1), .over),
      (Spring(response: 0.3, bounce: -0.2, initialVelocity: 1.5), .over),
    ]
    for (spring, regime) in springs {
      assertMatchesIntegration(spring, regime: regime)
    }
  }

  // MARK: - UIKit-style duration springs

  func testDurationSpringEndsAtItsDuration() {
    let cases: [(duration: Double, ratio: Double, velocity: Double)] = [
      (0.5, 0.3, 0), (0.8, 0.7, 2), (1.2, 0.5, -3), (0.35, 0.9, 10), (2, 0.05, 0),
      (0.6, 1, -1.5), (1, 1, 3), (0.4, 1, 0), (0.25, 1, 20),
    ]
    for (duration, ratio, velocity) in cases {
      let spring = Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
      let label = "duration \(duration), ζ \(ratio), v \(velocity)"
      XCTAssertEqual(spring.duration, duration, label)
      XCTAssertEqual(spring.mass, 1, label)
      XCTAssertEqual(spring.initialVelocity, velocity, label)
      XCTAssertEqual(spring.dampingRatio, ratio, accuracy: 1e-12 * ratio, label)
      let omega = spring.undampedAngularFrequency
      XCTAssertEqual(spring.stiffness, omega * omega, accuracy: 1e-12 * spring.stiffness, label)
      XCTAssertEqual(spring.damping, 2 * ratio * omega, accuracy: 1e-12 * spring.damping, label)

      XCTAssertEqual(spring.envelope(at: duration), 0.001, accuracy: 1e-12, label)
      // The same condition from the textbook envelope, independent of `envelope(at:)`.
      let envelope = Self.textbookEnvelope(
        omega: omega, ratio: ratio, velocity: velocity, time: duration)
      XCTAssertEqual(envelope, 0.001, accuracy: 1e-12, label)

      XCTAssertEqual(spring.value(at: 0), 0, label)
      XCTAssertEqual(spring.value(at: -1), 0, label)
      XCTAssertEqual(spring.value(at: duration), 1, label)
      XCTAssertEqual(spring.value(at: duration * 3), 1, label)
      XCTAssertNotEqual(spring.unsnappedValue(at: duration), 1, label)
      XCTAssertEqual(spring.unsnappedValue(at: duration), 1, accuracy: 0.001 + 1e-12, label)
      let halfway = duration / 2
      XCTAssertEqual(spring.value(at: halfway), spring.unsnappedValue(at: halfway), label)
    }
  }

  /// SEMANTICS §7: the envelope that decays to 0.001 at the duration
  /// includes its amplitude term. Seed 003's spring (0.8 s, damping ratio
  /// 0.6, velocity 0): A = 1, B = ζ/√(1 − ζ²) = 0.75, so |A|·e^(−ζωt) has
  /// amplitude √(1 + 0.75²) = 1.25 and 1.25·e^(−0.48ω) = 0.001 gives
  /// ω = ln 1250 / 0.48 = 14.856039…, stiffness ω² = 220.701901…, damping
  /// 2ζω = 17.827247… (without the amplitude term ω would be
  /// ln 1000 / 0.48 = 14.391157…). With velocity 2 the amplitude is
  /// 1.155953… and ω = 14.693085….
  func testDurationSpringEnvelopeIncludesItsAmplitude() {
    let spring = Spring(duration: 0.8, dampingRatio: 0.6)
    XCTAssertEqual(spring.undampedAngularFrequency, 14.856039229784056, accuracy: 1e-9)
    XCTAssertEqual(spring.stiffness, 220.70190159688283, accuracy: 1e-8)
    XCTAssertEqual(spring.damping, 17.827247075740868, accuracy: 1e-9)
    XCTAssertEqual(spring.envelope(at: 0), 1.25, accuracy: 1e-12, "the amplitude √(A² + B²)")
    XCTAssertEqual(spring.envelope(at: 0.8), 0.001, accuracy: 1e-12)
    XCTAssertNotEqual(spring.undampedAngularFrequency, 14.391156831212786, accuracy: 0.1)
    let moving = Spring(duration: 0.8, dampingRatio: 0.6, initialVelocity: 2)
    XCTAssertEqual(moving.undampedAngularFrequency, 14.693084869019543, accuracy: 1e-9)
    XCTAssertEqual(moving.envelope(at: 0), 1.1559534001482763, accuracy: 1e-9)
  }

  func testCriticalDurationSpringFindsTheExpectedRoot() {
    // With ζ = 1 and v = 0 the condition is (1 + ωT)·e^{−ωT} = 0.001: ωT ≈ 9.233.
    var low = 1.0
    var high = 50.0
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if (1 + middle) * exp(-middle) > 0.001 { low = middle } else { high = middle }
    }
    for duration in [0.1, 0.5, 3] {
      let spring = Spring(duration: duration, dampingRatio: 1)
      XCTAssertEqual(spring.undampedAngularFrequency * duration, low, accuracy: 1e-9)
    }
    XCTAssertEqual(low, 9.2335, accuracy: 1e-4)
  }

  func testDurationSpringClampsTheDampingRatio() {
    XCTAssertEqual(Spring(duration: 0.5, dampingRatio: 1.7).dampingRatio, 1, accuracy: 1e-15)
    XCTAssertEqual(Spring(duration: 0.5, dampingRatio: 0).dampingRatio, 1e-4, accuracy: 1e-15)
    XCTAssertEqual(Spring(duration: 0.5, dampingRatio: -2).dampingRatio, 1e-4, accuracy: 1e-15)
    let nearlyCritical = Spring(duration: 0.5, dampingRatio: 1 - 1e-12)
    XCTAssertEqual(nearlyCritical.dampingRatio, 1, accuracy: 1e-15)
    for ratio in [1.7, 0, -2] {
      let spring = Spring(duration: 0.5, dampingRatio: ratio)
      XCTAssertEqual(spring.envelope(at: 0.5), 0.001, accuracy: 1e-12)
    }
  }

  // MARK: - Settling time

  func testSettlingTimeIsTheLastCrossingOfTheThreshold() {
    let springs = [
      Spring(mass: 1, stiffness: 100, damping: 10),
      Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: -8),
      Spring(mass: 3, stiffness: 40, damping: 1, initialVelocity: 2),
      Spring(mass: 1, stiffness: 100, damping: 20),
      // Critical, moving away first: the envelope rises before it decays.
      Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: -30),
      // Critical, overshooting: |y| falls to 0, rises to a bump above 0.001, then decays.
      Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 30),
      // The same with the zero of y at t = 1/ω, where a search stepping from 0 lands first.
      Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 20),
      // Critical, barely overshooting: the late bump (near t = 1000 s) stays below 0.001.
      Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 10.001),
      Spring(mass: 1, stiffness: 100, damping: 30),
      Spring(mass: 1, stiffness: 100, damping: 300, initialVelocity: 5),
      Spring(mass: 0.5, stiffness: 200, damping: 50, initialVelocity: -4),
      Spring(response: 0.5, bounce: 0.3),
      Spring(response: 0.6, bounce: -0.4, initialVelocity: -1),
    ]
    for spring in springs {
      let duration = spring.duration
      let label = "\(spring)"
      XCTAssertTrue(duration.isFinite && duration > 0, label)
      XCTAssertEqual(spring.envelope(at: duration), 0.001, accuracy: 1e-12, label)
      XCTAssertGreaterThan(spring.envelope(at: duration * (1 - 1e-6)), 0.001, label)
      for index in 1...400 {
        let later = duration * (1 + Double(index) / 100)
        XCTAssertLessThan(spring.envelope(at: later), 0.001, "\(label) at \(later)")
      }
      for later in stride(from: duration + 1, through: duration + 1200, by: 0.25) {
        XCTAssertLessThan(spring.envelope(at: later), 0.001, "\(label) at \(later)")
      }
      // The envelope bounds |y| = |1 − position|.
      for index in 0...400 {
        let time = duration * Double(index) / 200
        let displacement = abs(1 - spring.unsnappedValue(at: time))
        XCTAssertLessThanOrEqual(displacement, spring.envelope(at: time) + 1e-12, label)
      }
    }
    XCTAssertEqual(springs[7].duration, 0.6908, accuracy: 1e-3)
  }

  func testSettlingTimeMatchesTextbookFormulas() {
    // Underdamped: e^{−ζωt}·√(1 + B²) = 0.001 with B = (ζω − v)/ω_d.
    for (mass, stiffness, damping, velocity) in [
      (1.0, 100.0, 10.0, 0.0), (2, 300, 8, -2), (1, 500, 3, 12),
    ] {
      let spring = Spring(
        mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
      let omega = (stiffness / mass).squareRoot()
      let ratio = damping / (2 * (mass * stiffness).squareRoot())
      let dampedFrequency = omega * (1 - ratio * ratio).squareRoot()
      let b = (ratio * omega - velocity) / dampedFrequency
      let expected = log(1000 * (1 + b * b).squareRoot()) / (ratio * omega)
      XCTAssertEqual(spring.duration, expected, accuracy: 1e-9 * expected)
    }
    // Overdamped: |C1|·e^{r1 t} + |C2|·e^{r2 t} = 0.001 at the settling time.
    for (mass, stiffness, damping, velocity) in [
      (1.0, 100.0, 30.0, 0.0), (0.5, 200, 50, 4), (1, 100, 300, -5), (1, 100, 21, 4),
      (2, 50, 20.5, -3),
    ] {
      let spring = Spring(
        mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
      let discriminant = (damping * damping - 4 * mass * stiffness).squareRoot()
      let r1 = (-damping + discriminant) / (2 * mass)
      let r2 = (-damping - discriminant) / (2 * mass)
      let c1 = (-velocity - r2) / (r1 - r2)
      let c2 = 1 - c1
      let t = spring.duration
      let envelope = abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
      XCTAssertEqual(envelope, 0.001, accuracy: 1e-9)
    }
  }

  func testEnvelopeFollowsItsDefinition() {
    let times = [0, 0.01, 0.1, 0.3, 0.7, 1.5, 4]
    // Underdamped: e^{−ζωt}·√(A² + B²), A = 1, B = (ζω − v)/ω_d.
    for velocity in [0.0, 3, -5] {
      let spring = Spring(mass: 2, stiffness: 300, damping: 8, initialVelocity: velocity)
      let omega = (300.0 / 2).squareRoot()
      let ratio = 8 / (2 * (600.0).squareRoot())
      let b = (ratio * omega - velocity) / (omega * (1 - ratio * ratio).squareRoot())
      for t in times {
        let expected = exp(-ratio * omega * t) * (1 + b * b).squareRoot()
        XCTAssertEqual(spring.envelope(at: t), expected, accuracy: 1e-12 * expected)
      }
    }
    // Critical: |A + B t|·e^{−ωt}, A = 1, B = ω − v.
    for velocity in [0.0, 3, -5, 30] {
      let spring = Spring(mass: 2, stiffness: 50, damping: 20, initialVelocity: velocity)
      for t in times {
        let expected = abs(1 + (5 - velocity) * t) * exp(-5 * t)
        XCTAssertEqual(spring.envelope(at: t), expected, accuracy: 1e-12 * max(expected, 1e-3))
      }
    }
    // Overdamped: |C1|·e^{r1 t} + |C2|·e^{r2 t} with C1 + C2 = 1, C1·r1 + C2·r2 = −v.
    for velocity in [0.0, 4, -3] {
      let spring = Spring(mass: 2, stiffness: 50, damping: 21, initialVelocity: velocity)
      let discriminant = (21.0 * 21 - 4 * 2 * 50).squareRoot()
      let r1 = (-21 + discriminant) / 4
      let r2 = (-21 - discriminant) / 4
      let c1 = (-velocity - r2) / (r1 - r2)
      let c2 = (r1 + velocity) / (r1 - r2)
      for t in times {
        let expected = abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        XCTAssertEqual(spring.envelope(at: t), expected, accuracy: 1e-12 * expected)
      }
    }
  }

  func testNearlyCriticalRatiosUseTheCriticalSolution() {
    let critical = Spring(mass: 1, stiffness: 100, damping: 20)
    for damping in [20 * (1 + 1e-13), 20 * (1 - 1e-13)] {
      let spring = Spring(mass: 1, stiffness: 100, damping: damping)
      XCTAssertEqual(spring.duration, critical.duration, accuracy: 1e-9)
    }
  }

  // MARK: - Perceptual springs

  func testPerceptualSpringParameters() {
    for (response, bounce) in [(0.5, 0.0), (0.5, 0.3), (0.8, 0.9), (0.3, -0.2), (1.2, -0.7)] {
      let spring = Spring(response: response, bounce: bounce, initialVelocity: 0.5)
      let label = "response \(response), bounce \(bounce)"
      let stiffness = pow(2 * Double.pi / response, 2)
      let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
      XCTAssertEqual(spring.mass, 1, label)
      XCTAssertEqual(spring.initialVelocity, 0.5, label)
      XCTAssertEqual(spring.stiffness, stiffness, accuracy: 1e-12 * stiffness, label)
      XCTAssertEqual(spring.dampingRatio, ratio, accuracy: 1e-12 * ratio, label)
      let damping = 2 * ratio * stiffness.squareRoot()
      XCTAssertEqual(spring.damping, damping, accuracy: 1e-12 * damping, label)
      XCTAssertEqual(spring.envelope(at: spring.duration), 0.001, accuracy: 1e-12, label)
    }
    XCTAssertEqual(Spring(response: 0.5, bounce: 0.5).dampingRatio, 0.5, accuracy: 1e-15)
    XCTAssertEqual(Spring(response: 0.5, bounce: -0.5).dampingRatio, 2, accuracy: 1e-15)
  }

  // MARK: - Sanitising

  func testPhysicalSpringSanitisesItsInputs() {
    let defaults = Spring(
      mass: .nan, stiffness: .infinity, damping: -.infinity, initialVelocity: .nan)
    XCTAssertEqual(
      [defaults.mass, defaults.stiffness, defaults.damping, defaults.initialVelocity],
      [1, 100, 10, 0])

    let tiny = Spring(mass: 0, stiffness: -5, damping: -3)
    XCTAssertEqual([tiny.mass, tiny.stiffness, tiny.damping], [1e-18, 1e-18, 1e-18])

    let undamped = Spring(mass: 1, stiffness: 100, damping: 0)
    XCTAssertGreaterThan(undamped.damping, 0)
    let negativelyDamped = Spring(mass: 1, stiffness: 100, damping: -4)
    XCTAssertGreaterThan(negativelyDamped.damping, 0)
    XCTAssertEqual(negativelyDamped, undamped)

    let springs = [
      defaults, tiny, undamped,
      Spring(mass: 1e300, stiffness: 1e-300, damping: 1e-300, initialVelocity: 1e300),
      Spring(mass: 1e-300, stiffness: 1e300, damping: 1e300, initialVelocity: -1e300),
      Spring(mass: 1e-300, stiffness: 1e300, damping: 1e-300, initialVelocity: .infinity),
      Spring(mass: 1e300, stiffness: 1e300, damping: 1e300),
      Spring(mass: -1, stiffness: 0, damping: 1e300, initialVelocity: -1e9),
    ]
    for spring in springs {
      assertFiniteBehaviour(spring)
    }
  }

  func testDurationAndPerceptualSpringsSanitiseTheirInputs() {
    let defaults = Spring(duration: .nan, dampingRatio: .nan, initialVelocity: .infinity)
    XCTAssertEqual(defaults.duration, 0.5)
    XCTAssertEqual(defaults.dampingRatio, 1, accuracy: 1e-15)
    XCTAssertEqual(defaults.initialVelocity, 0)

    let instant = Spring(duration: 0, dampingRatio: 0.5)
    XCTAssertEqual(instant.duration, 0.001)
    XCTAssertEqual(Spring(duration: -3, dampingRatio: 0.5).duration, 0.001)
    XCTAssertEqual(Spring(duration: 1e9, dampingRatio: 0.5).duration, 1e4)

    let perceptual = Spring(response: .nan, bounce: .nan, initialVelocity: -.infinity)
    XCTAssertEqual(perceptual, Spring(response: 0.5))
    XCTAssertEqual(Spring(response: 0.5, bounce: 1).dampingRatio, 1e-4, accuracy: 1e-12)
    XCTAssertEqual(Spring(response: 0.5, bounce: -1).dampingRatio, 1e4, accuracy: 1e-8)

    let springs = [
      defaults, instant, perceptual,
      Spring(duration: -1, dampingRatio: 0, initialVelocity: 1e300),
      Spring(duration: 1e-300, dampingRatio: -5, initialVelocity: -1e300),
      Spring(duration: .infinity, dampingRatio: 1, initialVelocity: 1e300),
      Spring(duration: 1e300, dampingRatio: 1e-300, initialVelocity: -1e300),
      Spring(response: 0, bounce: 1, initialVelocity: 1e300),
      Spring(response: -1, bounce: -1, initialVelocity: -1e300),
      Spring(response: .infinity, bounce: .infinity),
      Spring(response: 1e300, bounce: -1e300),
    ]
    for spring in springs {
      assertFiniteBehaviour(spring)
      XCTAssertEqual(spring.envelope(at: spring.duration), 0.001, accuracy: 1e-12, "\(spring)")
    }
  }

  func testSpecialTimes() {
    let spring = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2)
    XCTAssertEqual(spring.value(at: .nan), 0)
    XCTAssertEqual(spring.value(at: -.infinity), 0)
    XCTAssertEqual(spring.value(at: .infinity), 1)
    XCTAssertEqual(spring.unsnappedValue(at: .nan), 0)
    XCTAssertEqual(spring.unsnappedValue(at: -2), 0)
    XCTAssertEqual(spring.unsnappedValue(at: .infinity), 1)
    XCTAssertEqual(spring.envelope(at: .infinity), 0)
    XCTAssertEqual(spring.envelope(at: -1), spring.envelope(at: 0))
    XCTAssertEqual(spring.envelope(at: .nan), spring.envelope(at: 0))
  }

  /// Any spring is the physical spring of its own five numbers (the form a
  /// session image keeps it in), value for value; a duration that is not
  /// finite and positive gives the settling time.
  func testEverySpringIsItsOwnFiveNumbers() {
    let springs = [
      Spring(mass: 2, stiffness: 300, damping: 8, initialVelocity: -2),
      Spring(duration: 0.45, dampingRatio: 0.6, initialVelocity: 1),
      Spring(response: 0.4, bounce: -0.3),
    ]
    for spring in springs {
      let copy = Spring(
        mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
        initialVelocity: spring.initialVelocity, duration: spring.duration)
      XCTAssertEqual(copy, spring)
      XCTAssertEqual(copy.value(at: 0.2), spring.value(at: 0.2))
    }
    let sanitised = Spring(mass: -1, stiffness: 100, damping: 10, duration: nil)
    XCTAssertEqual(sanitised.mass, 1e-18)
    XCTAssertEqual(sanitised.envelope(at: sanitised.duration), 0.001, accuracy: 1e-12)
    XCTAssertEqual(
      Spring(mass: 1, stiffness: 100, damping: 10, duration: -4),
      Spring(mass: 1, stiffness: 100, damping: 10))
    XCTAssertEqual(
      Spring(mass: 1, stiffness: 100, damping: 10, duration: .infinity),
      Spring(mass: 1, stiffness: 100, damping: 10))
  }

  // MARK: - Helpers

  private enum Regime { case under, critical, over }

  /// Compares `unsnappedValue(at:)` with RK4 integration at times up to 2 s, and checks that
  /// the spring's damping ratio puts it in `regime`.
  private func assertMatchesIntegration(
    _ spring: Spring,
    regime: Regime,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    switch regime {
    case .under: XCTAssertLessThan(spring.dampingRatio, 1, file: file, line: line)
    case .critical: XCTAssertEqual(spring.dampingRatio, 1, file: file, line: line)
    case .over: XCTAssertGreaterThan(spring.dampingRatio, 1, file: file, line: line)
    }
    let step = 1e-5
    let stepCounts = [500, 1_000, 5_000, 10_000, 20_000, 35_000, 50_000, 80_000, 120_000, 200_000]
    let positions = Self.integratedPositions(
      mass: spring.mass,
      stiffness: spring.stiffness,
      damping: spring.damping,
      velocity: spring.initialVelocity,
      step: step,
      stepCounts: stepCounts
    )
    for (count, expected) in zip(stepCounts, positions) {
      let time = Double(count) * step
      XCTAssertEqual(
        spring.unsnappedValue(at: time), expected, accuracy: 1e-6,
        "\(spring) at t = \(time)", file: file, line: line)
    }
  }

  /// Checks that every output of a spring built from hostile input is finite and that the
  /// snap and start conditions hold.
  private func assertFiniteBehaviour(
    _ spring: Spring,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let label = "\(spring)"
    for parameter in [spring.mass, spring.stiffness, spring.damping] {
      XCTAssertTrue(parameter.isFinite && parameter > 0, label, file: file, line: line)
    }
    XCTAssertTrue(spring.initialVelocity.isFinite, label, file: file, line: line)
    XCTAssertTrue(spring.dampingRatio.isFinite, label, file: file, line: line)
    XCTAssertTrue(spring.undampedAngularFrequency.isFinite, label, file: file, line: line)
    let duration = spring.duration
    XCTAssertTrue(duration.isFinite && duration > 0, label, file: file, line: line)
    XCTAssertEqual(spring.value(at: 0), 0, label, file: file, line: line)
    XCTAssertEqual(spring.value(at: duration), 1, label, file: file, line: line)
    for fraction in [1e-9, 1e-3, 0.1, 0.5, 0.9, 0.999_999, 1, 2, 1e6] {
      let time = duration * fraction
      for output in [
        spring.value(at: time), spring.unsnappedValue(at: time), spring.envelope(at: time),
      ] {
        XCTAssertTrue(output.isFinite, "\(label) at \(time)", file: file, line: line)
      }
    }
  }

  /// x(s) (or y(s)) of a Bézier from 0 to 1 with inner control coordinates p1 and p2.
  private static func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let r = 1 - s
    return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
  }

  /// The s with x(s) = x, by 200 halvings of [0, 1] (x is monotone for x1, x2 in [0, 1]).
  private static func referenceParameter(_ curve: CubicBezier, _ x: Double) -> Double {
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if bernstein(middle, curve.x1, curve.x2) < x { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  /// The envelope of a unit-mass spring with ζ ≤ 1, from its textbook definition.
  private static func textbookEnvelope(
    omega: Double, ratio: Double, velocity: Double, time: Double
  ) -> Double {
    if ratio == 1 {
      return abs(1 + (omega - velocity) * time) * exp(-omega * time)
    }
    let dampedFrequency = omega * (1 - ratio * ratio).squareRoot()
    let b = (ratio * omega - velocity) / dampedFrequency
    return exp(-ratio * omega * time) * (1 + b * b).squareRoot()
  }

  /// Integrates m·y″ + c·y′ + k·y = 0 from y(0) = 1, y′(0) = −v with classic fourth-order
  /// Runge–Kutta and step `step`; returns the position 1 − y after each of `stepCounts`
  /// (ascending) steps.
  private static func integratedPositions(
    mass: Double,
    stiffness: Double,
    damping: Double,
    velocity: Double,
    step h: Double,
    stepCounts: [Int]
  ) -> [Double] {
    func acceleration(_ y: Double, _ v: Double) -> Double {
      -(damping * v + stiffness * y) / mass
    }
    var y = 1.0
    var v = -velocity
    var done = 0
    var positions: [Double] = []
    for count in stepCounts {
      while done < count {
        let k1y = v
        let k1v = acceleration(y, v)
        let k2y = v + h / 2 * k1v
        let k2v = acceleration(y + h / 2 * k1y, v + h / 2 * k1v)
        let k3y = v + h / 2 * k2v
        let k3v = acceleration(y + h / 2 * k2y, v + h / 2 * k2v)
        let k4y = v + h * k3v
        let k4v = acceleration(y + h * k3y, v + h * k3v)
        y += h / 6 * (k1y + 2 * k2y + 2 * k3y + k4y)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        done += 1
      }
      positions.append(1 - y)
    }
    return positions
  }
}
