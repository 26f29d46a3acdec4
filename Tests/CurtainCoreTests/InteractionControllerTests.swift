import XCTest

@testable import CurtainCore

/// Interaction controllers vended by remote delegates (docs/delegates.md):
/// a delegate registered as vending them is asked its role's
/// interaction-controller method right after it returned an animator; an
/// `interactive` answer begins the transition interactive at 0 %, owned by
/// the delegate's client.
final class InteractionControllerTests: XCTestCase {
  let client = OwnerID(7)
  let other = OwnerID(8)

  private let fade = AnimatorSpec(
    duration: 1,
    tracks: [
      TrackSpec(
        target: .toView, property: .alpha, from: .scalar(0), to: .scalar(1), timing: .linear)
    ])

  private func navigation(vends: Bool) throws -> Harness {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    try h.session.setDelegate(
      of: h.id("Nav"), roles: [.navigation], delegate: client, timeout: 0.5,
      vendsInteraction: vends)
    return h
  }

  func testAnInteractiveAnswerMakesThePushInteractiveOwnedByTheDelegate() throws {
    let h = try navigation(vends: true)
    h.push("Nav", "B")
    XCTAssertEqual(h.lifecycle(), ["Nav.delegate#1.navigationAnimationController(push, A → B)"])
    try h.session.answerDelegateCall(1, .animator(fade), from: client)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Nav.delegate#1 → animator(1 s, 1 tracks)",
        "Nav.delegate#2.navigationInteractionController(push, A → B)",
      ], "asked right after the animator, before anything moves")
    XCTAssertEqual(
      h.session.takeIssuedDelegateCalls().map(\.method),
      [
        .navigationAnimationController, .navigationInteractionController,
      ])
    XCTAssertNil(h.session.transition(startedBy: 1), "the first answer started nothing")
    try h.session.answerDelegateCall(2, .interactive, from: client)
    let transition = try XCTUnwrap(h.window.transitions.first)
    XCTAssertTrue(transition.isInteractive)
    XCTAssertEqual(transition.owner, client)
    XCTAssertEqual(h.session.transition(startedBy: 2)?.transition, transition.id)
    XCTAssertEqual(h.session.transition(startedBy: 2)?.window, h.window.id)
    XCTAssertEqual(
      h.described([.lifecycle, .transition]),
      [
        "Nav.delegate#2 → interactive", "B.willMove(Nav)", "B.viewDidLoad",
        "Nav.willShow(B, true)", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        "t1.began(push, A → B, animated: true, interactive: true)",
      ])
    h.advance(5)
    XCTAssertEqual(transition.percentComplete(at: h.window.time), 0, "it waits for its driver")
    XCTAssertThrowsError(try h.window.updateInteraction(transition.id, percent: 0.5, by: other)) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .notOwner)
    }
    try h.window.updateInteraction(transition.id, percent: 0.5, by: client)
    XCTAssertEqual(h.window.presentationState(of: h.controller("B").view).alpha, 0.5)
    try h.window.finishInteraction(transition.id, by: client)
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
    XCTAssertEqual(h.session.ending(of: transition.id), .finished)
  }

  func testOnlyADelegateThatVendsThemIsAskedAndOnlyAfterAnAnimator() throws {
    let quiet = try navigation(vends: false)
    quiet.push("Nav", "B")
    _ = quiet.events()
    try quiet.session.answerDelegateCall(1, .animator(fade), from: client)
    XCTAssertFalse(quiet.lifecycle().contains { $0.contains("InteractionController") })
    XCTAssertEqual(quiet.window.transitions.first?.isInteractive, false)

    let vending = try navigation(vends: true)
    vending.push("Nav", "B")
    _ = vending.events()
    try vending.session.answerDelegateCall(1, .useDefault, from: client)
    XCTAssertFalse(
      vending.lifecycle().contains { $0.contains("InteractionController") },
      "no animator, no interaction controller (UIKit's rule)")
    XCTAssertEqual(vending.window.transitions.first?.isInteractive, false)
  }

  func testNoInteractionControllerRunsTheAnimatorByItself() throws {
    let h = try navigation(vends: true)
    h.push("Nav", "B")
    try h.session.answerDelegateCall(1, .animator(fade), from: client)
    try h.session.answerDelegateCall(2, .useDefault, from: client)
    XCTAssertEqual(h.window.transitions.first?.isInteractive, false)
    h.advance(1)
    XCTAssertTrue(h.window.isIdle)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
  }

  func testAnOperationBegunInteractiveIsNotAskedAndAWrongAnswerFallsBack() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    try h.session.setDelegate(
      of: h.id("Nav"), roles: [.navigation], delegate: client, timeout: 0.5,
      vendsInteraction: true)
    h.run(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
    try h.session.answerDelegateCall(1, .animator(fade), from: client)
    XCTAssertFalse(h.lifecycle().contains { $0.contains("InteractionController") })
    XCTAssertTrue(h.window.transitions.first?.isInteractive == true)

    let push = try navigation(vends: true)
    push.push("Nav", "B")
    try push.session.answerDelegateCall(1, .animator(fade), from: client)
    _ = push.events()
    try push.session.answerDelegateCall(2, .bool(true), from: client)
    XCTAssertEqual(
      push.lifecycle().first,
      "Nav.delegate#2 fallback(malformed: navigationController(_:interactionControllerFor:) "
        + "answers an interaction controller, not yes or no)")
    XCTAssertEqual(push.window.transitions.first?.isInteractive, false)
  }

  func testAnInteractivePresentationCancelledByItsDelegateLeavesNothingPresented() throws {
    let h = Harness()
    h.make(.content, "Root")
    h.setRoot("Root")
    h.make(.content, "Sheet")
    try h.session.setDelegate(
      of: h.id("Sheet"), roles: [.transitioning], delegate: client, timeout: 0.5,
      vendsInteraction: true)
    h.run(
      .present(
        presenter: h.id("Root"), controller: h.id("Sheet"), animated: true, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .fullScreen)))
    try h.session.answerDelegateCall(1, .animator(fade), from: client)
    XCTAssertEqual(
      h.lifecycle().last,
      "Sheet.delegate#2.interactionControllerForPresentation(Root → Sheet)")
    try h.session.answerDelegateCall(2, .interactive, from: client)
    let transition = try XCTUnwrap(h.window.transitions.first)
    XCTAssertEqual(transition.kind, .presentation)
    XCTAssertEqual(transition.owner, client)
    try h.window.updateInteraction(transition.id, percent: 0.3, by: client)
    try h.window.cancelInteraction(transition.id, by: client)
    h.settle()
    XCTAssertNil(h.controller("Root").presentedViewController)
  }

  func testTheDelegateLeavingCancelsTheTransitionItDrives() throws {
    let h = try navigation(vends: true)
    h.push("Nav", "B")
    try h.session.answerDelegateCall(1, .animator(fade), from: client)
    try h.session.answerDelegateCall(2, .interactive, from: client)
    XCTAssertTrue(h.window.holdsInteraction(client))
    XCTAssertEqual(h.window.cancelInteractions(ownedBy: client).count, 1)
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])
  }

  func testARemoteAnimatorWithAnInteractionControllerRunsInteractive() throws {
    let h = try navigation(vends: true)
    h.push("Nav", "B")
    try h.session.answerDelegateCall(1, .remoteAnimator(duration: 0.3), from: client)
    try h.session.answerDelegateCall(2, .interactive, from: client)
    let handed = try XCTUnwrap(h.session.takeRemoteAnimations().first)
    XCTAssertTrue(handed.context.isInteractive)
    let transition = try XCTUnwrap(h.window.transitions.first)
    try h.window.applyRemoteFrame(transition.id, percent: 0.5, values: [], by: client)
    try h.window.completeRemoteTransition(transition.id, didComplete: true, by: client)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
    XCTAssertEqual(h.session.ending(of: transition.id), .finished)
  }

  func testASnapshotKeepsWhichRegistrationsVendInteractionControllers() throws {
    let h = try navigation(vends: true)
    try h.session.setDelegate(
      of: h.id("A"), roles: [.transitioning], delegate: other, timeout: 0.25)
    let snapshot = try h.session.snapshot()
    let decoded = try snapshot.throughImage()
    XCTAssertEqual(
      decoded.delegates.sorted { $0.controller < $1.controller }.map(\.vendsInteraction),
      h.session.delegateRegistrations.sorted { $0.controller < $1.controller }.map(
        \.vendsInteraction))
    XCTAssertEqual(Set(decoded.delegates.map(\.vendsInteraction)), [true, false])
  }
}
