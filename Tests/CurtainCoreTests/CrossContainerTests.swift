import XCTest

@testable import CurtainCore

/// Changes that cross containers: a controller moving between parents of
/// different kinds, the More navigation controller, and controllers that a
/// running transition still holds.
final class CrossContainerTests: XCTestCase {
  func testPushingATabsControllerLooksAtTheScreenAfterItLeftTheTab() {
    let h = Harness()
    h.make(.container, "K")
    h.make(.tabBar, "T")
    h.make(.navigation, "N0")
    h.make(.content, "C0")
    h.make(.content, "C2")
    h.make(.content, "Root")
    h.run(
      .setViewControllers(
        navigation: h.id("N0"), controllers: [h.id("Root")], animated: false, animator: nil))
    h.run(.setTabs(tabBar: h.id("T"), controllers: [h.id("C0"), h.id("N0"), h.id("C2")]))
    h.setRoot("K")
    h.run(.addChild(parent: h.id("K"), child: h.id("T"), frame: nil))
    _ = h.events()
    h.run(.push(navigation: h.id("N0"), controller: h.id("C0"), animated: true, animator: nil))
    h.settle()
    XCTAssertEqual(h.tab("T").selectedViewController?.name, "N0")
    XCTAssertEqual(h.nav("N0").viewControllers.map(\.name), ["Root", "C0"])
    XCTAssertEqual(h.controller("C0").appearance, .appeared, "C0's view is on screen")
    XCTAssertTrue(h.controller("C0").isViewInWindow)
  }

  func testTheMoreNavigationControllerBelongsToItsTabBarController() throws {
    let h = Harness()
    h.make(.tabBar, "T")
    let names = (0..<7).map { "T\($0)" }
    for name in names { h.make(.content, name) }
    h.run(.setTabs(tabBar: h.id("T"), controllers: names.map(h.id)))
    h.setRoot("T")
    h.run(.selectTab(tabBar: h.id("T"), selection: .index(5), animator: nil))
    let more = try XCTUnwrap(h.tab("T").moreNavigationController)
    XCTAssertThrowsError(
      try h.session.submit(.pop(navigation: more.id, animated: false, animator: nil))
    ) { XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument) }
    h.run(.removeFromParent(h.id("T5")))
    XCTAssertEqual(h.tab("T").viewControllers.map(\.name), ["T0", "T1", "T2", "T3", "T4", "T6"])
    XCTAssertNil(h.controller("T5").parent)
    XCTAssertEqual(h.controller("T5").appearance, .disappeared)
    XCTAssertEqual(h.tab("T").selectedIndex, 5, "the same index, now T6")
    XCTAssertEqual(h.tab("T").selectedViewController?.name, "T6")
    XCTAssertEqual(h.controller("T6").appearance, .appeared)
  }

  func testAControllerHeldByARunningTransitionCannotBeChangedFromOutside() throws {
    let h = Harness()
    h.showNavigation("N0", stack: ["C2", "C0"])
    h.make(.navigation, "N1")
    h.pop("N0")
    XCTAssertThrowsError(
      try h.session.submit(
        .push(navigation: h.id("N1"), controller: h.id("C0"), animated: false, animator: nil))
    ) { XCTAssertEqual(($0 as? CurtainError)?.code, .busy) }
    h.settle()
    h.run(.push(navigation: h.id("N1"), controller: h.id("C0"), animated: false, animator: nil))
    XCTAssertEqual(h.nav("N1").viewControllers.map(\.name), ["C0"])
  }

  /// A push of A1 queued in window B while A1 was in no window fails when
  /// its turn comes if window A's interactive pop holds A1 by then, with
  /// the error a direct push gets: A1 stays where A's pop leaves it, in one
  /// tree.
  func testAQueuedPushDoesNotTakeAControllerAnotherWindowHolds() throws {
    let h = Harness()
    h.showNavigation("NA", stack: ["A0"])
    h.make(.content, "A1")
    let other = try h.session.makeWindow(metrics: WindowMetrics(), clockMode: .manual)
    h.make(.navigation, "NB")
    h.make(.content, "B0")
    h.make(.content, "B1")
    h.run(
      .setViewControllers(
        navigation: h.id("NB"), controllers: [h.id("B0")], animated: false, animator: nil))
    h.run(.setRoot(window: other.id, controller: h.id("NB")))
    h.run(.push(navigation: h.id("NB"), controller: h.id("B1"), animated: true, animator: nil))
    let queued = try XCTUnwrap(
      h.run(.push(navigation: h.id("NB"), controller: h.id("A1"), animated: true, animator: nil)))
    XCTAssertEqual(queued.position, 1)
    h.push("NA", "A1", animated: false)
    h.run(.beginInteractivePop(navigation: h.id("NA"), animator: nil))
    let pop = try XCTUnwrap(h.window.transitions.first)
    try h.window.updateInteraction(pop.id, percent: 0.4)
    let held = CurtainError(.busy, "A1 is part of a running transition in window w1")
    XCTAssertEqual(
      h.error(.push(navigation: h.id("NB"), controller: h.id("A1"), animated: true, animator: nil)),
      held, "a direct push")
    _ = h.session.takeOutcomes()
    let seq = other.log.lastSeq
    other.advance(by: 1)
    let events = (other.events(after: seq) ?? []).filter { $0.category == .operation }
    XCTAssertEqual(
      events.map { h.session.describe($0) },
      ["o5.completed(cancelled: false, removed: [])", "o6.failed(BUSY)"])
    XCTAssertEqual(
      h.session.takeOutcomes().map(\.phase),
      [.completed(cancelled: false), .failed(held)], "the queued push, when its turn comes")
    XCTAssertEqual(h.nav("NB").viewControllers.map(\.name), ["B0", "B1"])
    try h.window.cancelInteraction(pop.id)
    h.settle()
    XCTAssertEqual(h.nav("NA").viewControllers.map(\.name), ["A0", "A1"])
    XCTAssertTrue(h.controller("A1").parent === h.nav("NA"))
  }
}
