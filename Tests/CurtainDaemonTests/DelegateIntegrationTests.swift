import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Remote delegates over the real protocol (docs/delegates.md): a client
/// registers as a controller's delegate, the daemon asks it with
/// DelegateCall and waits (holding only that window's queue) for its
/// DelegateReply; a timeout, a disconnect or a malformed answer falls back
/// to UIKit's default with an event saying why; a late answer is ignored.
final class DelegateIntegrationTests: StateDirectoryTestCase {
  /// A manual window subscribed to its events with Nav[A] as its root.
  private func navigationWindow(_ client: TestClient, extra: [String] = ["B", "C"]) throws
    -> UInt64
  {
    let window = try client.makeWindow()
    try client.make(.navigation, "Nav")
    try client.make(.content, ["A"] + extra)
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A")]
    }
    try client.setRoot(window, "Nav")
    _ = try client.flow()
    return window
  }

  @discardableResult
  private func register(
    _ delegate: TestClient, _ controller: String, _ roles: [Curtain_V1_DelegateRole],
    timeoutMs: UInt32 = 10_000
  ) throws -> WireResponse {
    try delegate.call {
      $0.setDelegate.controller = controllerRef(controller)
      $0.setDelegate.roles = roles
      $0.setDelegate.timeoutMs = timeoutMs
    }
  }

  private func push(_ client: TestClient, _ name: String, wait: Curtain_V1_WaitUntil = .accepted)
    throws -> WireResponse
  {
    try client.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef(name)
      $0.waitUntil = wait
    }
  }

  private func reply(
    _ delegate: TestClient, _ call: UInt64, _ build: (inout Curtain_V1_DelegateAnswer) -> Void
  ) throws -> WireResponse {
    try delegate.call {
      $0.delegateReply.callID = call
      build(&$0.delegateReply.answer)
    }
  }

  private func slide(duration: Double) -> Curtain_V1_AnimatorSpec {
    var spec = Curtain_V1_AnimatorSpec()
    spec.duration = duration
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

  func testADelegateAnswersAPushWithItsAnimatorAndTheOperationWaitsForIt() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let window = try navigationWindow(driver)
    XCTAssertEqual(try register(delegate, "Nav", [.navigation]).error.code, .unspecified)

    let accepted = try push(driver, "B")
    XCTAssertEqual(accepted.operation.delegateCallID, 1)
    XCTAssertEqual(accepted.operation.queuePosition, 0)
    XCTAssertEqual(accepted.operation.transitionID, 0)
    XCTAssertFalse(accepted.operation.completed)
    let call = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(call.callID, 1)
    XCTAssertEqual(call.method, .navigationAnimationController)
    XCTAssertEqual(call.role, .navigation)
    XCTAssertEqual(call.windowID, window)
    XCTAssertEqual(call.timeoutMs, 10_000)
    XCTAssertEqual(call.arguments.operation, "push")
    let ids = try driver.call { $0.listControllers = .init() }.controllers.controllers
    let idOf = Dictionary(uniqueKeysWithValues: ids.map { ($0.identifier, $0.id) })
    XCTAssertEqual(call.arguments.fromID, idOf["A"])
    XCTAssertEqual(call.arguments.toID, idOf["B"])
    // A second push waits behind the question; the clock moving changes
    // nothing.
    let queued = try push(driver, "C")
    XCTAssertEqual(queued.operation.queuePosition, 1)
    try driver.advance(window, 2)
    XCTAssertEqual(
      try driver.flow(), ["Nav.delegate#1.navigationAnimationController(push, A → B)"])

    let answered = try reply(delegate, 1) { $0.animator = slide(duration: 1) }
    XCTAssertTrue(answered.delegateReply.accepted)
    XCTAssertEqual(
      try driver.flow(),
      [
        "Nav.delegate#1 → animator(1 s, 1 tracks)", "B.willMove(Nav)", "B.viewDidLoad",
        "Nav.willShow(B, true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])
    try driver.advance(window, 1)
    let flow = try driver.flow()
    XCTAssertEqual(
      Array(flow.prefix(5)),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)", "Nav.delegate#2.navigationAnimationController(push, B → C)",
      ], "the delegate's 1 s animator ran; then the queued push asks in turn")
    XCTAssertEqual(try delegate.nextDelegateCall()?.callID, 2)
    // A late or repeated answer is ignored; a call never asked is NOT_FOUND;
    // another client cannot answer.
    XCTAssertFalse(try reply(delegate, 1) { $0.yes = true }.delegateReply.accepted)
    XCTAssertEqual(try reply(delegate, 99) { _ in }.error.code, .notFound)
    XCTAssertEqual(try reply(driver, 2) { _ in }.error.code, .notOwner)
    XCTAssertTrue(try reply(delegate, 2) { _ in }.delegateReply.accepted)
    XCTAssertEqual(try driver.flow().first, "Nav.delegate#2 → default")
  }

  func testATimeoutADisconnectAndAMalformedAnswerFallBackToUIKitsDefault() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let window = try navigationWindow(driver, extra: ["B", "C", "D", "E"])

    // Timeout: the push starts once 50 ms passed (wait_until STARTED).
    let slow = try TestClient(path: daemon.socketPath, name: "slow")
    try register(slow, "Nav", [.navigation], timeoutMs: 50)
    let started = try push(driver, "B", wait: .started)
    XCTAssertEqual(started.error.code, .unspecified, started.error.message)
    XCTAssertNotEqual(started.operation.transitionID, 0, "it started, with UIKit's push")
    XCTAssertEqual(
      Array(try driver.flow().prefix(2)),
      [
        "Nav.delegate#1.navigationAnimationController(push, A → B)",
        "Nav.delegate#1 fallback(timeout)",
      ])
    XCTAssertFalse(
      try reply(slow, 1) { $0.animator = slide(duration: 1) }.delegateReply.accepted,
      "a late answer is ignored")
    XCTAssertEqual(slow.takeDelegateCalls().map(\.callID), [1])
    try driver.advance(window, 1)

    // Disconnect mid-call.
    try register(slow, "Nav", [.navigation])
    _ = try push(driver, "C")
    XCTAssertEqual(try slow.nextDelegateCall()?.callID, 2)
    slow.close()
    // The daemon notices the closed connection on its own time.
    var flow: [String] = []
    for _ in 0..<100 where !flow.contains("Nav.delegate#2 fallback(disconnected)") {
      try driver.drain(timeout: 0.05)
      flow += driver.takeEvents().map(\.text)
    }
    XCTAssertTrue(flow.contains("Nav.delegate#2 fallback(disconnected)"), "\(flow)")
    try driver.advance(window, 1)
    _ = try driver.flow()

    // Malformed: yes/no where an animator is asked, then an invalid animator.
    let garbled = try TestClient(path: daemon.socketPath, name: "garbled")
    try register(garbled, "Nav", [.navigation])
    _ = try push(driver, "D")
    XCTAssertTrue(try reply(garbled, 3) { $0.yes = true }.delegateReply.accepted)
    try driver.advance(window, 1)
    _ = try push(driver, "E")
    XCTAssertTrue(
      try reply(garbled, 4) { $0.animator = slide(duration: -1) }.delegateReply.accepted)
    try driver.advance(window, 1)
    let fallbacks = try driver.flow().filter { $0.contains("fallback") }
    XCTAssertEqual(
      fallbacks,
      [
        "Nav.delegate#3 fallback(malformed: navigationController(_:animationControllerFor:from:to:) "
          + "answers an animation controller, not yes or no)",
        "Nav.delegate#4 fallback(malformed: Transition duration must be between 0 and 3600 "
          + "seconds, got -1)",
      ])
    let stack = try driver.tree(window)
    XCTAssertTrue(stack.description_p.contains("E"), stack.description_p)
    let families = try driver.call { $0.getMetrics = .init() }.metrics.families
    func count(_ name: String, _ labels: [String] = []) -> Double? {
      families.first { $0.name == name }?.samples.first { $0.labelValues == labels }?.value
    }
    XCTAssertEqual(count("curtain_delegate_calls_total"), 4)
    XCTAssertEqual(count("curtain_delegate_fallbacks_total", ["timeout"]), 1)
    XCTAssertEqual(count("curtain_delegate_fallbacks_total", ["disconnected"]), 1)
    XCTAssertEqual(count("curtain_delegate_fallbacks_total", ["malformed"]), 2)
  }

  func testASecondDelegateReplacesTheFirstAndReadOnlyClientsCannotRegister() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    _ = try navigationWindow(driver)
    let first = try TestClient(path: daemon.socketPath, name: "first")
    let second = try TestClient(path: daemon.socketPath, name: "second")
    try register(first, "Nav", [.navigation])
    try register(second, "Nav", [.navigation, .tabBar])
    try first.sync()
    let notices = first.takeEvents().filter { $0.delegate.phase == .replaced }
    XCTAssertEqual(
      notices.map(\.text),
      ["Nav.delegate(navigation) replaced by client \(second.connection.welcome?.clientID ?? 0)"])
    XCTAssertEqual(notices.first?.seq, 0)
    _ = try push(driver, "B")
    XCTAssertEqual(try second.nextDelegateCall()?.callID, 1, "the call goes to the second")
    XCTAssertTrue(first.takeDelegateCalls().isEmpty)
    // The first cannot clear the second's registration; the second can,
    // and its open question falls back.
    XCTAssertEqual(
      try first.call {
        $0.clearDelegate_p.controller = controllerRef("Nav")
      }.error.code, .notOwner)
    XCTAssertEqual(
      try second.call {
        $0.clearDelegate_p.controller = controllerRef("Nav")
        $0.clearDelegate_p.roles = [.navigation]
      }.error.code, .unspecified)
    XCTAssertTrue(try driver.flow().contains("Nav.delegate#1 fallback(cleared)"))

    let readOnly = try CurtainClient(endpoint: .unix(path: daemon.socketPath))
    defer { readOnly.close() }
    try readOnly.hello(clientName: "reader", capabilities: ["read-only"])
    var request = WireRequest()
    request.setDelegate.controller = controllerRef("Nav")
    request.setDelegate.roles = [.navigation]
    XCTAssertThrowsError(try readOnly.call(request)) {
      XCTAssertEqual("\($0)", "PERMISSION_DENIED: A read-only client cannot send setDelegate")
    }
    // Unknown roles, and none, are refused.
    XCTAssertEqual(try register(first, "Nav", [.unspecified]).error.code, .invalidArgument)
    XCTAssertEqual(try register(first, "Nav", []).error.code, .invalidArgument)
    XCTAssertEqual(try register(first, "Missing", [.navigation]).error.code, .notFound)
  }

  /// Tabs [T1, T2], the root of a new window of `driver`, with `delegate`
  /// as its tab bar delegate; the window's id.
  private func tabWindow(_ driver: TestClient, delegate: TestClient) throws -> UInt64 {
    let window = try driver.makeWindow()
    try driver.make(.tabBar, "Tabs")
    try driver.make(.content, "T1", "T2")
    try driver.call {
      $0.setTabs.tabBar = controllerRef("Tabs")
      $0.setTabs.controllers = [controllerRef("T1"), controllerRef("T2")]
    }
    try driver.setRoot(window, "Tabs")
    try register(delegate, "Tabs", [.tabBar])
    return window
  }

  // Changed deliberately (issue 37 §3): `SelectTab` is a selection by code,
  // which UIKit does not ask `shouldSelect` about (only a user's tap is); it
  // asks the delegate for the switch's animation controller only.
  func testATabBarDelegateAnimatesASelectionByCodeWithoutShouldSelect() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let window = try tabWindow(driver, delegate: delegate)
    _ = try driver.flow()
    let selected = try driver.call {
      $0.selectTab.tabBar = controllerRef("Tabs")
      $0.selectTab.index = 1
    }
    XCTAssertEqual(selected.operation.delegateCallID, 1)
    let animatorCall = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(animatorCall.callID, 1)
    XCTAssertEqual(animatorCall.method, .tabBarAnimationController)
    XCTAssertTrue(
      try reply(delegate, 1) { $0.animator = slide(duration: 0.5) }.delegateReply.accepted)
    try driver.advance(window, 0.5)
    let flow = try driver.flow()
    XCTAssertEqual(
      Array(flow.prefix(2)),
      [
        "Tabs.delegate#1.tabBarAnimationController(T1 → T2)",
        "Tabs.delegate#1 → animator(0.5 s, 1 tracks)",
      ])
    XCTAssertFalse(flow.contains { $0.contains("tabBarShouldSelect") }, "\(flow)")
    XCTAssertTrue(flow.contains("T2.viewDidAppear(true)"), "\(flow)")
  }

  /// The middle of the tab bar item owned by `tab`, in window coordinates,
  /// from the view tree (the tab bar controller is the window's root).
  private func itemCentre(_ client: TestClient, _ window: UInt64, owner tab: UInt64) throws
    -> Curtain_V1_Point
  {
    let tree = try client.call {
      $0.getTree.windowID = window
      $0.getTree.includeViews = true
    }.tree
    let root = try XCTUnwrap(tree.view.subviews.first)
    let bar = try XCTUnwrap(root.subviews.first { $0.role == "tabBar" })
    let item = try XCTUnwrap(
      bar.subviews.first { $0.role == "tabBarItem" && $0.controllerID == tab })
    var point = Curtain_V1_Point()
    point.x =
      root.state.frame.x + bar.state.frame.x + item.state.frame.x
      + item.state.frame.width / 2
    point.y =
      root.state.frame.y + bar.state.frame.y + item.state.frame.y
      + item.state.frame.height / 2
    return point
  }

  // Issue 37 §3: a tap on a tab bar item is the user's selection. It asks
  // `shouldSelect` (a "no" leaves the selection), then selects with the
  // delegate's animator and reports `didSelect`.
  func testATapOnATabBarItemAsksShouldSelectAndADeclinedTapChangesNothing() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let window = try tabWindow(driver, delegate: delegate)
    let tabs = try driver.tree(window).root
    let second = tabs.children[1].id
    let point = try itemCentre(driver, window, owner: second)
    XCTAssertEqual([point.x, point.y], [292.5, 785.5])
    _ = try driver.flow()
    let tap = {
      try driver.call {
        $0.tap.windowID = window
        $0.tap.point = point
      }
    }
    XCTAssertEqual(try tap().operation.delegateCallID, 1)
    let asked = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(asked.method, .tabBarShouldSelect)
    XCTAssertEqual(asked.arguments.toID, second)
    XCTAssertTrue(try reply(delegate, 1) { $0.yes = false }.delegateReply.accepted)
    XCTAssertEqual(
      try driver.flow(), ["Tabs.delegate#1.tabBarShouldSelect(T1 → T2)", "Tabs.delegate#1 → false"])
    XCTAssertEqual(try driver.tree(window).root.selectedIndex, 0)

    XCTAssertEqual(try tap().operation.delegateCallID, 2)
    XCTAssertTrue(try reply(delegate, 2) { $0.yes = true }.delegateReply.accepted)
    _ = try XCTUnwrap(try delegate.nextDelegateCall())
    let animatorCall = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(animatorCall.method, .tabBarAnimationController)
    XCTAssertTrue(
      try reply(delegate, 3) { $0.animator = slide(duration: 0.5) }.delegateReply.accepted)
    try driver.advance(window, 0.5)
    XCTAssertEqual(
      try driver.flow(),
      [
        "Tabs.delegate#2.tabBarShouldSelect(T1 → T2)", "Tabs.delegate#2 → true",
        "Tabs.delegate#3.tabBarAnimationController(T1 → T2)",
        "Tabs.delegate#3 → animator(0.5 s, 1 tracks)", "T2.viewDidLoad",
        "T2.viewWillAppear(true)", "T1.viewWillDisappear(true)", "Tabs.didSelect(T2)",
        "T1.viewDidDisappear(true)", "T2.viewDidAppear(true)",
      ])
    XCTAssertEqual(try driver.tree(window).root.selectedIndex, 1)
  }

  func testAPresentationAndItsDismissalAskTheTransitioningDelegateOfThePresented() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let window = try navigationWindow(driver, extra: ["Modal"])
    XCTAssertEqual(try register(delegate, "Modal", [.transitioning]).error.code, .unspecified)
    let presenting = try driver.call {
      $0.present.presenter = controllerRef("Nav")
      $0.present.controller = controllerRef("Modal")
      // Full screen: a sheet would keep its built-in look (SEMANTICS §5).
      $0.present.style = .fullScreen
    }
    XCTAssertEqual(presenting.operation.delegateCallID, 1, "\(presenting)")
    let presented = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(presented.method, .animationControllerForPresented)
    XCTAssertTrue(
      try reply(delegate, presented.callID) { $0.animator = slide(duration: 0.25) }
        .delegateReply.accepted)
    try driver.advance(window, 0.25)
    XCTAssertTrue(try driver.flow().contains("Modal.viewDidAppear(true)"))
    XCTAssertEqual(
      try driver.call { $0.dismiss.controller = controllerRef("Modal") }.operation.delegateCallID, 2
    )
    let dismissed = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(dismissed.method, .animationControllerForDismissed)
    XCTAssertTrue(try reply(delegate, dismissed.callID) { _ in }.delegateReply.accepted)
    try driver.advance(window, 1)
    let flow = try driver.flow()
    XCTAssertEqual(flow.first, "Modal.delegate#2.animationControllerForDismissed(nil → Modal)")
    XCTAssertTrue(flow.contains("Modal.viewDidDisappear(true)"), "\(flow)")
  }

  func testAnAdaptiveDelegateChoosesTheStyleAndKeepsAPulledDownSheet() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let window = try navigationWindow(driver, extra: ["Modal"])
    try register(delegate, "Modal", [.adaptivePresentation, .transitioning])
    let present = {
      try driver.call {
        $0.present.presenter = controllerRef("Nav")
        $0.present.controller = controllerRef("Modal")
        $0.present.style = .pageSheet
      }
    }
    XCTAssertEqual(try present().operation.delegateCallID, 1)
    let adaptive = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(adaptive.method, .adaptivePresentationStyle)
    XCTAssertEqual(adaptive.role, .adaptivePresentation)
    XCTAssertEqual(adaptive.arguments.style, .pageSheet)
    XCTAssertEqual(adaptive.arguments.traits.horizontal, .compact)
    XCTAssertEqual(adaptive.arguments.traits.vertical, .regular)
    XCTAssertTrue(try reply(delegate, 1) { $0.style = .fullScreen }.delegateReply.accepted)
    let animator = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(animator.method, .animationControllerForPresented)
    XCTAssertTrue(try reply(delegate, 2) { _ in }.delegateReply.accepted)
    try driver.advance(window, 1)
    var flow = try driver.flow()
    XCTAssertEqual(
      Array(flow.prefix(4)),
      [
        "Modal.delegate#1.adaptivePresentationStyle(Nav → Modal, pageSheet, compact width, "
          + "regular height)",
        "Modal.delegate#1 → style(fullScreen)",
        "Modal.delegate#2.animationControllerForPresented(Nav → Modal)",
        "Modal.delegate#2 → default",
      ])
    XCTAssertTrue(flow.contains("Nav.viewDidDisappear(true)"), "full screen: \(flow)")

    // A pulled-down sheet asks shouldDismiss first; "no" keeps it.
    let pull = {
      try driver.call {
        $0.beginInteractive.kind = .dismiss
        $0.beginInteractive.controller = controllerRef("Modal")
      }
    }
    XCTAssertEqual(try pull().operation.delegateCallID, 3)
    let should = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(should.method, .presentationControllerShouldDismiss)
    XCTAssertTrue(try reply(delegate, 3) { $0.yes = false }.delegateReply.accepted)
    flow = try driver.flow()
    XCTAssertEqual(
      Array(flow.prefix(2)),
      [
        "Modal.delegate#3.presentationControllerShouldDismiss(nil → Modal, interactive)",
        "Modal.delegate#3 → false",
      ])
    XCTAssertFalse(flow.contains("Modal.viewWillDisappear(true)"), "\(flow)")
    // A style that does not exist on the wire falls back (malformed).
    try driver.call { $0.dismiss.controller = controllerRef("Modal") }
    XCTAssertEqual(try delegate.nextDelegateCall()?.method, .animationControllerForDismissed)
    _ = try reply(delegate, 4) { _ in }
    try driver.advance(window, 1)
    _ = try driver.flow()
    XCTAssertEqual(try present().operation.delegateCallID, 5)
    _ = try delegate.nextDelegateCall()
    XCTAssertTrue(
      try reply(delegate, 5) { $0.style = .UNRECOGNIZED(99) }.delegateReply.accepted)
    _ = try delegate.nextDelegateCall()
    _ = try reply(delegate, 6) { _ in }
    try driver.advance(window, 1)
    flow = try driver.flow()
    XCTAssertEqual(
      flow.first { $0.hasPrefix("Modal.delegate#5 ") },
      "Modal.delegate#5 fallback(malformed: Unknown modal presentation style 99)")
    XCTAssertFalse(flow.contains("Nav.viewDidDisappear(true)"), "a card keeps Nav: \(flow)")
  }

  func testOtherWindowsKeepAnimatingWhileOneWaitsForASlowDelegate() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let silent = try TestClient(path: daemon.socketPath, name: "silent")
    _ = try navigationWindow(driver)
    try register(silent, "Nav", [.navigation], timeoutMs: 60_000)
    _ = try push(driver, "B")
    XCTAssertNotNil(try silent.nextDelegateCall())
    // A realtime window elsewhere animates a push at its frame rate.
    let other = try driver.call { $0.createWindow.frameRate = 60 }.window.id
    try driver.make(.navigation, "Nav2")
    try driver.make(.content, "X", "Y")
    try driver.call {
      $0.setStack.navigation = controllerRef("Nav2")
      $0.setStack.controllers = [controllerRef("X")]
    }
    try driver.setRoot(other, "Nav2")
    let watcher = try TestClient(path: daemon.socketPath, name: "watcher")
    try watcher.call {
      $0.subscribe.windowID = other
      $0.subscribe.frames = true
    }
    let started = Date()
    let done = try driver.call {
      $0.push.navigation = controllerRef("Nav2")
      $0.push.controller = controllerRef("Y")
      $0.waitUntil = .completed
    }
    let elapsed = Date().timeIntervalSince(started)
    XCTAssertEqual(done.error.code, .unspecified, done.error.message)
    XCTAssertTrue(done.operation.completed)
    XCTAssertLessThan(elapsed, 10, "the push did not wait for the other window's delegate")
    try watcher.drain(timeout: 0.05)
    let frames = watcher.takeFrames()
    XCTAssertGreaterThanOrEqual(frames.count, 5, "the push animated frame by frame")
    // Still waiting in the first window.
    let waiting = try driver.call { $0.listWindows = .init() }.windows.windows
    XCTAssertEqual(waiting.count, 2)
  }

  func testAReplacementWrapsAnAdaptedPopoverAndSurvivesAKill() throws {
    let first = try startDaemon()
    let driver = try TestClient(path: first.socketPath, name: "driver")
    let delegate = try TestClient(path: first.socketPath, name: "delegate")
    let window = try navigationWindow(driver, extra: ["Popover"])
    let wrapper = try driver.call {
      $0.createController.kind = .navigation
      $0.createController.identifier = "Wrapper"
    }.controller.id
    try delegate.call {
      $0.setDelegate.controller = controllerRef("Popover")
      $0.setDelegate.roles = [.adaptivePresentation]
      $0.setDelegate.timeoutMs = 10_000
      $0.setDelegate.adaptiveReplacement = true
    }
    try driver.call {
      $0.present.presenter = controllerRef("A")
      $0.present.controller = controllerRef("Popover")
      $0.present.style = .popover
      $0.present.notAnimated = true
    }
    XCTAssertEqual(try delegate.nextDelegateCall()?.method, .adaptivePresentationStyle)
    _ = try reply(delegate, 1) { _ in }
    let question = try XCTUnwrap(try delegate.nextDelegateCall())
    XCTAssertEqual(question.method, .viewControllerForAdaptivePresentationStyle)
    XCTAssertEqual(question.arguments.style, .overFullScreen)
    XCTAssertTrue(try reply(delegate, 2) { $0.controllerID = wrapper }.delegateReply.accepted)
    try driver.call { $0.waitIdle.windowID = window }
    let flow = try driver.flow()
    XCTAssertTrue(flow.contains("Popover.delegate#2 → controller(c\(wrapper))"), "\(flow)")
    XCTAssertTrue(flow.contains("Popover.didMove(Wrapper)"), "\(flow)")
    let before = try driver.tree(window).description_p
    XCTAssertTrue(before.contains("Wrapper"), before)
    first.kill9()

    let second = try startDaemon()
    defer { second.stop() }
    let again = try TestClient(path: second.socketPath, name: "again")
    try again.call { $0.waitIdle.windowID = window }
    XCTAssertEqual(try again.tree(window).description_p, before)
    // Regular: the original comes back, out of the wrapper.
    try again.call {
      $0.resizeWindow.windowID = window
      $0.resizeWindow.metrics.size.width = 820
      $0.resizeWindow.metrics.size.height = 1180
      $0.resizeWindow.metrics.idiom = .pad
      $0.resizeWindow.metrics.scale = 2
      $0.resizeWindow.notAnimated = true
    }
    try again.call { $0.waitIdle.windowID = window }
    let regular = try again.tree(window).description_p
    XCTAssertFalse(regular.contains("Wrapper"), regular)
    XCTAssertTrue(regular.contains("Popover"), regular)
  }

  func testAnAnswerAndATimeoutSurviveAKillAndNoRegistrationDoes() throws {
    let first = try startDaemon()
    let driver = try TestClient(path: first.socketPath, name: "driver")
    let delegate = try TestClient(path: first.socketPath, name: "delegate")
    let window = try navigationWindow(driver, extra: ["B", "C", "D"])
    try register(delegate, "Nav", [.navigation], timeoutMs: 50)
    XCTAssertEqual(try push(driver, "B", wait: .started).error.code, .unspecified)
    try driver.advance(window, 1)
    try delegate.sync()
    XCTAssertEqual(delegate.takeDelegateCalls().map(\.callID), [1], "asked, timed out")
    try register(delegate, "Nav", [.navigation])
    _ = try push(driver, "C")
    XCTAssertEqual(try delegate.nextDelegateCall()?.callID, 2)
    XCTAssertTrue(
      try reply(delegate, 2) { $0.animator = slide(duration: 2) }.delegateReply.accepted)
    try driver.advance(window, 2)
    _ = try push(driver, "D")
    XCTAssertEqual(try delegate.nextDelegateCall()?.callID, 3, "asked, never answered")
    let before = try driver.tree(window).description_p
    first.kill9()

    let second = try startDaemon()
    defer { second.stop() }
    let again = try TestClient(path: second.socketPath, name: "again")
    try again.call { $0.waitIdle.windowID = window }
    let after = try again.tree(window).description_p
    XCTAssertTrue(before.contains("C"), before)
    XCTAssertTrue(after.contains("D"), "the open question fell back at the restart: \(after)")
    // No registration survived: a pop asks nobody.
    try again.call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
    }
    try again.call {
      $0.pop.navigation = controllerRef("Nav")
      $0.pop.notAnimated = true
    }
    XCTAssertFalse(try again.flow().contains { $0.contains("delegate") })
  }
}
