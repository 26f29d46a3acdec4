import XCTest

@testable import CurtainCore

/// A user's tap on a tab bar item (issue 37 §3, SEMANTICS §3 "Code and user
/// are told apart"): the items are views with frames; a tap asks the tab
/// bar's delegate `shouldSelect`, selects, then calls `didSelect`; on the
/// selected item of a navigation tab it pops to the root; on More it shows
/// the More list. A selection by code asks none of it (DelegateTests).
final class TabBarTapTests: XCTestCase {
  let client = OwnerID(7)

  /// The default 390 × 844 phone: the bar's items are 49 pt tall from
  /// y 761 (34 pt of safe area below).
  private let itemY = 785.0

  private func slide(_ duration: Double) -> AnimatorSpec { DelegateTests.slide(duration) }

  /// A tab bar controller `Tabs`, the window's root, with `tabs` (content
  /// controllers made as needed); events so far are read.
  private func tabs(_ tabs: [String]) -> Harness {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    for name in tabs where h.session.controller(identifier: name) == nil {
      h.make(.content, name)
    }
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: tabs.map(h.id)))
    h.setRoot("Tabs")
    _ = h.events()
    return h
  }

  /// Taps the middle of item `index` of `count` equal items.
  @discardableResult
  private func tapItem(_ h: Harness, _ index: Int, of count: Int) -> TapHit? {
    let width = 390.0 / Double(count)
    return h.run(
      .tap(window: h.window.id, point: Point(x: width * (Double(index) + 0.5), y: itemY)))?.tap
  }

  func testTheTabBarHasAnItemViewPerTabWithItsFrame() throws {
    let h = tabs(["A", "B", "C"])
    let bar = try XCTUnwrap(h.tab("Tabs").tabBar)
    XCTAssertEqual(bar.frame, Rect(x: 0, y: 761, width: 390, height: 83))
    let items = h.tab("Tabs").tabBarItems
    XCTAssertEqual(items.map(\.role), [.tabBarItem, .tabBarItem, .tabBarItem])
    XCTAssertEqual(items.map(\.controllerID), [h.id("A"), h.id("B"), h.id("C")])
    XCTAssertEqual(
      items.map(\.frame),
      [
        Rect(x: 0, y: 0, width: 130, height: 49), Rect(x: 130, y: 0, width: 130, height: 49),
        Rect(x: 260, y: 0, width: 130, height: 49),
      ])
    XCTAssertTrue(items.allSatisfy { $0.superview === bar && h.session.views[$0.id] === $0 })

    // Reordered tabs keep their items; a tab that leaves takes its item out
    // of the session; a new tab gets one.
    let (itemA, itemC) = (items[0], items[2])
    h.make(.content, "D")
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("C"), h.id("A"), h.id("D")]))
    let after = h.tab("Tabs").tabBarItems
    XCTAssertEqual(after.map(\.controllerID), [h.id("C"), h.id("A"), h.id("D")])
    XCTAssertTrue(after[0] === itemC && after[1] === itemA)
    XCTAssertNil(h.session.views[items[1].id], "B's item left with its tab")
    XCTAssertEqual(after[2].frame, Rect(x: 260, y: 0, width: 130, height: 49))

    // Beyond five tabs: four items and More's, owned by the More
    // navigation controller.
    for name in ["E", "F", "G"] { h.make(.content, name) }
    h.run(
      .setTabs(tabBar: h.id("Tabs"), controllers: ["A", "B", "C", "D", "E", "F"].map(h.id)))
    let more = try XCTUnwrap(h.tab("Tabs").moreNavigationController)
    XCTAssertEqual(
      h.tab("Tabs").tabBarItems.map(\.controllerID),
      [h.id("A"), h.id("B"), h.id("C"), h.id("D"), more.id])
    XCTAssertEqual(h.tab("Tabs").tabBarItems[4].frame, Rect(x: 312, y: 0, width: 78, height: 49))
  }

  func testATapOnAnItemSelectsItsTabThenCallsDidSelect() throws {
    let h = tabs(["A", "B", "C"])
    let hit = try XCTUnwrap(tapItem(h, 1, of: 3))
    XCTAssertEqual(hit.role, .tabBarItem)
    XCTAssertEqual(hit.controller, h.id("B"))
    XCTAssertEqual(hit.view, h.tab("Tabs").tabBarItems[1].id)
    XCTAssertEqual(hit.effect, .selected(tabBar: h.id("Tabs"), tab: h.id("B")))
    XCTAssertEqual(
      h.described([.window, .lifecycle, .hierarchy]),
      [
        "window.tapped((195, 785), \(hit.view) tabBarItem of B)",
        "B.viewDidLoad", "B.viewWillAppear(false)", "A.viewWillDisappear(false)",
        "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "Tabs.selected(1, B)",
        "Tabs.didSelect(B)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 1)
    XCTAssertTrue(h.window.isIdle)

    // A tap on the selected item of a content tab: didSelect again, nothing
    // else.
    XCTAssertEqual(
      try XCTUnwrap(tapItem(h, 1, of: 3)).effect,
      .reselected(tabBar: h.id("Tabs"), tab: h.id("B")))
    XCTAssertEqual(h.described([.lifecycle, .hierarchy]), ["Tabs.didSelect(B)"])
  }

  func testADelegateDeclinesATapThenAnimatesTheNext() throws {
    let h = tabs(["A", "B"])
    try h.session.setDelegate(of: h.id("Tabs"), roles: [.tabBar], delegate: client, timeout: 0.5)
    tapItem(h, 1, of: 2)
    XCTAssertEqual(h.lifecycle(), ["Tabs.delegate#1.tabBarShouldSelect(A → B)"])
    XCTAssertFalse(h.window.isIdle, "the tap waits for the answer")
    XCTAssertTrue(try h.session.answerDelegateCall(1, .bool(false), from: client))
    let declined = h.events().map { h.session.describe($0) }
    XCTAssertEqual(
      declined.filter { !$0.hasPrefix("o") },
      [
        "Tabs.delegate#1 → false",
        "window.tapped((292.5, 785), \(h.tab("Tabs").tabBarItems[1].id) tabBarItem of B)",
      ], "\(declined)")
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0, "a no leaves everything as it was")
    XCTAssertEqual(
      h.session.takeOutcomes().last?.tap?.effect,
      .selectionDeclined(tabBar: h.id("Tabs"), tab: h.id("B")))
    XCTAssertTrue(h.window.isIdle)

    tapItem(h, 1, of: 2)
    XCTAssertTrue(try h.session.answerDelegateCall(2, .bool(true), from: client))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Tabs.delegate#2.tabBarShouldSelect(A → B)", "Tabs.delegate#2 → true",
        "Tabs.delegate#3.tabBarAnimationController(A → B)",
      ])
    XCTAssertTrue(try h.session.answerDelegateCall(3, .animator(slide(0.5)), from: client))
    XCTAssertEqual(h.window.transitions.first?.duration, 0.5, "the delegate's animator runs")
    // didSelect comes as the switch begins, before it ends (UIKit's order).
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Tabs.delegate#3 → animator(0.5 s, 1 tracks)", "B.viewDidLoad",
        "B.viewWillAppear(true)", "A.viewWillDisappear(true)", "Tabs.didSelect(B)",
      ])
    h.advance(0.5)
    XCTAssertEqual(h.lifecycle(), ["A.viewDidDisappear(true)", "B.viewDidAppear(true)"])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 1)
    XCTAssertTrue(h.window.isIdle)
  }

  func testATapOnTheSelectedNavigationTabPopsItToItsRoot() throws {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.make(.navigation, "Nav")
    for name in ["Root", "Detail", "More1", "B"] { h.make(.content, name) }
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("Root"), h.id("Detail"), h.id("More1")],
        animated: false, animator: nil))
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("Nav"), h.id("B")]))
    h.setRoot("Tabs")
    _ = h.events()

    let ticket = try XCTUnwrap(h.run(.tap(window: h.window.id, point: Point(x: 97.5, y: itemY))))
    XCTAssertEqual(ticket.tap?.effect, .reselected(tabBar: h.id("Tabs"), tab: h.id("Nav")))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Detail.willMove(nil)", "More1.willMove(nil)", "Root.viewDidLoad",
        "Nav.willShow(Root, true)", "More1.viewWillDisappear(true)", "Root.viewWillAppear(true)",
        "Tabs.didSelect(Nav)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Root"])
    h.settle()
    XCTAssertEqual(
      h.lifecycle(),
      [
        "More1.viewDidDisappear(true)", "Root.viewDidAppear(true)", "Detail.didMove(nil)",
        "More1.didMove(nil)", "Nav.didShow(Root, true)",
      ])
    XCTAssertEqual(h.session.takeOutcomes().last?.removed, [h.id("Detail"), h.id("More1")])

    // At its root already: didSelect alone.
    tapItem(h, 0, of: 2)
    XCTAssertEqual(h.lifecycle(), ["Tabs.didSelect(Nav)"])
  }

  func testATapOnTheSelectedNavigationTabAsksItsDelegateForThePop() throws {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.make(.navigation, "Nav")
    for name in ["Root", "Detail", "B"] { h.make(.content, name) }
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("Root"), h.id("Detail")], animated: false,
        animator: nil))
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("Nav"), h.id("B")]))
    h.setRoot("Tabs")
    try h.session.setDelegate(
      of: h.id("Tabs"), roles: [.tabBar], delegate: client, timeout: 0.5)
    try h.session.setDelegate(
      of: h.id("Nav"), roles: [.navigation], delegate: client, timeout: 0.5)
    _ = h.events()
    tapItem(h, 0, of: 2)
    XCTAssertTrue(try h.session.answerDelegateCall(1, .useDefault, from: client))
    XCTAssertTrue(try h.session.answerDelegateCall(2, .animator(slide(0.25)), from: client))
    XCTAssertEqual(
      Array(h.lifecycle().prefix(4)),
      [
        "Tabs.delegate#1.tabBarShouldSelect(Nav → Nav)", "Tabs.delegate#1 → default",
        "Nav.delegate#2.navigationAnimationController(pop, Detail → Root)",
        "Nav.delegate#2 → animator(0.25 s, 1 tracks)",
      ])
    XCTAssertEqual(h.window.transitions.first?.duration, 0.25)
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Root"])
  }

  func testATapOnMoreShowsTheMoreList() throws {
    let h = tabs(["A", "B", "C", "D", "E", "F"])
    try h.session.setDelegate(of: h.id("Tabs"), roles: [.tabBar], delegate: client, timeout: 0.5)
    let more = try XCTUnwrap(h.tab("Tabs").moreNavigationController)
    tapItem(h, 4, of: 5)
    XCTAssertTrue(try h.session.answerDelegateCall(1, .bool(true), from: client))
    XCTAssertTrue(try h.session.answerDelegateCall(2, .useDefault, from: client))
    let said = h.described([.window, .lifecycle, .hierarchy])
    XCTAssertEqual(
      Array(said.prefix(5)),
      [
        "Tabs.delegate#1.tabBarShouldSelect(A → \(more.name))", "Tabs.delegate#1 → true",
        "Tabs.delegate#2.tabBarAnimationController(A → \(more.name))",
        "Tabs.delegate#2 → default",
        "window.tapped((351, 785), \(h.tab("Tabs").tabBarItems[4].id) tabBarItem of \(more.name))",
      ])
    XCTAssertEqual(
      said.suffix(2), ["Tabs.selected(more, \(more.name))", "Tabs.didSelect(\(more.name))"])
    XCTAssertNil(h.tab("Tabs").selectedIndex)
    XCTAssertTrue(h.tab("Tabs").selectedViewController === more)
    XCTAssertEqual(more.viewControllers.count, 1, "the More list")
    XCTAssertEqual(more.viewControllers.first?.appearance, .appeared)
    XCTAssertEqual(h.controller("A").appearance, .disappeared)
  }

  func testItemsSurviveASnapshot() throws {
    let h = tabs(["A", "B"])
    let restored = try Session.restore(try h.session.snapshot())
    let window = try XCTUnwrap(restored.windows.values.first)
    let tabs = try XCTUnwrap(restored.controller(identifier: "Tabs") as? TabBarController)
    XCTAssertEqual(
      tabs.tabBarItems.map(\.id), h.tab("Tabs").tabBarItems.map(\.id), "the same views")
    XCTAssertEqual(window.hitTest(Point(x: 300, y: itemY)).controllerID, tabs.viewControllers[1].id)
  }
}
