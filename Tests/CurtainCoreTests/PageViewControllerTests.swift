import XCTest

@testable import CurtainCore

/// SEMANTICS §3, page view controller: styles, orientations, spine
/// locations and the view controllers each needs, page turns in both
/// directions with and without animation, and every error.
final class PageViewControllerTests: XCTestCase {
  static let landscape = WindowMetrics(
    size: Size(width: 1024, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
    scale: 2, idiom: .pad)

  // MARK: Scroll

  func testTheFirstPagesAppearWithoutATransition() {
    let h = Harness()
    h.makeBook(PageOptions(), pages: ["P1", "P2", "P3"])
    h.setRoot("Book")
    _ = h.events()
    let ticket = h.setPages([], source: ["P1", "P2", "P3"])
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      [
        "P1.willMove(Book)", "Book.childAdded(P1)", "Book.viewControllers([P1])", "P1.viewDidLoad",
        "P1.viewWillAppear(false)", "P1.viewDidAppear(false)", "P1.didMove(Book)",
      ])
    XCTAssertEqual(h.frame("P1"), Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(h.page("Book").dataSource.map(\.name), ["P1", "P2", "P3"])
    XCTAssertTrue(
      h.page("Book").node.summary.hasSuffix(", scroll horizontal, page 1 of 3"),
      h.page("Book").node.summary)
  }

  func testAnAnimatedScrollForwardBringsTheNewPageInFromTheRight() {
    let h = Harness()
    h.showBook(PageOptions(), pages: ["P1", "P2", "P3"])
    let ticket = h.turn(.forward, animated: true)
    XCTAssertEqual(ticket?.isCompleted, false)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      [
        "P1.willMove(nil)", "P2.willMove(Book)", "Book.childRemoved(P1)", "Book.childAdded(P2)",
        "Book.viewControllers([P2])", "P2.viewDidLoad", "P1.viewWillDisappear(true)",
        "P2.viewWillAppear(true)",
        "t1.began(pageTurn, P1 → P2, animated: true, interactive: false)",
      ])
    XCTAssertEqual(h.window.transitions.first?.duration, 0.35)
    let half = h.advance(0.175).frame
    XCTAssertEqual(
      half?.frame(of: h.controller("P2")), Rect(x: 195, y: 0, width: 390, height: 844))
    XCTAssertEqual(
      half?.frame(of: h.controller("P1")), Rect(x: -195, y: 0, width: 390, height: 844))
    h.advance(0.175)
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy, .transition]),
      [
        "P1.viewDidDisappear(true)", "P2.viewDidAppear(true)", "P1.didMove(nil)",
        "P2.didMove(Book)", "t1.ended(cancelled: false)",
      ])
    XCTAssertNil(h.controller("P1").viewIfLoaded?.superview)
    XCTAssertEqual(h.frame("P2"), Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testAnAnimatedScrollInReverseBringsThePageInFromTheLeft() {
    let h = Harness()
    h.showBook(PageOptions(), pages: ["P1", "P2", "P3"])
    h.turn(.forward, animated: false)
    _ = h.events()
    h.turn(.reverse, animated: true)
    let half = h.advance(0.175).frame
    XCTAssertEqual(
      half?.frame(of: h.controller("P1")), Rect(x: -195, y: 0, width: 390, height: 844))
    XCTAssertEqual(
      half?.frame(of: h.controller("P2")), Rect(x: 195, y: 0, width: 390, height: 844))
    h.settle()
    XCTAssertEqual(
      h.described([.lifecycle, .transition]),
      [
        "P2.willMove(nil)", "P1.willMove(Book)", "P2.viewWillDisappear(true)",
        "P1.viewWillAppear(true)",
        "t1.began(pageTurn, P2 → P1, animated: true, interactive: false)",
        "P2.viewDidDisappear(true)", "P1.viewDidAppear(true)", "P2.didMove(nil)",
        "P1.didMove(Book)", "t1.ended(cancelled: false)",
      ])
  }

  func testATurnWithoutAnimation() {
    let h = Harness()
    h.showBook(PageOptions(), pages: ["P1", "P2"])
    let ticket = h.turn(.forward, animated: false)
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertNil(ticket?.transition)
    XCTAssertEqual(
      h.described([.lifecycle, .transition]),
      [
        "P1.willMove(nil)", "P2.willMove(Book)", "P2.viewDidLoad", "P1.viewWillDisappear(false)",
        "P2.viewWillAppear(false)", "P1.viewDidDisappear(false)", "P2.viewDidAppear(false)",
        "P1.didMove(nil)", "P2.didMove(Book)",
      ])
  }

  func testAVerticalScrollMovesPagesUp() {
    let h = Harness()
    h.showBook(PageOptions(orientation: .vertical), pages: ["P1", "P2"])
    h.turn(.forward, animated: true)
    let half = h.advance(0.175).frame
    XCTAssertEqual(
      half?.frame(of: h.controller("P2")), Rect(x: 0, y: 422, width: 390, height: 844))
    XCTAssertEqual(
      half?.frame(of: h.controller("P1")), Rect(x: 0, y: -422, width: 390, height: 844))
  }

  func testOffScreenPagesChangeWithoutAppearance() {
    let h = Harness()
    h.makeBook(PageOptions(), pages: ["P1", "P2"])
    h.setPages([], source: ["P1", "P2"])
    let mark = h.session.detachedLog.lastSeq
    h.run(.turnPage(page: h.id("Book"), direction: .forward, animated: true, animator: nil))
    XCTAssertEqual(
      (h.session.detachedLog.events(after: mark) ?? []).filter { $0.category == .lifecycle }.map {
        h.session.describe($0)
      }, ["P1.willMove(nil)", "P2.willMove(Book)", "P1.didMove(nil)", "P2.didMove(Book)"])
    XCTAssertFalse(h.controller("P2").isViewLoaded)
  }

  // MARK: Page curl

  func testACurlForwardFoldsThePageOntoTheSpine() {
    let h = Harness()
    h.showBook(PageOptions(transitionStyle: .pageCurl), pages: ["P1", "P2"])
    h.turn(.forward, animated: true)
    XCTAssertEqual(h.window.transitions.first?.duration, 0.4)
    let book = h.page("Book").viewIfLoaded!
    XCTAssertEqual(
      book.subviews.map(\.id), [h.view("P2").id, h.view("P1").id], "the new page lies below")
    let half = h.advance(0.2).frame
    XCTAssertEqual(
      half?.frame(of: h.controller("P1")), Rect(x: 0, y: 0, width: 195, height: 844))
    XCTAssertNil(half?.frame(of: h.controller("P2")), "the page below does not move")
    h.settle()
    XCTAssertEqual(book.subviews.map(\.id), [h.view("P2").id])
    XCTAssertEqual(h.frame("P2"), Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testACurlInReverseUnfoldsThePageFromTheSpine() {
    let h = Harness()
    h.showBook(PageOptions(transitionStyle: .pageCurl), pages: ["P1", "P2"])
    h.turn(.forward, animated: false)
    h.turn(.reverse, animated: true)
    let book = h.page("Book").viewIfLoaded!
    XCTAssertEqual(book.subviews.map(\.id), [h.view("P2").id, h.view("P1").id], "on top")
    XCTAssertEqual(
      h.advance(0.2).frame?.frame(of: h.controller("P1")),
      Rect(x: 0, y: 0, width: 195, height: 844))
    h.settle()
    XCTAssertEqual(h.frame("P1"), Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testACurlAtTheMaxSpineFoldsTowardTheTrailingEdge() {
    let h = Harness()
    h.showBook(PageOptions(transitionStyle: .pageCurl, spineLocation: .max), pages: ["P1", "P2"])
    h.turn(.forward, animated: true)
    XCTAssertEqual(
      h.advance(0.2).frame?.frame(of: h.controller("P1")),
      Rect(x: 195, y: 0, width: 195, height: 844))
    let vertical = Harness()
    vertical.showBook(
      PageOptions(transitionStyle: .pageCurl, orientation: .vertical), pages: ["P1", "P2"])
    vertical.turn(.forward, animated: true)
    XCTAssertEqual(
      vertical.advance(0.2).frame?.frame(of: vertical.controller("P1")),
      Rect(x: 0, y: 0, width: 390, height: 422))
  }

  func testTheMidSpineShowsTwoPagesAndTurnsTheLeafInTwoHalves() {
    let h = Harness(metrics: Self.landscape)
    h.showBook(
      PageOptions(transitionStyle: .pageCurl, spineLocation: .mid), pages: ["A", "B", "C", "D"])
    XCTAssertEqual(h.page("Book").viewControllers.map(\.name), ["A", "B"])
    XCTAssertEqual(h.frame("A"), Rect(x: 0, y: 0, width: 512, height: 768))
    XCTAssertEqual(h.frame("B"), Rect(x: 512, y: 0, width: 512, height: 768))
    XCTAssertTrue(h.page("Book").options.resolvedDoubleSided)
    h.turn(.forward, animated: true)
    XCTAssertEqual(
      h.described([.lifecycle, .transition]),
      [
        "A.willMove(nil)", "B.willMove(nil)", "C.willMove(Book)", "D.willMove(Book)",
        "C.viewDidLoad", "D.viewDidLoad", "A.viewWillDisappear(true)",
        "B.viewWillDisappear(true)", "C.viewWillAppear(true)", "D.viewWillAppear(true)",
        "t1.began(pageTurn, A → C, animated: true, interactive: false)",
      ])
    let book = h.page("Book").viewIfLoaded!
    XCTAssertEqual(
      book.subviews.map(\.id),
      [h.view("D").id, h.view("A").id, h.view("B").id, h.view("C").id])
    let quarter = h.advance(0.1).frame
    XCTAssertEqual(
      quarter?.frame(of: h.controller("B")), Rect(x: 512, y: 0, width: 256, height: 768))
    XCTAssertEqual(
      quarter?.frame(of: h.controller("C")), Rect(x: 512, y: 0, width: 0, height: 768))
    let threeQuarters = h.advance(0.2).frame
    XCTAssertEqual(
      threeQuarters?.frame(of: h.controller("B")), Rect(x: 512, y: 0, width: 0, height: 768))
    XCTAssertEqual(
      threeQuarters?.frame(of: h.controller("C"))?.rounded,
      Rect(x: 256, y: 0, width: 256, height: 768))
    h.settle()
    XCTAssertEqual(
      h.described([.lifecycle, .transition]),
      [
        "A.viewDidDisappear(true)", "B.viewDidDisappear(true)", "C.viewDidAppear(true)",
        "D.viewDidAppear(true)", "A.didMove(nil)", "B.didMove(nil)", "C.didMove(Book)",
        "D.didMove(Book)", "t1.ended(cancelled: false)",
      ])
    XCTAssertEqual(h.frame("C"), Rect(x: 0, y: 0, width: 512, height: 768))
    XCTAssertEqual(h.frame("D"), Rect(x: 512, y: 0, width: 512, height: 768))
    // Reverse: the left page folds first, then the right one unfolds.
    h.turn(.reverse, animated: true)
    let back = h.advance(0.1).frame
    XCTAssertEqual(
      back?.frame(of: h.controller("C"))?.rounded, Rect(x: 256, y: 0, width: 256, height: 768))
    XCTAssertEqual(
      h.advance(0.2).frame?.frame(of: h.controller("B"))?.rounded,
      Rect(x: 512, y: 0, width: 256, height: 768))
    h.settle()
    XCTAssertEqual(h.page("Book").viewControllers.map(\.name), ["A", "B"])
  }

  func testDoubleSidedPagesShowOnlyTheirFront() {
    let h = Harness()
    h.showBook(
      PageOptions(transitionStyle: .pageCurl, isDoubleSided: true), pages: ["A", "a", "B", "b"])
    XCTAssertEqual(h.page("Book").viewControllers.map(\.name), ["A", "a"])
    XCTAssertEqual(h.page("Book").viewIfLoaded?.subviews.map(\.id), [h.view("A").id])
    XCTAssertFalse(h.controller("a").isViewLoaded)
    h.turn(.forward, animated: false)
    XCTAssertEqual(
      h.described([.lifecycle]),
      [
        "A.willMove(nil)", "a.willMove(nil)", "B.willMove(Book)", "b.willMove(Book)",
        "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
        "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "A.didMove(nil)",
        "a.didMove(nil)", "B.didMove(Book)", "b.didMove(Book)",
      ])
    XCTAssertTrue(
      h.page("Book").node.summary.hasSuffix(
        ", pageCurl horizontal spine min double-sided, page 3 of 4"),
      h.page("Book").node.summary)
  }

  // MARK: Errors

  func testTheNumberOfViewControllersEachSpineLocationNeeds() {
    let cases: [(PageOptions, Int, String)] = [
      (PageOptions(), 1, "the requested transition"),
      (
        PageOptions(transitionStyle: .pageCurl), 1,
        "the requested spine location (UIPageViewControllerSpineLocationMin)"
      ),
      (
        PageOptions(transitionStyle: .pageCurl, spineLocation: .max), 1,
        "the requested spine location (UIPageViewControllerSpineLocationMax)"
      ),
      (
        PageOptions(transitionStyle: .pageCurl, isDoubleSided: true), 2,
        "the requested spine location (UIPageViewControllerSpineLocationMin)"
      ),
      (
        PageOptions(transitionStyle: .pageCurl, spineLocation: .mid), 2,
        "the requested spine location (UIPageViewControllerSpineLocationMid)"
      ),
    ]
    for (options, required, reason) in cases {
      let h = Harness()
      h.makeBook(options, pages: ["A", "B", "C"])
      for count in [0, 1, 2, 3] where count != required {
        let error = h.error(
          .setPages(
            page: h.id("Book"), controllers: ["A", "B", "C"].prefix(count).map { h.id($0) },
            direction: .forward, animated: false, animator: nil, dataSource: nil))
        XCTAssertEqual(error?.code, .invalidArgument)
        XCTAssertEqual(
          error?.message,
          "The number of view controllers provided (\(count)) doesn't match the number required "
            + "(\(required)) for \(reason)", "\(options)")
      }
      XCTAssertNil(
        h.error(
          .setPages(
            page: h.id("Book"), controllers: ["A", "B", "C"].prefix(required).map { h.id($0) },
            direction: .forward, animated: false, animator: nil, dataSource: nil)))
    }
  }

  func testInvalidOptions() {
    let h = Harness()
    let book = h.make(.page, "Book") as! PageViewController
    func message(_ options: PageOptions) -> String? {
      do {
        try book.configure(options)
        return nil
      } catch {
        return (error as? CurtainError)?.message
      }
    }
    XCTAssertEqual(
      message(PageOptions(spineLocation: .min)),
      "A scroll page view controller has no spine (spine location none), not min")
    XCTAssertEqual(
      message(PageOptions(isDoubleSided: true)),
      "Only a pageCurl page view controller can be double-sided")
    XCTAssertEqual(
      message(PageOptions(transitionStyle: .pageCurl, spineLocation: PageSpineLocation.none)),
      "A pageCurl page view controller needs a spine location of min, mid or max")
    XCTAssertEqual(
      message(PageOptions(transitionStyle: .pageCurl, spineLocation: .mid, isDoubleSided: false)),
      "The mid spine location requires double-sided pages (isDoubleSided must be true)")
    XCTAssertEqual(book.options, PageOptions())
    h.make(.content, "A")
    h.setPages(["A"])
    XCTAssertEqual(
      message(PageOptions(transitionStyle: .pageCurl)),
      "The transition style, orientation and spine of Book are fixed once it has view controllers")
  }

  func testTurningToAPageThatJoinedAnotherWindowIsRefused() {
    let h = Harness()
    h.makeBook(PageOptions(), pages: ["P1", "P2"])
    h.setPages([], source: ["P1", "P2"])
    h.showNavigation("Nav", stack: ["P2"])
    let error = h.error(
      .turnPage(page: h.id("Book"), direction: .forward, animated: false, animator: nil))
    XCTAssertEqual(error?.code, .invalidArgument)
    XCTAssertEqual(error?.message, "P2 is in another window (w1)")
    XCTAssertEqual(h.page("Book").viewControllers.map(\.name), ["P1"])
    XCTAssertTrue(h.controller("P2").parent === h.nav("Nav"))
  }

  func testPageErrorsChangeNothing() {
    let h = Harness()
    h.showBook(
      PageOptions(transitionStyle: .pageCurl, isDoubleSided: true), pages: ["A", "a", "B", "b"])
    h.make(.content, "X")
    let revision = h.window.revision
    let book = h.id("Book")
    func expect(_ operation: WindowOperation, _ message: String) {
      let error = h.error(operation)
      XCTAssertEqual(error?.code, .invalidArgument, "\(operation)")
      XCTAssertEqual(error?.message, message, "\(operation)")
    }
    expect(
      .setPages(
        page: book, controllers: [h.id("X"), h.id("X")], direction: .forward, animated: false,
        animator: nil, dataSource: nil),
      "The view controllers of a page view controller must be distinct (X repeats)")
    expect(
      .setPages(
        page: book, controllers: [h.id("X"), h.id("A")], direction: .forward, animated: false,
        animator: nil, dataSource: [h.id("A"), h.id("a")]),
      "X is not in the data source given to Book")
    expect(
      .setPages(
        page: book, controllers: [], direction: .forward, animated: false, animator: nil,
        dataSource: [h.id("A"), h.id("A")]),
      "The pages of the data source of a page view controller must be distinct (A repeats)")
    expect(
      .turnPage(page: book, direction: .reverse, animated: true, animator: nil),
      "There is no page before A in Book's data source")
    h.turn(.forward, animated: false)
    let turned = h.window.revision
    expect(
      .turnPage(page: book, direction: .forward, animated: true, animator: nil),
      "There is no page after b in Book's data source")
    expect(
      .turnPage(page: h.id("X"), direction: .forward, animated: true, animator: nil),
      "X is not a page view controller")
    let other = h.make(.page, "Other")
    expect(
      .turnPage(page: other.id, direction: .forward, animated: true, animator: nil),
      "Other has no data source to turn pages from")
    let box = h.make(.container, "Box")
    h.run(
      .setPages(
        page: other.id, controllers: [box.id], direction: .forward, animated: false, animator: nil,
        dataSource: nil))
    expect(
      .setPages(
        page: other.id, controllers: [other.id], direction: .forward, animated: false,
        animator: nil, dataSource: nil),
      "Other contains Other, so it cannot be one of its pages")
    XCTAssertEqual(h.window.revision, turned)
    XCTAssertEqual(turned, revision + 1)
    XCTAssertEqual(h.page("Book").viewControllers.map(\.name), ["B", "b"])
  }
}

extension Frame {
  /// The presentation frame of a controller's view in this frame, if it animates.
  func frame(of controller: ViewController) -> Rect? {
    views.first { $0.view == controller.viewIfLoaded?.id }?.state.frame
  }
}

extension Rect {
  /// The rectangle with every number rounded to 1e-6 (timing curves solve
  /// to 1e-7).
  var rounded: Rect {
    func round(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
    return Rect(x: round(minX), y: round(minY), width: round(width), height: round(height))
  }
}

extension Harness {
  func page(_ identifier: String) -> PageViewController {
    controller(identifier) as! PageViewController
  }

  func view(_ identifier: String) -> View { controller(identifier).viewIfLoaded! }

  /// A page view controller `Book` with `options` and content controllers
  /// named `pages`, not in the window.
  func makeBook(_ options: PageOptions, pages: [String]) {
    let book = make(.page, "Book") as! PageViewController
    try! book.configure(options)
    for name in pages { make(.content, name) }
  }

  /// `makeBook`, with `pages` as its data source showing the first pages,
  /// made the window's root; events so far are discarded.
  func showBook(_ options: PageOptions, pages: [String]) {
    makeBook(options, pages: pages)
    setPages([], source: pages)
    setRoot("Book")
    _ = events()
  }

  @discardableResult
  func setPages(_ names: [String], source: [String]? = nil) -> OperationTicket? {
    run(
      .setPages(
        page: id("Book"), controllers: names.map { id($0) }, direction: .forward,
        animated: false, animator: nil, dataSource: source.map { $0.map { id($0) } }))
  }

  @discardableResult
  func turn(_ direction: PageDirection, animated: Bool) -> OperationTicket? {
    run(.turnPage(page: id("Book"), direction: direction, animated: animated, animator: nil))
  }
}
