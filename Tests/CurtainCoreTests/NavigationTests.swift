import XCTest

@testable import CurtainCore

/// Event orders of SEMANTICS §3, navigation controller.
final class NavigationTests: XCTestCase {
  func testAnimatedPushEventOrder() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(Nav)", "B.viewDidLoad", "Nav.willShow(B, true)",
        "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
    h.advance(0.34)
    XCTAssertEqual(h.lifecycle(), [])
    h.advance(0.01)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)",
      ])
    XCTAssertTrue(h.window.isIdle)
    XCTAssertEqual(h.controller("A").appearance, .disappeared)
    XCTAssertEqual(h.controller("B").appearance, .appeared)
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview)
  }

  func testNonAnimatedPushEventOrder() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B", animated: false)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(Nav)", "B.viewDidLoad", "Nav.willShow(B, false)",
        "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
        "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "B.didMove(Nav)",
        "Nav.didShow(B, false)",
      ])
    XCTAssertTrue(h.window.isIdle)
  }

  func testAnimatedPopEventOrder() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.pop("Nav")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(nil)", "Nav.willShow(A, true)", "B.viewWillDisappear(true)",
        "A.viewWillAppear(true)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])
    h.advance(0.35)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)",
        "Nav.didShow(A, true)",
      ])
    XCTAssertNil(h.controller("B").parent)
  }

  func testNonAnimatedPopEventOrder() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    let ticket = h.run(.pop(navigation: h.id("Nav"), animated: false, animator: nil))
    XCTAssertEqual(ticket?.removed, [h.id("B")])
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(nil)", "Nav.willShow(A, false)", "B.viewWillDisappear(false)",
        "A.viewWillAppear(false)", "B.viewDidDisappear(false)", "A.viewDidAppear(false)",
        "B.didMove(nil)", "Nav.didShow(A, false)",
      ])
  }

  func testPoppingTheRootDoesNothing() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    let revision = h.window.revision
    let ticket = h.run(.pop(navigation: h.id("Nav"), animated: true, animator: nil))
    XCTAssertEqual(ticket?.removed, [])
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(h.lifecycle(), [])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])
    XCTAssertGreaterThan(h.window.revision, revision - 1)
  }

  func testPopToRemovesOthersSilently() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B", "C", "D"])
    let ticket = h.run(
      .popTo(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil))
    XCTAssertEqual(ticket?.removed, [h.id("C"), h.id("D")])
    XCTAssertEqual(
      h.lifecycle(),
      [
        "C.willMove(nil)", "D.willMove(nil)", "Nav.willShow(B, true)",
        "D.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])
    h.advance(0.35)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "D.viewDidDisappear(true)", "B.viewDidAppear(true)", "C.didMove(nil)",
        "D.didMove(nil)", "Nav.didShow(B, true)",
      ])
    XCTAssertNil(h.controller("C").viewIfLoaded?.superview)
  }

  func testPopToAControllerNotOnTheStackFails() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.make(.content, "X")
    let revision = h.window.revision
    XCTAssertThrowsError(
      try h.session.submit(
        .popTo(navigation: h.id("Nav"), controller: h.id("X"), animated: true, animator: nil))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .invalidArgument)
      XCTAssertTrue((error as? CurtainError)?.message.contains("doesn't exist") ?? false)
    }
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.events(), [])
  }

  func testPopToRoot() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B", "C"])
    let ticket = h.run(.popToRoot(navigation: h.id("Nav"), animated: false, animator: nil))
    XCTAssertEqual(ticket?.removed, [h.id("B"), h.id("C")])
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(nil)", "C.willMove(nil)", "Nav.willShow(A, false)",
        "C.viewWillDisappear(false)", "A.viewWillAppear(false)",
        "C.viewDidDisappear(false)", "A.viewDidAppear(false)", "B.didMove(nil)",
        "C.didMove(nil)", "Nav.didShow(A, false)",
      ])
    let again = h.run(.popToRoot(navigation: h.id("Nav"), animated: false, animator: nil))
    XCTAssertEqual(again?.removed, [])
    XCTAssertEqual(h.lifecycle(), [])
  }

  func testSetViewControllersWithNewTopAnimatesAsPush() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.make(.content, "C")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("A"), h.id("C")], animated: true,
        animator: nil))
    let began = h.events().compactMap { event -> TransitionInfo? in
      if case .transition(_, .began(let info)) = event.kind { return info }
      return nil
    }
    XCTAssertEqual(began.map(\.kind), [.push])
    XCTAssertEqual(h.window.transitions.count, 1)
    h.advance(0.35)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.viewDidDisappear(true)", "C.viewDidAppear(true)", "B.didMove(nil)",
        "C.didMove(Nav)", "Nav.didShow(C, true)",
      ])
  }

  func testSetViewControllersWithOlderTopAnimatesAsPop() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B", "C"])
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("A"), h.id("B")], animated: true,
        animator: nil))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "C.willMove(nil)", "Nav.willShow(B, true)",
        "C.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])
    XCTAssertEqual(h.window.transitions.first?.kind, .pop)
    h.settle()
    XCTAssertEqual(
      h.lifecycle(),
      [
        "C.viewDidDisappear(true)", "B.viewDidAppear(true)", "C.didMove(nil)",
        "Nav.didShow(B, true)",
      ])
  }

  func testSetViewControllersWithSameTopDoesNotAnimate() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.make(.content, "X")
    let ticket = h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("X"), h.id("B")], animated: true,
        animator: nil))
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertTrue(h.window.transitions.isEmpty)
    XCTAssertEqual(
      h.lifecycle(),
      ["A.willMove(nil)", "X.willMove(Nav)", "A.didMove(nil)", "X.didMove(Nav)"])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["X", "B"])
  }

  func testPushOntoOffscreenNavigationControllerHasNoAppearance() {
    let h = Harness()
    h.make(.navigation, "Nav")
    h.make(.content, "A")
    h.run(.push(navigation: h.id("Nav"), controller: h.id("A"), animated: true, animator: nil))
    XCTAssertEqual(
      h.session.detachedLog.events(after: 0)?.filter { $0.category == .lifecycle }.map {
        h.session.describe($0)
      },
      ["A.willMove(Nav)", "A.didMove(Nav)"])
    XCTAssertFalse(h.controller("A").isViewLoaded)
    h.setRoot("Nav")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Nav.viewDidLoad", "A.viewDidLoad", "Nav.viewWillAppear(false)",
        "A.viewWillAppear(false)", "Nav.viewDidAppear(false)", "A.viewDidAppear(false)",
      ])
  }

  func testPushErrors() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.navigation, "Other")
    func code(_ operation: WindowOperation) -> ErrorCode? {
      do {
        try h.session.submit(operation)
        return nil
      } catch {
        return (error as? CurtainError)?.code
      }
    }
    XCTAssertEqual(
      code(.push(navigation: h.id("Nav"), controller: h.id("A"), animated: true, animator: nil)),
      .invalidArgument)
    XCTAssertEqual(
      code(
        .push(navigation: h.id("Nav"), controller: h.id("Other"), animated: true, animator: nil)),
      .invalidArgument)
    XCTAssertEqual(
      code(.push(navigation: h.id("A"), controller: h.id("Nav"), animated: true, animator: nil)),
      .invalidArgument)
    XCTAssertEqual(
      code(
        .push(
          navigation: h.id("Nav"), controller: ControllerID(999), animated: true, animator: nil)),
      .notFound)
    XCTAssertEqual(h.events(), [])
  }

  func testInteractivePopFinished() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One", "Two"])
    let ticket = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: OwnerID(1)))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Two.willMove(nil)", "Nav.willShow(One, true)",
        "Two.viewWillDisappear(true)", "One.viewWillAppear(true)",
      ])
    let transition = try XCTUnwrap(ticket.transition)
    try h.window.updateInteraction(transition, percent: 0.5, by: OwnerID(1))
    h.advance(10)
    XCTAssertEqual(h.lifecycle(), [], "an interaction waits for its driver")
    try h.window.finishInteraction(transition, by: OwnerID(1))
    XCTAssertEqual(
      h.described([.transition]), ["\(transition).interactionChanged(cancelled: false)"])
    h.settle()
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Two.viewDidDisappear(true)", "One.viewDidAppear(true)", "Two.didMove(nil)",
        "Nav.didShow(One, true)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One"])
  }

  func testInteractivePopCancelled() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One", "Two"])
    let ticket = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: OwnerID(1)))
    let transition = try XCTUnwrap(ticket.transition)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One"])
    _ = h.events()
    try h.window.updateInteraction(transition, percent: 0.3, by: OwnerID(1))
    try h.window.cancelInteraction(transition, by: OwnerID(1))
    h.settle()
    XCTAssertEqual(
      h.described([.lifecycle, .transition]),
      [
        "\(transition).interactionChanged(cancelled: true)",
        "One.viewWillDisappear(true)", "One.viewDidDisappear(true)",
        "Two.viewWillAppear(true)", "Two.viewDidAppear(true)", "Two.didMove(Nav)",
        "\(transition).ended(cancelled: true)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One", "Two"])
    XCTAssertEqual(h.controller("Two").parent?.name, "Nav")
    XCTAssertEqual(h.controller("Two").appearance, .appeared)
    XCTAssertEqual(h.controller("One").appearance, .disappeared)
    XCTAssertNil(h.controller("One").viewIfLoaded?.superview)
  }

  func testInteractionBelongsToItsOwner() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One", "Two"])
    let ticket = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: OwnerID(1)))
    let transition = try XCTUnwrap(ticket.transition)
    XCTAssertThrowsError(try h.window.updateInteraction(transition, percent: 0.5, by: OwnerID(2))) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .notOwner)
    }
    XCTAssertThrowsError(try h.window.updateInteraction(TransitionID(99), percent: 0.5)) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .notFound)
    }
    XCTAssertEqual(h.window.cancelInteractions(ownedBy: OwnerID(2)), [])
    XCTAssertEqual(h.window.cancelInteractions(ownedBy: OwnerID(1)), [transition])
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One", "Two"])
  }

  func testInteractiveTransitionTimesOut() throws {
    let h = Harness(configuration: SessionConfiguration(interactionTimeout: 5))
    h.showNavigation("Nav", stack: ["One", "Two"])
    let ticket = try h.session.submit(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
    let transition = try XCTUnwrap(ticket.transition)
    h.advance(4)
    try h.window.updateInteraction(transition, percent: 0.2)
    h.advance(4.9)
    XCTAssertNotNil(h.window.transition(transition))
    _ = h.events()
    h.advance(0.2)
    XCTAssertEqual(
      h.described([.transition]),
      [
        "\(transition).interactionChanged(cancelled: true)",
        "\(transition).ended(cancelled: true)",
      ],
      "cancelled at 9 s, played back over 0.2 × 0.35 s")
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One", "Two"])
  }

  /// SEMANTICS §5: an interaction owned by a client never times out (an
  /// undriven interaction stays at its start, seed 001); its owner's
  /// disconnect cancels it.
  func testOwnedInteractionNeverTimesOut() throws {
    let h = Harness(configuration: SessionConfiguration(interactionTimeout: 5))
    h.showNavigation("Nav", stack: ["One", "Two"])
    let ticket = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: OwnerID(7)))
    let transition = try XCTUnwrap(ticket.transition)
    try h.window.updateInteraction(transition, percent: 0.3, by: OwnerID(7))
    XCTAssertNil(h.window.nextDeadline, "nothing happens by itself")
    _ = h.events()
    h.advance(3600)
    XCTAssertEqual(h.described([.transition, .operation]), [], "still held after an hour")
    XCTAssertEqual(h.window.transition(transition)?.percentComplete(at: h.window.time), 0.3)
    XCTAssertEqual(h.window.cancelInteractions(ownedBy: OwnerID(7)), [transition])
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One", "Two"])
  }

  /// An owner's interactions are all cancelled when it leaves, also one an
  /// operation queued behind a cancelled one begins: an interaction that
  /// never moved ends at once, the queued pop starts its own interaction
  /// for the same owner, and that one (owned) would never end by itself.
  func testLeavingOwnerCancelsTheInteractionsItsQueueBegins() throws {
    let h = Harness(configuration: SessionConfiguration(interactionTimeout: 5))
    h.showNavigation("Nav", stack: ["One", "Two", "Three"])
    let owner = OperationOptions(owner: OwnerID(7))
    let first = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil), options: owner)
    let queued = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil), options: owner)
    let transition = try XCTUnwrap(first.transition)
    XCTAssertNil(queued.transition, "queued behind the first")
    XCTAssertEqual(h.window.queuedOperationCount, 1)
    _ = h.events()
    let cancelled = h.window.cancelInteractions(ownedBy: OwnerID(7))
    XCTAssertEqual(cancelled.count, 2)
    XCTAssertEqual(cancelled.first, transition)
    XCTAssertTrue(h.window.isIdle, "nothing running, nothing waiting")
    XCTAssertEqual(
      h.described([.transition]),
      [
        "\(cancelled[0]).interactionChanged(cancelled: true)",
        "\(cancelled[0]).ended(cancelled: true)",
        "\(cancelled[1]).began(pop, Three → Two, animated: true, interactive: true)",
        "\(cancelled[1]).interactionChanged(cancelled: true)",
        "\(cancelled[1]).ended(cancelled: true)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One", "Two", "Three"])
  }

  /// A timeout of 0 never cancels, not even an interaction of no client.
  func testZeroInteractionTimeoutNeverCancels() throws {
    let h = Harness(configuration: SessionConfiguration(interactionTimeout: 0))
    h.showNavigation("Nav", stack: ["One", "Two"])
    let ticket = try h.session.submit(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
    let transition = try XCTUnwrap(ticket.transition)
    XCTAssertNil(h.window.nextDeadline)
    h.advance(3600)
    XCTAssertNotNil(h.window.transition(transition))
    try h.window.finishInteraction(transition)
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["One"])
  }
}
