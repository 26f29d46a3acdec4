import XCTest

@testable import CurtainCore

/// Interactive page turns (the page dragged): percent driven like the
/// interactive pop, in both styles and both directions; a cancelled turn
/// brings the previous pages back with the reverse appearance pair.
final class InteractivePageTurnTests: XCTestCase {
  private let owner = OwnerID(1)
  private let full = Rect(x: 0, y: 0, width: 390, height: 844)
  private let categories: Set<EventCategory> = [.lifecycle, .hierarchy, .transition, .presentation]

  private func easeInOut(_ x: Double) -> Double { CubicBezier.easeInOut.value(at: x) }

  private func begin(_ h: Harness, _ direction: PageDirection) throws -> TransitionID {
    let ticket = try h.session.submit(
      .beginInteractivePageTurn(page: h.id("Book"), direction: direction, animator: nil),
      options: OperationOptions(owner: owner))
    XCTAssertEqual(ticket.isCompleted, false)
    return try XCTUnwrap(ticket.transition)
  }

  /// The frame of `name`'s view in the frame produced after setting the
  /// fraction to `percent`.
  private func frames(_ h: Harness, _ t: TransitionID, at percent: Double, _ names: [String])
    throws -> [Rect?]
  {
    try h.window.updateInteraction(t, percent: percent, by: owner)
    let frame = try XCTUnwrap(h.advance(0.01).frame)
    XCTAssertEqual(frame.transitions.first?.percentComplete ?? .nan, percent, accuracy: 1e-12)
    return names.map { frame.frame(of: h.controller($0))?.rounded }
  }

  private func x(_ value: Double, width: Double = 390) -> Rect {
    Rect(x: value, y: 0, width: width, height: 844).rounded
  }

  // MARK: Scroll

  func testAnInteractiveScrollForwardFollowsTheFractionAndFinishes() throws {
    let h = Harness()
    h.showBook(PageOptions(), pages: ["P1", "P2", "P3"])
    let t = try begin(h, .forward)
    XCTAssertEqual(
      h.described(categories),
      [
        "P1.willMove(nil)", "P2.willMove(Book)", "Book.childRemoved(P1)", "Book.childAdded(P2)",
        "Book.viewControllers([P2])", "P2.viewDidLoad", "P1.viewWillDisappear(true)",
        "P2.viewWillAppear(true)",
        "\(t).began(pageTurn, P1 → P2, animated: true, interactive: true)",
      ])
    XCTAssertEqual(try frames(h, t, at: 0, ["P1", "P2"]), [x(0), x(390)])
    XCTAssertEqual(try frames(h, t, at: 0.5, ["P1", "P2"]), [x(-195), x(195)])
    h.advance(10)
    XCTAssertEqual(h.described(categories), [], "an interaction waits for its driver")
    try h.window.finishInteraction(
      t, completion: InteractionCompletion(curve: .linear), by: owner)
    // Halfway through the finish (0.5 × 0.35 s of it), local fraction 0.75.
    let half = try XCTUnwrap(h.advance(0.0875).frame)
    let moved = 390 * easeInOut(0.75)
    XCTAssertEqual(half.frame(of: h.controller("P2"))?.rounded, x(390 - moved))
    XCTAssertEqual(half.frame(of: h.controller("P1"))?.rounded, x(-moved))
    let end = h.advance(0.0875)
    XCTAssertEqual(end.frame?.frame(of: h.controller("P2")), full)
    XCTAssertEqual(
      h.described(categories),
      [
        "\(t).interactionChanged(cancelled: false)", "P1.viewDidDisappear(true)",
        "P2.viewDidAppear(true)", "P1.didMove(nil)", "P2.didMove(Book)",
        "\(t).ended(cancelled: false)",
      ])
    XCTAssertEqual(h.page("Book").viewControllers.map(\.name), ["P2"])
    XCTAssertEqual(h.page("Book").view.subviews.map(\.id), [h.view("P2").id])
    XCTAssertEqual(h.frame("P2"), full)
    XCTAssertTrue(h.window.isIdle)
  }

  func testAnInteractiveScrollCancelledBringsThePreviousPageBack() throws {
    let h = Harness()
    h.showBook(PageOptions(), pages: ["P1", "P2", "P3"])
    let t = try begin(h, .forward)
    _ = h.events()
    XCTAssertEqual(
      try frames(h, t, at: 0.6, ["P1", "P2"]),
      [
        x(-390 * easeInOut(0.6)), x(390 - 390 * easeInOut(0.6)),
      ])
    try h.window.cancelInteraction(t, completion: InteractionCompletion(curve: .linear), by: owner)
    // Halfway back (0.6 × 0.35 / 2 s), local fraction 0.3.
    let start = h.window.time
    let span = 0.6 * 0.35
    let half = try XCTUnwrap(h.window.advance(to: start + span / 2).frame)
    XCTAssertEqual(half.frame(of: h.controller("P1"))?.rounded, x(-390 * easeInOut(0.3)))
    XCTAssertEqual(half.frame(of: h.controller("P2"))?.rounded, x(390 - 390 * easeInOut(0.3)))
    h.window.advance(to: start + span - 1e-9)
    XCTAssertNotNil(h.window.transition(t))
    let end = h.window.advance(to: start + span + 1e-9)
    XCTAssertEqual(end.frame?.frame(of: h.controller("P1")), full)
    XCTAssertEqual(
      h.described(categories),
      [
        "\(t).interactionChanged(cancelled: true)", "Book.childRemoved(P2)",
        "Book.childAdded(P1)", "Book.viewControllers([P1])", "P2.viewWillDisappear(true)",
        "P2.viewDidDisappear(true)", "P1.viewWillAppear(true)", "P1.viewDidAppear(true)",
        "P1.didMove(Book)", "P2.didMove(nil)", "\(t).ended(cancelled: true)",
      ])
    let book = h.page("Book")
    XCTAssertEqual(book.viewControllers.map(\.name), ["P1"])
    XCTAssertEqual(book.children.map(\.name), ["P1"])
    XCTAssertTrue(h.controller("P1").parent === book)
    XCTAssertNil(h.controller("P2").parent)
    XCTAssertEqual(book.view.subviews.map(\.id), [h.view("P1").id])
    XCTAssertEqual(h.frame("P1"), full)
    XCTAssertEqual(h.controller("P1").appearance, .appeared)
    XCTAssertEqual(h.controller("P2").appearance, .disappeared)
    XCTAssertTrue(h.window.isIdle)
    // The data source still turns from P1.
    h.turn(.forward, animated: false)
    XCTAssertEqual(book.viewControllers.map(\.name), ["P2"])
  }

  func testAnInteractiveScrollInReverseFinishedAndCancelled() throws {
    let h = Harness()
    h.showBook(PageOptions(), pages: ["P1", "P2", "P3"])
    h.turn(.forward, animated: false)
    _ = h.events()
    var t = try begin(h, .reverse)
    XCTAssertEqual(
      Array(h.described(categories).suffix(3)),
      [
        "P2.viewWillDisappear(true)", "P1.viewWillAppear(true)",
        "\(t).began(pageTurn, P2 → P1, animated: true, interactive: true)",
      ])
    XCTAssertEqual(try frames(h, t, at: 0.5, ["P1", "P2"]), [x(-195), x(195)])
    try h.window.cancelInteraction(t, by: owner)
    h.settle()
    XCTAssertEqual(
      h.described(categories),
      [
        "\(t).interactionChanged(cancelled: true)", "Book.childRemoved(P1)",
        "Book.childAdded(P2)", "Book.viewControllers([P2])", "P1.viewWillDisappear(true)",
        "P1.viewDidDisappear(true)", "P2.viewWillAppear(true)", "P2.viewDidAppear(true)",
        "P2.didMove(Book)", "P1.didMove(nil)", "\(t).ended(cancelled: true)",
      ])
    XCTAssertEqual(h.page("Book").viewControllers.map(\.name), ["P2"])
    XCTAssertEqual(h.frame("P2"), full)
    t = try begin(h, .reverse)
    _ = h.events()
    try h.window.updateInteraction(t, percent: 0.9, by: owner)
    try h.window.finishInteraction(t, by: owner)
    h.settle()
    XCTAssertEqual(
      h.described(categories),
      [
        "\(t).interactionChanged(cancelled: false)", "P2.viewDidDisappear(true)",
        "P1.viewDidAppear(true)", "P2.didMove(nil)", "P1.didMove(Book)",
        "\(t).ended(cancelled: false)",
      ])
    XCTAssertEqual(h.page("Book").viewControllers.map(\.name), ["P1"])
    XCTAssertEqual(h.frame("P1"), full)
  }

  // MARK: Page curl

  func testAnInteractiveCurlForwardFoldsWithTheFraction() throws {
    let h = Harness()
    h.showBook(PageOptions(transitionStyle: .pageCurl), pages: ["P1", "P2"])
    let book = h.page("Book")
    var t = try begin(h, .forward)
    XCTAssertEqual(h.window.transition(t)?.duration, 0.4)
    XCTAssertEqual(book.view.subviews.map(\.id), [h.view("P2").id, h.view("P1").id])
    XCTAssertEqual(try frames(h, t, at: 0, ["P1", "P2"]), [full, nil])
    XCTAssertEqual(try frames(h, t, at: 0.5, ["P1", "P2"]), [x(0, width: 195), nil])
    XCTAssertEqual(try frames(h, t, at: 1, ["P1", "P2"]), [x(0, width: 0), nil])
    try h.window.updateInteraction(t, percent: 0.5, by: owner)
    try h.window.cancelInteraction(t, by: owner)
    h.settle()
    XCTAssertEqual(book.viewControllers.map(\.name), ["P1"])
    XCTAssertEqual(book.view.subviews.map(\.id), [h.view("P1").id], "the page below leaves")
    XCTAssertEqual(h.frame("P1"), full)
    _ = h.events()
    t = try begin(h, .forward)
    try h.window.updateInteraction(t, percent: 0.5, by: owner)
    try h.window.finishInteraction(t, by: owner)
    h.settle()
    XCTAssertEqual(book.viewControllers.map(\.name), ["P2"])
    XCTAssertEqual(book.view.subviews.map(\.id), [h.view("P2").id])
    XCTAssertEqual(h.frame("P2"), full)
    XCTAssertEqual(
      Array(h.described(categories).suffix(6)),
      [
        "\(t).interactionChanged(cancelled: false)", "P1.viewDidDisappear(true)",
        "P2.viewDidAppear(true)", "P1.didMove(nil)", "P2.didMove(Book)",
        "\(t).ended(cancelled: false)",
      ])
  }

  func testAnInteractiveCurlInReverseUnfoldsAndCancelsBack() throws {
    let h = Harness()
    h.showBook(PageOptions(transitionStyle: .pageCurl), pages: ["P1", "P2"])
    h.turn(.forward, animated: false)
    let book = h.page("Book")
    _ = h.events()
    let t = try begin(h, .reverse)
    XCTAssertEqual(
      Array(h.described(categories).suffix(3)),
      [
        "P2.viewWillDisappear(true)", "P1.viewWillAppear(true)",
        "\(t).began(pageTurn, P2 → P1, animated: true, interactive: true)",
      ])
    XCTAssertEqual(book.view.subviews.map(\.id), [h.view("P2").id, h.view("P1").id], "on top")
    XCTAssertEqual(try frames(h, t, at: 0, ["P1", "P2"]), [x(0, width: 0), nil])
    XCTAssertEqual(try frames(h, t, at: 0.5, ["P1", "P2"]), [x(0, width: 195), nil])
    try h.window.cancelInteraction(t, completion: InteractionCompletion(curve: .linear), by: owner)
    // Halfway back (0.5 × 0.4 / 2 s), local fraction 0.25.
    let half = try XCTUnwrap(h.advance(0.1).frame)
    XCTAssertEqual(
      half.frame(of: h.controller("P1"))?.rounded, x(0, width: 390 * easeInOut(0.25)))
    h.advance(0.1)
    XCTAssertEqual(
      h.described(categories),
      [
        "\(t).interactionChanged(cancelled: true)", "Book.childRemoved(P1)",
        "Book.childAdded(P2)", "Book.viewControllers([P2])", "P1.viewWillDisappear(true)",
        "P1.viewDidDisappear(true)", "P2.viewWillAppear(true)", "P2.viewDidAppear(true)",
        "P2.didMove(Book)", "P1.didMove(nil)", "\(t).ended(cancelled: true)",
      ])
    XCTAssertEqual(book.viewControllers.map(\.name), ["P2"])
    XCTAssertEqual(book.view.subviews.map(\.id), [h.view("P2").id])
    XCTAssertNil(h.controller("P1").viewIfLoaded?.superview)
    XCTAssertEqual(h.frame("P2"), full)
    XCTAssertEqual(h.controller("P2").appearance, .appeared)
    XCTAssertEqual(h.controller("P1").appearance, .disappeared)
  }

  func testAnInteractiveTurnAtTheMidSpineTurnsTheLeafWithTheFractionAndCancelsBack() throws {
    let h = Harness(metrics: PageViewControllerTests.landscape)
    h.showBook(
      PageOptions(transitionStyle: .pageCurl, spineLocation: .mid), pages: ["A", "B", "C", "D"])
    let book = h.page("Book")
    let t = try begin(h, .forward)
    _ = h.events()
    func leaf(_ percent: Double) throws -> [Rect?] { try frames(h, t, at: percent, ["B", "C"]) }
    func rect(_ x: Double, _ width: Double) -> Rect {
      Rect(x: x, y: 0, width: width, height: 768)
    }
    XCTAssertEqual(try leaf(0), [rect(512, 512), rect(512, 0)])
    XCTAssertEqual(try leaf(0.25), [rect(512, 256), rect(512, 0)])
    XCTAssertEqual(try leaf(0.75), [rect(512, 0), rect(256, 256)])
    try h.window.cancelInteraction(t, by: owner)
    h.settle()
    XCTAssertEqual(
      h.described(categories),
      [
        "\(t).interactionChanged(cancelled: true)", "Book.childRemoved(C)",
        "Book.childRemoved(D)", "Book.childAdded(A)", "Book.childAdded(B)",
        "Book.viewControllers([A, B])", "C.viewWillDisappear(true)", "C.viewDidDisappear(true)",
        "D.viewWillDisappear(true)", "D.viewDidDisappear(true)", "A.viewWillAppear(true)",
        "A.viewDidAppear(true)", "B.viewWillAppear(true)", "B.viewDidAppear(true)",
        "A.didMove(Book)", "B.didMove(Book)", "C.didMove(nil)", "D.didMove(nil)",
        "\(t).ended(cancelled: true)",
      ])
    XCTAssertEqual(book.viewControllers.map(\.name), ["A", "B"])
    XCTAssertEqual(book.view.subviews.map(\.id), [h.view("A").id, h.view("B").id])
    XCTAssertEqual(h.frame("A"), rect(0, 512))
    XCTAssertEqual(h.frame("B"), rect(512, 512))
  }

  // MARK: Presentations of pages, errors

  /// P1 defines the presentation context and presents X over it.
  private func bookWithPresentingPage() -> Harness {
    let h = Harness(metrics: PresentationTests.regular)
    h.showBook(PageOptions(), pages: ["P1", "P2"])
    try! h.controller("P1").configurePresentation(definesPresentationContext: true)
    h.present("X", on: "P1", animated: false, style: .overCurrentContext)
    XCTAssertTrue(h.controller("X").presentingViewController === h.controller("P1"))
    _ = h.events()
    return h
  }

  func testACancelledTurnBringsBackWhatTheOldPagePresented() throws {
    let h = bookWithPresentingPage()
    let bookViews = h.page("Book").view.subviews.map(\.id)
    let t = try begin(h, .forward)
    XCTAssertEqual(
      Array(h.described(categories).prefix(7)),
      [
        "P1.willMove(nil)", "P2.willMove(Book)", "X.dismissalTransitionWillBegin",
        "X.viewWillDisappear(false)", "X.viewDidDisappear(false)",
        "X.dismissalTransitionDidEnd(true)", "Book.childRemoved(P1)",
      ])
    try h.window.cancelInteraction(t, by: owner)
    h.settle()
    XCTAssertEqual(
      Array(h.described(categories).suffix(5)),
      [
        "X.presentationTransitionWillBegin", "X.viewWillAppear(false)",
        "X.presentationTransitionDidEnd(true)", "X.viewDidAppear(false)",
        "\(t).ended(cancelled: true)",
      ])
    XCTAssertTrue(h.controller("X").presentingViewController === h.controller("P1"))
    XCTAssertEqual(h.page("Book").view.subviews.map(\.id), bookViews)
    XCTAssertEqual(h.controller("X").appearance, .appeared)
  }

  func testAFinishedTurnLeavesItDismissed() throws {
    let h = bookWithPresentingPage()
    let t = try begin(h, .forward)
    try h.window.finishInteraction(t, by: owner)
    h.settle()
    XCTAssertNil(h.controller("X").presentation)
    XCTAssertNil(h.controller("P1").presentedViewController)
    XCTAssertEqual(h.page("Book").view.subviews.map(\.id), [h.view("P2").id])
  }

  func testInteractiveTurnsThatCannotBegin() throws {
    let h = Harness()
    h.showBook(PageOptions(), pages: ["P1", "P2"])
    func expect(_ direction: PageDirection, _ code: ErrorCode, _ message: String) {
      let error = h.error(
        .beginInteractivePageTurn(page: h.id("Book"), direction: direction, animator: nil))
      XCTAssertEqual(error?.code, code)
      XCTAssertEqual(error?.message, message)
    }
    let revision = h.window.revision
    expect(.reverse, .invalidArgument, "There is no page before P1 in Book's data source")
    h.run(.setVisible(window: h.window.id, visible: false))
    expect(.forward, .notInWindow, "Book is not on screen, so it cannot turn pages interactively")
    XCTAssertEqual(h.window.revision, revision + 1)
    XCTAssertEqual(h.page("Book").viewControllers.map(\.name), ["P1"])
    let other = h.make(.page, "Other")
    let error = h.error(
      .beginInteractivePageTurn(page: other.id, direction: .forward, animator: nil))
    XCTAssertEqual(error?.message, "Other has no data source to turn pages from")
  }
}
