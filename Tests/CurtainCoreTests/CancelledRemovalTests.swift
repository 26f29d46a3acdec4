import XCTest

@testable import CurtainCore

/// Presentations ended because their presenter left the tree come back
/// exactly when the change that removed it is cancelled (an interactive pop
/// or page turn, or a paused one), and stay ended when it finishes.
final class CancelledRemovalTests: XCTestCase {
  private let owner = OwnerID(1)

  /// Nav [A, Ctx] in a regular window; Ctx defines the presentation
  /// context and presents X over it.
  private func presentingTop(_ style: ModalPresentationStyle) -> Harness {
    let h = Harness(metrics: PresentationTests.regular)
    h.showNavigation("Nav", stack: ["A", "Ctx"])
    try! h.controller("Ctx").configurePresentation(definesPresentationContext: true)
    h.present("X", on: "Ctx", animated: false, style: style)
    XCTAssertTrue(h.controller("X").presentingViewController === h.controller("Ctx"))
    _ = h.events()
    return h
  }

  private func beginPop(_ h: Harness) throws -> TransitionID {
    let ticket = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: owner))
    return try XCTUnwrap(ticket.transition)
  }

  private let categories: Set<EventCategory> = [.lifecycle, .hierarchy, .transition, .presentation]

  private let popStart = [
    "Ctx.willMove(nil)", "X.dismissalTransitionWillBegin", "X.viewWillDisappear(false)",
    "X.viewDidDisappear(false)", "X.dismissalTransitionDidEnd(true)", "Nav.childRemoved(Ctx)",
    "Nav.viewControllers([A])", "Nav.willShow(A, true)", "Ctx.viewWillDisappear(true)",
    "A.viewWillAppear(true)", "t1.began(pop, Ctx → A, animated: true, interactive: true)",
  ]

  // MARK: Navigation

  func testACancelledInteractivePopBringsBackWhatThePoppedControllerPresented() throws {
    let h = presentingTop(.overCurrentContext)
    let x = h.controller("X")
    let presentation = try XCTUnwrap(x.presentation)
    let navView = h.nav("Nav").view
    let subviews = navView.subviews.map(\.id)
    XCTAssertEqual(
      subviews, [h.controller("Ctx").view.id, x.view.id, h.nav("Nav").navigationBar!.id])
    let frame = x.view.frame
    let transition = try beginPop(h)
    XCTAssertEqual(h.described(categories), popStart)
    XCTAssertNil(x.presentation)
    XCTAssertNil(x.viewIfLoaded?.superview)
    try h.window.updateInteraction(transition, percent: 0.5, by: owner)
    try h.window.cancelInteraction(transition, by: owner)
    h.settle()
    XCTAssertEqual(
      h.described(categories),
      [
        "t1.interactionChanged(cancelled: true)", "Nav.childAdded(Ctx)",
        "Nav.viewControllers([A, Ctx])", "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
        "Ctx.viewWillAppear(true)", "Ctx.viewDidAppear(true)", "Ctx.didMove(Nav)",
        "X.presentationTransitionWillBegin", "X.viewWillAppear(false)",
        "X.presentationTransitionDidEnd(true)", "X.viewDidAppear(false)",
        "t1.ended(cancelled: true)",
      ])
    XCTAssertTrue(x.presentation === presentation, "the same presentation")
    XCTAssertTrue(h.controller("Ctx").presentedViewController === x)
    XCTAssertEqual(navView.subviews.map(\.id), subviews)
    XCTAssertEqual(x.view.frame, frame)
    XCTAssertEqual(x.appearance, .appeared)
    XCTAssertEqual(h.controller("Ctx").appearance, .appeared)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "Ctx"])
    XCTAssertTrue(h.window.isIdle)
  }

  func testAFinishedInteractivePopLeavesItDismissed() throws {
    let h = presentingTop(.overCurrentContext)
    let x = h.controller("X")
    let transition = try beginPop(h)
    XCTAssertEqual(h.described(categories), popStart)
    try h.window.updateInteraction(transition, percent: 0.5, by: owner)
    try h.window.finishInteraction(transition, by: owner)
    h.settle()
    XCTAssertEqual(
      h.described(categories),
      [
        "t1.interactionChanged(cancelled: false)", "Ctx.viewDidDisappear(true)",
        "A.viewDidAppear(true)", "Ctx.didMove(nil)", "Nav.didShow(A, true)",
        "t1.ended(cancelled: false)",
      ])
    XCTAssertNil(x.presentation)
    XCTAssertNil(h.controller("Ctx").presentedViewController)
    XCTAssertNil(x.viewIfLoaded?.superview)
    XCTAssertEqual(x.appearance, .disappeared)
    XCTAssertEqual(
      h.nav("Nav").view.subviews.map(\.id),
      [h.controller("A").view.id, h.nav("Nav").navigationBar!.id])
  }

  /// currentContext took Ctx's view out: Ctx is hidden (disappeared) and
  /// stays so; the pop neither hides nor shows it, and a cancel takes its
  /// view's place back for the presentation.
  func testACancelledPopOfAControllerHiddenByItsPresentationLeavesItHidden() throws {
    let h = presentingTop(.currentContext)
    let ctx = h.controller("Ctx")
    let x = h.controller("X")
    XCTAssertNil(ctx.viewIfLoaded?.superview)
    XCTAssertEqual(ctx.appearance, .disappeared)
    let navView = h.nav("Nav").view
    let subviews = navView.subviews.map(\.id)
    let slot = try XCTUnwrap(x.presentation?.removedPresenterSlot)
    let transition = try beginPop(h)
    XCTAssertEqual(
      h.described(categories), popStart.filter { $0 != "Ctx.viewWillDisappear(true)" })
    try h.window.cancelInteraction(transition, by: owner)
    h.settle()
    XCTAssertEqual(
      h.described(categories),
      [
        "t1.interactionChanged(cancelled: true)", "Nav.childAdded(Ctx)",
        "Nav.viewControllers([A, Ctx])", "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
        "Ctx.didMove(Nav)", "X.presentationTransitionWillBegin", "X.viewWillAppear(false)",
        "X.presentationTransitionDidEnd(true)", "X.viewDidAppear(false)",
        "t1.ended(cancelled: true)",
      ])
    XCTAssertEqual(navView.subviews.map(\.id), subviews)
    XCTAssertNil(ctx.viewIfLoaded?.superview)
    XCTAssertEqual(ctx.appearance, .disappeared)
    XCTAssertEqual(x.appearance, .appeared)
    XCTAssertTrue(x.presentation?.removedPresenterSlot?.superview === slot.superview)
    XCTAssertEqual(x.presentation?.removedPresenterSlot?.index, slot.index)
    // And a dismissal still puts Ctx's view back.
    h.dismiss("X", animated: false)
    XCTAssertTrue(ctx.view.superview === navView)
    XCTAssertEqual(ctx.appearance, .appeared)
  }

  func testACancelledPopBringsBackAWholeChainBottomFirst() throws {
    let h = presentingTop(.overCurrentContext)
    h.present("Y", on: "X", animated: false, style: .overFullScreen)
    XCTAssertTrue(h.controller("Y").presentingViewController === h.controller("X"))
    let windowViews = h.window.view.subviews.map(\.id)
    _ = h.events()
    let transition = try beginPop(h)
    XCTAssertEqual(
      Array(h.described(categories).prefix(9)),
      [
        "Ctx.willMove(nil)", "Y.dismissalTransitionWillBegin", "Y.viewWillDisappear(false)",
        "Y.viewDidDisappear(false)", "Y.dismissalTransitionDidEnd(true)",
        "X.dismissalTransitionWillBegin", "X.viewWillDisappear(false)",
        "X.viewDidDisappear(false)", "X.dismissalTransitionDidEnd(true)",
      ])
    try h.window.cancelInteraction(transition, by: owner)
    h.settle()
    XCTAssertEqual(
      Array(h.described(categories).suffix(9)),
      [
        "X.presentationTransitionWillBegin", "X.viewWillAppear(false)",
        "X.presentationTransitionDidEnd(true)", "X.viewDidAppear(false)",
        "Y.presentationTransitionWillBegin", "Y.viewWillAppear(false)",
        "Y.presentationTransitionDidEnd(true)", "Y.viewDidAppear(false)",
        "t1.ended(cancelled: true)",
      ])
    XCTAssertTrue(h.controller("X").presentedViewController === h.controller("Y"))
    XCTAssertEqual(h.window.view.subviews.map(\.id), windowViews)
    XCTAssertEqual(h.window.presentedControllers.map(\.name), ["X", "Y"])
  }

  func testWhileThePopRunsItsEndedPresentationsBelongToIt() throws {
    let h = presentingTop(.overCurrentContext)
    let other = try h.session.makeWindow(metrics: WindowMetrics(), clockMode: .manual)
    h.make(.content, "Elsewhere")
    h.run(.setRoot(window: other.id, controller: h.id("Elsewhere")))
    let transition = try beginPop(h)
    let error = h.error(
      .present(
        presenter: h.id("Elsewhere"), controller: h.id("X"), animated: false, animator: nil,
        adaptiveStyle: nil))
    XCTAssertEqual(error?.code, .busy)
    XCTAssertEqual(error?.message, "X is part of a running transition in window \(h.window.id)")
    try h.window.cancelInteraction(transition, by: owner)
    h.settle()
    XCTAssertTrue(h.controller("X").presentingViewController === h.controller("Ctx"))
    XCTAssertNil(h.controller("Elsewhere").presentedViewController)
  }

  func testAPausedPopThatIsCancelledBringsThemBackToo() throws {
    let h = presentingTop(.overCurrentContext)
    let ticket = h.run(.pop(navigation: h.id("Nav"), animated: true, animator: nil))
    let transition = try XCTUnwrap(ticket?.transition)
    h.advance(0.1)
    try h.window.pauseTransition(transition, by: owner)
    try h.window.cancelInteraction(transition, by: owner)
    h.settle()
    XCTAssertTrue(h.controller("X").presentingViewController === h.controller("Ctx"))
    XCTAssertEqual(h.controller("X").appearance, .appeared)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "Ctx"])
  }
}
