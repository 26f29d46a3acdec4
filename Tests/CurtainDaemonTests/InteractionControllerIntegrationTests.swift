import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Interaction controllers over the real protocol (docs/delegates.md): a
/// delegate registered with `interaction` is asked its interaction-controller
/// method after it returned an animator; answering `interactive` makes the
/// transition interactive, owned by that client, which finds it in its
/// DelegateReplyResult and drives it; its disconnect cancels it.
final class InteractionControllerIntegrationTests: StateDirectoryTestCase {
  private func fade() -> Curtain_V1_AnimatorSpec {
    var spec = Curtain_V1_AnimatorSpec()
    spec.duration = 1
    var track = Curtain_V1_Track()
    track.target.role = .toView
    track.property = .alpha
    track.from.base = .value
    track.from.value.scalar = 0
    track.to.base = .value
    track.to.value.scalar = 1
    spec.tracks = [track]
    return spec
  }

  /// Nav[A] in a manual window; `delegate` its navigation delegate vending
  /// interaction controllers; B pushed and both questions answered.
  private func interactivePush(_ driver: TestClient, _ delegate: TestClient) throws -> (
    window: UInt64, result: Curtain_V1_DelegateReplyResult
  ) {
    let window = try driver.makeWindow()
    try driver.make(.navigation, "Nav")
    try driver.make(.content, ["A", "B"])
    try driver.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A")]
    }
    try driver.setRoot(window, "Nav")
    let registered = try delegate.call {
      $0.setDelegate.controller = controllerRef("Nav")
      $0.setDelegate.roles = [.navigation]
      $0.setDelegate.interaction = true
    }
    XCTAssertEqual(registered.error.code, .unspecified, registered.error.message)
    _ = try driver.flow()
    _ = try driver.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    let first = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(first.method, .navigationAnimationController)
    let animator = try delegate.call {
      $0.delegateReply.callID = first.callID
      $0.delegateReply.answer.animator = fade()
    }
    XCTAssertEqual(animator.delegateReply.transitionID, 0, "nothing began yet")
    let second = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(second.method, .navigationInteractionController)
    XCTAssertEqual(second.arguments.operation, "push")
    let answered = try delegate.call {
      $0.delegateReply.callID = second.callID
      $0.delegateReply.answer.interactive = true
    }
    XCTAssertTrue(answered.delegateReply.accepted, answered.error.message)
    return (window, answered.delegateReply)
  }

  func testTheDelegatesClientDrivesTheTransitionItsAnswerMadeInteractive() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let (window, result) = try interactivePush(driver, delegate)
    XCTAssertEqual(result.windowID, window)
    XCTAssertNotEqual(result.transitionID, 0)
    XCTAssertEqual(
      try driver.flow(),
      [
        "Nav.delegate#1.navigationAnimationController(push, A → B)",
        "Nav.delegate#1 → animator(1 s, 1 tracks)",
        "Nav.delegate#2.navigationInteractionController(push, A → B)",
        "Nav.delegate#2 → interactive", "B.willMove(Nav)", "B.viewDidLoad",
        "Nav.willShow(B, true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])
    // The pusher does not own it; the delegate does.
    let foreign = try driver.call {
      $0.updateInteractive.windowID = window
      $0.updateInteractive.transitionID = result.transitionID
      $0.updateInteractive.percent = 0.5
    }
    XCTAssertEqual(foreign.error.code, .notOwner)
    let update = try delegate.call {
      $0.updateInteractive.windowID = window
      $0.updateInteractive.transitionID = result.transitionID
      $0.updateInteractive.percent = 0.5
    }
    XCTAssertTrue(update.transition.interactive, update.error.message)
    XCTAssertEqual(update.transition.percent, 0.5)
    _ = try delegate.call {
      $0.finishInteractive.windowID = window
      $0.finishInteractive.transitionID = result.transitionID
    }
    try driver.advance(window, 1)
    XCTAssertEqual(
      try driver.flow(),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)",
      ])
    XCTAssertEqual(try driver.tree(window).root.children.map(\.identifier), ["A", "B"])
  }

  func testTheDelegateDisconnectingCancelsTheTransitionItDrives() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let (window, result) = try interactivePush(driver, delegate)
    _ = try delegate.call {
      $0.updateInteractive.windowID = window
      $0.updateInteractive.transitionID = result.transitionID
      $0.updateInteractive.percent = 0.4
    }
    _ = try driver.flow()
    delegate.close()
    try driver.sync()
    try driver.advance(window, 1)
    try driver.call { $0.waitIdle.windowID = window }
    XCTAssertEqual(try driver.tree(window).root.children.map(\.identifier), ["A"])
  }

  func testAClientWhoseInteractionsAreUnownedCannotVendInteractionControllers() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let unowned = try TestClient(
      path: daemon.socketPath, name: "script", capabilities: ["unowned-interactions"])
    try driver.make(.navigation, "Nav")
    let refused = try unowned.call {
      $0.setDelegate.controller = controllerRef("Nav")
      $0.setDelegate.roles = [.navigation]
      $0.setDelegate.interaction = true
    }
    XCTAssertEqual(refused.error.code, .invalidArgument)
    XCTAssertTrue(refused.error.message.contains("unowned-interactions"), refused.error.message)
    let animatorsOnly = try unowned.call {
      $0.setDelegate.controller = controllerRef("Nav")
      $0.setDelegate.roles = [.navigation]
    }
    XCTAssertEqual(animatorsOnly.error.code, .unspecified, animatorsOnly.error.message)
  }
}
