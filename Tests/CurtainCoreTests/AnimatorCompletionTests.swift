import XCTest

@testable import CurtainCore

/// An animator's completion (SEMANTICS §5, seed 004 lines 98-106): a
/// track's end value becomes the view's model value, unless the animator
/// declares completion values, which are applied after the last frame and
/// before `completeTransition`, in the frames and in the model.
final class AnimatorCompletionTests: XCTestCase {
  /// Seed 004's spring: `usingSpringWithDamping: 0.6, initialSpringVelocity: 0`
  /// over the animator's 1 s.
  private let spring = TimingFunction.spring(
    Spring(duration: 1, dampingRatio: 0.6, initialVelocity: 0))

  /// Seed 004's BouncePresentAnimationController: 1 s; the presented view
  /// springs up from a screen height below its final frame while the
  /// presenter's view dims to 0.5; its completion block puts that alpha back
  /// to 1 before `completeTransition(YES)`.
  private func bounce(completion: Bool) -> AnimatorSpec {
    AnimatorSpec(
      duration: 1,
      tracks: [
        TrackSpec(
          target: .fromView, property: .alpha, from: .current, to: .scalar(0.5), timing: spring),
        TrackSpec(
          target: .toView, property: .frame, from: .containerOffset(.finalFrame, dx: 0, dy: 1),
          to: .finalFrame, timing: spring),
      ],
      completion: completion
        ? [CompletionValue(target: .fromView, property: .alpha, value: .scalar(1))] : [])
  }

  private func presentFullScreen(_ h: Harness, animator: AnimatorSpec) throws {
    h.showRoot()
    h.make(.content, "B")
    try h.session.submit(
      .present(
        presenter: h.id("A"), controller: h.id("B"), animated: true, animator: animator,
        adaptiveStyle: nil, options: PresentOptions(style: .fullScreen)))
    _ = h.flow()
  }

  func testTheSeedsBounceAnimatorRestoresThePresentersAlphaInItsCompletion() throws {
    let h = Harness()
    try presentFullScreen(h, animator: bounce(completion: true))
    let a = h.controller("A").view
    let b = h.controller("B").view
    for (step, time) in [(0.5, 0.5), (0.49, 0.99)] {
      let frame = try XCTUnwrap(h.advance(step).frame)
      let p = spring.progress(at: time, duration: 1)
      XCTAssertEqual(frame.values(of: a.id)?.alpha ?? .nan, 1 - 0.5 * p, accuracy: 1e-9)
      XCTAssertEqual(frame.values(of: b.id)?.frame.minY ?? .nan, 844 * (1 - p), accuracy: 1e-9)
      XCTAssertEqual(h.flow(), [], "still running at \(time) s")
    }
    // The last step: the tracks end (the presenter at 0.5), the completion
    // puts its alpha back to 1, then completeTransition: the frame of that
    // moment shows the completion's value.
    let last = try XCTUnwrap(h.advance(0.01).frame)
    XCTAssertEqual(last.values(of: a.id)?.alpha, 1)
    XCTAssertEqual(last.values(of: b.id)?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(
      h.flow(),
      [
        "B.presentationTransitionDidEnd(true)", "B.viewDidAppear(true)",
        "A.viewDidDisappear(true)", "completion",
      ])
    XCTAssertEqual(a.state.alpha, 1, "the model")
    XCTAssertNil(a.superview, "full screen: the presenter's view left the window")
    // Dismissed, the presenter's view comes back at alpha 1.
    h.dismiss("B", animated: false)
    XCTAssertTrue(a.superview === h.window.view)
    XCTAssertEqual(h.window.presentationState(of: a).alpha, 1)
  }

  func testWithoutACompletionTheLastFrameShowsWhereTheTracksEnded() throws {
    let h = Harness()
    try presentFullScreen(h, animator: bounce(completion: false))
    let last = try XCTUnwrap(h.advance(1).frame)
    XCTAssertEqual(last.values(of: h.controller("A").view.id)?.alpha, 0.5)
  }

  func testACompletionValueReplacesATrackEndInTheModel() throws {
    // A custom presentation leaves the presented view in the window: a
    // track's end value becomes its model value, unless the completion
    // sets the property. The completion may set a property no track moves.
    let fadeToHalf = TrackSpec(
      target: .toView, property: .alpha, from: .scalar(0), to: .scalar(0.5), timing: .linear)
    for completes in [false, true] {
      let h = Harness()
      h.showRoot()
      h.make(.content, "B")
      let animator = AnimatorSpec(
        duration: 0.4, tracks: [fadeToHalf],
        completion: completes
          ? [
            CompletionValue(target: .toView, property: .alpha, value: .scalar(1)),
            CompletionValue(target: .toView, property: .cornerRadius, value: .scalar(12)),
          ] : [])
      try h.session.submit(
        .present(
          presenter: h.id("A"), controller: h.id("B"), animated: true, animator: animator,
          adaptiveStyle: nil, options: PresentOptions(style: .custom)))
      let b = h.controller("B").view
      XCTAssertEqual(
        h.advance(0.2).frame?.values(of: b.id)?.alpha ?? .nan, 0.25, accuracy: 1e-9)
      let last = try XCTUnwrap(h.advance(0.2).frame?.values(of: b.id))
      XCTAssertEqual(last.alpha, completes ? 1 : 0.5)
      XCTAssertEqual(last.state.cornerRadius, completes ? 12 : 0)
      XCTAssertEqual(b.state.alpha, completes ? 1 : 0.5, "the model")
      XCTAssertEqual(b.state.cornerRadius, completes ? 12 : 0, "the model")
      XCTAssertEqual(h.advance(1).frame, nil, "nothing moves afterwards")
      XCTAssertEqual(h.window.presentationState(of: b).alpha, completes ? 1 : 0.5)
    }
  }

  func testACompletionIsAppliedBeforeCompleteTransition() throws {
    // The completion's model values are in place when the container's
    // completion runs: the presentation's did-end event already sees them.
    let h = Harness()
    h.showRoot()
    h.make(.content, "B")
    let animator = AnimatorSpec(
      duration: 0.3, tracks: [],
      completion: [CompletionValue(target: .toView, property: .alpha, value: .scalar(0.8))])
    try h.session.submit(
      .present(
        presenter: h.id("A"), controller: h.id("B"), animated: true, animator: animator,
        adaptiveStyle: nil, options: PresentOptions(style: .custom)))
    let b = h.controller("B").view
    var seen: Double?
    let transition = try XCTUnwrap(h.window.transitions.first)
    let completion = transition.containerCompletion
    transition.containerCompletion = { cancelled in
      seen = b.state.alpha
      completion(cancelled)
    }
    XCTAssertEqual(h.advance(0.3).frame?.values(of: b.id)?.alpha, 0.8)
    XCTAssertEqual(seen, 0.8)
  }

  func testACancelledInteractionStillRunsTheCompletion() throws {
    // UIKit's completion block runs whether the transition finished or not.
    let h = Harness()
    h.showNavigation("Nav", stack: ["One", "Two"])
    let animator = AnimatorSpec(
      duration: 0.5,
      tracks: [
        TrackSpec(
          target: .fromView, property: .alpha, from: .scalar(1), to: .scalar(0.2),
          timing: .linear)
      ],
      completion: [
        CompletionValue(target: .fromView, property: .cornerRadius, value: .scalar(8))
      ])
    let ticket = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: animator))
    let id = try XCTUnwrap(ticket.transition)
    let two = h.controller("Two").view
    try h.window.updateInteraction(id, percent: 0.5)
    XCTAssertEqual(h.advance(0).frame?.values(of: two.id)?.alpha ?? .nan, 0.6, accuracy: 1e-9)
    try h.window.cancelInteraction(id)
    let last = try XCTUnwrap(h.advance(0.25).frame?.values(of: two.id))
    XCTAssertEqual(last.alpha, 1, "the track played back to its start")
    XCTAssertEqual(last.state.cornerRadius, 8, "the completion ran")
    XCTAssertTrue(h.window.transitions.isEmpty)
    XCTAssertEqual(h.nav("Nav").topViewController?.identifier, "Two", "cancelled")
    XCTAssertEqual(two.state.cornerRadius, 8)
    XCTAssertEqual(two.state.alpha, 1)
  }

  func testCompletionValuesResolveAgainstTheContext() throws {
    // Frame-relative values and `current` (where the tracks left it) work
    // as in tracks: the to-view's center ends 20 pt right of its final
    // frame's, its transform 10 pt up from where it was.
    let h = Harness()
    h.showNavigation("Nav", stack: ["One"])
    h.make(.content, "Two")
    let animator = AnimatorSpec(
      duration: 0.2,
      tracks: [
        TrackSpec(
          target: .toView, property: .alpha, from: .scalar(0), to: .scalar(0.5), timing: .linear)
      ],
      completion: [
        CompletionValue(
          target: .toView, property: .center, value: .offset(.finalFrame, dx: 20, dy: 0)),
        CompletionValue(
          target: .toView, property: .transform,
          value: .offset(.current, dx: 0, dy: -10)),
      ])
    try h.session.submit(
      .push(navigation: h.id("Nav"), controller: h.id("Two"), animated: true, animator: animator))
    let two = h.controller("Two").view
    let last = try XCTUnwrap(h.advance(0.2).frame?.values(of: two.id))
    XCTAssertEqual(last.alpha, 0.5, "where the track left it")
    XCTAssertEqual(last.state.center, Point(x: 195 + 20, y: 422))
    XCTAssertEqual(last.transform, AffineTransform(translationX: 0, y: -10))
  }

  // MARK: Validation

  func testCompletionValuesAreChecked() {
    func message(_ completion: [CompletionValue], retiming: Retiming? = nil) -> String? {
      var spec = AnimatorSpec(duration: 0.3, tracks: [], completion: completion)
      spec.retiming = retiming
      do {
        try spec.validate()
        return nil
      } catch {
        return (error as? CurtainError)?.message
      }
    }
    let alpha = CompletionValue(target: .fromView, property: .alpha, value: .scalar(1))
    XCTAssertNil(message([alpha]))
    XCTAssertEqual(
      message([alpha, CompletionValue(target: .fromView, property: .alpha, value: .scalar(0))]),
      "The completion sets alpha of the from-view twice")
    XCTAssertNil(
      message([alpha, CompletionValue(target: .toView, property: .alpha, value: .scalar(0))]))
    XCTAssertEqual(
      message([CompletionValue(target: .toView, property: .frame, value: .scalar(1))]),
      "A scalar value cannot animate frame")
    XCTAssertEqual(
      message([CompletionValue(target: .toView, property: .alpha, value: .current)]),
      "A completion value needs a value: the current one alone (BASE_CURRENT without an "
        + "offset) leaves alpha where the tracks left it")
    XCTAssertEqual(
      message([alpha], retiming: Retiming(duration: 1)),
      "An animator that re-times the built-in look has no tracks or completion values")
  }
}
