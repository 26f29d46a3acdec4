import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Remote animators over the real protocol (docs/delegates.md, "Remote
/// animators"): a delegate answers an animation-controller question with
/// `remote_animator`, gets an AnimateTransition with the transition context,
/// moves the transition with TransitionFrame and ends it with
/// CompleteTransition; without it (or when it disconnects, or the daemon is
/// killed) the daemon ends the transition itself.
final class RemoteAnimatorIntegrationTests: StateDirectoryTestCase {
  /// A manual window (events and frames subscribed) with Nav[A] as its
  /// root, `delegate` its navigation delegate.
  private func navigationWindow(
    _ driver: TestClient, _ delegate: TestClient, stack: [String] = ["A"],
    timeoutMs: UInt32 = 10_000
  ) throws -> UInt64 {
    let window = try driver.makeWindow(frames: true)
    try driver.make(.navigation, "Nav")
    try driver.make(.content, ["A", "B", "C"])
    try driver.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = stack.map(controllerRef)
    }
    try driver.setRoot(window, "Nav")
    let registered = try delegate.call {
      $0.setDelegate.controller = controllerRef("Nav")
      $0.setDelegate.roles = [.navigation]
      $0.setDelegate.timeoutMs = timeoutMs
    }
    XCTAssertEqual(registered.error.code, .unspecified, registered.error.message)
    _ = try driver.flow()
    return window
  }

  /// Pushes `name` and answers the question with a remote animator of
  /// `duration` seconds; returns the transition handed over.
  private func remotePush(
    _ driver: TestClient, _ delegate: TestClient, _ name: String, duration: Double
  ) throws -> Curtain_V1_AnimateTransition {
    let pushed = try driver.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef(name)
    }
    XCTAssertEqual(pushed.error.code, .unspecified, pushed.error.message)
    let call = try XCTUnwrap(try delegate.nextDelegateCall())
    let answered = try delegate.call {
      $0.delegateReply.callID = call.callID
      $0.delegateReply.answer.remoteAnimator.duration = duration
    }
    XCTAssertTrue(answered.delegateReply.accepted, answered.error.message)
    return try XCTUnwrap(try delegate.nextAnimation())
  }

  private func frame(
    _ animation: Curtain_V1_AnimateTransition, percent: Double?,
    _ values: [(UInt64, Curtain_V1_AnimatableProperty, Curtain_V1_AnimatableValue)] = []
  ) -> (inout WireRequest) -> Void {
    { request in
      request.transitionFrame.windowID = animation.windowID
      request.transitionFrame.transitionID = animation.transitionID
      if let percent { request.transitionFrame.percent = percent }
      request.transitionFrame.values = values.map { view, property, value in
        var entry = Curtain_V1_ViewValue()
        entry.viewID = view
        entry.property = property
        entry.value = value
        return entry
      }
    }
  }

  private func complete(_ animation: Curtain_V1_AnimateTransition, _ didComplete: Bool)
    -> (inout WireRequest) -> Void
  {
    { request in
      request.completeTransition.windowID = animation.windowID
      request.completeTransition.transitionID = animation.transitionID
      request.completeTransition.didComplete = didComplete
    }
  }

  private func alpha(_ value: Double) -> Curtain_V1_AnimatableValue {
    var wire = Curtain_V1_AnimatableValue()
    wire.scalar = value
    return wire
  }

  func testARemoteAnimatorGetsTheContextSendsFramesAndCompletesOnce() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let window = try navigationWindow(driver, delegate)
    let animation = try remotePush(driver, delegate, "B", duration: 0.3)

    let tree = try driver.tree(window)
    let nodes = tree.root.children
    XCTAssertEqual(animation.windowID, window)
    XCTAssertEqual(animation.callID, 1)
    XCTAssertEqual(animation.kind, "push")
    XCTAssertEqual(animation.duration, 0.3)
    XCTAssertEqual(animation.graceMs, 10_000)
    XCTAssertTrue(animation.animated)
    XCTAssertFalse(animation.interactive)
    XCTAssertEqual(animation.fromControllerID, nodes.first { $0.identifier == "A" }?.id)
    XCTAssertEqual(animation.toControllerID, nodes.first { $0.identifier == "B" }?.id)
    let bView = try XCTUnwrap(nodes.first { $0.identifier == "B" }?.viewID)
    XCTAssertEqual(animation.toViewID, bView)
    XCTAssertEqual(animation.toFinalFrame.width, animation.containerSize.width)
    XCTAssertEqual(animation.toInitialFrame, Curtain_V1_Rect(), "the animator decides")
    XCTAssertEqual(
      try driver.flow(),
      [
        "Nav.delegate#1.navigationAnimationController(push, A → B)",
        "Nav.delegate#1 → remote animator(0.3 s)", "B.willMove(Nav)", "B.viewDidLoad",
        "Nav.willShow(B, true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])

    // Only the delegate's client drives it; the interaction requests do not.
    XCTAssertEqual(
      try driver.call(frame(animation, percent: 0.5)).error.code, .notOwner)
    let update = try driver.call {
      $0.updateInteractive.windowID = window
      $0.updateInteractive.transitionID = animation.transitionID
      $0.updateInteractive.percent = 0.5
    }
    XCTAssertEqual(update.error.code, .invalidArgument)
    XCTAssertTrue(update.error.message.contains("remote animator"), update.error.message)
    var bad = Curtain_V1_AnimatableValue()
    bad.point.x = 1
    XCTAssertEqual(
      try delegate.call(frame(animation, percent: 0.5, [(bView, .alpha, bad)])).error.code,
      .invalidArgument, "a point cannot be an alpha")
    XCTAssertEqual(
      try delegate.call(frame(animation, percent: 0.5, [(99_999, .alpha, alpha(1))])).error.code,
      .notFound)

    // A frame goes out at once to the window's frame subscribers.
    _ = driver.takeFrames()
    let sent = try delegate.call(frame(animation, percent: 0.5, [(bView, .alpha, alpha(0.5))]))
    XCTAssertEqual(sent.transition.percent, 0.5, sent.error.message)
    try driver.sync()
    let frames = driver.takeFrames()
    XCTAssertEqual(frames.count, 1)
    XCTAssertEqual(frames.first?.views.first { $0.viewID == bView }?.state.alpha, 0.5)
    XCTAssertEqual(frames.first?.transitions.first?.percent, 0.5)
    try driver.advance(window, 5)
    XCTAssertEqual(try driver.flow(), [], "the clock does not end it within the grace")

    let ended = try delegate.call(complete(animation, true))
    XCTAssertEqual(ended.error.code, .unspecified, ended.error.message)
    XCTAssertEqual(
      try driver.flow(),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)",
      ])
    let again = try delegate.call(complete(animation, true))
    XCTAssertEqual(again.error.code, .notFound)
    XCTAssertTrue(again.error.message.contains("no longer running"), again.error.message)
    XCTAssertEqual(try driver.tree(window).root.children.map(\.identifier), ["A", "B"])
  }

  func testWithoutAnEndTheDaemonEndsItAfterTheGraceOrWhenTheDelegateLeaves() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let window = try navigationWindow(driver, delegate, timeoutMs: 200)
    let first = try remotePush(driver, delegate, "B", duration: 0.3)
    XCTAssertEqual(first.graceMs, 200)
    _ = try driver.flow()
    try driver.advance(window, 0.45)
    XCTAssertEqual(try driver.flow(), [])
    try driver.advance(window, 0.05)
    XCTAssertEqual(
      try driver.flow(),
      [
        "Nav.delegate#1 fallback(timeout)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
        "B.didMove(Nav)", "Nav.didShow(B, true)",
      ])
    let late = try delegate.call(complete(first, true))
    XCTAssertTrue(
      late.error.message.contains("did not complete it within 0.5 s"), late.error.message)

    _ = try remotePush(driver, delegate, "C", duration: 0.3)
    _ = try driver.flow()
    delegate.close()
    try driver.sync()
    XCTAssertEqual(
      try driver.flow(),
      [
        "Nav.delegate#2 fallback(disconnected)", "B.viewDidDisappear(true)",
        "C.viewDidAppear(true)", "C.didMove(Nav)", "Nav.didShow(C, true)",
      ])
    XCTAssertEqual(try driver.tree(window).root.children.map(\.identifier), ["A", "B", "C"])
  }

  func testAnInteractivePopRunByARemoteAnimatorIsCancelledByTheClient() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let window = try navigationWindow(driver, delegate, stack: ["A", "B"])
    let began = try driver.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("Nav")
    }
    XCTAssertEqual(began.error.code, .unspecified, began.error.message)
    let call = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertTrue(call.arguments.interactive)
    _ = try delegate.call {
      $0.delegateReply.callID = call.callID
      $0.delegateReply.answer.remoteAnimator.duration = 0.25
    }
    let animation = try XCTUnwrap(try delegate.nextAnimation())
    XCTAssertTrue(animation.interactive)
    XCTAssertEqual(animation.kind, "pop")
    // Frames keep it alive past the duration plus the grace.
    for _ in 0..<3 {
      try driver.advance(window, 8)
      XCTAssertEqual(try delegate.call(frame(animation, percent: 0.3)).error.code, .unspecified)
    }
    _ = try driver.flow()
    XCTAssertEqual(try delegate.call(complete(animation, false)).error.code, .unspecified)
    try driver.sync()
    let transitions = driver.takeEvents().filter { $0.category == .transition }.map(\.text)
    XCTAssertEqual(
      transitions, ["t1.interactionChanged(cancelled: true)", "t1.ended(cancelled: true)"])
    XCTAssertEqual(try driver.tree(window).root.children.map(\.identifier), ["A", "B"])
  }

  func testATransitionRunByARemoteAnimatorIsSettledAfterAKill() throws {
    let first = try startDaemon()
    let driver = try TestClient(path: first.socketPath, name: "driver")
    let delegate = try TestClient(path: first.socketPath, name: "delegate")
    let window = try navigationWindow(driver, delegate)
    let animation = try remotePush(driver, delegate, "B", duration: 0.3)
    XCTAssertEqual(
      try delegate.call(frame(animation, percent: 0.4, [(animation.toViewID, .alpha, alpha(0.4))]))
        .error.code, .unspecified)
    first.kill9()

    let second = try startDaemon()
    defer { second.stop() }
    let again = try TestClient(path: second.socketPath, name: "again")
    try again.call { $0.waitIdle.windowID = window }
    XCTAssertEqual(
      try again.tree(window).root.children.map(\.identifier), ["A", "B"],
      "a non-interactive transition completes at the restart")
    let late = try again.call(complete(animation, true))
    XCTAssertEqual(late.error.code, .notFound)
  }
}
