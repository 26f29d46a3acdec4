import XCTest

@testable import CurtainCore

/// The interactive tab switch (seed 001's swipe between tabs): the exact
/// events and frames of a finished and of a cancelled one.
final class InteractiveTabSelectionTests: XCTestCase {
  /// Tabs A and B in the default 390 × 844 window, A selected and shown;
  /// events discarded.
  private func showTabs() -> Harness {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.make(.content, "A")
    h.make(.content, "B")
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("A"), h.id("B")]))
    h.setRoot("Tabs")
    _ = h.events()
    return h
  }

  private func begin(_ h: Harness, _ index: Int) throws -> TransitionID {
    let ticket = try h.session.submit(
      .beginInteractiveTabSelection(tabBar: h.id("Tabs"), selection: .index(index), animator: nil))
    return try XCTUnwrap(ticket.transition)
  }

  func testAFinishedInteractiveTabSwitch() throws {
    let h = showTabs()
    let transition = try begin(h, 1)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "B.viewDidLoad", "B.viewWillAppear(true)", "A.viewWillDisappear(true)",
        "Tabs.selected(1, B)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 1)
    // The tab slide follows the finger: halfway, B is half in from the right.
    try h.window.updateInteraction(transition, percent: 0.5)
    let content = Rect(x: 0, y: 0, width: 390, height: 844)
    XCTAssertEqual(
      h.window.presentationState(of: h.controller("B").view).frame,
      Rect(x: 195, y: 0, width: 390, height: 844))
    XCTAssertEqual(
      h.window.presentationState(of: h.controller("A").view).frame,
      Rect(x: -195, y: 0, width: 390, height: 844))
    _ = h.events()
    try h.window.finishInteraction(transition)
    h.settle()
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]), ["A.viewDidDisappear(true)", "B.viewDidAppear(true)"])
    XCTAssertEqual(h.controller("B").view.frame, content)
    XCTAssertNil(h.controller("A").view.superview, "the old tab's view left")
    XCTAssertEqual(h.controller("A").appearance, .disappeared)
    XCTAssertEqual(h.controller("B").appearance, .appeared)
  }

  func testACancelledInteractiveTabSwitchLeavesTheOldTabWithBalancedCallbacks() throws {
    let h = showTabs()
    let transition = try begin(h, 1)
    try h.window.updateInteraction(transition, percent: 0.3)
    _ = h.events()
    try h.window.cancelInteraction(transition)
    h.settle()
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "Tabs.selected(0, A)", "B.viewWillDisappear(true)", "B.viewDidDisappear(true)",
        "A.viewWillAppear(true)", "A.viewDidAppear(true)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
    XCTAssertTrue(h.tab("Tabs").selectedViewController === h.controller("A"))
    XCTAssertEqual(h.controller("A").view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertTrue(h.controller("A").view.superview === h.tab("Tabs").view)
    XCTAssertNil(h.controller("B").view.superview, "the new tab's view left")
    XCTAssertEqual(h.controller("A").appearance, .appeared)
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
  }

  func testBackwardSlidesTheOtherWay() throws {
    let h = showTabs()
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .index(1), animator: nil))
    let transition = try begin(h, 0)
    // Halfway back: A half in from the left, B half out to the right.
    try h.window.updateInteraction(transition, percent: 0.5)
    XCTAssertEqual(h.window.presentationState(of: h.controller("A").view).frame.minX, -195)
    XCTAssertEqual(h.window.presentationState(of: h.controller("B").view).frame.minX, 195)
  }

  func testErrors() {
    let h = showTabs()
    XCTAssertEqual(
      h.error(
        .beginInteractiveTabSelection(tabBar: h.id("Tabs"), selection: .index(0), animator: nil))?
        .message, "Tab 0 of Tabs is already selected")
    XCTAssertEqual(
      h.error(
        .beginInteractiveTabSelection(tabBar: h.id("Tabs"), selection: .index(-1), animator: nil))?
        .message, "Tab index -1 is negative")
    h.make(.tabBar, "Off")
    h.make(.content, "C")
    h.make(.content, "D")
    h.run(.setTabs(tabBar: h.id("Off"), controllers: [h.id("C"), h.id("D")]))
    XCTAssertEqual(
      h.error(
        .beginInteractiveTabSelection(tabBar: h.id("Off"), selection: .index(1), animator: nil))?
        .code, .notInWindow)
  }
}
