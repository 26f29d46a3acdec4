import XCTest

@testable import CurtainCore

/// Percent-driven presentations and dismissals (SEMANTICS §4 "Cancelled
/// (interactive) present/dismiss", §5 "Interaction"): begun like the
/// interactive pop, driven by their owner, finished or cancelled.
final class InteractivePresentationTests: XCTestCase {
  private let owner = OwnerID(1)

  /// Begins an interactive full-screen presentation of B on A.
  private func beginPresent(
    _ h: Harness, style: ModalPresentationStyle = .fullScreen
  ) throws -> TransitionID {
    h.showRoot()
    h.make(.content, "B")
    _ = h.events()
    let ticket = try h.session.submit(
      .beginInteractivePresent(
        presenter: h.id("A"), controller: h.id("B"), animator: nil, adaptiveStyle: nil,
        options: PresentOptions(style: style)),
      options: OperationOptions(owner: owner))
    return try XCTUnwrap(ticket.transition)
  }

  /// B presented full screen on A without animation, then an interactive
  /// dismissal of B.
  private func beginDismiss(_ h: Harness) throws -> TransitionID {
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .fullScreen)
    _ = h.events()
    let ticket = try h.session.submit(
      .beginInteractiveDismiss(controller: h.id("B"), animator: nil),
      options: OperationOptions(owner: owner))
    return try XCTUnwrap(ticket.transition)
  }

  private func everything(_ h: Harness) -> [String] {
    h.events().map { h.session.describe($0) }
  }

  /// Drops the events so far, scrubs `t` to `percent`, finishes or cancels
  /// it and plays the rest; returns every event of that.
  private func end(
    _ h: Harness, _ t: TransitionID, at percent: Double, cancel: Bool
  ) throws -> [String] {
    _ = h.events()
    try h.window.updateInteraction(t, percent: percent, by: owner)
    if cancel {
      try h.window.cancelInteraction(t, by: owner)
    } else {
      try h.window.finishInteraction(t, by: owner)
    }
    h.settle()
    return everything(h)
  }

  func testInteractivePresentBeginsAndWaitsForItsOwner() throws {
    let h = Harness()
    let t = try beginPresent(h)
    XCTAssertEqual(
      everything(h),
      [
        "o2.started", "B.presentationTransitionWillBegin", "B.viewDidLoad",
        "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
        "\(t).began(presentation, A → B, animated: true, interactive: true)",
      ])
    h.advance(10)
    XCTAssertNotNil(h.window.transition(t), "an interactive transition does not play by itself")
    XCTAssertEqual(h.window.transition(t)?.owner, owner)
    XCTAssertEqual(h.controller("A").presentedViewController?.name, "B")
    XCTAssertEqual(h.controller("B").appearance, .appearing)
  }

  func testInteractivePresentFinished() throws {
    let h = Harness()
    let t = try beginPresent(h)
    XCTAssertEqual(
      try end(h, t, at: 0.5, cancel: false),
      [
        "\(t).interactionChanged(cancelled: false)", "B.presentationTransitionDidEnd(true)",
        "B.viewDidAppear(true)", "A.viewDidDisappear(true)", "\(t).ended(cancelled: false)",
        "o2.completed(cancelled: false, removed: [])",
      ])
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview, "fullScreen removed A's view")
    XCTAssertEqual(h.controller("B").view.frame, h.window.view.bounds)
    XCTAssertEqual(h.controller("B").presentingViewController?.name, "A")
  }

  func testInteractivePresentCancelled() throws {
    let h = Harness()
    let t = try beginPresent(h)
    XCTAssertEqual(
      try end(h, t, at: 0.4, cancel: true),
      [
        "\(t).interactionChanged(cancelled: true)", "B.presentationTransitionDidEnd(false)",
        "B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "A.viewWillAppear(true)",
        "A.viewDidAppear(true)", "\(t).ended(cancelled: true)",
        "o2.completed(cancelled: true, removed: [])",
      ])
    XCTAssertNil(h.controller("A").presentedViewController)
    XCTAssertNil(h.controller("B").presentation)
    XCTAssertNil(h.controller("B").viewIfLoaded?.superview)
    XCTAssertEqual(h.window.view.subviews.map(\.id), [h.controller("A").view.id])
    XCTAssertEqual(h.controller("A").appearance, .appeared)
  }

  func testInteractiveSheetPresentationCancelledLeavesThePresenterAlone() throws {
    let h = Harness()
    let t = try beginPresent(h, style: .pageSheet)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      ["B.presentationTransitionWillBegin", "B.viewDidLoad", "B.viewWillAppear(true)"])
    try h.window.updateInteraction(t, percent: 0.5, by: owner)
    let dimming = try XCTUnwrap(h.controller("B").presentation?.dimmingView)
    let frame = try XCTUnwrap(h.advance(0.01).frame)
    XCTAssertEqual(frame.values(of: dimming.id)?.alpha ?? .nan, 0.4 * 0.5, accuracy: 1e-9)
    try h.window.cancelInteraction(t, by: owner)
    h.settle()
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "B.presentationTransitionDidEnd(false)", "B.viewWillDisappear(true)",
        "B.viewDidDisappear(true)",
      ])
    XCTAssertNil(dimming.superview, "the dimming view leaves with the cancelled presentation")
  }

  func testInteractiveDismissFinished() throws {
    let h = Harness()
    let t = try beginDismiss(h)
    XCTAssertEqual(
      everything(h),
      [
        "o3.started", "B.dismissalTransitionWillBegin", "B.viewWillDisappear(true)",
        "A.viewWillAppear(true)",
        "\(t).began(dismissal, B → A, animated: true, interactive: true)",
      ])
    XCTAssertNotNil(h.controller("A").viewIfLoaded?.superview, "A's view is back to be revealed")
    XCTAssertEqual(
      try end(h, t, at: 0.7, cancel: false),
      [
        "\(t).interactionChanged(cancelled: false)", "B.dismissalTransitionDidEnd(true)",
        "A.viewDidAppear(true)", "B.viewDidDisappear(true)", "\(t).ended(cancelled: false)",
        "o3.completed(cancelled: false, removed: [])",
      ])
    XCTAssertNil(h.controller("A").presentedViewController)
    XCTAssertNil(h.controller("B").viewIfLoaded?.superview)
  }

  func testInteractiveDismissCancelled() throws {
    let h = Harness()
    let t = try beginDismiss(h)
    XCTAssertEqual(
      try end(h, t, at: 0.3, cancel: true),
      [
        "\(t).interactionChanged(cancelled: true)", "B.dismissalTransitionDidEnd(false)",
        "B.viewWillAppear(true)", "B.viewDidAppear(true)", "A.viewWillDisappear(true)",
        "A.viewDidDisappear(true)", "\(t).ended(cancelled: true)",
        "o3.completed(cancelled: true, removed: [])",
      ])
    XCTAssertEqual(h.controller("A").presentedViewController?.name, "B")
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview, "A's view leaves again")
    XCTAssertEqual(h.controller("B").view.frame, h.window.view.bounds)
    XCTAssertEqual(h.controller("B").appearance, .appeared)
  }

  func testInteractiveDismissFollowsTheFractionOnTheManualClock() throws {
    let h = Harness()
    let t = try beginDismiss(h)
    let height = h.window.view.bounds.height
    let b = h.controller("B").view.id
    for p in [0.0, 0.25, 0.5, 1.0] {
      try h.window.updateInteraction(t, percent: p, by: owner)
      let frame = try XCTUnwrap(h.advance(0.01).frame)
      let eased = CubicBezier.easeInOut.value(at: p)
      XCTAssertEqual(frame.values(of: b)?.frame.minY ?? .nan, height * eased, accuracy: 1e-9)
      XCTAssertEqual(frame.transitions.first?.isInteractive, true)
    }
  }

  func testInteractiveDismissOfAChainAnimatesTheTopAndCancelsBack() throws {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .fullScreen)
    h.present("C", on: "B", animated: false, style: .overFullScreen)
    _ = h.events()
    let ticket = try h.session.submit(
      .beginInteractiveDismiss(controller: h.id("A"), animator: nil),
      options: OperationOptions(owner: owner))
    let t = try XCTUnwrap(ticket.transition)
    XCTAssertNil(h.controller("B").viewIfLoaded?.superview, "B leaves at once")
    try h.window.cancelInteraction(t, by: owner)
    h.settle()
    XCTAssertEqual(h.controller("B").presentedViewController?.name, "C")
    XCTAssertEqual(h.controller("A").presentedViewController?.name, "B")
    XCTAssertNotNil(h.controller("B").viewIfLoaded?.superview, "B is back under C")
  }

  func testInteractiveRequestsThatCannotRun() throws {
    let h = Harness()
    h.showRoot()
    h.make(.content, "B")
    XCTAssertThrowsError(
      try h.session.submit(.beginInteractiveDismiss(controller: h.id("A"), animator: nil))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .invalidArgument)
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "A presents nothing and is not presented, so there is nothing to dismiss")
    }
    h.present("B", on: "A", animated: false, style: .overFullScreen)
    h.run(.setVisible(window: h.window.id, visible: false))
    let revision = h.window.revision
    XCTAssertThrowsError(
      try h.session.submit(.beginInteractiveDismiss(controller: h.id("B"), animator: nil))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .notInWindow)
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "B is not on screen, so it cannot be dismissed interactively")
    }
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.controller("B").presentingViewController?.name, "A")
  }

  func testAnInteractivePresentationBelongsToItsOwner() throws {
    let h = Harness()
    let t = try beginPresent(h)
    XCTAssertThrowsError(try h.window.updateInteraction(t, percent: 0.5, by: OwnerID(2))) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .notOwner)
    }
    XCTAssertEqual(h.window.cancelInteractions(ownedBy: owner), [t])
    h.settle()
    XCTAssertNil(h.controller("B").presentation, "the owner's disconnect cancels it")
  }
}
