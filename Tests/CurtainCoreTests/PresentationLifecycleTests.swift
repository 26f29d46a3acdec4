import XCTest

@testable import CurtainCore

/// Where presentations live as their environment changes: a currentContext
/// presentation adapted to fullScreen covers the window; presentations end
/// when their presenter leaves the tree (Curtain's choice).
final class PresentationLifecycleTests: XCTestCase {
  /// Box (a custom container filling the window) → Inner (a child of Box at
  /// (0, 100, W, 500)) → Nav (filling Inner, defining the presentation
  /// context) → Home.
  private func nested(_ metrics: WindowMetrics) -> Harness {
    let h = Harness(metrics: metrics)
    h.make(.container, "Box")
    h.make(.container, "Inner")
    h.make(.navigation, "Nav")
    h.make(.content, "Home")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("Home")], animated: false, animator: nil))
    h.setRoot("Box")
    h.run(
      .addChild(
        parent: h.id("Box"), child: h.id("Inner"),
        frame: Rect(x: 0, y: 100, width: metrics.size.width, height: 500)))
    h.run(.addChild(parent: h.id("Inner"), child: h.id("Nav"), frame: nil))
    try! h.controller("Nav").configurePresentation(definesPresentationContext: true)
    _ = h.events()
    return h
  }

  func testCurrentContextAdaptedToFullScreenCoversTheWindow() {
    let h = nested(WindowMetrics())
    h.present("B", on: "Home", animated: false, style: .currentContext)
    let b = h.controller("B")
    XCTAssertEqual(b.presentation?.style, .fullScreen)
    XCTAssertTrue(b.presentingViewController === h.controller("Nav"))
    XCTAssertTrue(b.view.superview === h.window.view, "in the window's view, not Inner's")
    XCTAssertEqual(b.view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(b.view.frameInWindow, h.window.view.bounds)
    XCTAssertNil(h.controller("Nav").viewIfLoaded?.superview, "fullScreen removes the presenter")
    h.dismiss("B", animated: false)
    XCTAssertTrue(h.controller("Nav").view.superview === h.controller("Inner").view)
    XCTAssertNil(b.viewIfLoaded?.superview)
  }

  func testCurrentContextInARegularWindowCoversOnlyTheContext() {
    let h = nested(PresentationTests.regular)
    let navFrame = h.controller("Nav").view.frame
    h.present("B", on: "Home", animated: false, style: .overCurrentContext)
    let b = h.controller("B")
    XCTAssertEqual(b.presentation?.style, .overCurrentContext)
    XCTAssertTrue(b.view.superview === h.controller("Inner").view)
    XCTAssertEqual(b.view.frame, navFrame)
    XCTAssertEqual(b.view.frameInWindow, Rect(x: 0, y: 100, width: 820, height: 500))
  }

  func testResizingMovesAContextPresentationBetweenTheContextAndTheWindow() {
    let h = nested(PresentationTests.regular)
    h.present("B", on: "Home", animated: false, style: .overCurrentContext)
    let b = h.controller("B")
    let inner = h.controller("Inner").view
    let phone = WindowMetrics()
    h.run(.resize(window: h.window.id, metrics: phone, animation: nil))
    XCTAssertEqual(b.presentation?.style, .fullScreen)
    XCTAssertTrue(b.view.superview === h.window.view)
    XCTAssertEqual(b.view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    h.run(.resize(window: h.window.id, metrics: PresentationTests.regular, animation: nil))
    XCTAssertEqual(b.presentation?.style, .overCurrentContext)
    XCTAssertTrue(b.view.superview === inner)
    XCTAssertEqual(inner.subviews.map(\.id), [h.controller("Nav").view.id, b.view.id])
    XCTAssertEqual(b.view.frameInWindow, Rect(x: 0, y: 100, width: 820, height: 500))
  }

  // MARK: Presenters leaving the tree

  func testPoppingAPresenterDismissesWhatItPresents() {
    let h = Harness(metrics: PresentationTests.regular)
    h.showNavigation("Nav", stack: ["A", "Ctx"])
    try! h.controller("Ctx").configurePresentation(definesPresentationContext: true)
    h.present("X", on: "Ctx", animated: false, style: .overCurrentContext)
    XCTAssertTrue(h.controller("X").presentingViewController === h.controller("Ctx"))
    _ = h.events()
    h.run(.pop(navigation: h.id("Nav"), animated: false, animator: nil))
    XCTAssertEqual(
      h.events().map { h.session.describe($0) }.filter { !$0.hasPrefix("o") },
      [
        "Ctx.willMove(nil)", "X.dismissalTransitionWillBegin", "X.viewWillDisappear(false)",
        "X.viewDidDisappear(false)", "X.dismissalTransitionDidEnd(true)",
        "Nav.childRemoved(Ctx)", "Nav.viewControllers([A])", "Nav.willShow(A, false)",
        "Ctx.viewWillDisappear(false)", "A.viewWillAppear(false)",
        "Ctx.viewDidDisappear(false)", "A.viewDidAppear(false)", "Ctx.didMove(nil)",
        "Nav.didShow(A, false)",
      ])
    XCTAssertNil(h.controller("Ctx").presentedViewController)
    XCTAssertNil(h.controller("X").presentation)
    XCTAssertNil(h.controller("X").viewIfLoaded?.superview)
    XCTAssertEqual(h.controller("X").appearance, .disappeared)
  }

  func testRemovingAPresenterFromItsParentEndsItsWholeChainTopFirst() {
    let h = nested(PresentationTests.regular)
    h.present("B", on: "Home", animated: false, style: .currentContext)
    h.present("C", on: "B", animated: false, style: .overFullScreen)
    XCTAssertTrue(h.controller("C").presentingViewController === h.controller("B"))
    _ = h.events()
    h.run(.removeFromParent(h.id("Nav")))
    XCTAssertEqual(
      h.flow(),
      [
        "Nav.willMove(nil)", "C.dismissalTransitionWillBegin", "C.viewWillDisappear(false)",
        "C.viewDidDisappear(false)", "C.dismissalTransitionDidEnd(true)",
        "B.dismissalTransitionWillBegin", "B.viewWillDisappear(false)",
        "B.viewDidDisappear(false)", "B.dismissalTransitionDidEnd(true)", "Nav.didMove(nil)",
        "completion",
      ])
    XCTAssertNil(h.controller("Nav").presentedViewController)
    XCTAssertNil(h.controller("B").presentedViewController)
    XCTAssertEqual(h.controller("Inner").view.subviews.count, 0, "nothing is left in Inner")
    XCTAssertTrue(h.window.presentedControllers.isEmpty)
  }

  func testReplacingTabsEndsPresentationsOfTheTabsThatLeave() {
    let h = Harness(metrics: PresentationTests.regular)
    h.make(.tabBar, "Tabs")
    h.make(.content, "One")
    h.make(.content, "Two")
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("One"), h.id("Two")]))
    h.setRoot("Tabs")
    try! h.controller("One").configurePresentation(definesPresentationContext: true)
    h.present("X", on: "One", animated: false, style: .overCurrentContext)
    _ = h.events()
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("Two")]))
    XCTAssertNil(h.controller("X").presentation)
    XCTAssertNil(h.controller("One").presentedViewController)
    XCTAssertEqual(h.controller("X").appearance, .disappeared)
  }

  func testMovingAControllerThatPresentsNothingChangesNoPresentation() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.present("X", on: "B", animated: false, style: .overFullScreen)
    XCTAssertTrue(h.controller("X").presentingViewController === h.controller("Nav"))
    h.run(.pop(navigation: h.id("Nav"), animated: false, animator: nil))
    XCTAssertTrue(
      h.controller("X").presentingViewController === h.controller("Nav"),
      "a full-screen presentation belongs to the window's top, which stays")
  }
}
