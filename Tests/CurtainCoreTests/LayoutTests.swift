import XCTest

@testable import CurtainCore

/// Window metrics and traits (SEMANTICS §1) and container layout (§3).
final class LayoutTests: XCTestCase {
  /// Sessions of the windows made by `window(width:height:)`, kept alive.
  private var sessions: [Session] = []

  // MARK: Metrics and traits

  func testDefaultWindow() {
    let h = Harness()
    XCTAssertEqual(h.window.size, Size(width: 390, height: 844))
    XCTAssertEqual(h.window.metrics.scale, 3)
    XCTAssertEqual(h.window.safeAreaInsets, EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    XCTAssertEqual(h.window.bounds, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(h.window.view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    let traits = h.window.traitCollection
    XCTAssertEqual(traits.horizontalSizeClass, .compact)
    XCTAssertEqual(traits.verticalSizeClass, .regular)
    XCTAssertEqual(traits.displayScale, 3)
    XCTAssertEqual(traits.userInterfaceIdiom, .phone)
    XCTAssertTrue(h.window.isVisible)
  }

  func testALandscapePadIsRegularBothWays() {
    let traits = window(width: 1024, height: 768).traitCollection
    XCTAssertEqual(traits.horizontalSizeClass, .regular)
    XCTAssertEqual(traits.verticalSizeClass, .regular)
  }

  func testSizeClassThresholds() {
    XCTAssertEqual(window(width: 600, height: 844).traitCollection.horizontalSizeClass, .regular)
    XCTAssertEqual(window(width: 599, height: 844).traitCollection.horizontalSizeClass, .compact)
    XCTAssertEqual(window(width: 599.5, height: 844).traitCollection.horizontalSizeClass, .compact)
    XCTAssertEqual(window(width: 390, height: 500).traitCollection.verticalSizeClass, .regular)
    XCTAssertEqual(window(width: 390, height: 499).traitCollection.verticalSizeClass, .compact)
    let phoneLandscape = window(width: 844, height: 390).traitCollection
    XCTAssertEqual(phoneLandscape.horizontalSizeClass, .regular)
    XCTAssertEqual(phoneLandscape.verticalSizeClass, .compact)
  }

  func testExplicitTraitsOverrideTheDerivation() throws {
    let explicit = TraitCollection(
      horizontalSizeClass: .regular, verticalSizeClass: .compact, displayScale: 2,
      userInterfaceIdiom: .pad)
    let h = Harness(metrics: WindowMetrics(traits: explicit))
    XCTAssertEqual(h.window.traitCollection, explicit)
    XCTAssertEqual(h.window.size, Size(width: 390, height: 844), "the size stays")
    try h.window.resize(WindowMetrics(size: Size(width: 1024, height: 300), traits: explicit))
    XCTAssertEqual(h.window.traitCollection, explicit, "a resize does not derive them again")
    try h.window.resize(WindowMetrics(size: Size(width: 1024, height: 300)))
    XCTAssertEqual(h.window.traitCollection.horizontalSizeClass, .regular)
    XCTAssertEqual(h.window.traitCollection.verticalSizeClass, .compact)
    XCTAssertEqual(h.window.traitCollection.userInterfaceIdiom, .phone)
  }

  func testTheIdiomAndScaleReachTheDerivedTraits() {
    let h = Harness(metrics: WindowMetrics(scale: 2, idiom: .pad))
    XCTAssertEqual(h.window.traitCollection.userInterfaceIdiom, .pad)
    XCTAssertEqual(h.window.traitCollection.displayScale, 2)
  }

  // MARK: Navigation controller (content under the bar, SEMANTICS §3)

  func testNavigationBarAndContentInADefaultWindow() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    XCTAssertEqual(h.nav("Nav").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(h.nav("Nav").navigationBar?.frame, Rect(x: 0, y: 47, width: 390, height: 44))
    XCTAssertTrue(h.nav("Nav").isBarTranslucent, "UIKit's default")
    XCTAssertEqual(
      h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844),
      "under the translucent bar")
    XCTAssertEqual(
      h.controller("A").safeAreaInsets, EdgeInsets(top: 91, left: 0, bottom: 34, right: 0),
      "the bar's bottom edge in the safe area")
    let subviews = try XCTUnwrap(h.nav("Nav").viewIfLoaded?.subviews)
    XCTAssertEqual(
      subviews.map(\.role), [.controllerRoot, .navigationBar], "content below the bar in z-order")
  }

  func testAnOpaqueNavigationBarPutsTheContentBelowIt() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    try h.controller("Nav").configureLayout(edgesForExtendedLayout: nil, isBarTranslucent: false)
    XCTAssertEqual(
      h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 91, width: 390, height: 753))
    XCTAssertEqual(
      h.controller("A").safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 34, right: 0),
      "below the bar the view is clear of the top inset")
    h.push("Nav", "B", animated: false)
    XCTAssertEqual(
      h.controller("B").viewIfLoaded?.frame, Rect(x: 0, y: 91, width: 390, height: 753))
    try h.controller("Nav").configureLayout(edgesForExtendedLayout: nil, isBarTranslucent: true)
    XCTAssertEqual(h.controller("B").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testAControllerThatDoesNotExtendUnderTheTopStaysBelowTheBar() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "B")
    try h.controller("B").configureLayout(edgesForExtendedLayout: [.bottom], isBarTranslucent: nil)
    h.push("Nav", "B", animated: false)
    XCTAssertEqual(
      h.controller("B").viewIfLoaded?.frame, Rect(x: 0, y: 91, width: 390, height: 753))
    XCTAssertEqual(
      h.controller("B").safeAreaInsets, EdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
    h.pop("Nav", animated: false)
    XCTAssertEqual(
      h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844),
      "the edges are the child's own")
  }

  func testAPushedControllerGetsTheContentFrame() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    XCTAssertEqual(h.controller("B").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(
      h.controller("B").safeAreaInsets, EdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
  }

  func testNavigationBarOnThePadIdiom() {
    let h = Harness(metrics: WindowMetrics(idiom: .pad))
    h.showNavigation("Nav", stack: ["A"])
    XCTAssertEqual(h.nav("Nav").navigationBar?.frame, Rect(x: 0, y: 47, width: 390, height: 50))
    XCTAssertEqual(h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(h.controller("A").safeAreaInsets.top, 97)
  }

  func testNavigationLayoutFollowsTheSafeArea() throws {
    let h = Harness(
      metrics: WindowMetrics(
        size: Size(width: 1024, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        scale: 2, idiom: .pad))
    h.showNavigation("Nav", stack: ["A"])
    XCTAssertEqual(h.nav("Nav").navigationBar?.frame, Rect(x: 0, y: 24, width: 1024, height: 50))
    XCTAssertEqual(
      h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 1024, height: 768))
    XCTAssertEqual(
      h.controller("A").safeAreaInsets, EdgeInsets(top: 74, left: 0, bottom: 20, right: 0))
    try h.controller("Nav").configureLayout(edgesForExtendedLayout: nil, isBarTranslucent: false)
    XCTAssertEqual(
      h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 74, width: 1024, height: 694))
  }

  // MARK: Tab bar controller

  func testTabBarAndSelectedView() throws {
    let h = Harness()
    h.showTabs(["A", "B"])
    let tabs = h.tab("Tabs")
    XCTAssertEqual(tabs.viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertTrue(tabs.isBarTranslucent, "UIKit's default")
    XCTAssertEqual(
      h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844),
      "under the translucent bar")
    let bar = try XCTUnwrap(tabs.tabBar)
    XCTAssertEqual(bar.frame.minY, 844 - 34 - 49)
    XCTAssertEqual(bar.frame, Rect(x: 0, y: 761, width: 390, height: 83), "down to the window edge")
    XCTAssertEqual(
      h.controller("A").safeAreaInsets, EdgeInsets(top: 47, left: 0, bottom: 83, right: 0),
      "the bar's top edge in the safe area")
    XCTAssertEqual(tabs.viewIfLoaded?.subviews.last?.role, .tabBar, "the bar is on top")
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .index(1), animator: nil))
    XCTAssertEqual(h.controller("B").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testAnOpaqueTabBarPutsTheContentAboveIt() throws {
    let h = Harness()
    h.showTabs(["A", "B"])
    try h.controller("Tabs").configureLayout(edgesForExtendedLayout: nil, isBarTranslucent: false)
    XCTAssertEqual(h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 761))
    XCTAssertEqual(
      h.controller("A").safeAreaInsets, EdgeInsets(top: 47, left: 0, bottom: 0, right: 0))
    try h.controller("B").configureLayout(edgesForExtendedLayout: .top, isBarTranslucent: nil)
    try h.controller("Tabs").configureLayout(edgesForExtendedLayout: nil, isBarTranslucent: true)
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .index(1), animator: nil))
    XCTAssertEqual(
      h.controller("B").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 761),
      "B does not extend under the bottom")
  }

  func testTabBarOnThePadIdiom() throws {
    let h = Harness(metrics: WindowMetrics(idiom: .pad))
    h.showTabs(["A"])
    XCTAssertEqual(h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(h.tab("Tabs").tabBar?.frame, Rect(x: 0, y: 760, width: 390, height: 84))
    XCTAssertEqual(h.controller("A").safeAreaInsets.bottom, 84)
  }

  func testANavigationControllerInsideATab() throws {
    let h = Harness()
    h.make(.navigation, "Nav")
    h.make(.content, "X")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("X")], animated: false, animator: nil))
    h.showTabs(["Nav"])
    XCTAssertEqual(h.nav("Nav").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(h.nav("Nav").navigationBar?.frame, Rect(x: 0, y: 47, width: 390, height: 44))
    XCTAssertEqual(
      h.controller("X").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844),
      "under both bars")
    XCTAssertEqual(
      h.controller("X").safeAreaInsets, EdgeInsets(top: 91, left: 0, bottom: 83, right: 0),
      "both bars in the safe area")
    h.push("Nav", "Y", animated: false)
    XCTAssertEqual(h.controller("Y").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    try h.controller("Nav").configureLayout(edgesForExtendedLayout: nil, isBarTranslucent: false)
    try h.controller("Tabs").configureLayout(edgesForExtendedLayout: nil, isBarTranslucent: false)
    XCTAssertEqual(h.nav("Nav").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 761))
    XCTAssertEqual(
      h.controller("Y").viewIfLoaded?.frame, Rect(x: 0, y: 91, width: 390, height: 670),
      "opaque bars: content between them")
    XCTAssertEqual(h.controller("Y").safeAreaInsets, EdgeInsets())
  }

  func testResizingLaysOutTheTabBarAgain() throws {
    let h = Harness()
    h.showTabs(["A"])
    try h.window.resize(
      WindowMetrics(
        size: Size(width: 844, height: 390),
        safeAreaInsets: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)))
    XCTAssertEqual(h.tab("Tabs").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 844, height: 390))
    XCTAssertEqual(h.tab("Tabs").tabBar?.frame, Rect(x: 0, y: 320, width: 844, height: 70))
    XCTAssertEqual(h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 844, height: 390))
    XCTAssertEqual(
      h.controller("A").safeAreaInsets, EdgeInsets(top: 0, left: 47, bottom: 70, right: 47))
  }

  // MARK: Invalid metrics

  func testInvalidMetricsAreRefused() {
    let session = Session(name: "layout")
    let invalid: [WindowMetrics] = [
      WindowMetrics(size: Size(width: 0, height: 844)),
      WindowMetrics(size: Size(width: 390, height: 0)),
      WindowMetrics(size: Size(width: -390, height: 844)),
      WindowMetrics(size: Size(width: 390, height: -1)),
      WindowMetrics(size: Size(width: .nan, height: 844)),
      WindowMetrics(size: Size(width: 390, height: .infinity)),
      WindowMetrics(safeAreaInsets: EdgeInsets(top: .nan, bottom: 34)),
      WindowMetrics(safeAreaInsets: EdgeInsets(top: 47, left: -.infinity, bottom: 34, right: 0)),
      WindowMetrics(scale: .nan),
      WindowMetrics(scale: 0),
      WindowMetrics(scale: -3),
      WindowMetrics(safeAreaInsets: EdgeInsets(top: 500, bottom: 345)),
      WindowMetrics(safeAreaInsets: EdgeInsets(top: 0, left: 200, bottom: 0, right: 191)),
      WindowMetrics(safeAreaInsets: EdgeInsets(top: 900, bottom: 0)),
      WindowMetrics(safeAreaInsets: EdgeInsets(top: -1, bottom: 34)),
    ]
    for metrics in invalid {
      XCTAssertThrowsError(try session.makeWindow(metrics: metrics), "\(metrics)") {
        XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument, "\(metrics)")
      }
    }
    XCTAssertTrue(session.windows.isEmpty, "nothing was created")
    let window = try? session.makeWindow(
      metrics: WindowMetrics(safeAreaInsets: EdgeInsets(top: 500, bottom: 344)))
    XCTAssertEqual(window?.id, WindowID(1), "insets that exactly fit are fine; no id was used")
  }
}

extension Harness {
  /// A tab bar controller `Tabs` made the window's root with the named tabs;
  /// events so far are discarded.
  fileprivate func showTabs(_ tabs: [String]) {
    make(.tabBar, "Tabs")
    for tab in tabs where session.controller(identifier: tab) == nil { make(.content, tab) }
    run(.setTabs(tabBar: id("Tabs"), controllers: tabs.map { id($0) }))
    setRoot("Tabs")
    _ = events()
  }
}

extension LayoutTests {
  /// A window of the given size with the default safe area.
  fileprivate func window(width: Double, height: Double) -> Window {
    let session = Session(name: "layout")
    sessions.append(session)
    return try! session.makeWindow(metrics: WindowMetrics(size: Size(width: width, height: height)))
  }
}
