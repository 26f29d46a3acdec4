import XCTest

@testable import CurtainCore

/// Remote animators in the model (docs/delegates.md, "Remote animators"): a
/// delegate that answers an animation-controller question with a remote
/// animator runs the transition itself, with frames and one
/// `completeTransition(_:)`; without it the daemon ends the transition after
/// the duration plus the delegate's timeout.
final class RemoteAnimatorTests: XCTestCase {
  let client = OwnerID(7)
  let other = OwnerID(8)
  let categories: Set<EventCategory> = [.lifecycle, .transition]

  /// A navigation controller with A shown, `client` its delegate (timeout
  /// 0.5 s), and an animated push of B whose question was answered with a
  /// remote animator of `duration` seconds.
  private func remotePush(duration: Double = 0.4) throws -> (Harness, TransitionID) {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    try h.session.setDelegate(of: h.id("Nav"), roles: [.navigation], delegate: client, timeout: 0.5)
    h.push("Nav", "B")
    _ = h.events()
    XCTAssertTrue(
      try h.session.answerDelegateCall(1, .remoteAnimator(duration: duration), from: client))
    let transition = try XCTUnwrap(h.window.transitions.first)
    return (h, transition.id)
  }

  func testARemoteAnimatorGetsTheContextMovesTheViewsAndCompletes() throws {
    let (h, id) = try remotePush()
    let b = h.controller("B")
    XCTAssertEqual(
      h.described(categories),
      [
        "Nav.delegate#1 → remote animator(0.4 s)", "B.willMove(Nav)", "B.viewDidLoad",
        "Nav.willShow(B, true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        "t1.began(push, A → B, animated: true, interactive: false)",
      ])
    let handed = h.session.takeRemoteAnimations()
    XCTAssertEqual(handed.count, 1)
    let animation = try XCTUnwrap(handed.first)
    XCTAssertEqual(animation.transition, id)
    XCTAssertEqual(animation.kind, .push)
    XCTAssertEqual(animation.duration, 0.4)
    XCTAssertEqual(animation.driver.delegate, client)
    XCTAssertEqual(animation.driver.call, 1)
    XCTAssertEqual(animation.driver.grace, 0.5)
    XCTAssertEqual(animation.context.toView, b.view.id)
    XCTAssertEqual(animation.context.toFinalFrame, b.view.frame)
    XCTAssertEqual(h.session.takeRemoteAnimations(), [], "told once")

    // Nothing moves by itself: the client's frames do.
    let finalFrame = b.view.frame
    let halfway = finalFrame.offsetBy(dx: finalFrame.width / 2, dy: 0)
    h.advance(0.3)
    XCTAssertEqual(h.window.transitions.first?.percentComplete(at: h.window.time), 0)
    try h.window.applyRemoteFrame(
      id, percent: 0.5,
      values: [
        RemoteViewValue(view: b.view.id, property: .frame, value: .rect(halfway)),
        RemoteViewValue(view: h.controller("A").view.id, property: .alpha, value: .scalar(0.25)),
      ], by: client)
    XCTAssertEqual(h.window.presentationState(of: b.view).frame, halfway)
    XCTAssertEqual(h.window.presentationState(of: h.controller("A").view).alpha, 0.25)
    XCTAssertEqual(h.window.transitions.first?.percentComplete(at: h.window.time), 0.5)
    let frame = try XCTUnwrap(h.advance(0.1).frame)
    XCTAssertEqual(frame.views.first { $0.view == b.view.id }?.state.frame, halfway)
    XCTAssertEqual(h.described(categories), [])

    try h.window.completeRemoteTransition(id, didComplete: true, by: client)
    XCTAssertEqual(
      h.described(categories),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)", "t1.ended(cancelled: false)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
    XCTAssertEqual(h.window.presentationState(of: b.view).frame, finalFrame, "the model value")
    XCTAssertTrue(h.window.isIdle)
    XCTAssertEqual(h.session.ending(of: id), .completed)
  }

  func testOnlyItsClientDrivesItAndABadFrameChangesNothing() throws {
    let (h, id) = try remotePush()
    let b = h.controller("B")
    func code(_ body: () throws -> Void) -> ErrorCode? {
      do {
        try body()
        return nil
      } catch {
        return (error as? CurtainError)?.code
      }
    }
    XCTAssertEqual(
      code { try h.window.applyRemoteFrame(id, percent: 0.5, values: [], by: other) }, .notOwner)
    XCTAssertEqual(
      code { try h.window.completeRemoteTransition(id, didComplete: true, by: other) }, .notOwner)
    XCTAssertEqual(
      code { try h.window.updateInteraction(id, percent: 0.5, by: client) }, .invalidArgument,
      "the interaction driver's requests are not for a remote animator's transition")
    XCTAssertEqual(code { try h.window.pauseTransition(id, by: client) }, .invalidArgument)
    // A frame with one bad value applies none of them.
    let good = RemoteViewValue(view: b.view.id, property: .alpha, value: .scalar(0.5))
    XCTAssertEqual(
      code {
        try h.window.applyRemoteFrame(
          id, percent: 0.5,
          values: [good, RemoteViewValue(view: ViewID(9999), property: .alpha, value: .scalar(1))],
          by: client)
      }, .notFound)
    XCTAssertEqual(
      code {
        try h.window.applyRemoteFrame(
          id, percent: nil,
          values: [good, RemoteViewValue(view: b.view.id, property: .frame, value: .scalar(1))],
          by: client)
      }, .invalidArgument)
    XCTAssertEqual(
      code { try h.window.applyRemoteFrame(id, percent: .nan, values: [good], by: client) },
      .invalidArgument)
    XCTAssertEqual(h.window.presentationState(of: b.view).alpha, 1)
    XCTAssertEqual(h.window.transitions.first?.percentComplete(at: h.window.time), 0)
    // A percentage out of range is clamped.
    try h.window.applyRemoteFrame(id, percent: 7, values: [], by: client)
    XCTAssertEqual(h.window.transitions.first?.percentComplete(at: h.window.time), 1)
    try h.window.completeRemoteTransition(id, didComplete: true, by: client)
    XCTAssertEqual(
      code { try h.window.completeRemoteTransition(id, didComplete: true, by: client) }, .notFound,
      "completeTransition is called once")
  }

  func testWithoutCompleteTransitionTheDaemonCompletesItAfterTheGrace() throws {
    let (h, id) = try remotePush(duration: 0.4)
    _ = h.events()
    h.advance(0.85)
    XCTAssertEqual(h.described(categories), [], "0.4 s + 0.5 s grace not yet over")
    h.advance(0.05)
    XCTAssertEqual(
      h.described(categories),
      [
        "Nav.delegate#1 fallback(timeout)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
        "B.didMove(Nav)", "Nav.didShow(B, true)", "t1.ended(cancelled: false)",
      ])
    XCTAssertEqual(h.session.ending(of: id), .animatorTimedOut(seconds: 0.9))
    XCTAssertEqual(h.session.takeDelegateFallbacks(), ["timeout"])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
  }

  func testACancelledNonInteractiveTransitionRevertsThePush() throws {
    let (h, id) = try remotePush()
    _ = h.events()
    try h.window.completeRemoteTransition(id, didComplete: false, by: client)
    let events = h.described(categories)
    XCTAssertEqual(events.last, "t1.ended(cancelled: true)")
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])
    XCTAssertEqual(h.session.ending(of: id), .cancelled)
  }

  func testTheDelegateDisconnectingEndsItAsUIKitsDefault() throws {
    let (h, id) = try remotePush()
    _ = h.events()
    XCTAssertTrue(h.session.dropDelegates(of: client))
    XCTAssertEqual(
      h.described(categories),
      [
        "Nav.delegate#1 fallback(disconnected)", "A.viewDidDisappear(true)",
        "B.viewDidAppear(true)", "B.didMove(Nav)", "Nav.didShow(B, true)",
        "t1.ended(cancelled: false)",
      ])
    XCTAssertEqual(h.session.ending(of: id), .animatorLeft)
  }

  func testAnInteractivePopRunByARemoteAnimatorStaysAliveWhileFramesComeAndCancels() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    try h.session.setDelegate(of: h.id("Nav"), roles: [.navigation], delegate: client, timeout: 0.5)
    h.run(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
    _ = h.events()
    try h.session.answerDelegateCall(1, .remoteAnimator(duration: 0.3), from: client)
    let transition = try XCTUnwrap(h.window.transitions.first)
    XCTAssertTrue(transition.context.isInteractive)
    XCTAssertEqual(h.session.takeRemoteAnimations().first?.context.isInteractive, true)
    _ = h.events()
    // Each frame moves the deadline: the last frame plus 0.3 s plus 0.5 s.
    for _ in 0..<5 {
      h.advance(0.7)
      try h.window.applyRemoteFrame(transition.id, percent: 0.4, values: [], by: client)
    }
    XCTAssertEqual(h.described(categories), [])
    try h.window.completeRemoteTransition(transition.id, didComplete: false, by: client)
    let events = h.described(categories)
    XCTAssertEqual(events.first, "t1.interactionChanged(cancelled: true)")
    XCTAssertEqual(events.last, "t1.ended(cancelled: true)")
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
    XCTAssertEqual(h.session.ending(of: transition.id), .cancelled)
  }

  func testAnInteractiveRemoteTransitionLeftAloneIsCancelled() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    try h.session.setDelegate(of: h.id("Nav"), roles: [.navigation], delegate: client, timeout: 0.5)
    h.run(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
    try h.session.answerDelegateCall(1, .remoteAnimator(duration: 0.3), from: client)
    _ = h.events()
    h.advance(0.8)
    let events = h.described(categories)
    XCTAssertEqual(
      Array(events.prefix(2)),
      ["Nav.delegate#1 fallback(timeout)", "t1.interactionChanged(cancelled: true)"])
    XCTAssertEqual(events.last, "t1.ended(cancelled: true)")
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
  }

  func testAlongsideAnimationsFollowTheClientsPercentage() throws {
    let (h, id) = try remotePush(duration: 1)
    let a = h.controller("A")
    XCTAssertTrue(
      try h.window.animateAlongside(
        id,
        tracks: [
          TrackSpec(
            target: .view(a.view.id), property: .cornerRadius, from: .scalar(0),
            to: .scalar(10), timing: .linear)
        ]))
    XCTAssertEqual(h.window.presentationState(of: a.view).cornerRadius, 0)
    try h.window.applyRemoteFrame(id, percent: 0.25, values: [], by: client)
    XCTAssertEqual(h.window.presentationState(of: a.view).cornerRadius, 2.5, accuracy: 1e-9)
    h.advance(0.5)
    XCTAssertEqual(
      h.window.presentationState(of: a.view).cornerRadius, 2.5, accuracy: 1e-9,
      "window time does not move it")
  }

  func testAPresentationsDimmingFollowsTheClientsPercentage() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.make(.content, "Root")
    h.setRoot("Root")
    h.make(.content, "Sheet")
    try h.session.setDelegate(
      of: h.id("Sheet"), roles: [.transitioning], delegate: client, timeout: 0.5)
    h.run(
      .present(
        presenter: h.id("Root"), controller: h.id("Sheet"), animated: true, animator: nil,
        adaptiveStyle: nil,
        options: PresentOptions(style: .custom)))
    _ = h.events()
    // A custom presentation (the only style, with fullScreen, that takes an
    // animator and has a dimming view): the presentation controller first,
    // then its frame (the default: the window's bounds) and whether it
    // removes the presenter's view (the default: the description's, no).
    try h.session.answerDelegateCall(
      1, .presentation(CustomPresentation(dimmingAlpha: 0.4)), from: client)
    try h.session.answerDelegateCall(2, .useDefault, from: client)
    try h.session.answerDelegateCall(3, .useDefault, from: client)
    try h.session.answerDelegateCall(4, .remoteAnimator(duration: 0.5), from: client)
    // Nothing alongside (presentationTransitionWillBegin).
    try h.session.answerDelegateCall(5, .useDefault, from: client)
    let transition = try XCTUnwrap(h.window.transitions.first)
    XCTAssertEqual(transition.kind, .presentation)
    let dimming = try XCTUnwrap(h.controller("Sheet").presentation?.dimmingView)
    let full = try XCTUnwrap(h.controller("Sheet").presentation?.dimmingAlpha)
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0)
    try h.window.applyRemoteFrame(transition.id, percent: 0.5, values: [], by: client)
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, full / 2, accuracy: 1e-9)
    try h.window.completeRemoteTransition(transition.id, didComplete: true, by: client)
    XCTAssertTrue(h.controller("Root").presentedViewController === h.controller("Sheet"))
  }
}
