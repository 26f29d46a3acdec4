import XCTest

@testable import CurtainCore

/// Closing a window while something runs in it (Curtain's rule,
/// docs/protocol.md `close_window`): each running transition ends at once
/// where it was heading, with every callback it owes; an interactive one is
/// cancelled; waiting operations never start and fail with `NOT_FOUND`.
/// Then the root disappears. No controller is left half-way: every
/// `willMove` has its `didMove`, every appearance callback its end, every
/// `presentationTransitionWillBegin` its `DidEnd`. The controllers the
/// window holds once its transitions ended are destroyed (a controller a
/// settled pop let go of stays, one a settled push took in goes); the tests
/// keep references to them to check the state they were left in.
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
    let (nav, a, b) = (h.nav("Nav"), h.controller("A"), h.controller("B"))
    let destroyed = try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)",
        "t1.ended(cancelled: false)", "o3.completed(cancelled: false, removed: [])",
        "Nav.viewWillDisappear(false)", "B.viewWillDisappear(false)",
        "Nav.viewDidDisappear(false)", "B.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertEqual(nav.viewControllers.map(\.id), [a.id, b.id])
    XCTAssertEqual(b.appearance, .disappeared)
    XCTAssertEqual(destroyed, [nav.id, a.id, b.id], "the pushed B went with the window")
  }

  func testClosingDuringAPopCompletesIt() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.pop("Nav")
    h.advance(0.1)
    _ = h.events()
    let (nav, a) = (h.nav("Nav"), h.controller("A"))
    let destroyed = try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)",
        "Nav.didShow(A, true)",
        "t1.ended(cancelled: false)", "o4.completed(cancelled: false, removed: [B])",
        "Nav.viewWillDisappear(false)", "A.viewWillDisappear(false)",
        "Nav.viewDidDisappear(false)", "A.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertEqual(nav.viewControllers.map(\.id), [a.id])
    XCTAssertEqual(destroyed, [nav.id, a.id], "the popped B is in no window: it stays")
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
    let (nav, a, b) = (h.nav("Nav"), h.controller("A"), h.controller("B"))
    let destroyed = try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "t1.interactionChanged(cancelled: true)",
        "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
        "B.viewWillAppear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "t1.ended(cancelled: true)", "o4.completed(cancelled: true, removed: [])",
        "Nav.viewWillDisappear(false)", "B.viewWillDisappear(false)",
        "Nav.viewDidDisappear(false)", "B.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertEqual(nav.viewControllers.map(\.id), [a.id, b.id])
    XCTAssertEqual(a.appearance, .disappeared)
    XCTAssertEqual(b.appearance, .disappeared)
    XCTAssertEqual(destroyed, [nav.id, a.id, b.id], "the cancelled pop kept B on the stack")
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
    let (a, p) = (h.controller("A"), h.controller("P"))
    let destroyed = try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "P.presentationTransitionDidEnd(true)", "P.viewDidAppear(true)",
        "t1.ended(cancelled: false)", "o2.completed(cancelled: false, removed: [])",
        "P.dismissalTransitionWillBegin", "P.viewWillDisappear(false)",
        "P.viewDidDisappear(false)", "P.dismissalTransitionDidEnd(true)",
        "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertNil(a.presentedViewController)
    XCTAssertEqual(p.appearance, .disappeared)
    XCTAssertEqual(destroyed, [a.id, p.id])
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
    let a = h.controller("A")
    let destroyed = try h.session.closeWindow(h.window.id)
    XCTAssertEqual(
      h.described(categories),
      [
        "P.dismissalTransitionDidEnd(true)", "P.viewDidDisappear(true)",
        "t1.ended(cancelled: false)", "o3.completed(cancelled: false, removed: [])",
        "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "window.closed",
      ])
    XCTAssertNil(a.presentedViewController)
    XCTAssertEqual(destroyed, [a.id], "the dismissed P is in no window: it stays")
    XCTAssertNil(h.controller("P").presentingViewController)
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
    let (nav, a, b) = (h.nav("Nav"), h.controller("A"), h.controller("B"))
    let destroyed = try h.session.closeWindow(h.window.id)
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
    XCTAssertEqual(nav.viewControllers.map(\.id), [a.id, b.id])
    XCTAssertEqual(destroyed, [nav.id, a.id, b.id])
    XCTAssertNil(h.controller("C").parent, "the queued push of C never started: C stays")
  }
}
