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

  /// Tabs with T1…T6, T6 selected and shown in the More navigation
  /// controller; events so far are discarded.
  private func moreHarness() -> Harness {
    let h = Harness()
    let names = ["T1", "T2", "T3", "T4", "T5", "T6"]
    h.make(.tabBar, "Tabs")
    for name in names { h.make(.content, name) }
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: names.map { h.id($0) }))
    h.setRoot("Tabs")
    h.run(.selectTab(tabBar: h.id("Tabs"), selection: .controller(h.id("T6")), animator: nil))
    _ = h.events()
    return h
  }

  func testShowFromInsideTheMoreNavigationControllerPushesOntoIt() throws {
    let h = moreHarness()
    let tabs = h.tab("Tabs")
    let more = try XCTUnwrap(tabs.moreNavigationController)
    let (m, list) = (more.name, more.viewControllers[0].name)
    XCTAssertTrue(h.controller("T6").parent === more)
    XCTAssertTrue(h.controller("T6").targetViewController(for: .show) === more)
    _ = show(h, "B", from: "T6")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(\(m))", "B.viewDidLoad", "\(m).willShow(B, true)",
        "T6.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(
      h.lifecycle(),
      [
        "T6.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(\(m))",
        "\(m).didShow(B, true)",
      ])
    XCTAssertEqual(more.viewControllers.map(\.name), [list, "T6", "B"])
    XCTAssertTrue(tabs.selectedViewController === h.controller("T6"))
    XCTAssertEqual(tabs.selectedIndex, 5)
    XCTAssertEqual(tabs.viewControllers.map(\.name), ["T1", "T2", "T3", "T4", "T5", "T6"])
    // A show from what was pushed pushes too.
    _ = show(h, "C", from: "B", animated: false)
    XCTAssertEqual(more.viewControllers.map(\.name), [list, "T6", "B", "C"])
    // What show pushed pops; the tab shown in More and the list do not.
    h.run(.popTo(navigation: more.id, controller: h.id("B"), animated: false, animator: nil))
    h.run(.pop(navigation: more.id, animated: false, animator: nil))
    XCTAssertEqual(more.viewControllers.map(\.name), [list, "T6"])
    _ = h.events()
    let refusal = CurtainError(
      .invalidArgument, "\(m) is the More navigation controller of Tabs; select tabs instead")
    XCTAssertEqual(h.error(.pop(navigation: more.id, animated: false, animator: nil)), refusal)
    XCTAssertEqual(
      h.error(
        .popTo(
          navigation: more.id, controller: more.viewControllers[0].id, animated: false,
          animator: nil)), refusal)
    XCTAssertEqual(h.error(.beginInteractivePop(navigation: more.id, animator: nil)), refusal)
    XCTAssertEqual(
      h.error(.popToRoot(navigation: more.id, animated: false, animator: nil)), refusal)
    XCTAssertEqual(h.events().map { h.session.describe($0) }, [])
    XCTAssertEqual(more.viewControllers.map(\.name), [list, "T6"])
    // Removed from its parent, a controller show pushed leaves More's stack;
    // the tabs stay as they are.
    _ = show(h, "D", from: "T6", animated: false)
    h.run(.removeFromParent(h.id("D")))
    XCTAssertEqual(more.viewControllers.map(\.name), [list, "T6"])
    XCTAssertNil(h.controller("D").parent)
    XCTAssertEqual(tabs.viewControllers.map(\.name), ["T1", "T2", "T3", "T4", "T5", "T6"])
    XCTAssertEqual(h.controller("T6").appearance, .appeared)
  }

  func testLeavingTheMoreTabDropsWhatShowPushedThere() throws {
    let h = moreHarness()
    let tabs = h.tab("Tabs")
    let more = try XCTUnwrap(tabs.moreNavigationController)
    let (m, list) = (more.name, more.viewControllers[0].name)
    _ = show(h, "B", from: "T6", animated: false)
    _ = h.events()
    h.run(.selectTab(tabBar: tabs.id, selection: .index(0), animator: nil))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "T1.viewWillAppear(false)", "\(m).viewWillDisappear(false)", "B.viewWillDisappear(false)",
        "\(m).viewDidDisappear(false)", "B.viewDidDisappear(false)", "T1.viewDidAppear(false)",
        "T6.willMove(nil)", "B.willMove(nil)", "\(list).viewDidLoad", "T6.didMove(nil)",
        "B.didMove(nil)", "T6.willMove(Tabs)", "T6.didMove(Tabs)",
      ])
    XCTAssertEqual(more.viewControllers.map(\.name), [list])
    XCTAssertTrue(h.controller("T6").parent === tabs)
    XCTAssertNil(h.controller("B").parent)
    XCTAssertNil(h.controller("B").window)
    // B is free again: it can be shown elsewhere.
    h.run(.selectTab(tabBar: tabs.id, selection: .index(4), animator: nil))
    _ = show(h, "B", from: "T5", animated: false)
    XCTAssertEqual(more.viewControllers.map(\.name), [list, "T5", "B"])
  }

  func testUnwindFromWhatShowPushedOntoMorePopsToTheTabShownThere() throws {
    let h = moreHarness()
    let more = try XCTUnwrap(h.tab("Tabs").moreNavigationController)
    let (m, list) = (more.name, more.viewControllers[0].name)
    h.controller("T6").unwindActions = ["back"]
    h.controller("T1").unwindActions = ["back"]
    _ = show(h, "B", from: "T6", animated: false)
    _ = show(h, "C", from: "B", animated: false)
    _ = h.events()
    h.run(.unwind(source: h.id("C"), action: "back", animated: true))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.canPerformUnwindSegueAction(back, from: C, false)",
        "T6.canPerformUnwindSegueAction(back, from: C, true)", "C.prepare(unwind, T6)",
        "T6.back(from: C)", "B.willMove(nil)", "C.willMove(nil)", "\(m).willShow(T6, true)",
        "C.viewWillDisappear(true)", "T6.viewWillAppear(true)",
      ])
    h.settle()
    XCTAssertEqual(more.viewControllers.map(\.name), [list, "T6"])
    XCTAssertEqual(h.controller("T6").appearance, .appeared)
    // From the tab shown in More, the search skips it and More's list and
    // goes on with the other tabs.
    _ = h.events()
    h.run(.unwind(source: h.id("T6"), action: "back", animated: false))
    XCTAssertEqual(
      Array(h.lifecycle().prefix(3)),
      [
        "\(m).canPerformUnwindSegueAction(back, from: T6, false)",
        "T1.canPerformUnwindSegueAction(back, from: T6, true)", "T6.prepare(unwind, T1)",
      ])
    XCTAssertEqual(h.tab("Tabs").selectedIndex, 0)
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
