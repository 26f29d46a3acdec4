import XCTest

@testable import CurtainCore

/// Standalone property animations on the timeline, and geometry
/// interpolation.
final class TimelineTests: XCTestCase {
  private func shownView(_ h: Harness) -> View {
    h.make(.content, "A")
    h.setRoot("A")
    return h.controller("A").viewIfLoaded!
  }

  func testModelChangesAtOncePresentationFollowsTheCurve() throws {
    let h = Harness()
    let view = shownView(h)
    var finished: [Bool] = []
    try h.window.animate(
      view.id, .alpha, to: .scalar(0), duration: 1, timing: .linear,
      completion: { finished.append($0) })
    XCTAssertEqual(view.alpha, 0, "the model value changes at commit")
    XCTAssertEqual(h.advance(0.25).frame?.values(of: view.id)?.alpha ?? .nan, 0.75, accuracy: 1e-12)
    XCTAssertTrue(h.window.isAnimating)
    let last = h.advance(0.75)
    XCTAssertEqual(last.frame?.values(of: view.id)?.alpha, 0)
    XCTAssertEqual(finished, [true])
    XCTAssertNil(h.advance(0.1).frame)
    XCTAssertFalse(h.window.isAnimating)
  }

  func testANewAnimationStartsFromTheCurrentPresentationValue() throws {
    let h = Harness()
    let view = shownView(h)
    var finished: [String] = []
    try h.window.animate(
      view.id, .alpha, to: .scalar(0), duration: 1, timing: .linear,
      completion: { finished.append("first \($0)") })
    h.advance(0.5)
    try h.window.animate(
      view.id, .alpha, to: .scalar(1), duration: 1, timing: .linear,
      completion: { finished.append("second \($0)") })
    XCTAssertEqual(finished, ["first false"])
    XCTAssertEqual(h.advance(0.5).frame?.values(of: view.id)?.alpha ?? .nan, 0.75, accuracy: 1e-12)
    h.advance(0.5)
    XCTAssertEqual(finished, ["first false", "second true"])
  }

  func testManyPropertiesAndViewsAtOnceWithDelay() throws {
    let h = Harness()
    let view = shownView(h)
    let start = view.frame
    let target = Rect(x: 10, y: 20, width: 100, height: 200)
    try h.window.animate(view.id, .frame, to: .rect(target), duration: 2, timing: .linear)
    try h.window.animate(
      view.id, .transform, to: .transform(AffineTransform(rotationAngle: .pi / 2)), duration: 1,
      delay: 1, timing: .linear)
    try h.window.animate(view.id, .cornerRadius, to: .scalar(12), duration: 1, timing: .easeIn)
    let frame = try XCTUnwrap(h.advance(1.5).frame?.values(of: view.id))
    let expected = start.interpolated(to: target, fraction: 0.75)
    XCTAssertEqual(frame.frame.minX, expected.minX, accuracy: 1e-9)
    XCTAssertEqual(frame.frame.minY, expected.minY, accuracy: 1e-9)
    XCTAssertEqual(frame.frame.width, expected.width, accuracy: 1e-9)
    XCTAssertEqual(frame.frame.height, expected.height, accuracy: 1e-9)
    let quarterTurn = AffineTransform(rotationAngle: .pi / 4)
    XCTAssertEqual(frame.transform.a, quarterTurn.a, accuracy: 1e-12)
    XCTAssertEqual(frame.transform.b, quarterTurn.b, accuracy: 1e-12)
    XCTAssertEqual(frame.state.cornerRadius, 12)
  }

  func testSpringTimingUsesItsOwnDuration() throws {
    let h = Harness()
    let view = shownView(h)
    let spring = Spring(duration: 0.5, dampingRatio: 0.5)
    try h.window.animate(view.id, .alpha, to: .scalar(0), timing: .spring(spring))
    let value = try XCTUnwrap(h.advance(0.2).frame?.values(of: view.id)?.alpha)
    XCTAssertEqual(value, 1 - spring.value(at: 0.2), accuracy: 1e-12)
    h.advance(0.3)
    XCTAssertFalse(h.window.isAnimating, "a duration spring ends at its duration")
  }

  func testAnimationErrors() {
    let h = Harness()
    let view = shownView(h)
    XCTAssertThrowsError(try h.window.animate(ViewID(999), .alpha, to: .scalar(0))) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .notFound)
    }
    XCTAssertThrowsError(try h.window.animate(view.id, .alpha, to: .rect(.zero))) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument)
    }
    XCTAssertThrowsError(try h.window.animate(view.id, .alpha, to: .scalar(.infinity))) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument)
    }
    XCTAssertThrowsError(try h.window.animate(view.id, .alpha, to: .scalar(0), duration: -1)) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument)
    }
    XCTAssertEqual(view.alpha, 1)
  }

  func testTimeNeverMovesBackwards() {
    let h = Harness()
    h.window.advance(to: 5)
    h.window.advance(to: 2)
    XCTAssertEqual(h.window.time, 5)
    h.window.advance(to: .nan)
    XCTAssertEqual(h.window.time, 5)
  }

  func testGeometryInterpolation() {
    let a = Rect(x: 0, y: 0, width: 10, height: 20)
    let b = Rect(x: 10, y: -20, width: 30, height: 0)
    XCTAssertEqual(a.interpolated(to: b, fraction: 0.5), Rect(x: 5, y: -10, width: 20, height: 10))
    XCTAssertEqual(
      a.interpolated(to: b, fraction: 1.5), Rect(x: 15, y: -30, width: 40, height: -10))
    XCTAssertEqual(
      EdgeInsets(top: 0, left: 2).interpolated(to: EdgeInsets(top: 10, left: 4), fraction: 0.5),
      EdgeInsets(top: 5, left: 3))
    let scaled = AffineTransform.identity.interpolated(
      to: AffineTransform(scaleX: 0, y: 1), fraction: 0.25)
    XCTAssertEqual(scaled.a, 0.75, accuracy: 1e-12)
    XCTAssertEqual(scaled.d, 1, accuracy: 1e-12)
    let turn = AffineTransform(rotationAngle: 3).interpolated(
      to: AffineTransform(rotationAngle: -3), fraction: 0.5)
    XCTAssertEqual(atan2(turn.b, turn.a).magnitude, .pi, accuracy: 1e-12, "the short way round")
    let moved = AffineTransform(translationX: 10, y: 0).interpolated(
      to: AffineTransform(translationX: 30, y: 40), fraction: 0.5)
    XCTAssertEqual(moved, AffineTransform(translationX: 20, y: 20))
  }

  func testTransformDecompositionRoundTrips() {
    let transforms = [
      AffineTransform(rotationAngle: 0.7).concatenating(AffineTransform(scaleX: 2, y: 0.5)),
      AffineTransform(a: 1, b: 0, c: 0.3, d: 1, tx: 4, ty: 5),
      AffineTransform(scaleX: -1, y: 1),
      AffineTransform(scaleX: 0, y: 2),
    ]
    for transform in transforms {
      let rebuilt = AffineTransform(transform.decomposition)
      for (x, y) in [
        (rebuilt.a, transform.a), (rebuilt.b, transform.b), (rebuilt.c, transform.c),
        (rebuilt.d, transform.d), (rebuilt.tx, transform.tx), (rebuilt.ty, transform.ty),
      ] {
        XCTAssertEqual(x, y, accuracy: 1e-12, "\(transform)")
      }
    }
  }

  func testRectHelpers() {
    let r = Rect(x: 10, y: 20, width: 30, height: 40)
    XCTAssertEqual(r.center, Point(x: 25, y: 40))
    XCTAssertEqual(Rect(center: r.center, size: r.size), r)
    XCTAssertEqual(
      r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
      Rect(x: 12, y: 21, width: 24, height: 36))
    XCTAssertEqual(
      r.intersection(Rect(x: 30, y: 50, width: 100, height: 100)),
      Rect(x: 30, y: 50, width: 10, height: 10))
    XCTAssertNil(r.intersection(Rect(x: 100, y: 0, width: 1, height: 1)))
    XCTAssertEqual(r.description, "(10, 20, 30, 40)")
    XCTAssertEqual(Rect(x: 0.5, y: 0, width: 1, height: 1).description, "(0.5, 0, 1, 1)")
  }
}
