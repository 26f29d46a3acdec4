import XCTest

@testable import CurtainCore

/// Closing a window while something runs in it (Curtain's rule,
/// docs/protocol.md `close_window`): each running transition ends at once
/// where it was heading, with every callback it owes; an interactive one is
/// cancelled; waiting operations never start and fail with `NOT_FOUND`.
/// Then the root disappears. No controller is left half-way: every
/// `willMove` has its `didMove`, every appearance callback its end, every
/// `presentationTransitionWillBegin` its `DidEnd`.
final class CloseWindowTests: XCTestCase {
  private let categories: Set<EventCategory> = [
    .lifecycle, .presentation, .transition, .operation, .window,
  ]

  func testClosingDuringAPushCompletesIt() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    h.advance(0.1)
    _ = h.events()
    try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)",
        "t1.ended(cancelled: false)", "o3.completed(cancelled: false, removed: [])",
        "Nav.viewWillDisappear(false)", "B.viewWillDisappear(false)",
        "Nav.viewDidDisappear(false)", "B.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.id), [h.id("A"), h.id("B")])
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
  }

  func testClosingDuringAPopCompletesIt() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.pop("Nav")
    h.advance(0.1)
    _ = h.events()
    try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)",
        "Nav.didShow(A, true)",
        "t1.ended(cancelled: false)", "o4.completed(cancelled: false, removed: [B])",
        "Nav.viewWillDisappear(false)", "A.viewWillDisappear(false)",
        "Nav.viewDidDisappear(false)", "A.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.id), [h.id("A")])
    XCTAssertNil(h.controller("B").parent)
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
  }

  func testClosingDuringAnInteractivePopCancelsIt() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.run(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
    let transition = try XCTUnwrap(h.window.transitions.first)
    try h.window.updateInteraction(transition.id, percent: 0.5)
    _ = h.events()
    try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "t1.interactionChanged(cancelled: true)",
        "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
        "B.viewWillAppear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "t1.ended(cancelled: true)", "o4.completed(cancelled: true, removed: [B])",
        "Nav.viewWillDisappear(false)", "B.viewWillDisappear(false)",
        "Nav.viewDidDisappear(false)", "B.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.id), [h.id("A"), h.id("B")])
    XCTAssertEqual(h.controller("A").appearance, .disappeared)
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
  }

  func testClosingDuringAPresentationCompletesIt() throws {
    let h = Harness()
    h.make(.content, "A")
    h.setRoot("A")
    h.make(.content, "P")
    h.run(
      .present(
        presenter: h.id("A"), controller: h.id("P"), animated: true, animator: nil,
        adaptiveStyle: nil))
    h.advance(0.1)
    _ = h.events()
    try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "P.presentationTransitionDidEnd(true)", "P.viewDidAppear(true)",
        "t1.ended(cancelled: false)", "o2.completed(cancelled: false, removed: [])",
        "P.dismissalTransitionWillBegin", "P.viewWillDisappear(false)",
        "P.viewDidDisappear(false)", "P.dismissalTransitionDidEnd(true)",
        "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertNil(h.controller("A").presentedViewController)
    XCTAssertEqual(h.controller("P").appearance, .disappeared)
  }

  func testClosingDuringADismissalCompletesIt() throws {
    let h = Harness()
    h.make(.content, "A")
    h.setRoot("A")
    h.make(.content, "P")
    h.run(
      .present(
        presenter: h.id("A"), controller: h.id("P"), animated: false, animator: nil,
        adaptiveStyle: nil))
    h.run(.dismiss(controller: h.id("P"), animated: true, animator: nil))
    h.advance(0.1)
    _ = h.events()
    try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "P.dismissalTransitionDidEnd(true)", "P.viewDidDisappear(true)",
        "t1.ended(cancelled: false)", "o3.completed(cancelled: false, removed: [])",
        "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertNil(h.controller("A").presentedViewController)
    XCTAssertEqual(h.controller("P").appearance, .disappeared)
  }

  func testQueuedOperationsNeverStart() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    h.push("Nav", "C")
    h.pop("Nav")
    h.advance(0.1)
    _ = h.events()
    try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "o4.failed(NOT_FOUND)", "o5.failed(NOT_FOUND)",
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)",
        "t1.ended(cancelled: false)", "o3.completed(cancelled: false, removed: [])",
        "Nav.viewWillDisappear(false)", "B.viewWillDisappear(false)",
        "Nav.viewDidDisappear(false)", "B.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.id), [h.id("A"), h.id("B")])
    XCTAssertNil(h.controller("C").parent)
  }
}
