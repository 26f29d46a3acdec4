import XCTest

@testable import CurtainCore

/// Event orders of SEMANTICS §3, tab bar controller.
final class TabBarTests: XCTestCase {
  // MARK: Setting tabs

  func testSettingTabsOnAnOnScreenTabBarController() {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.setRoot("Tabs")
    for name in ["A", "B", "C"] { h.make(.content, name) }
    _ = h.events()
    h.setTabs("Tabs", ["A", "B", "C"])
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "A.willMove(Tabs)", "B.willMove(Tabs)", "C.willMove(Tabs)", "Tabs.childAdded(A)",
        "Tabs.childAdded(B)", "Tabs.childAdded(C)", "Tabs.viewControllers([A, B, C])",
        "A.viewDidLoad", "A.viewWillAppear(false)", "A.didMove(Tabs)", "B.didMove(Tabs)",
        "C.didMove(Tabs)", "A.viewDidAppear(false)", "Tabs.selected(0, A)",
      ], "SEMANTICS §2: the did-appearance after the didMove calls")
    let tabs = h.tab("Tabs")
    XCTAssertEqual(tabs.viewControllers.map(\.name), ["A", "B", "C"])
    XCTAssertEqual(tabs.children.map(\.name), ["A", "B", "C"])
    XCTAssertEqual(tabs.selectedIndex, 0)
    XCTAssertTrue(tabs.selectedViewController === h.controller("A"))
    XCTAssertEqual(tabs.tabControllers.map(\.name), ["A", "B", "C"])
    XCTAssertEqual(
      tabs.viewIfLoaded?.subviews.map(\.id),
      [h.controller("A").viewIfLoaded?.id, tabs.tabBar?.id].compactMap { $0 },
      "the selected view sits below the tab bar")
    XCTAssertFalse(h.controller("B").isViewLoaded)
  }

  func testSettingTabsOnADetachedTabBarControllerThenShowingIt() {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.make(.content, "A")
    h.make(.content, "B")
    let mark = h.session.detachedLog.lastSeq
    h.setTabs("Tabs", ["A", "B"])
    XCTAssertEqual(
      h.detachedLifecycle(after: mark),
      ["A.willMove(Tabs)", "B.willMove(Tabs)", "A.didMove(Tabs)", "B.didMove(Tabs)"])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
    XCTAssertFalse(h.controller("A").isViewLoaded)
    h.setRoot("Tabs")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Tabs.viewDidLoad", "A.viewDidLoad", "Tabs.viewWillAppear(false)",
        "A.viewWillAppear(false)", "Tabs.viewDidAppear(false)", "A.viewDidAppear(false)",
      ])
    XCTAssertFalse(h.controller("B").isViewLoaded)
  }

  // MARK: Selecting

  func testSelectingANewTabForTheFirstTime() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B", "C"])
    let ticket = h.select("Tabs", .index(1))
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "B.viewDidLoad", "B.viewWillAppear(false)", "A.viewWillDisappear(false)",
        "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "Tabs.selected(1, B)",
      ])
    let tabs = h.tab("Tabs")
    XCTAssertEqual(tabs.selectedIndex, 1)
    XCTAssertTrue(tabs.selectedViewController === h.controller("B"))
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview)
    XCTAssertTrue(h.controller("B").viewIfLoaded?.superview === tabs.viewIfLoaded)
    XCTAssertEqual(h.controller("A").appearance, .disappeared)
    XCTAssertEqual(h.controller("B").appearance, .appeared)
    XCTAssertTrue(h.controller("A").parent === tabs, "unselected tabs stay children")
  }

  func testSelectingATabAgainDoesNotLoadItAgain() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B", "C"])
    h.select("Tabs", .index(1))
    _ = h.events()
    h.select("Tabs", .index(0))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "A.viewWillAppear(false)", "B.viewWillDisappear(false)", "B.viewDidDisappear(false)",
        "A.viewDidAppear(false)",
      ])
    h.select("Tabs", .index(1))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.viewWillAppear(false)", "A.viewWillDisappear(false)", "A.viewDidDisappear(false)",
        "B.viewDidAppear(false)",
      ])
  }

  func testSelectingTheSelectedTabDoesNothing() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B"])
    for selection in [TabSelection.index(0), .controller(h.id("A"))] {
      let ticket = h.select("Tabs", selection)
      XCTAssertEqual(ticket?.isCompleted, true)
      XCTAssertNil(ticket?.transition)
      XCTAssertEqual(h.described([.lifecycle, .hierarchy, .transition]), [])
      XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
    }
  }

  func testSelectByController() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B", "C"])
    h.select("Tabs", .controller(h.id("C")))
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "C.viewDidLoad", "C.viewWillAppear(false)", "A.viewWillDisappear(false)",
        "A.viewDidDisappear(false)", "C.viewDidAppear(false)", "Tabs.selected(2, C)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 2)
  }

  func testSelectionErrorsChangeNothing() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B", "C"])
    h.select("Tabs", .index(1))
    _ = h.events()
    h.make(.content, "X")
    h.make(.navigation, "Nav")
    let revision = h.window.revision
    XCTAssertEqual(
      h.error(.selectTab(tabBar: h.id("Tabs"), selection: .index(3), animator: nil))?.code,
      .invalidArgument)
    XCTAssertEqual(
      h.error(.selectTab(tabBar: h.id("Tabs"), selection: .index(-1), animator: nil))?.code,
      .invalidArgument)
    XCTAssertEqual(
      h.error(.selectTab(tabBar: h.id("Tabs"), selection: .controller(h.id("X")), animator: nil))?
        .code, .invalidArgument)
    XCTAssertEqual(
      h.error(
        .selectTab(tabBar: h.id("Tabs"), selection: .controller(ControllerID(999)), animator: nil))?
        .code, .notFound)
    XCTAssertEqual(
      h.error(.selectTab(tabBar: h.id("Nav"), selection: .index(0), animator: nil))?.code,
      .invalidArgument)
    XCTAssertEqual(
      h.error(.setTabs(tabBar: h.id("Nav"), controllers: [h.id("X")]))?.code, .invalidArgument)
    XCTAssertEqual(
      h.error(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("X"), h.id("X")]))?.code,
      .invalidArgument)
    XCTAssertEqual(
      h.error(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("Tabs")]))?.code, .invalidArgument)
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.events(), [])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 1)
    XCTAssertEqual(h.tab("Tabs").viewControllers.map(\.name), ["A", "B", "C"])
    XCTAssertEqual(h.controller("B").appearance, .appeared)
    XCTAssertNil(h.controller("X").parent)
  }

  func testATabHoldingANavigationControllerForwardsAppearanceToItsTop() {
    let h = Harness()
    h.make(.navigation, "Nav")
    h.make(.content, "X")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("X")], animated: false, animator: nil))
    h.showTabs("Tabs", ["A", "Nav"])
    h.select("Tabs", .index(1))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Nav.viewDidLoad", "X.viewDidLoad", "Nav.viewWillAppear(false)",
        "X.viewWillAppear(false)", "A.viewWillDisappear(false)", "A.viewDidDisappear(false)",
        "Nav.viewDidAppear(false)", "X.viewDidAppear(false)",
      ])
    h.select("Tabs", .index(0))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "A.viewWillAppear(false)", "Nav.viewWillDisappear(false)", "X.viewWillDisappear(false)",
        "Nav.viewDidDisappear(false)", "X.viewDidDisappear(false)", "A.viewDidAppear(false)",
      ])
    XCTAssertEqual(h.controller("X").appearance, .disappeared)
  }

  func testACustomAnimatorDelaysTheDidCallbacks() throws {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B"])
    let ticket = h.run(
      .selectTab(
        tabBar: h.id("Tabs"), selection: .index(1), animator: .crossDissolve(duration: 0.2)))
    XCTAssertEqual(ticket?.isCompleted, false)
    XCTAssertNotNil(ticket?.transition)
    XCTAssertEqual(
      h.lifecycle(),
      ["B.viewDidLoad", "B.viewWillAppear(true)", "A.viewWillDisappear(true)"])
    let a = try XCTUnwrap(h.controller("A").viewIfLoaded)
    let b = try XCTUnwrap(h.controller("B").viewIfLoaded)
    XCTAssertTrue(a.superview === h.tab("Tabs").viewIfLoaded, "both views during the animation")
    XCTAssertTrue(b.superview === h.tab("Tabs").viewIfLoaded)
    let middle = try XCTUnwrap(h.advance(0.1).frame)
    XCTAssertEqual(middle.values(of: a.id)?.alpha ?? .nan, 0.5, accuracy: 1e-9)
    XCTAssertEqual(middle.values(of: b.id)?.alpha ?? .nan, 0.5, accuracy: 1e-9)
    h.advance(0.09)
    XCTAssertEqual(h.lifecycle(), [])
    h.advance(0.01)
    XCTAssertEqual(h.lifecycle(), ["A.viewDidDisappear(true)", "B.viewDidAppear(true)"])
    XCTAssertNil(a.superview)
    XCTAssertTrue(h.window.isIdle)
    XCTAssertEqual(b.frame, Rect(x: 0, y: 0, width: 390, height: 844))
  }

  // MARK: More

  func testMoreHoldsTheTabsBeyondTheFourth() throws {
    let h = Harness()
    let names = (0..<7).map { "T\($0)" }
    h.showTabs("Tabs", names)
    let tabs = h.tab("Tabs")
    let more = try XCTUnwrap(tabs.moreNavigationController)
    XCTAssertTrue(tabs.hasMore)
    XCTAssertEqual(tabs.tabControllers.map(\.name), ["T0", "T1", "T2", "T3", more.name])
    XCTAssertEqual(tabs.viewControllers.map(\.name), names)
    XCTAssertTrue(more.parent === tabs)
    XCTAssertEqual(more.title, "More")
    XCTAssertEqual(more.viewControllers.count, 1, "the More list")
    XCTAssertEqual(tabs.selectedIndex, 0)
  }

  func testSelectingMore() throws {
    let h = Harness()
    h.showTabs("Tabs", (0..<7).map { "T\($0)" })
    let more = try XCTUnwrap(h.tab("Tabs").moreNavigationController)
    let list = try XCTUnwrap(more.topViewController)
    h.select("Tabs", .more)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "\(more.name).viewDidLoad", "\(list.name).viewDidLoad",
        "\(more.name).viewWillAppear(false)", "\(list.name).viewWillAppear(false)",
        "T0.viewWillDisappear(false)", "T0.viewDidDisappear(false)",
        "\(more.name).viewDidAppear(false)", "\(list.name).viewDidAppear(false)",
        "Tabs.selected(more, \(more.name))",
      ])
    XCTAssertNil(h.tab("Tabs").selectedIndex)
    XCTAssertTrue(h.tab("Tabs").selectedViewController === more)
    XCTAssertEqual(h.tab("Tabs").node.selectedIndex, nil)
    let again = h.select("Tabs", .more)
    XCTAssertEqual(again?.isCompleted, true)
    XCTAssertEqual(h.described([.lifecycle, .hierarchy]), [], "More is already selected")
  }

  func testSelectingATabBeyondTheFourthShowsItInMore() throws {
    let h = Harness()
    h.showTabs("Tabs", (0..<7).map { "T\($0)" })
    let tabs = h.tab("Tabs")
    let more = try XCTUnwrap(tabs.moreNavigationController)
    let list = try XCTUnwrap(more.topViewController)
    let m = more.name
    h.select("Tabs", .index(5))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "T5.willMove(nil)", "T5.didMove(nil)", "T5.willMove(\(m))", "T5.didMove(\(m))",
        "\(m).viewDidLoad", "T5.viewDidLoad", "\(m).viewWillAppear(false)",
        "T5.viewWillAppear(false)", "T0.viewWillDisappear(false)", "T0.viewDidDisappear(false)",
        "\(m).viewDidAppear(false)", "T5.viewDidAppear(false)",
      ])
    XCTAssertEqual(tabs.selectedIndex, 5)
    XCTAssertTrue(tabs.selectedViewController === h.controller("T5"))
    XCTAssertTrue(h.controller("T5").parent === more, "shown inside the More navigation controller")
    XCTAssertEqual(more.viewControllers.map(\.name), [list.name, "T5"])
    XCTAssertEqual(h.controller("T5").appearance, .appeared)
    XCTAssertTrue(h.controller("T5").viewIfLoaded?.superview === more.viewIfLoaded)
    XCTAssertEqual(
      h.controller("T5").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))

    h.select("Tabs", .index(0))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "T0.viewWillAppear(false)", "\(m).viewWillDisappear(false)", "T5.viewWillDisappear(false)",
        "\(m).viewDidDisappear(false)", "T5.viewDidDisappear(false)", "T0.viewDidAppear(false)",
        "T5.willMove(nil)", "\(list.name).viewDidLoad", "T5.didMove(nil)", "T5.willMove(Tabs)",
        "T5.didMove(Tabs)",
      ])
    XCTAssertTrue(h.controller("T5").parent === tabs, "back with the tab bar controller")
    XCTAssertEqual(h.controller("T5").appearance, .disappeared)
    XCTAssertNil(h.controller("T5").viewIfLoaded?.superview)
    XCTAssertEqual(more.viewControllers.map(\.name), [list.name])
    XCTAssertEqual(tabs.selectedIndex, 0)
    XCTAssertEqual(tabs.children.map(\.name), (0..<7).map { "T\($0)" } + [m], "in tab order")
  }

  /// A navigation controller shown from the More list sits on the More
  /// navigation controller's stack: it hides its own bar (Curtain's choice,
  /// one bar shows) and shows it again once back with the tab bar
  /// controller.
  func testANavigationControllerShownInMoreHidesItsBar() throws {
    let h = Harness()
    h.make(.navigation, "T5")
    h.make(.content, "Inner")
    h.run(
      .setViewControllers(
        navigation: h.id("T5"), controllers: [h.id("Inner")], animated: false, animator: nil))
    h.showTabs("Tabs", (0..<7).map { "T\($0)" })
    h.select("Tabs", .index(5))
    let nested = h.nav("T5")
    let more = try XCTUnwrap(h.tab("Tabs").moreNavigationController)
    XCTAssertTrue(nested.parent === more)
    XCTAssertTrue(nested.isNavigationBarHidden)
    XCTAssertEqual(nested.navigationBar?.isHidden, true)
    XCTAssertEqual(more.navigationBar?.isHidden, false)
    XCTAssertEqual(nested.view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(h.controller("Inner").view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    h.select("Tabs", .index(0))
    h.select("Tabs", .index(1))
    XCTAssertTrue(nested.parent === h.tab("Tabs"))
    XCTAssertFalse(nested.isNavigationBarHidden)
    XCTAssertEqual(nested.navigationBar?.isHidden, false)
  }

  func testSelectingAnotherMoreTabReplacesTheFirst() throws {
    let h = Harness()
    h.showTabs("Tabs", (0..<7).map { "T\($0)" })
    let tabs = h.tab("Tabs")
    let more = try XCTUnwrap(tabs.moreNavigationController)
    let list = try XCTUnwrap(more.topViewController)
    h.select("Tabs", .index(5))
    _ = h.events()
    h.select("Tabs", .controller(h.id("T6")))
    XCTAssertEqual(tabs.selectedIndex, 6)
    XCTAssertEqual(more.viewControllers.map(\.name), [list.name, "T6"])
    XCTAssertTrue(h.controller("T5").parent === tabs)
    XCTAssertTrue(h.controller("T6").parent === more)
    XCTAssertEqual(h.controller("T5").appearance, .disappeared)
    XCTAssertEqual(h.controller("T6").appearance, .appeared)
    XCTAssertEqual(more.appearance, .appeared, "the More tab stays selected")
    h.select("Tabs", .more)
    XCTAssertEqual(more.viewControllers.map(\.name), [list.name])
    XCTAssertTrue(h.controller("T6").parent === tabs)
    XCTAssertEqual(h.controller("T6").appearance, .disappeared)
    XCTAssertEqual(list.appearance, .appeared)
    XCTAssertNil(tabs.selectedIndex)
  }

  func testMoreNeedsMoreThanFiveTabs() {
    let h = Harness()
    h.showTabs("Tabs", (0..<5).map { "T\($0)" })
    XCTAssertFalse(h.tab("Tabs").hasMore)
    XCTAssertNil(h.tab("Tabs").moreNavigationController)
    XCTAssertEqual(h.tab("Tabs").tabControllers.count, 5)
    let revision = h.window.revision
    XCTAssertEqual(
      h.error(.selectTab(tabBar: h.id("Tabs"), selection: .more, animator: nil))?.code,
      .invalidArgument)
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.events(), [])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
  }

  // MARK: setTabs selection rule

  func testSetTabsKeepsTheSelectedControllerAtItsNewIndex() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B", "C"])
    h.select("Tabs", .index(1))
    _ = h.events()
    h.setTabs("Tabs", ["B", "C"])
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "A.willMove(nil)", "Tabs.childRemoved(A)", "Tabs.viewControllers([B, C])",
        "A.didMove(nil)", "Tabs.selected(0, B)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
    XCTAssertTrue(h.tab("Tabs").selectedViewController === h.controller("B"))
    XCTAssertEqual(h.controller("B").appearance, .appeared)
    XCTAssertNil(h.controller("A").parent)
  }

  func testSetTabsReordersTheChildren() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B", "C"])
    h.setTabs("Tabs", ["C", "A", "B"])
    XCTAssertEqual(h.described([.lifecycle]), [], "nobody moves in or out, A stays selected")
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 1)
    XCTAssertEqual(h.tab("Tabs").viewControllers.map(\.name), ["C", "A", "B"])
    XCTAssertEqual(h.tab("Tabs").children.map(\.name), ["C", "A", "B"])
  }

  func testSetTabsWithoutTheSelectedControllerKeepsTheIndex() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B", "C"])
    h.select("Tabs", .index(1))
    h.make(.content, "D")
    _ = h.events()
    h.setTabs("Tabs", ["A", "C", "D"])
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(nil)", "D.willMove(Tabs)", "C.viewDidLoad", "C.viewWillAppear(false)",
        "B.viewWillDisappear(false)", "B.didMove(nil)", "D.didMove(Tabs)",
        "B.viewDidDisappear(false)", "C.viewDidAppear(false)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 1)
    XCTAssertTrue(h.tab("Tabs").selectedViewController === h.controller("C"))
    XCTAssertNil(h.controller("B").parent)
    XCTAssertNil(h.controller("B").viewIfLoaded?.superview)
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
  }

  func testSetTabsFallsBackToTheFirstTab() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B", "C"])
    h.select("Tabs", .index(2))
    h.make(.content, "D")
    _ = h.events()
    h.setTabs("Tabs", ["A", "D"])
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(nil)", "C.willMove(nil)", "D.willMove(Tabs)", "A.viewWillAppear(false)",
        "C.viewWillDisappear(false)", "B.didMove(nil)", "C.didMove(nil)", "D.didMove(Tabs)",
        "C.viewDidDisappear(false)", "A.viewDidAppear(false)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
    XCTAssertTrue(h.tab("Tabs").selectedViewController === h.controller("A"))
  }

  func testSetTabsToNothing() {
    let h = Harness()
    h.showTabs("Tabs", ["A", "B"])
    h.setTabs("Tabs", [])
    XCTAssertEqual(
      h.lifecycle(),
      [
        "A.willMove(nil)", "B.willMove(nil)", "A.viewWillDisappear(false)", "A.didMove(nil)",
        "B.didMove(nil)", "A.viewDidDisappear(false)",
      ])
    XCTAssertNil(h.tab("Tabs").selectedIndex)
    XCTAssertNil(h.tab("Tabs").selectedViewController)
    XCTAssertEqual(h.tab("Tabs").children.count, 0)
  }

  func testShrinkingBelowSixTabsDropsMore() throws {
    let h = Harness()
    h.showTabs("Tabs", (0..<7).map { "T\($0)" })
    let more = try XCTUnwrap(h.tab("Tabs").moreNavigationController)
    _ = h.events()
    h.setTabs("Tabs", ["T0", "T1", "T2"])
    XCTAssertEqual(
      h.lifecycle(),
      [
        "T3.willMove(nil)", "T4.willMove(nil)", "T5.willMove(nil)", "T6.willMove(nil)",
        "\(more.name).willMove(nil)", "\(more.name).didMove(nil)",
        "T3.didMove(nil)", "T4.didMove(nil)", "T5.didMove(nil)", "T6.didMove(nil)",
      ])
    XCTAssertNil(h.tab("Tabs").moreNavigationController)
    XCTAssertNil(more.parent)
    XCTAssertEqual(h.tab("Tabs").children.map(\.name), ["T0", "T1", "T2"])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
  }

  func testSetTabsLeavesTheSelectedControllerInMoreWhileItStaysBeyondTheFourth() throws {
    let h = Harness()
    h.showTabs("Tabs", (0..<7).map { "T\($0)" })
    let more = try XCTUnwrap(h.tab("Tabs").moreNavigationController)
    h.select("Tabs", .index(5))
    _ = h.events()
    h.setTabs("Tabs", ["T0", "T1", "T2", "T3", "T5", "T6"])
    XCTAssertEqual(h.lifecycle(), ["T4.willMove(nil)", "T4.didMove(nil)"])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 4)
    XCTAssertTrue(h.controller("T5").parent === more)
    XCTAssertEqual(h.controller("T5").appearance, .appeared)
    XCTAssertEqual(more.appearance, .appeared)
    XCTAssertEqual(h.tab("Tabs").children.map(\.name), ["T0", "T1", "T2", "T3", "T6", more.name])
  }

  func testSetTabsKeepsAControllerShownInMoreOnScreen() throws {
    let h = Harness()
    h.showTabs("Tabs", (0..<7).map { "T\($0)" })
    let more = try XCTUnwrap(h.tab("Tabs").moreNavigationController)
    h.select("Tabs", .index(5))
    _ = h.events()
    h.setTabs("Tabs", ["T0", "T5", "T6"])
    let events = h.lifecycle()
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 1)
    XCTAssertTrue(h.controller("T5").parent === h.tab("Tabs"))
    XCTAssertEqual(h.controller("T5").appearance, .appeared)
    XCTAssertTrue(h.controller("T5").viewIfLoaded?.superview === h.tab("Tabs").viewIfLoaded)
    XCTAssertEqual(
      h.controller("T5").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(more.appearance, .disappeared)
    XCTAssertNil(more.parent)
    XCTAssertEqual(
      events.filter { $0.hasPrefix("T5.") },
      ["T5.willMove(nil)", "T5.didMove(nil)", "T5.willMove(Tabs)", "T5.didMove(Tabs)"],
      "T5 stays selected and on screen: it moves back without disappearing")
  }
}

extension Harness {
  /// Sets the tabs of `tabBar` to the named controllers.
  fileprivate func setTabs(
    _ tabBar: String, _ names: [String], file: StaticString = #filePath, line: UInt = #line
  ) {
    run(.setTabs(tabBar: id(tabBar), controllers: names.map { id($0) }), file: file, line: line)
  }

  /// Selects a tab without an animator.
  @discardableResult
  fileprivate func select(
    _ tabBar: String, _ selection: TabSelection, file: StaticString = #filePath, line: UInt = #line
  ) -> OperationTicket? {
    run(.selectTab(tabBar: id(tabBar), selection: selection, animator: nil), file: file, line: line)
  }

  /// A tab bar controller `name` made the window's root with the named tabs
  /// (created when missing); events so far are discarded.
  fileprivate func showTabs(_ name: String, _ tabs: [String]) {
    make(.tabBar, name)
    for tab in tabs where session.controller(identifier: tab) == nil { make(.content, tab) }
    setTabs(name, tabs)
    setRoot(name)
    _ = events()
  }

  /// The lifecycle events of controllers in no window after `seq`, rendered.
  fileprivate func detachedLifecycle(after seq: UInt64) -> [String] {
    (session.detachedLog.events(after: seq) ?? []).filter { $0.category == .lifecycle }.map {
      session.describe($0)
    }
  }
}
