import XCTest

@testable import CurtainCore

/// `show(_:sender:)` and `showDetailViewController(_:sender:)`: routing up
/// the hierarchy (SEMANTICS §3 and §8).
final class ShowTests: XCTestCase {
  private func show(
    _ h: Harness, _ shown: String, from sender: String, action: ShowAction = .show,
    animated: Bool = true
  ) -> OperationTicket? {
    if h.session.controller(identifier: shown) == nil { h.make(.content, shown) }
    return h.run(
      .show(
        action, sender: h.id(sender), controller: h.id(shown), animated: animated, animator: nil))
  }

  func testShowInsideANavigationControllerPushes() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    let ticket = show(h, "B", from: "A")
    XCTAssertEqual(ticket?.isCompleted, false)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(Nav)", "B.viewDidLoad", "Nav.willShow(B, true)", "A.viewWillDisappear(true)",
        "B.viewWillAppear(true)",
      ])
    h.advance(0.35)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
  }

  func testShowWalksUpThroughParentsToTheNavigationController() {
    let h = Harness()
    h.make(.container, "Box")
    h.make(.content, "Inner")
    h.run(.addChild(parent: h.id("Box"), child: h.id("Inner"), frame: nil))
    h.showNavigation("Nav", stack: ["Box"])
    XCTAssertTrue(h.controller("Inner").targetViewController(for: .show) === h.nav("Nav"))
    XCTAssertNil(h.controller("Inner").targetViewController(for: .showDetail))
    _ = show(h, "B", from: "Inner", animated: false)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Box", "B"])
    XCTAssertNil(h.controller("B").presentation)
  }

  func testShowWithoutANavigationControllerPresentsFromTheSender() {
    let h = Harness()
    h.showRoot("A")
    _ = show(h, "B", from: "A", animated: false)
    XCTAssertEqual(
      h.flow(),
      [
        "B.presentationTransitionWillBegin", "B.viewDidLoad", "B.viewWillAppear(false)",
        "B.presentationTransitionDidEnd(true)", "B.viewDidAppear(false)", "completion",
      ])
    XCTAssertTrue(h.controller("B").presentingViewController === h.controller("A"))
    XCTAssertEqual(h.controller("B").presentation?.style, .pageSheet)
  }

  func testShowDetailWithoutASplitViewControllerPresentsEvenInsideANavigationController() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    _ = show(h, "B", from: "A", action: .showDetail, animated: false)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])
    // A full-screen-style presentation goes to the top of A's parents.
    XCTAssertTrue(h.controller("B").presentingViewController === h.nav("Nav"))
  }

  func testShowFromAPresentedControllerPresentsInsteadOfPushingBehindIt() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.present("M", on: "A", animated: false, style: .fullScreen)
    _ = h.events()
    XCTAssertNil(h.controller("M").targetViewController(for: .show))
    _ = show(h, "B", from: "M", animated: false)
    XCTAssertTrue(h.controller("B").presentingViewController === h.controller("M"))
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])
  }

  func testShowFromTheMoreNavigationControllerPresents() {
    let h = Harness()
    let names = ["T1", "T2", "T3", "T4", "T5", "T6"]
    h.make(.tabBar, "Tabs")
    for name in names { h.make(.content, name) }
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: names.map { h.id($0) }))
    h.setRoot("Tabs")
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .controller(h.id("T6")), animator: nil))
    XCTAssertTrue(h.controller("T6").parent === h.tab("Tabs").moreNavigationController)
    XCTAssertNil(h.controller("T6").targetViewController(for: .show))
    _ = show(h, "B", from: "T6", animated: false)
    XCTAssertTrue(h.controller("B").presentingViewController === h.tab("Tabs"))
  }

  func testShowDetailGoesToTheSplitViewController() {
    for compact in [false, true] {
      let h = Harness(
        metrics: compact ? SplitViewControllerTests.compact : SplitViewControllerTests.regular)
      h.make(.split, "Split")
      h.make(.navigation, "Primary")
      h.make(.content, "List")
      h.make(.content, "Empty")
      h.run(
        .setViewControllers(
          navigation: h.id("Primary"), controllers: [h.id("List")], animated: false, animator: nil))
      h.run(
        .setSplitColumns(split: h.id("Split"), primary: h.id("Primary"), secondary: h.id("Empty")))
      h.setRoot("Split")
      let split = h.controller("Split") as! SplitViewController
      XCTAssertTrue(h.controller("List").targetViewController(for: .showDetail) === split)
      XCTAssertTrue(h.controller("List").targetViewController(for: .show) === h.nav("Primary"))
      _ = show(h, "Item", from: "List", action: .showDetail, animated: false)
      XCTAssertNil(h.controller("Item").presentation)
      if compact {
        // Collapsed: it acts as show, pushed onto the primary navigation controller.
        XCTAssertEqual(h.nav("Primary").viewControllers.last?.name, "Item")
      } else {
        XCTAssertEqual(split.viewControllers.map(\.name), ["Primary", "Item"])
      }
    }
  }

  func testShowErrorsChangeNothing() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    XCTAssertThrowsError(
      try h.session.submit(
        .show(.show, sender: h.id("A"), controller: h.id("A"), animated: true, animator: nil))
    ) { error in
      XCTAssertEqual(error as? CurtainError, CurtainError(.invalidArgument, "A cannot show itself"))
    }
    XCTAssertThrowsError(
      try h.session.submit(
        .show(.show, sender: h.id("B"), controller: h.id("A"), animated: true, animator: nil))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .invalidArgument)
    }
    h.make(.navigation, "Other")
    XCTAssertThrowsError(
      try h.session.submit(
        .show(.show, sender: h.id("B"), controller: h.id("Other"), animated: true, animator: nil))
    ) { error in
      XCTAssertEqual(
        error as? CurtainError,
        CurtainError(.invalidArgument, "Pushing a navigation controller is not supported (Other)"))
    }
    XCTAssertEqual(h.events().count, 0)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
  }
}
