import XCTest

@testable import CurtainCore

/// Where a currentContext or overCurrentContext presentation puts its view
/// when the context controller sits inside a container (SEMANTICS §4): in
/// the context controller's view's superview, over exactly the context
/// view's frame; dismissal puts everything back. Also what happens when
/// the context controller leaves the tree while its view is out, and how
/// containers lay out a view a presentation took out.
final class ContextPresentationTests: XCTestCase {
  /// An 820 × 1180 pad window (regular × regular), safe area 24 / 20.
  private let pad = PresentationTests.regular

  /// The ids of `view`'s subviews.
  private func subviews(_ view: View) -> [ViewID] { view.subviews.map(\.id) }

  // MARK: Placement

  func testCurrentContextInsideANavigationControllerCoversTheChildInTheNavigationView() throws {
    let h = Harness(metrics: pad)
    h.showNavigation("Nav", stack: ["Home"])
    let nav = h.nav("Nav")
    let home = h.controller("Home")
    try home.configurePresentation(definesPresentationContext: true)
    let bar = try XCTUnwrap(nav.navigationBar)
    let homeFrame = Rect(x: 0, y: 0, width: 820, height: 1180)  // under the translucent bar
    XCTAssertEqual(home.view.frame, homeFrame)

    h.present("B", on: "Home", animated: false, style: .currentContext)
    let b = h.controller("B")
    XCTAssertTrue(b.presentingViewController === home)
    XCTAssertEqual(b.presentation?.style, .currentContext)
    XCTAssertTrue(b.view.superview === nav.view, "in the context view's superview")
    XCTAssertEqual(b.view.frame, homeFrame)
    XCTAssertEqual(subviews(nav.view), [b.view.id, bar.id], "below the bar, Home taken out")
    XCTAssertNil(home.view.superview)
    XCTAssertEqual(subviews(h.window.view), [nav.view.id])
    XCTAssertEqual(bar.frame, Rect(x: 0, y: 24, width: 820, height: 50))

    h.dismiss("B", animated: false)
    XCTAssertEqual(subviews(nav.view), [home.view.id, bar.id])
    XCTAssertEqual(home.view.frame, homeFrame)
    XCTAssertNil(b.viewIfLoaded?.superview)
    XCTAssertEqual(home.appearance, .appeared)
  }

  func testOverCurrentContextInsideATabBarControllerCoversTheSelectedTab() throws {
    let h = Harness(metrics: pad)
    h.make(.tabBar, "Tabs")
    h.make(.content, "One")
    h.make(.content, "Two")
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("One"), h.id("Two")]))
    h.setRoot("Tabs")
    let tabs = h.tab("Tabs")
    let one = h.controller("One")
    try one.configurePresentation(definesPresentationContext: true)
    let bar = try XCTUnwrap(tabs.tabBar)
    let oneFrame = Rect(x: 0, y: 0, width: 820, height: 1180)  // under the translucent bar
    XCTAssertEqual(one.view.frame, oneFrame)

    h.present("B", on: "One", animated: false, style: .overCurrentContext)
    let b = h.controller("B")
    XCTAssertTrue(b.presentingViewController === one)
    XCTAssertTrue(b.view.superview === tabs.view)
    XCTAssertEqual(b.view.frame, oneFrame)
    XCTAssertEqual(subviews(tabs.view), [one.view.id, b.view.id, bar.id], "One stays below B")
    h.dismiss("B", animated: false)
    XCTAssertEqual(subviews(tabs.view), [one.view.id, bar.id])

    h.present("C", on: "One", animated: false, style: .currentContext)
    let c = h.controller("C")
    XCTAssertEqual(subviews(tabs.view), [c.view.id, bar.id])
    XCTAssertEqual(c.view.frame, oneFrame)
    h.dismiss("C", animated: false)
    XCTAssertEqual(subviews(tabs.view), [one.view.id, bar.id])
    XCTAssertEqual(one.view.frame, oneFrame)
    XCTAssertEqual(bar.frame, Rect(x: 0, y: 1110, width: 820, height: 70))
  }

  func testCurrentContextInsideASplitViewControllerCoversOnlyItsColumn() throws {
    let h = Harness(metrics: pad)
    h.make(.split, "Split")
    h.make(.content, "Primary")
    h.make(.content, "Secondary")
    h.run(
      .setSplitColumns(split: h.id("Split"), primary: h.id("Primary"), secondary: h.id("Secondary"))
    )
    h.setRoot("Split")
    let split = h.controller("Split")
    let primary = h.controller("Primary")
    let secondary = h.controller("Secondary")
    try secondary.configurePresentation(definesPresentationContext: true)
    let secondaryFrame = Rect(x: 320, y: 0, width: 500, height: 1180)
    XCTAssertEqual(secondary.view.frame, secondaryFrame)
    XCTAssertEqual(subviews(split.view), [secondary.view.id, primary.view.id])

    h.present("B", on: "Secondary", animated: false, style: .currentContext)
    let b = h.controller("B")
    XCTAssertTrue(b.presentingViewController === secondary)
    XCTAssertTrue(b.view.superview === split.view)
    XCTAssertEqual(b.view.frame, secondaryFrame)
    XCTAssertEqual(b.view.frameInWindow, secondaryFrame)
    XCTAssertEqual(subviews(split.view), [b.view.id, primary.view.id], "below the primary")
    XCTAssertNil(secondary.view.superview)
    XCTAssertEqual(primary.appearance, .appeared)
    XCTAssertEqual(secondary.appearance, .disappeared)

    h.dismiss("B", animated: false)
    XCTAssertEqual(subviews(split.view), [secondary.view.id, primary.view.id])
    XCTAssertEqual(secondary.view.frame, secondaryFrame)
    XCTAssertEqual(secondary.appearance, .appeared)
    XCTAssertNil(b.viewIfLoaded?.superview)
  }

  // MARK: Context controllers leaving the tree

  /// Box (custom container) → Inner (custom container) → Nav → Home, Nav
  /// defining the context, in a regular pad window; events so far are
  /// discarded.
  private func nested() -> Harness {
    let h = Harness(metrics: pad)
    h.make(.container, "Box")
    h.make(.container, "Inner")
    h.make(.navigation, "Nav")
    h.make(.content, "Home")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("Home")], animated: false, animator: nil))
    h.setRoot("Box")
    h.run(.addChild(parent: h.id("Box"), child: h.id("Inner"), frame: nil))
    h.run(.addChild(parent: h.id("Inner"), child: h.id("Nav"), frame: nil))
    _ = h.events()
    return h
  }

  func testAnAncestorLeavingPutsBackTheContextViewThePresentationTookOut() {
    let h = nested()
    let inner = h.controller("Inner")
    let nav = h.controller("Nav")
    h.present("B", on: "Home", animated: false, style: .currentContext)
    let b = h.controller("B")
    XCTAssertTrue(b.presentingViewController === nav, "navigation controllers define the context")
    XCTAssertNil(nav.view.superview)
    XCTAssertEqual(subviews(inner.view), [b.view.id])
    _ = h.events()

    h.run(.removeFromParent(h.id("Inner")))
    XCTAssertEqual(
      h.flow(),
      [
        // B starts to disappear with its context and is dismissed as Inner
        // leaves; Inner's did-disappearance follows its didMove (SEMANTICS §2).
        "Inner.willMove(nil)", "Inner.viewWillDisappear(false)", "B.viewWillDisappear(false)",
        "B.dismissalTransitionWillBegin", "B.viewDidDisappear(false)",
        "B.dismissalTransitionDidEnd(true)", "Inner.didMove(nil)", "Inner.viewDidDisappear(false)",
        "completion",
      ])
    XCTAssertEqual(subviews(inner.view), [nav.view.id], "Nav's view is back in Inner's")
    XCTAssertNil(b.viewIfLoaded?.superview)
    XCTAssertNil(nav.presentedViewController)
    XCTAssertEqual(nav.appearance, .disappeared)

    // The subtree comes back whole.
    h.run(.addChild(parent: h.id("Box"), child: h.id("Inner"), frame: nil))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Inner.willMove(Box)", "Inner.viewWillAppear(false)", "Nav.viewWillAppear(false)",
        "Home.viewWillAppear(false)", "Inner.didMove(Box)", "Inner.viewDidAppear(false)",
        "Nav.viewDidAppear(false)", "Home.viewDidAppear(false)",
      ])
  }

  func testPoppingAContextControllerWhoseViewIsOutDismissesAndLeavesItsViewOut() throws {
    let h = Harness(metrics: pad)
    h.showNavigation("Nav", stack: ["A", "Ctx"])
    let ctx = h.controller("Ctx")
    try ctx.configurePresentation(definesPresentationContext: true)
    h.present("X", on: "Ctx", animated: false, style: .currentContext)
    XCTAssertNil(ctx.view.superview)
    _ = h.events()
    h.pop("Nav", animated: false)
    XCTAssertEqual(
      h.flow(),
      [
        "Ctx.willMove(nil)", "X.dismissalTransitionWillBegin", "X.viewWillDisappear(false)",
        "X.viewDidDisappear(false)", "X.dismissalTransitionDidEnd(true)",
        "Nav.willShow(A, false)", "A.viewWillAppear(false)", "A.viewDidAppear(false)",
        "Ctx.didMove(nil)", "Nav.didShow(A, false)", "completion",
      ])
    let nav = h.nav("Nav")
    XCTAssertEqual(subviews(nav.view), [h.controller("A").view.id, nav.navigationBar!.id])
    XCTAssertNil(ctx.view.superview)
    XCTAssertNil(h.controller("X").viewIfLoaded?.superview)
  }

  func testADismissalLeavesOutAContextViewItsStackNoLongerShows() throws {
    let h = Harness(metrics: pad)
    h.showNavigation("Nav", stack: ["C0"])
    let nav = h.nav("Nav")
    let c0 = h.controller("C0")
    try c0.configurePresentation(definesPresentationContext: true)
    h.present("X", on: "C0", animated: false, style: .currentContext)
    h.push("Nav", "C3", animated: false)
    let x = h.controller("X")
    let c3 = h.controller("C3")
    // X left the window with its context.
    XCTAssertEqual(subviews(nav.view), [c3.view.id, nav.navigationBar!.id])
    XCTAssertNil(x.view.superview)
    XCTAssertEqual(x.appearance, .disappeared)
    _ = h.events()

    h.dismiss("X", animated: false)
    XCTAssertEqual(
      h.flow(),
      ["X.dismissalTransitionWillBegin", "X.dismissalTransitionDidEnd(true)", "completion"])
    XCTAssertEqual(subviews(nav.view), [c3.view.id, nav.navigationBar!.id], "C0 stays out")
    XCTAssertNil(c0.view.superview)
    XCTAssertEqual(c0.appearance, .disappeared)

    h.pop("Nav", animated: false)
    XCTAssertEqual(subviews(nav.view), [c0.view.id, nav.navigationBar!.id])
    XCTAssertEqual(c0.appearance, .appeared)
    XCTAssertEqual(c0.view.frame, Rect(x: 0, y: 0, width: 820, height: 1180))
  }

  func testDismissingAControllerDismissesWhatControllersInsideItPresent() throws {
    let h = Harness(metrics: pad)
    h.showRoot("Root")
    h.make(.navigation, "Sheet")
    h.make(.content, "Inside")
    h.run(
      .setViewControllers(
        navigation: h.id("Sheet"), controllers: [h.id("Inside")], animated: false, animator: nil))
    h.present("Sheet", on: "Root", animated: false, style: .fullScreen)
    try h.controller("Inside").configurePresentation(definesPresentationContext: true)
    h.present("Over", on: "Inside", animated: false, style: .currentContext)
    let sheet = h.nav("Sheet")
    let over = h.controller("Over")
    XCTAssertTrue(over.presentingViewController === h.controller("Inside"))
    _ = h.events()

    h.dismiss("Sheet", animated: false)
    XCTAssertEqual(
      h.flow(),
      [
        "Over.dismissalTransitionWillBegin", "Sheet.dismissalTransitionWillBegin",
        "Over.viewWillDisappear(false)", "Sheet.viewWillDisappear(false)",
        "Root.viewWillAppear(false)", "Over.dismissalTransitionDidEnd(true)",
        "Sheet.dismissalTransitionDidEnd(true)", "Root.viewDidAppear(false)",
        "Over.viewDidDisappear(false)", "Sheet.viewDidDisappear(false)", "completion",
      ])
    XCTAssertNil(h.controller("Inside").presentedViewController)
    XCTAssertNil(over.presentation)
    XCTAssertNil(over.viewIfLoaded?.superview)
    XCTAssertEqual(
      subviews(sheet.view), [h.controller("Inside").view.id, sheet.navigationBar!.id],
      "Inside's view is back in the sheet")
    XCTAssertTrue(h.window.presentedControllers.isEmpty)
  }

  func testAControllerCannotBecomeAChildOfWhatItPresents() {
    let h = Harness(metrics: pad)
    h.make(.container, "Box")
    h.make(.navigation, "Nav")
    h.make(.content, "A")
    h.make(.tabBar, "Other")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("A")], animated: false, animator: nil))
    h.setRoot("Box")
    h.run(.addChild(parent: h.id("Box"), child: h.id("Nav"), frame: nil))
    h.present("Other", on: "A", animated: false, style: .currentContext)
    XCTAssertTrue(h.controller("Other").presentingViewController === h.controller("Nav"))
    let before = h.window.revision
    XCTAssertEqual(
      h.error(.setTabs(tabBar: h.id("Other"), controllers: [h.id("Nav")])),
      CurtainError.invalid("Nav contains Other, so it cannot be a tab"))
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("Other"), child: h.id("Nav"), frame: nil))?.code,
      .invalidArgument)
    XCTAssertEqual(h.window.revision, before)
    XCTAssertTrue(h.controller("Nav").parent === h.controller("Box"))
  }

  // MARK: Safe area

  func testABarKeepsTheSafeAreaWhileAPresentationTookItsViewOut() throws {
    let h = Harness(metrics: pad)
    h.make(.tabBar, "Tabs")
    h.make(.navigation, "Nav")
    h.make(.content, "One")
    h.make(.content, "Two")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("One")], animated: false, animator: nil))
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("Nav"), h.id("Two")]))
    h.setRoot("Tabs")
    // Opaque bars: the navigation controller's view ends at the tab bar and
    // One's starts below the navigation bar (SEMANTICS §3).
    for container in ["Tabs", "Nav"] {
      try h.controller(container).configureLayout(
        edgesForExtendedLayout: nil, isBarTranslucent: false)
    }
    let nav = h.nav("Nav")
    let bar = try XCTUnwrap(nav.navigationBar)
    h.present("Ctx", on: "One", animated: false, style: .currentContext)
    XCTAssertNil(nav.view.superview, "the navigation controller defines the context")
    try h.window.resize(
      WindowMetrics(
        size: Size(width: 1180, height: 820), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        scale: 2, idiom: .pad))
    XCTAssertEqual(nav.view.frame, Rect(x: 0, y: 0, width: 1180, height: 750))
    XCTAssertEqual(bar.frame, Rect(x: 0, y: 24, width: 1180, height: 50))
    XCTAssertEqual(h.controller("One").view.frame, Rect(x: 0, y: 74, width: 1180, height: 676))
    XCTAssertEqual(h.controller("Ctx").view.frame, Rect(x: 0, y: 0, width: 1180, height: 750))
    h.dismiss("Ctx", animated: false)
    XCTAssertEqual(bar.frame, Rect(x: 0, y: 24, width: 1180, height: 50))
    XCTAssertEqual(h.controller("One").view.frame, Rect(x: 0, y: 74, width: 1180, height: 676))
  }

  // MARK: Split and page view controllers (found by the invariant fuzz)

  func testRemovingTheFrontOfADoubleSidedPageShowsItsBack() {
    let h = Harness()
    let book = h.make(.page, "Book") as! PageViewController
    try! book.configure(
      PageOptions(
        transitionStyle: .pageCurl, orientation: .vertical, spineLocation: .max,
        isDoubleSided: true))
    h.make(.content, "Front")
    h.make(.content, "Back")
    h.run(
      .setPages(
        page: h.id("Book"), controllers: [h.id("Front"), h.id("Back")], direction: .forward,
        animated: false, animator: nil, dataSource: nil))
    h.setRoot("Book")
    _ = h.events()
    h.run(.removeFromParent(h.id("Front")))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Front.willMove(nil)", "Front.viewWillDisappear(false)", "Front.didMove(nil)",
        "Front.viewDidDisappear(false)", "Back.viewDidLoad", "Back.viewWillAppear(false)",
        "Back.viewDidAppear(false)",
      ])
    XCTAssertEqual(book.viewControllers.map(\.name), ["Back"])
    XCTAssertEqual(subviews(book.view), [h.controller("Back").view.id])
    XCTAssertEqual(h.controller("Back").view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testASplitEnteringAHiddenWindowOfTheOtherSizeClassCollapses() {
    let h = Harness(metrics: SplitViewControllerTests.regular)
    h.showSplit()
    let split = h.controller("Split") as! SplitViewController
    XCTAssertFalse(split.isCollapsed)
    h.make(.container, "Box")
    h.setRoot("Box")
    h.run(.setVisible(window: h.window.id, visible: false))
    h.run(.resize(window: h.window.id, metrics: SplitViewControllerTests.compact, animation: nil))
    XCTAssertFalse(split.isCollapsed, "out of the window, it waits")
    _ = h.events()
    h.run(.addChild(parent: h.id("Box"), child: h.id("Split"), frame: nil))
    XCTAssertTrue(split.isCollapsed)
    XCTAssertEqual(split.viewControllers.map(\.name), ["Nav"])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Master", "Detail"])
    XCTAssertFalse(
      h.events().contains {
        $0.category == .lifecycle && h.session.describe($0).contains("Appear")
      },
      "nothing appears in a hidden window")
  }

  func testTurningToAPageAnotherWindowIsMovingIsBusy() {
    let h = Harness()
    let book = h.make(.page, "Book") as! PageViewController
    h.make(.content, "P1")
    h.make(.content, "B")
    h.run(
      .setPages(
        page: book.id, controllers: [], direction: .forward, animated: false, animator: nil,
        dataSource: [h.id("P1"), h.id("B")]))
    h.showNavigation("Nav", stack: ["A", "B"])
    h.pop("Nav", animated: true)
    XCTAssertNil(h.controller("B").parent, "B left the stack; its didMove(nil) waits")
    let mark = h.session.detachedLog.lastSeq
    XCTAssertEqual(
      h.error(.turnPage(page: book.id, direction: .forward, animated: false, animator: nil)),
      CurtainError(.busy, "B is part of a running transition in window \(h.window.id)"))
    XCTAssertEqual(h.session.detachedLog.lastSeq, mark)
    XCTAssertEqual(book.viewControllers.map(\.name), ["P1"])
    h.settle()
    h.run(.turnPage(page: book.id, direction: .forward, animated: false, animator: nil))
    XCTAssertEqual(book.viewControllers.map(\.name), ["B"])
  }
}
