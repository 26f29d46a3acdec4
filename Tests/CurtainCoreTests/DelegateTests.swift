import XCTest

@testable import CurtainCore

/// Remote delegates in the model (docs/delegates.md): which questions an
/// operation asks, in which order, and what each answer (or its absence)
/// changes. The daemon's side (sending, timeouts) is in the daemon tests.
final class DelegateTests: XCTestCase {
  let client = OwnerID(7)
  let other = OwnerID(8)

  /// The to-view slides in from the right over `duration` seconds.
  static func slide(_ duration: Double) -> AnimatorSpec {
    AnimatorSpec(
      duration: duration,
      tracks: [
        TrackSpec(
          target: .toView, property: .frame, from: .containerOffset(.finalFrame, dx: 1, dy: 0),
          to: .finalFrame, timing: .linear)
      ])
  }

  private func slide(_ duration: Double) -> AnimatorSpec { Self.slide(duration) }

  private func navigationWithDelegate() -> Harness {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    XCTAssertEqual(
      try h.session.setDelegate(
        of: h.id("Nav"), roles: [.navigation], delegate: client, timeout: 0.5), [])
    return h
  }

  func testAPushAsksTheNavigationDelegateAndWaitsForItsAnimator() throws {
    let h = navigationWithDelegate()
    h.make(.content, "B")
    h.make(.content, "C")
    let ticket = try XCTUnwrap(
      h.run(.push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil)))
    XCTAssertEqual(ticket.delegateCall, 1)
    XCTAssertNil(ticket.transition)
    XCTAssertFalse(ticket.isCompleted)
    XCTAssertFalse(h.window.isIdle)
    XCTAssertEqual(h.lifecycle(), ["Nav.delegate#1.navigationAnimationController(push, A → B)"])
    let calls = h.session.takeIssuedDelegateCalls()
    XCTAssertEqual(calls.map(\.id), [1])
    XCTAssertEqual(calls.first?.delegate, client)
    XCTAssertEqual(calls.first?.timeout, 0.5)
    XCTAssertEqual(
      calls.first?.arguments, DelegateArguments(operation: "push", from: h.id("A"), to: h.id("B")))
    // A later operation waits behind the question, as behind a transition.
    let queued = try XCTUnwrap(
      h.run(.push(navigation: h.id("Nav"), controller: h.id("C"), animated: false, animator: nil)))
    XCTAssertEqual(queued.position, 1)
    h.advance(5)
    XCTAssertEqual(h.lifecycle(), [], "nothing moves while the delegate is asked")
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])

    XCTAssertTrue(try h.session.answerDelegateCall(1, .animator(slide(1)), from: client))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Nav.delegate#1 → animator(1 s, 1 tracks)", "B.willMove(Nav)", "B.viewDidLoad",
        "Nav.willShow(B, true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])
    XCTAssertEqual(h.window.transitions.first?.duration, 1, "the delegate's animator runs")
    h.advance(1)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)", "C.willMove(Nav)", "C.viewDidLoad", "Nav.willShow(C, false)",
        "B.viewWillDisappear(false)", "C.viewWillAppear(false)", "B.viewDidDisappear(false)",
        "C.viewDidAppear(false)", "C.didMove(Nav)", "Nav.didShow(C, false)",
      ], "the non-animated push asks nothing (UIKit asks only for animated transitions)")
    XCTAssertTrue(h.window.isIdle)
  }

  func testAFallbackRunsUIKitsDefaultAndALateAnswerIsIgnored() throws {
    let h = navigationWithDelegate()
    h.push("Nav", "B")
    _ = h.events()
    XCTAssertTrue(h.session.failDelegateCall(1, .timeout))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Nav.delegate#1 fallback(timeout)", "B.willMove(Nav)", "B.viewDidLoad",
        "Nav.willShow(B, true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])
    XCTAssertEqual(h.window.transitions.first?.duration, 0.35, "UIKit's push")
    XCTAssertFalse(try h.session.answerDelegateCall(1, .useDefault, from: client), "late: ignored")
    XCTAssertFalse(h.session.failDelegateCall(1, .timeout))
    XCTAssertEqual(h.lifecycle(), [])
    XCTAssertThrowsError(try h.session.answerDelegateCall(2, .useDefault, from: client)) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .notFound, "never asked")
    }
  }

  func testAMalformedAnswerFallsBackWithItsReason() throws {
    let h = navigationWithDelegate()
    h.push("Nav", "B")
    _ = h.events()
    XCTAssertThrowsError(try h.session.answerDelegateCall(1, .useDefault, from: other)) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .notOwner)
    }
    XCTAssertTrue(try h.session.answerDelegateCall(1, .bool(true), from: client))
    XCTAssertEqual(
      h.lifecycle().first,
      "Nav.delegate#1 fallback(malformed: navigationController(_:animationControllerFor:from:to:) "
        + "answers an animation controller, not yes or no)")
    XCTAssertEqual(h.window.transitions.first?.duration, 0.35)
  }

  func testADisconnectedDelegateFallsBackAndIsNotAskedAgain() throws {
    let h = navigationWithDelegate()
    h.push("Nav", "B")
    _ = h.events()
    XCTAssertTrue(h.session.dropDelegates(of: client))
    XCTAssertEqual(h.lifecycle().first, "Nav.delegate#1 fallback(disconnected)")
    h.settle()
    _ = h.events()
    h.pop("Nav")
    XCTAssertEqual(h.lifecycle().first, "B.willMove(nil)", "no delegate any more: nothing asked")
    XCTAssertNil(h.session.delegate(of: h.id("Nav"), role: .navigation))
  }

  func testAPopAsksWithThePopOperationAndAnInvalidOperationFailsBeforeAsking() throws {
    let h = navigationWithDelegate()
    h.push("Nav", "B", animated: false)
    _ = h.events()
    h.run(.popToRoot(navigation: h.id("Nav"), animated: true, animator: nil))
    XCTAssertEqual(h.lifecycle(), ["Nav.delegate#1.navigationAnimationController(pop, B → A)"])
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    h.settle()
    _ = h.events()
    // Pushing a controller already in the stack fails at once: no question.
    XCTAssertEqual(
      h.error(.push(navigation: h.id("Nav"), controller: h.id("A"), animated: true, animator: nil))?
        .code, .invalidArgument)
    XCTAssertEqual(h.lifecycle(), [])
    XCTAssertTrue(h.session.takeIssuedDelegateCalls().allSatisfy { $0.id == 1 })
  }

  func testASecondRegistrationReplacesTheFirstAndClearingIsTheOwnersOnly() throws {
    let h = navigationWithDelegate()
    let replaced = try h.session.setDelegate(
      of: h.id("Nav"), roles: [.navigation, .tabBar], delegate: other, timeout: 1)
    XCTAssertEqual(replaced.map(\.delegate), [client])
    XCTAssertEqual(h.session.delegate(of: h.id("Nav"), role: .navigation)?.delegate, other)
    XCTAssertThrowsError(
      try h.session.clearDelegate(of: h.id("Nav"), roles: [.navigation], delegate: client)
    ) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .notOwner)
    }
    try h.session.clearDelegate(of: h.id("Nav"), roles: [], delegate: other)
    XCTAssertTrue(h.session.delegateRegistrations.isEmpty)
    XCTAssertThrowsError(
      try h.session.setDelegate(
        of: h.id("Nav"), roles: [], delegate: client, timeout: 1)
    ) { XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument) }
    XCTAssertThrowsError(
      try h.session.setDelegate(
        of: h.id("Nav"), roles: [.navigation], delegate: client, timeout: .nan)
    ) { XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument) }
  }

  // Changed deliberately (issue 37 §3, SEMANTICS §3 "Code and user are told
  // apart"): a selection made by code used to ask `shouldSelect` first, and
  // a "no" blocked it. UIKit asks that only of a user's tap on an item; code
  // asks the delegate only for the switch's animation controller.
  func testASelectionByCodeAsksNoShouldSelectOnlyTheAnimator() throws {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.setRoot("Tabs")
    for name in ["A", "B"] { h.make(.content, name) }
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("A"), h.id("B")]))
    try h.session.setDelegate(of: h.id("Tabs"), roles: [.tabBar], delegate: client, timeout: 0.5)
    _ = h.events()
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .index(1), animator: nil))
    XCTAssertEqual(h.lifecycle(), ["Tabs.delegate#1.tabBarAnimationController(A → B)"])
    try h.session.answerDelegateCall(1, .animator(slide(0.5)), from: client)
    XCTAssertEqual(h.window.transitions.first?.duration, 0.5, "the tab switch animates")
    h.settle()
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 1)
    _ = h.events()

    // Selecting the tab already selected asks nothing at all.
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .index(1), animator: nil))
    XCTAssertEqual(h.lifecycle(), [])
    XCTAssertNil(h.session.delegates.open.keys.min())
    XCTAssertTrue(h.window.isIdle)
  }

  func testClosingTheWindowWithdrawsTheQuestion() throws {
    let h = navigationWithDelegate()
    h.push("Nav", "B")
    XCTAssertNotNil(h.session.openDelegateCall(1))
    _ = try h.session.closeWindow(h.window.id)
    XCTAssertNil(h.session.openDelegateCall(1))
    XCTAssertFalse(try h.session.answerDelegateCall(1, .useDefault, from: client))
  }

  func testASnapshotKeepsRegistrationsAndWaitsForOpenQuestions() throws {
    let h = navigationWithDelegate()
    let snapshot = try h.session.snapshot()
    XCTAssertEqual(snapshot.delegates.map(\.delegate), [client])
    let restored = try snapshot.throughImage()
    XCTAssertEqual(restored, snapshot)
    let session = try Session.restore(restored)
    XCTAssertEqual(session.delegateRegistrations, h.session.delegateRegistrations)
    h.push("Nav", "B")
    XCTAssertThrowsError(try h.session.snapshot()) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .busy)
    }
    // A restart lets the question fall back and ends every registration.
    h.session.dropAllDelegates(.restarted)
    XCTAssertTrue(h.session.delegateRegistrations.isEmpty)
    XCTAssertEqual(h.lifecycle().suffix(6).first, "Nav.delegate#1 fallback(restarted)")
  }
}

extension DelegateTests {
  func testAPresentationAsksTheTransitioningDelegateOfThePresented() throws {
    let h = navigationWithDelegate()
    h.make(.content, "Modal")
    try h.session.setDelegate(
      of: h.id("Modal"), roles: [.transitioning], delegate: other, timeout: 1)
    let ticket = h.run(
      .present(
        presenter: h.id("Nav"), controller: h.id("Modal"), animated: true, animator: nil,
        adaptiveStyle: nil))
    XCTAssertEqual(ticket?.delegateCall, 1)
    XCTAssertEqual(h.session.takeIssuedDelegateCalls().map(\.delegate), [other])
    XCTAssertEqual(
      h.lifecycle(), ["Modal.delegate#1.animationControllerForPresented(Nav → Modal)"])
  }

  // MARK: Adaptive presentation delegate

  /// Nav[A] in a compact-width window (the default phone) and Modal, whose
  /// adaptive delegate is `client` (and transitioning delegate `other`
  /// when `transitioning`).
  private func adaptiveHarness(transitioning: Bool = false) throws -> Harness {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "Modal")
    try h.session.setDelegate(
      of: h.id("Modal"), roles: [.adaptivePresentation], delegate: client, timeout: 1)
    if transitioning {
      try h.session.setDelegate(
        of: h.id("Modal"), roles: [.transitioning], delegate: other, timeout: 1)
    }
    _ = h.events()
    return h
  }

  @discardableResult
  private func presentModal(
    _ h: Harness, style: ModalPresentationStyle, animated: Bool = true,
    adaptiveStyle: ModalPresentationStyle? = nil
  ) -> OperationTicket? {
    h.run(
      .present(
        presenter: h.id("Nav"), controller: h.id("Modal"), animated: animated, animator: nil,
        adaptiveStyle: adaptiveStyle, options: PresentOptions(style: style)))
  }

  func testTheAdaptiveDelegateChoosesTheStyleBeforeTheAnimatorIsAsked() throws {
    let h = try adaptiveHarness(transitioning: true)
    let ticket = try XCTUnwrap(presentModal(h, style: .pageSheet))
    XCTAssertEqual(ticket.delegateCall, 1)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Modal.delegate#1.adaptivePresentationStyle(Nav → Modal, pageSheet, compact width, "
          + "regular height)"
      ])
    let call = try XCTUnwrap(h.session.takeIssuedDelegateCalls().first)
    XCTAssertEqual(call.method, .adaptivePresentationStyle)
    XCTAssertEqual(call.delegate, client)
    XCTAssertEqual(call.arguments.style, .pageSheet)
    XCTAssertEqual(call.arguments.traits, h.window.traitCollection)
    XCTAssertTrue(try h.session.answerDelegateCall(1, .style(.fullScreen), from: client))
    // Then the transitioning delegate, of the same presentation.
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Modal.delegate#1 → style(fullScreen)",
        "Modal.delegate#2.animationControllerForPresented(Nav → Modal)",
      ])
    XCTAssertEqual(h.session.takeIssuedDelegateCalls().map(\.delegate), [other])
    try h.session.answerDelegateCall(2, .useDefault, from: other)
    h.settle()
    let presentation = try XCTUnwrap(h.controller("Modal").presentation)
    XCTAssertEqual(presentation.style, .fullScreen, "the delegate's style, not a card")
    XCTAssertFalse(presentation.isCard)
    XCTAssertEqual(presentation.adaptiveStyle, .fullScreen)
    XCTAssertNil(h.controller("Nav").viewIfLoaded?.superview, "full screen removes the presenter")
    // The answer is kept: regular shows the requested style, compact the
    // answered one again, without another question.
    try h.window.resize(PresentationTests.regular)
    h.settle()
    XCTAssertEqual(presentation.style, .pageSheet)
    try h.window.resize(WindowMetrics())
    h.settle()
    XCTAssertEqual(presentation.style, .fullScreen)
    XCTAssertTrue(h.session.takeIssuedDelegateCalls().isEmpty)
  }

  func testAnAdaptiveAnswerOfNoneKeepsTheSheetAndAStyleUIKitIgnoresFallsBack() throws {
    let h = try adaptiveHarness()
    presentModal(h, style: .formSheet, animated: false)
    try h.session.answerDelegateCall(1, .style(.none), from: client)
    XCTAssertEqual(h.lifecycle().dropFirst().first, "Modal.delegate#1 → style(none)")
    XCTAssertEqual(h.controller("Modal").presentation?.style, .formSheet)
    XCTAssertEqual(h.controller("Modal").presentation?.isCard, false, "not adapted at all")
    h.run(.dismiss(controller: h.id("Modal"), animated: false, animator: nil))
    _ = h.events()

    presentModal(h, style: .formSheet, animated: false)
    try h.session.answerDelegateCall(2, .style(.popover), from: client)
    XCTAssertEqual(
      h.lifecycle().dropFirst().first,
      "Modal.delegate#2 fallback(malformed: adaptivePresentationStyle(for:traitCollection:) may "
        + "answer none, fullScreen, overFullScreen or formSheet, not popover)")
    XCTAssertEqual(h.session.takeDelegateFallbacks(), ["malformed"])
    // UIKit's own adaptation: a form sheet in compact width is a card.
    XCTAssertEqual(h.controller("Modal").presentation?.style, .formSheet)
    XCTAssertEqual(h.controller("Modal").presentation?.isCard, true)
    h.run(.dismiss(controller: h.id("Modal"), animated: false, animator: nil))
    _ = h.events()

    presentModal(h, style: .pageSheet, animated: false)
    try h.session.answerDelegateCall(3, .bool(true), from: client)
    XCTAssertEqual(
      h.lifecycle().dropFirst().first,
      "Modal.delegate#3 fallback(malformed: adaptivePresentationStyle(for:traitCollection:) "
        + "answers a presentation style, not yes or no)")
  }

  func testAStyleThatNeverAdaptsAsksNoAdaptiveQuestion() throws {
    let h = try adaptiveHarness()
    let ticket = try XCTUnwrap(presentModal(h, style: .fullScreen, animated: false))
    XCTAssertEqual(ticket.delegateCall, nil)
    XCTAssertTrue(ticket.isCompleted)
    XCTAssertTrue(h.session.takeIssuedDelegateCalls().isEmpty)
    XCTAssertEqual(h.controller("Modal").presentation?.style, .fullScreen)
  }

  func testAPulledDownSheetAsksShouldDismissFirstAndStaysWhenTold() throws {
    let h = try adaptiveHarness(transitioning: true)
    presentModal(h, style: .pageSheet, animated: false)
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    XCTAssertEqual(h.controller("Modal").presentation?.isCard, true)
    _ = h.events()
    _ = h.session.takeIssuedDelegateCalls()

    let declined = try h.session.submit(
      .beginInteractiveDismiss(controller: h.id("Modal"), animator: nil),
      options: OperationOptions(owner: client))
    XCTAssertEqual(declined.delegateCall, 2)
    XCTAssertEqual(
      h.lifecycle(),
      ["Modal.delegate#2.presentationControllerShouldDismiss(nil → Modal, interactive)"])
    XCTAssertEqual(
      h.session.takeIssuedDelegateCalls().map(\.method), [.presentationControllerShouldDismiss])
    try h.session.answerDelegateCall(2, .bool(false), from: client)
    XCTAssertEqual(h.lifecycle(), ["Modal.delegate#2 → false"], "declined: no animator asked")
    XCTAssertTrue(h.window.isIdle)
    XCTAssertEqual(h.controller("Nav").presentedViewController?.name, "Modal", "still presented")

    let allowed = try h.session.submit(
      .beginInteractiveDismiss(controller: h.id("Modal"), animator: nil),
      options: OperationOptions(owner: client))
    XCTAssertEqual(allowed.delegateCall, 3)
    try h.session.answerDelegateCall(3, .bool(true), from: client)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Modal.delegate#3.presentationControllerShouldDismiss(nil → Modal, interactive)",
        "Modal.delegate#3 → true",
        "Modal.delegate#4.animationControllerForDismissed(nil → Modal, interactive)",
      ])
    try h.session.answerDelegateCall(4, .useDefault, from: other)
    let transition = try XCTUnwrap(h.window.transitions.first?.id)
    try h.window.finishInteraction(transition, by: client)
    h.settle()
    XCTAssertNil(h.controller("Nav").presentedViewController, "dismissed")
  }
}
