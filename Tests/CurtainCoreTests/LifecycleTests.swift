import XCTest

@testable import CurtainCore

/// Controllers can be freed (Session+Lifecycle.swift): closing a window
/// destroys its tree unless asked to keep it, `deleteController` destroys a
/// controller in no window, a tree built in one go is built entirely or not
/// at all; and what a session remembers about operations and transitions
/// that ended.
final class LifecycleTests: XCTestCase {
  // MARK: Closing a window

  func testClosingAWindowDestroysItsTreeAndFreesTheIdentifiers() throws {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.make(.navigation, "Nav")
    h.make(.content, "Home")
    h.make(.content, "Settings")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("Home")], animated: false, animator: nil))
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("Nav"), h.id("Settings")]))
    h.setRoot("Tabs")
    h.push("Nav", "Detail", animated: false)
    h.pop("Nav", animated: false)
    h.make(.content, "Sheet")
    h.run(
      .present(
        presenter: h.id("Home"), controller: h.id("Sheet"), animated: false, animator: nil,
        adaptiveStyle: nil, options: PresentOptions()))
    let viewsBefore = h.session.views.count

    let destroyed = try h.session.closeWindow(h.window.id)

    XCTAssertEqual(
      destroyed.compactMap { h.session.controllers[$0] }.count, 0, "all of them are gone")
    XCTAssertEqual(
      Set(destroyed), Set([1, 2, 3, 4, 6].map { ControllerID(UInt64($0)) }),
      "Tabs, Nav, Home, Settings and the presented Sheet")
    XCTAssertEqual(
      h.session.controllers.values.compactMap(\.identifier), ["Detail"],
      "a popped controller is in no window: it stays")
    XCTAssertLessThan(h.session.views.count, viewsBefore)
    XCTAssertTrue(
      h.session.views.values.allSatisfy { view in
        view.controllerID.map { h.session.controllers[$0] != nil } ?? true
      }, "no view of a destroyed controller is left")
    // The identifiers are free again; ids are never reused.
    let nav = try h.session.makeController(kind: .navigation, identifier: "Nav")
    XCTAssertEqual(nav.id, ControllerID(7))
  }

  func testTheLastEventsOfAClosedWindowStillNameItsControllers() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    _ = h.events()
    try h.session.closeWindow(h.window.id)
    XCTAssertNil(h.session.controller(identifier: "A"))
    XCTAssertEqual(
      h.events().map { h.session.describe($0) }.filter { $0.hasPrefix("A.") },
      ["A.viewWillDisappear(false)", "A.viewDidDisappear(false)"])
  }

  func testClosingAWindowCanKeepItsControllers() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    let destroyed = try h.session.closeWindow(h.window.id, keepingControllers: true)
    XCTAssertEqual(destroyed, [])
    XCTAssertNil(h.controller("Nav").window)
    XCTAssertEqual(h.nav("Nav").children.map(\.name), ["A", "B"])
    XCTAssertThrowsError(try h.session.makeController(kind: .content, identifier: "A"))
  }

  // MARK: Deleting a controller

  func testDeletingAControllerInNoWindowDeletesWhatItHolds() throws {
    let h = Harness()
    h.make(.navigation, "Nav")
    h.make(.content, "A")
    h.make(.content, "B")
    h.make(.page, "Book")
    h.make(.content, "P1")
    h.make(.content, "P2")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("A"), h.id("B")], animated: false,
        animator: nil))
    h.run(
      .setPages(
        page: h.id("Book"), controllers: [], direction: .forward, animated: false, animator: nil,
        dataSource: [h.id("P1"), h.id("P2")]))

    XCTAssertEqual(try h.session.deleteController(h.id("Nav")).map(\.rawValue), [1, 2, 3])
    XCTAssertEqual(try h.session.deleteController(h.id("Book")).map(\.rawValue), [4, 5, 6])
    XCTAssertTrue(h.session.controllers.isEmpty)
  }

  func testAControllerInAWindowOrAParentCannotBeDeleted() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    XCTAssertEqual(
      h.deletionError("Nav"),
      "Nav is in window w1; close the window or take it out first")
    h.make(.navigation, "Free")
    h.make(.content, "Child")
    h.run(
      .setViewControllers(
        navigation: h.id("Free"), controllers: [h.id("Child")], animated: false, animator: nil))
    XCTAssertEqual(
      h.deletionError("Child"),
      "Child is a child of Free; delete Free or remove Child from it first")
    XCTAssertNotNil(h.session.controller(identifier: "Child"))
  }

  // MARK: Building a tree in one go

  func testATreeIsBuiltWithEveryContainerFilled() throws {
    let h = Harness()
    let spec = ControllerTreeSpec(
      kind: .tabBar, identifier: "Tabs",
      children: [
        ControllerTreeSpec(
          kind: .navigation, identifier: "Nav",
          children: [ControllerTreeSpec(kind: .content, identifier: "Home", title: "Home")]),
        ControllerTreeSpec(kind: .content, identifier: "Settings"),
      ])
    let root = try h.session.makeControllerTree(spec)
    h.run(.setRoot(window: h.window.id, controller: root.id))
    XCTAssertEqual(
      h.window.hierarchyDescription.split(separator: "\n").dropFirst().map {
        $0.split(separator: ",").first.map(String.init) ?? ""
      },
      [
        "c4 tab @Tabs", "   | c2 navigation @Nav", "   |    | c1 content @Home \"Home\"",
        "   | c3 content @Settings",
      ])
  }

  func testATreeThatCannotBeBuiltCreatesNothing() throws {
    let h = Harness()
    h.make(.content, "Taken")
    let before = (h.session.controllers.count, h.session.views.count, h.session.detachedLog.lastSeq)
    let spec = ControllerTreeSpec(
      kind: .navigation, identifier: "P",
      children: [
        ControllerTreeSpec(kind: .content, identifier: "Q"),
        ControllerTreeSpec(kind: .content, identifier: "Taken"),
      ])
    XCTAssertThrowsError(try h.session.makeControllerTree(spec)) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message, "A controller with identifier 'Taken' already exists")
    }
    XCTAssertEqual(
      (h.session.controllers.count, h.session.views.count, h.session.detachedLog.lastSeq).0,
      before.0)
    XCTAssertNil(h.session.controller(identifier: "P"))
    XCTAssertNil(h.session.controller(identifier: "Q"))
    XCTAssertEqual(h.session.detachedLog.lastSeq, before.2)
    XCTAssertEqual(try h.session.makeController(kind: .content).id, ControllerID(2))

    let twice = ControllerTreeSpec(
      kind: .navigation,
      children: [
        ControllerTreeSpec(kind: .content, identifier: "X"),
        ControllerTreeSpec(kind: .content, identifier: "X"),
      ])
    XCTAssertThrowsError(try h.session.makeControllerTree(twice))
    let columns = ControllerTreeSpec(
      kind: .split, identifier: "S",
      children: Array(repeating: ControllerTreeSpec(kind: .content), count: 3))
    XCTAssertThrowsError(try h.session.makeControllerTree(columns)) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "'S' is a split view controller: a primary and at most one secondary column, not 3")
    }
  }

  // MARK: Operations and transitions that ended

  func testACancelledPopsCompletionRemovesNothing() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One", "Two"])
    let owner = OwnerID(1)
    let ticket = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: owner))
    XCTAssertEqual(ticket.removed, [h.id("Two")], "popping takes Two off the stack at once")
    let transition = try XCTUnwrap(ticket.transition)
    _ = h.session.takeOutcomes()
    _ = h.events()
    try h.window.updateInteraction(transition, percent: 0.3, by: owner)
    try h.window.cancelInteraction(transition, by: owner)
    h.settle()
    let completed = h.events().filter { $0.category == .operation }.map { h.session.describe($0) }
    XCTAssertEqual(completed, ["o4.completed(cancelled: true, removed: [])"])
    XCTAssertEqual(h.session.takeOutcomes().map(\.removed), [[]])
    XCTAssertEqual(h.nav("Nav").children.map(\.name), ["One", "Two"])
  }

  func testTheSessionRemembersWhyATransitionEnded() throws {
    let h = Harness(configuration: SessionConfiguration(interactionTimeout: 30))
    h.showNavigation("Nav", stack: ["One", "Two", "Three"])
    let first = try XCTUnwrap(
      try h.session.submit(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
        .transition)
    h.advance(31)
    XCTAssertEqual(h.session.ending(of: first), .timedOut(seconds: 30))
    XCTAssertEqual(
      h.session.ending(of: first)?.description, "was cancelled after 30 s without an update")
    XCTAssertThrowsError(try h.window.updateInteraction(first, percent: 0.5))

    let second = try XCTUnwrap(
      try h.session.submit(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
        .transition)
    try h.window.finishInteraction(second)
    h.settle()
    XCTAssertEqual(h.session.ending(of: second), .finished)

    h.push("Nav", "Four")
    let pushed = try XCTUnwrap(h.window.transitions.first?.id)
    try h.session.closeWindow(h.window.id)
    XCTAssertEqual(h.session.ending(of: pushed), .windowClosed)
  }

  func testAnOperationThatChangesNothingSaysSo() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    let pop = try h.session.submit(.pop(navigation: h.id("Nav"), animated: true, animator: nil))
    XCTAssertTrue(pop.unchanged)
    XCTAssertTrue(pop.isCompleted)
    let dismiss = try h.session.submit(
      .dismiss(controller: h.id("A"), animated: true, animator: nil))
    XCTAssertTrue(dismiss.unchanged)
    h.push("Nav", "B", animated: false)
    let popped = try h.session.submit(.pop(navigation: h.id("Nav"), animated: false, animator: nil))
    XCTAssertFalse(popped.unchanged)
  }
}

extension Harness {
  /// The message `deleteController` refuses a controller with.
  fileprivate func deletionError(_ identifier: String) -> String? {
    do {
      try session.deleteController(id(identifier))
      return nil
    } catch {
      return (error as? CurtainError)?.message
    }
  }
}
