import XCTest

@testable import CurtainCore

/// Frames of the built-in looks, the interaction driver's maths and the
/// coordinator (SEMANTICS §5).
final class TransitionTests: XCTestCase {
  private let width = 390.0
  /// The top controller's frame: the whole window, under the translucent
  /// navigation bar (SEMANTICS §3).
  private let content = Rect(x: 0, y: 0, width: 390, height: 844)

  private func view(_ h: Harness, _ name: String) -> ViewID {
    h.controller(name).viewIfLoaded!.id
  }

  private func easeInOut(_ x: Double) -> Double { CubicBezier.easeInOut.value(at: x) }

  func testFramesAtStartMiddleAndEndOfAnAnimatedPush() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    let a = view(h, "A")
    let b = view(h, "B")

    let start = try XCTUnwrap(h.advance(0).frame)
    XCTAssertEqual(start.values(of: b)?.frame, content.offsetBy(dx: width, dy: 0))
    XCTAssertEqual(start.values(of: a)?.frame, content)
    XCTAssertEqual(start.values(of: a)?.alpha, 1)
    XCTAssertEqual(start.transitions.map(\.percentComplete), [0])

    let middle = try XCTUnwrap(h.advance(0.175).frame)
    XCTAssertEqual(middle.values(of: b)?.frame.minX ?? .nan, width / 2, accuracy: 1e-9)
    XCTAssertEqual(middle.values(of: a)?.frame.minX ?? .nan, -0.15 * width, accuracy: 1e-9)
    XCTAssertEqual(middle.values(of: a)?.alpha ?? .nan, 0.95, accuracy: 1e-9)
    XCTAssertEqual(middle.values(of: b)?.alpha, 1)
    XCTAssertEqual(middle.transitions.first?.percentComplete ?? .nan, 0.5, accuracy: 1e-9)

    let end = try XCTUnwrap(h.advance(0.175).frame, "the last frame shows where views ended")
    XCTAssertEqual(end.values(of: b)?.frame, content)
    XCTAssertEqual(end.values(of: a)?.frame.minX ?? .nan, -0.3 * width, accuracy: 1e-9)
    XCTAssertEqual(end.values(of: a)?.alpha ?? .nan, 0.9, accuracy: 1e-9)
    XCTAssertEqual(end.transitions, [])

    XCTAssertNil(h.advance(0.1).frame, "an idle window has no frame")
    XCTAssertEqual(h.controller("B").viewIfLoaded?.frame, content)
    XCTAssertEqual(
      h.controller("A").viewIfLoaded?.alpha, 1, "the outgoing view's model is untouched")
  }

  func testTheLastFrameListsTheEndedViewsInTheOrderTheirAnimationsStarted() throws {
    // Frames are the same bit for bit on every run: the views that end with
    // the transition keep the timeline's order (not a hash set's).
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    let middle = try XCTUnwrap(h.advance(0.175).frame)
    let end = try XCTUnwrap(h.advance(0.175).frame)
    XCTAssertEqual(middle.views.count, 2)
    XCTAssertEqual(end.views.map(\.view), middle.views.map(\.view))
  }

  func testFramesAtAQuarterFollowTheCurve() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    let frame = try XCTUnwrap(h.advance(0.0875).frame)
    let eased = easeInOut(0.25)
    XCTAssertEqual(
      frame.values(of: view(h, "B"))?.frame.minX ?? .nan, width * (1 - eased), accuracy: 1e-9)
    XCTAssertEqual(
      frame.values(of: view(h, "A"))?.alpha ?? .nan, 1 - 0.1 * eased, accuracy: 1e-9)
  }

  private func beginInteractivePop(_ h: Harness) throws -> TransitionID {
    h.showNavigation("Nav", stack: ["One", "Two"])
    let ticket = try h.session.submit(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
    return try XCTUnwrap(ticket.transition)
  }

  func testUpdateEvaluatesEveryTrackAtTheFraction() throws {
    let h = Harness()
    let transition = try beginInteractivePop(h)
    for p in [0.0, 0.1, 0.3, 0.5, 0.8, 1.0] {
      try h.window.updateInteraction(transition, percent: p)
      let frame = try XCTUnwrap(h.advance(0.01).frame)
      let eased = easeInOut(p)
      XCTAssertEqual(
        frame.values(of: view(h, "Two"))?.frame.minX ?? .nan, width * eased, accuracy: 1e-9)
      XCTAssertEqual(
        frame.values(of: view(h, "One"))?.frame.minX ?? .nan, -0.3 * width * (1 - eased),
        accuracy: 1e-9)
      XCTAssertEqual(
        frame.values(of: view(h, "One"))?.alpha ?? .nan, 0.9 + 0.1 * eased, accuracy: 1e-9)
      XCTAssertEqual(frame.transitions.first?.percentComplete ?? .nan, p, accuracy: 1e-12)
      XCTAssertEqual(frame.transitions.first?.isInteractive, true)
    }
    try h.window.updateInteraction(transition, percent: 7)
    XCTAssertEqual(h.window.transition(transition)?.percentComplete(at: h.window.time), 1)
    try h.window.updateInteraction(transition, percent: -2)
    XCTAssertEqual(h.window.transition(transition)?.percentComplete(at: h.window.time), 0)
  }

  func testFinishTakesTheRestOfTheDurationOverTheSpeed() throws {
    let h = Harness()
    let transition = try beginInteractivePop(h)
    try h.window.updateInteraction(transition, percent: 0.3)
    try h.window.finishInteraction(
      transition, completion: InteractionCompletion(speed: 2, curve: .linear))
    let span = (1 - 0.3) * 0.35 / 2
    let start = h.window.time
    let half = try XCTUnwrap(h.window.advance(to: start + span / 2).frame)
    // Halfway through the finish along a linear completion curve, the local
    // time is p·d + (1 − p)·d/2: fraction 0.65 of every track.
    XCTAssertEqual(
      half.values(of: view(h, "Two"))?.frame.minX ?? .nan, width * easeInOut(0.65),
      accuracy: 1e-9)
    h.window.advance(to: start + span - 1e-9)
    XCTAssertNotNil(h.window.transition(transition))
    h.window.advance(to: start + span + 1e-9)
    XCTAssertNil(h.window.transition(transition))
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One"])
  }

  func testCancelTakesTheDoneDurationOverTheSpeed() throws {
    let h = Harness()
    let transition = try beginInteractivePop(h)
    try h.window.updateInteraction(transition, percent: 0.6)
    try h.window.cancelInteraction(transition, completion: InteractionCompletion(speed: 0.5))
    let span = 0.6 * 0.35 / 0.5
    let start = h.window.time
    let half = try XCTUnwrap(h.window.advance(to: start + span / 2).frame)
    // easeInOut completion curve at its middle is 0.5: local fraction 0.3.
    XCTAssertEqual(
      half.values(of: view(h, "Two"))?.frame.minX ?? .nan, width * easeInOut(0.3),
      accuracy: 1e-9)
    h.window.advance(to: start + span - 1e-9)
    XCTAssertNotNil(h.window.transition(transition))
    let end = h.window.advance(to: start + span + 1e-9)
    XCTAssertNil(h.window.transition(transition))
    XCTAssertEqual(end.frame?.values(of: view(h, "Two"))?.frame, content)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One", "Two"])
  }

  func testNonPositiveCompletionSpeedReadsAsOne() throws {
    let h = Harness()
    let transition = try beginInteractivePop(h)
    try h.window.updateInteraction(transition, percent: 0.5)
    try h.window.finishInteraction(transition, completion: InteractionCompletion(speed: 0))
    h.window.advance(to: h.window.time + 0.175 - 1e-9)
    XCTAssertNotNil(h.window.transition(transition))
    h.advance(2e-9)
    XCTAssertNil(h.window.transition(transition))
  }

  func testPauseMakesARunningTransitionInteractive() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    let transition = try XCTUnwrap(h.window.transitions.first?.id)
    h.advance(0.07)
    try h.window.pauseTransition(transition, by: OwnerID(4))
    XCTAssertEqual(h.described([.transition]).last, "\(transition).paused(0.2)")
    h.advance(5)
    XCTAssertEqual(
      h.window.transition(transition)?.percentComplete(at: h.window.time) ?? .nan, 0.2,
      accuracy: 1e-12)
    XCTAssertThrowsError(try h.window.updateInteraction(transition, percent: 0.5, by: OwnerID(5)))
    try h.window.cancelInteraction(transition, by: OwnerID(4))
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])
    XCTAssertEqual(h.controller("A").appearance, .appeared)
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
    XCTAssertNil(h.controller("B").parent)
  }

  func testAlongsideTracksFollowTheTransition() throws {
    let h = Harness()
    let transition = try beginInteractivePop(h)
    let bar = try XCTUnwrap(h.nav("Nav").navigationBar?.id)
    let added = try h.window.animateAlongside(
      transition,
      tracks: [
        TrackSpec(target: .view(bar), property: .alpha, from: .scalar(1), to: .scalar(0))
      ])
    XCTAssertTrue(added)
    try h.window.updateInteraction(transition, percent: 0.5)
    XCTAssertEqual(h.advance(0).frame?.values(of: bar)?.alpha ?? .nan, 0.5, accuracy: 1e-9)
    try h.window.cancelInteraction(transition)
    h.settle()
    XCTAssertEqual(h.nav("Nav").navigationBar?.alpha, 1, "a cancelled alongside track reverses")
    XCTAssertFalse(try h.window.animateAlongside(transition, tracks: []))
  }

  func testAlongsideTracksAddedLateEndWithTheTransition() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    let transition = try XCTUnwrap(h.window.transitions.first?.id)
    let bar = try XCTUnwrap(h.nav("Nav").navigationBar?.id)
    h.advance(0.175)
    XCTAssertTrue(
      try h.window.animateAlongside(
        transition,
        tracks: [
          TrackSpec(
            target: .view(bar), property: .cornerRadius, from: .scalar(0), to: .scalar(8),
            timing: .linear)
        ]))
    XCTAssertEqual(
      h.advance(0.0875).frame?.values(of: bar)?.state.cornerRadius ?? .nan, 4, accuracy: 1e-9)
    h.advance(0.0875)
    XCTAssertNil(h.window.transition(transition))
    XCTAssertEqual(h.nav("Nav").navigationBar?.cornerRadius, 8, "the model keeps the end value")
  }

  func testCoordinatorHandlersRunInOrderAfterTheAnimatorsCompletion() throws {
    let h = Harness()
    let transition = try beginInteractivePop(h)
    let coordinator = try XCTUnwrap(h.window.transitionCoordinator(for: h.controller("Two")))
    XCTAssertEqual(coordinator.id, transition)
    XCTAssertTrue(h.window.transitionCoordinator(for: h.nav("Nav")) === coordinator)
    var calls: [String] = []
    coordinator.notifyWhenInteractionChanges { context in
      calls.append(
        "interaction cancelled=\(context.transitionWasCancelled) at \(h.window.log.lastSeq)")
    }
    coordinator.addCompletion { context in
      let last = h.session.describe(h.window.log.events(after: h.window.log.lastSeq - 1)![0])
      calls.append("first cancelled=\(context.transitionWasCancelled) after \(last)")
    }
    coordinator.addCompletion { _ in calls.append("second") }
    try h.window.updateInteraction(transition, percent: 0.4)
    _ = h.events()
    let before = h.window.log.lastSeq
    try h.window.cancelInteraction(transition)
    XCTAssertEqual(calls, ["interaction cancelled=true at \(before + 1)"])
    h.settle()
    XCTAssertEqual(
      calls,
      [
        "interaction cancelled=true at \(before + 1)",
        "first cancelled=true after Two.didMove(Nav)", "second",
      ])
    XCTAssertFalse(coordinator.addCompletion { _ in })
    XCTAssertNil(h.window.transitionCoordinator(for: h.controller("Two")))
  }

  func testCustomAnimatorWithRelativeValues() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "B")
    let fromBelow = AnimatorSpec(
      duration: 1,
      tracks: [
        TrackSpec(
          target: .toView, property: .frame, from: .containerOffset(.finalFrame, dx: 0, dy: 1),
          to: .finalFrame, timing: .linear),
        TrackSpec(
          target: .fromView, property: .alpha, from: .scalar(1), to: .scalar(0), timing: .linear,
          relativeDelay: 0.5, relativeDuration: 0.5),
        TrackSpec(
          target: .toView, property: .center, from: .offset(.finalFrame, dx: 0, dy: 10),
          to: .finalFrame, timing: .linear, relativeDuration: 0.25),
      ])
    h.run(
      .push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: fromBelow))
    let quarter = try XCTUnwrap(h.advance(0.25).frame)
    // The frame track (from one container height below) runs first; the
    // centre track, ending now, then puts the centre in place.
    XCTAssertEqual(quarter.values(of: view(h, "B"))?.state.center, content.center)
    XCTAssertEqual(
      quarter.values(of: view(h, "B"))?.frame.size, content.size,
      "the frame track keeps the size")
    XCTAssertEqual(
      quarter.values(of: view(h, "A"))?.alpha, 1, "the alpha track waits for its delay")
    let threeQuarters = try XCTUnwrap(h.advance(0.5).frame)
    XCTAssertEqual(threeQuarters.values(of: view(h, "A"))?.alpha ?? .nan, 0.5, accuracy: 1e-9)
    // Tracks apply in order: the finished centre track still wins over the
    // frame track's position, and the frame track keeps the size.
    XCTAssertEqual(threeQuarters.values(of: view(h, "B"))?.state.center, content.center)
    XCTAssertEqual(threeQuarters.values(of: view(h, "B"))?.frame.size, content.size)
  }

  func testAnimatorSpecValidation() {
    let bad: [AnimatorSpec] = [
      AnimatorSpec(duration: -1, tracks: []),
      AnimatorSpec(duration: .nan, tracks: []),
      AnimatorSpec(
        duration: 1,
        tracks: [TrackSpec(target: .toView, property: .alpha, to: .finalFrame)]),
      AnimatorSpec(
        duration: 1,
        tracks: [TrackSpec(target: .toView, property: .frame, to: .scalar(1))]),
      AnimatorSpec(
        duration: 1,
        tracks: [
          TrackSpec(
            target: .toView, property: .alpha, to: .scalar(1), relativeDelay: 0.6,
            relativeDuration: 0.6)
        ]),
      AnimatorSpec(
        duration: 1,
        tracks: [TrackSpec(target: .toView, property: .alpha, to: .offset(.current, dx: 1, dy: 0))]),
    ]
    for spec in bad {
      let h = Harness()
      h.showNavigation("Nav", stack: ["A"])
      h.make(.content, "B")
      XCTAssertThrowsError(
        try h.session.submit(
          .push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: spec)),
        "\(spec)"
      ) { XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument) }
      XCTAssertEqual(h.nav("Nav").viewControllers.count, 1)
    }
  }

  func testTransitionEventsCarryTheTraceID() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "B")
    try h.session.submit(
      .push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil),
      options: OperationOptions(traceID: "trace-7"))
    h.settle()
    let events = h.events()
    XCTAssertFalse(events.isEmpty)
    XCTAssertTrue(events.allSatisfy { $0.traceID == "trace-7" }, "\(events.map(\.traceID))")
    XCTAssertEqual(
      events.last.map { h.session.describe($0) }?.hasSuffix(
        "completed(cancelled: false, removed: [])"), true)
  }
}
