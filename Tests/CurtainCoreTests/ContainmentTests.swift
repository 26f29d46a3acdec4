import XCTest

@testable import CurtainCore

/// Containment event orders of SEMANTICS §1–2: custom containers, window
/// roots and visibility.
final class ContainmentTests: XCTestCase {
  // MARK: Adding

  func testAddChildToAnOnScreenParent() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    _ = h.events()
    h.make(.content, "C")
    h.add("P", "C", frame: Rect(x: 10, y: 20, width: 100, height: 200))
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "C.willMove(P)", "P.childAdded(C)", "C.viewDidLoad", "C.viewWillAppear(false)",
        "C.didMove(P)", "C.viewDidAppear(false)",
      ], "SEMANTICS §2, seed 003: the did-appearance after the containment calls")
    let child = h.controller("C")
    XCTAssertTrue(child.parent === h.controller("P"))
    XCTAssertEqual(h.controller("P").children.map(\.name), ["C"])
    XCTAssertTrue(child.viewIfLoaded?.superview === h.controller("P").viewIfLoaded)
    XCTAssertEqual(child.viewIfLoaded?.frame, Rect(x: 10, y: 20, width: 100, height: 200))
    XCTAssertEqual(child.appearance, .appeared)
  }

  func testAddChildWithoutAFrameFillsTheParentsBounds() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "C")
    h.add("P", "C")
    XCTAssertEqual(h.controller("C").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testAddChildToADetachedParentThenMakeItTheRoot() {
    let h = Harness()
    h.make(.container, "P")
    h.make(.content, "C")
    let mark = h.session.detachedLog.lastSeq
    h.add("P", "C")
    XCTAssertEqual(h.detachedLifecycle(after: mark), ["C.willMove(P)", "C.didMove(P)"])
    XCTAssertFalse(h.controller("C").isViewLoaded, "a parent without a view loads no child view")
    XCTAssertEqual(h.lifecycle(), [], "nothing reaches the window's log")
    h.setRoot("P")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "P.viewDidLoad", "C.viewDidLoad", "P.viewWillAppear(false)", "C.viewWillAppear(false)",
        "P.viewDidAppear(false)", "C.viewDidAppear(false)",
      ])
    XCTAssertTrue(h.controller("C").viewIfLoaded?.superview === h.controller("P").viewIfLoaded)
    XCTAssertEqual(h.controller("C").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testAFrameGivenBeforeTheParentsViewLoadsIsKept() {
    let h = Harness()
    h.make(.container, "P")
    h.make(.content, "C")
    h.add("P", "C", frame: Rect(x: 5, y: 6, width: 70, height: 80))
    h.setRoot("P")
    XCTAssertEqual(h.controller("C").viewIfLoaded?.frame, Rect(x: 5, y: 6, width: 70, height: 80))
  }

  func testChildrenAddedBeforeTheViewLoadsFillTheWindowsBounds() {
    let h = Harness(metrics: WindowMetrics(size: Size(width: 1024, height: 768)))
    h.make(.container, "P")
    h.make(.content, "C")
    h.add("P", "C")
    h.setRoot("P")
    XCTAssertEqual(
      h.controller("P").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 1024, height: 768))
    XCTAssertEqual(
      h.controller("C").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 1024, height: 768),
      "the parent's bounds, not the default window size")
  }

  func testChildrenWithoutAFrameFollowTheParentWhenTheWindowResizes() throws {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "Fill")
    h.make(.content, "Fixed")
    h.add("P", "Fill")
    h.add("P", "Fixed", frame: Rect(x: 10, y: 20, width: 100, height: 200))
    try h.window.resize(WindowMetrics(size: Size(width: 844, height: 390)))
    XCTAssertEqual(
      h.controller("Fill").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 844, height: 390))
    XCTAssertEqual(
      h.controller("Fixed").viewIfLoaded?.frame, Rect(x: 10, y: 20, width: 100, height: 200))
  }

  func testAddChildToAParentWhoseViewIsLoadedButNotInAWindow() {
    let h = Harness()
    h.make(.container, "P")
    h.make(.content, "Other")
    h.setRoot("P")
    h.setRoot("Other")
    _ = h.events()
    XCTAssertTrue(h.controller("P").isViewLoaded)
    XCTAssertNil(h.controller("P").window)
    h.make(.content, "C")
    let mark = h.session.detachedLog.lastSeq
    let ticket = h.add("P", "C")
    XCTAssertNil(ticket?.window, "P is in no window, so the change ran at once")
    XCTAssertEqual(
      h.detachedLifecycle(after: mark), ["C.willMove(P)", "C.viewDidLoad", "C.didMove(P)"])
    XCTAssertEqual(h.controller("C").appearance, .disappeared)
    XCTAssertTrue(h.controller("C").viewIfLoaded?.superview === h.controller("P").viewIfLoaded)
    h.setRoot("P")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Other.viewWillDisappear(false)", "P.viewWillAppear(false)", "C.viewWillAppear(false)",
        "Other.viewDidDisappear(false)", "P.viewDidAppear(false)", "C.viewDidAppear(false)",
      ])
  }

  func testAddChildToTheRootOfAHiddenWindow() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.run(.setVisible(window: h.window.id, visible: false))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "P.viewDidLoad", "P.viewWillAppear(false)", "P.viewDidAppear(false)",
        "P.viewWillDisappear(false)", "P.viewDidDisappear(false)",
      ])
    h.make(.content, "C")
    h.add("P", "C")
    XCTAssertEqual(h.lifecycle(), ["C.willMove(P)", "C.viewDidLoad", "C.didMove(P)"])
    XCTAssertEqual(h.controller("C").appearance, .disappeared)
    h.run(.setVisible(window: h.window.id, visible: true))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "P.viewWillAppear(false)", "C.viewWillAppear(false)", "P.viewDidAppear(false)",
        "C.viewDidAppear(false)",
      ])
  }

  func testAddingTheCurrentParentAgainDoesNothing() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "C")
    h.add("P", "C")
    _ = h.events()
    let ticket = h.add("P", "C", frame: Rect(x: 1, y: 2, width: 3, height: 4))
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(h.described([.lifecycle, .hierarchy]), [])
    XCTAssertEqual(h.controller("P").children.count, 1)
  }

  // MARK: Removing

  func testRemoveFromAnOnScreenParent() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "C")
    h.add("P", "C")
    _ = h.events()
    h.run(.removeFromParent(h.id("C")))
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "C.willMove(nil)", "C.viewWillDisappear(false)", "P.childRemoved(C)", "C.didMove(nil)",
        "C.viewDidDisappear(false)",
      ], "SEMANTICS §2, seed 003")
    XCTAssertNil(h.controller("C").parent)
    XCTAssertEqual(h.controller("P").children.count, 0)
    XCTAssertNil(h.controller("C").viewIfLoaded?.superview)
    XCTAssertEqual(h.controller("C").appearance, .disappeared)
  }

  func testRemoveFromADetachedParent() {
    let h = Harness()
    h.make(.container, "P")
    h.make(.content, "C")
    h.add("P", "C")
    let mark = h.session.detachedLog.lastSeq
    h.run(.removeFromParent(h.id("C")))
    XCTAssertEqual(h.detachedLifecycle(after: mark), ["C.willMove(nil)", "C.didMove(nil)"])
    XCTAssertNil(h.controller("C").parent)
    XCTAssertEqual(h.controller("P").children.count, 0)
  }

  func testRemoveFromTheRootOfAHiddenWindow() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "C")
    h.add("P", "C")
    h.run(.setVisible(window: h.window.id, visible: false))
    _ = h.events()
    h.run(.removeFromParent(h.id("C")))
    XCTAssertEqual(h.lifecycle(), ["C.willMove(nil)", "C.didMove(nil)"])
    XCTAssertNil(h.controller("C").viewIfLoaded?.superview)
  }

  func testRemovingAControllerWithoutAParentDoesNothing() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "C")
    _ = h.events()
    let mark = h.session.detachedLog.lastSeq
    let ticket = h.run(.removeFromParent(h.id("C")))
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(h.detachedLifecycle(after: mark), [])
    XCTAssertEqual(h.lifecycle(), [])
  }

  func testRemovingAContainerForwardsDisappearanceParentFirst() {
    let h = Harness()
    h.make(.container, "Outer")
    h.setRoot("Outer")
    h.make(.container, "Inner")
    h.make(.content, "C")
    h.add("Outer", "Inner")
    h.add("Inner", "C")
    _ = h.events()
    h.run(.removeFromParent(h.id("Inner")))
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Inner.willMove(nil)", "Inner.viewWillDisappear(false)", "C.viewWillDisappear(false)",
        "Inner.didMove(nil)", "Inner.viewDidDisappear(false)", "C.viewDidDisappear(false)",
      ])
    XCTAssertEqual(h.controller("C").appearance, .disappeared)
    XCTAssertTrue(h.controller("C").parent === h.controller("Inner"), "C stays Inner's child")
  }

  // MARK: Moving between parents

  func testAddingAChildOfAnotherParentRemovesItFirst() {
    let h = Harness()
    h.make(.container, "Root")
    h.setRoot("Root")
    h.make(.container, "P1")
    h.make(.container, "P2")
    h.make(.content, "C")
    h.add("Root", "P1", frame: Rect(x: 0, y: 0, width: 390, height: 400))
    h.add("Root", "P2", frame: Rect(x: 0, y: 400, width: 390, height: 444))
    h.add("P1", "C", frame: Rect(x: 10, y: 10, width: 50, height: 50))
    _ = h.events()
    h.add("P2", "C")
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "C.willMove(nil)", "C.viewWillDisappear(false)", "P1.childRemoved(C)", "C.didMove(nil)",
        "C.viewDidDisappear(false)",
        "C.willMove(P2)", "P2.childAdded(C)", "C.viewWillAppear(false)", "C.didMove(P2)",
        "C.viewDidAppear(false)",
      ])
    XCTAssertEqual(h.controller("P1").children.count, 0)
    XCTAssertEqual(h.controller("P2").children.map(\.name), ["C"])
    XCTAssertTrue(h.controller("C").viewIfLoaded?.superview === h.controller("P2").viewIfLoaded)
    XCTAssertEqual(h.controller("C").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 444))
    XCTAssertEqual(h.controller("C").appearance, .appeared)
  }

  func testAddingAControllerFromANavigationStackPopsItFirst() {
    let h = Harness()
    h.make(.container, "Root")
    h.setRoot("Root")
    h.make(.navigation, "Nav")
    h.make(.content, "A")
    h.make(.content, "B")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("A"), h.id("B")], animated: false,
        animator: nil))
    h.add("Root", "Nav", frame: Rect(x: 0, y: 0, width: 390, height: 500))
    h.make(.container, "P")
    h.add("Root", "P", frame: Rect(x: 0, y: 500, width: 390, height: 344))
    _ = h.events()
    h.add("P", "B")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.willMove(nil)", "A.viewDidLoad", "Nav.willShow(A, false)", "B.viewWillDisappear(false)",
        "A.viewWillAppear(false)", "B.viewDidDisappear(false)", "A.viewDidAppear(false)",
        "B.didMove(nil)", "Nav.didShow(A, false)",
        "B.willMove(P)", "B.viewWillAppear(false)", "B.didMove(P)", "B.viewDidAppear(false)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])
    XCTAssertTrue(h.controller("B").parent === h.controller("P"))
  }

  // MARK: Nested containers

  func testNestedContainersAppearParentFirst() {
    let h = Harness()
    h.make(.container, "Outer")
    h.make(.container, "Inner")
    h.make(.content, "C")
    h.make(.content, "D")
    h.add("Outer", "Inner")
    h.add("Inner", "C")
    h.add("Outer", "D")
    h.setRoot("Outer")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Outer.viewDidLoad", "Inner.viewDidLoad", "C.viewDidLoad", "D.viewDidLoad",
        "Outer.viewWillAppear(false)", "Inner.viewWillAppear(false)", "C.viewWillAppear(false)",
        "D.viewWillAppear(false)",
        "Outer.viewDidAppear(false)", "Inner.viewDidAppear(false)", "C.viewDidAppear(false)",
        "D.viewDidAppear(false)",
      ])
    XCTAssertEqual(
      [h.controller("Outer"), h.controller("Inner"), h.controller("C"), h.controller("D")].map(
        \.appearance), [.appeared, .appeared, .appeared, .appeared])
    XCTAssertTrue(h.controller("C").viewIfLoaded?.window === h.window)
  }

  func testNestedContainersDisappearParentFirstWhenTheRootChanges() {
    let h = Harness()
    h.make(.container, "Outer")
    h.make(.container, "Inner")
    h.make(.content, "C")
    h.make(.content, "New")
    h.add("Outer", "Inner")
    h.add("Inner", "C")
    h.setRoot("Outer")
    _ = h.events()
    h.setRoot("New")
    XCTAssertEqual(
      h.lifecycle(),
      [
        "New.viewDidLoad", "Outer.viewWillDisappear(false)", "Inner.viewWillDisappear(false)",
        "C.viewWillDisappear(false)", "New.viewWillAppear(false)",
        "Outer.viewDidDisappear(false)", "Inner.viewDidDisappear(false)",
        "C.viewDidDisappear(false)", "New.viewDidAppear(false)",
      ])
    XCTAssertNil(h.controller("C").window)
  }

  // MARK: transition(from:to:)

  /// Root container P with children A (shown) and B, B's view out of P's
  /// view after a first transition A → B; events discarded.
  private func containerShowingB(_ h: Harness) {
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "A")
    h.make(.content, "B")
    h.add("P", "A", frame: Rect(x: 0, y: 100, width: 390, height: 600))
    h.add("P", "B")
    h.run(
      .transitionChildren(
        container: h.id("P"), from: h.id("A"), to: h.id("B"), animator: .none(duration: 0)))
    _ = h.events()
  }

  func testTransitionEventOrder() {
    let h = Harness()
    containerShowingB(h)
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview)
    let ticket = h.run(
      .transitionChildren(
        container: h.id("P"), from: h.id("B"), to: h.id("A"),
        animator: .crossDissolve(duration: 0.3)))
    XCTAssertEqual(ticket?.isCompleted, false)
    XCTAssertEqual(h.lifecycle(), ["B.viewWillDisappear(true)", "A.viewWillAppear(true)"])
    XCTAssertEqual(h.controller("B").appearance, .disappearing)
    XCTAssertEqual(h.controller("A").appearance, .appearing)
    h.advance(0.29)
    XCTAssertEqual(h.lifecycle(), [])
    h.advance(0.01)
    XCTAssertEqual(h.lifecycle(), ["B.viewDidDisappear(true)", "A.viewDidAppear(true)"])
    XCTAssertTrue(h.window.isIdle)
    XCTAssertEqual(h.controller("A").appearance, .appeared)
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
    XCTAssertEqual(h.controller("P").children.map(\.name), ["A", "B"], "both stay children")
  }

  func testTransitionViewsAndFrames() throws {
    let h = Harness()
    containerShowingB(h)
    let p = try XCTUnwrap(h.controller("P").viewIfLoaded)
    let a = try XCTUnwrap(h.controller("A").viewIfLoaded)
    let b = try XCTUnwrap(h.controller("B").viewIfLoaded)
    let bFrame = Rect(x: 0, y: 100, width: 390, height: 600)
    XCTAssertEqual(b.frame, bFrame, "the first transition gave B A's frame")
    h.run(
      .transitionChildren(
        container: h.id("P"), from: h.id("B"), to: h.id("A"),
        animator: .crossDissolve(duration: 0.3)))
    XCTAssertTrue(a.superview === p)
    XCTAssertEqual(p.subviews.map(\.id), [b.id, a.id], "to's view goes just above from's")
    XCTAssertEqual(a.frame, bFrame)

    let middle = try XCTUnwrap(h.advance(0.15).frame)
    XCTAssertEqual(middle.values(of: a.id)?.alpha ?? .nan, 0.5, accuracy: 1e-9)
    XCTAssertEqual(middle.values(of: b.id)?.alpha ?? .nan, 0.5, accuracy: 1e-9)
    XCTAssertEqual(middle.values(of: a.id)?.frame, bFrame)
    XCTAssertEqual(middle.transitions.first?.percentComplete ?? .nan, 0.5, accuracy: 1e-9)
    let quarter = try XCTUnwrap(h.advance(0.075).frame)
    let eased = CubicBezier.easeInOut.value(at: 0.75)
    XCTAssertEqual(quarter.values(of: a.id)?.alpha ?? .nan, eased, accuracy: 1e-9)
    XCTAssertEqual(quarter.values(of: b.id)?.alpha ?? .nan, 1 - eased, accuracy: 1e-9)

    h.advance(0.075)
    XCTAssertNil(b.superview, "from's view leaves at the end")
    XCTAssertTrue(a.superview === p)
    XCTAssertEqual(p.subviews.map(\.id), [a.id])
    XCTAssertEqual(a.alpha, 1)
  }

  func testTransitionToAChildWhoseViewIsShown() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "A")
    h.make(.content, "B")
    h.add("P", "A", frame: Rect(x: 0, y: 100, width: 390, height: 600))
    h.add("P", "B")
    _ = h.events()
    h.run(
      .transitionChildren(
        container: h.id("P"), from: h.id("A"), to: h.id("B"),
        animator: .crossDissolve(duration: 0.3)))
    XCTAssertEqual(h.lifecycle(), ["A.viewWillDisappear(true)"], "B has already appeared")
    XCTAssertEqual(
      h.controller("B").viewIfLoaded?.frame, Rect(x: 0, y: 100, width: 390, height: 600))
    h.advance(0.3)
    XCTAssertEqual(h.lifecycle(), ["A.viewDidDisappear(true)"])
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview)
    XCTAssertEqual(h.controller("B").appearance, .appeared)
  }

  func testTransitionWithoutAnimationCompletesAtOnce() {
    let h = Harness()
    containerShowingB(h)
    let ticket = h.run(
      .transitionChildren(
        container: h.id("P"), from: h.id("B"), to: h.id("A"), animator: .none(duration: 0)))
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "B.viewWillDisappear(false)", "A.viewWillAppear(false)", "B.viewDidDisappear(false)",
        "A.viewDidAppear(false)",
      ])
  }

  func testTransitionInADetachedContainerHasNoAppearance() {
    let h = Harness()
    h.make(.container, "P")
    h.make(.content, "A")
    h.make(.content, "B")
    h.add("P", "A")
    h.add("P", "B")
    _ = h.controller("P").view
    let mark = h.session.detachedLog.lastSeq
    let ticket = h.run(
      .transitionChildren(
        container: h.id("P"), from: h.id("A"), to: h.id("B"),
        animator: .crossDissolve(duration: 0.3)))
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(h.detachedLifecycle(after: mark), [])
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview)
  }

  func testTransitionBetweenNonChildrenFails() {
    let h = Harness()
    containerShowingB(h)
    h.make(.content, "X")
    h.make(.container, "Q")
    let revision = h.window.revision
    let error = h.error(
      .transitionChildren(
        container: h.id("P"), from: h.id("B"), to: h.id("X"),
        animator: .crossDissolve(duration: 0.3)))
    XCTAssertEqual(error?.code, .invalidArgument)
    XCTAssertTrue(
      error?.message.contains("must have a common parent view controller") ?? false,
      error?.message ?? "")
    XCTAssertEqual(
      h.error(
        .transitionChildren(
          container: h.id("Q"), from: h.id("B"), to: h.id("A"),
          animator: .crossDissolve(duration: 0.3)))?.code, .invalidArgument,
      "the children of another container")
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.events(), [])
    XCTAssertTrue(h.window.isIdle)
    XCTAssertTrue(h.controller("X").viewIfLoaded == nil)
  }

  func testTransitionFromAChildToItselfFails() {
    let h = Harness()
    containerShowingB(h)
    let revision = h.window.revision
    XCTAssertEqual(
      h.error(
        .transitionChildren(
          container: h.id("P"), from: h.id("B"), to: h.id("B"),
          animator: .crossDissolve(duration: 0.3)))?.code, .invalidArgument)
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.events(), [])
    XCTAssertEqual(h.controller("B").appearance, .appeared)
  }

  func testTransitionFromAChildWhoseViewIsNotShownFails() {
    let h = Harness()
    containerShowingB(h)
    XCTAssertEqual(
      h.error(
        .transitionChildren(
          container: h.id("P"), from: h.id("A"), to: h.id("B"),
          animator: .crossDissolve(duration: 0.3)))?.code, .invalidArgument)
    XCTAssertEqual(h.events(), [])
  }

  // MARK: Errors

  func testAddingAControllerToItselfOrItsDescendantFails() {
    let h = Harness()
    h.make(.container, "Root")
    h.setRoot("Root")
    h.make(.container, "P")
    h.make(.container, "Q")
    h.add("Root", "P")
    h.add("P", "Q")
    _ = h.events()
    let revision = h.window.revision
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("P"), child: h.id("P"), frame: nil))?.code, .invalidArgument)
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("Q"), child: h.id("P"), frame: nil))?.code, .invalidArgument)
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.events(), [])
    XCTAssertTrue(h.controller("P").parent === h.controller("Root"))
    XCTAssertTrue(h.controller("Q").parent === h.controller("P"))
    XCTAssertEqual(h.controller("Q").children.count, 0)

    h.make(.container, "D1")
    h.make(.container, "D2")
    h.add("D1", "D2")
    let mark = h.session.detachedLog.lastSeq
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("D2"), child: h.id("D1"), frame: nil))?.code, .invalidArgument)
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("D1"), child: h.id("D1"), frame: nil))?.code, .invalidArgument)
    XCTAssertEqual(h.detachedLifecycle(after: mark), [])
    XCTAssertNil(h.controller("D1").parent)
  }

  func testAddingTheWindowRootElsewhereFails() {
    let h = Harness()
    h.make(.container, "Root")
    h.setRoot("Root")
    h.make(.container, "Detached")
    h.make(.container, "Child")
    h.add("Root", "Child")
    _ = h.events()
    let revision = h.window.revision
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("Detached"), child: h.id("Root"), frame: nil))?.code,
      .invalidArgument)
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("Child"), child: h.id("Root"), frame: nil))?.code,
      .invalidArgument)
    XCTAssertTrue(h.window.rootViewController === h.controller("Root"))
    XCTAssertNil(h.controller("Root").parent)
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.events(), [])
  }

  func testAChildCannotBeAWindowRoot() {
    let h = Harness()
    h.make(.container, "Root")
    h.setRoot("Root")
    h.make(.content, "C")
    h.add("Root", "C")
    _ = h.events()
    XCTAssertEqual(
      h.error(.setRoot(window: h.window.id, controller: h.id("C")))?.code, .invalidArgument)
    XCTAssertTrue(h.window.rootViewController === h.controller("Root"))
    XCTAssertEqual(h.events(), [])
  }

  func testUnknownIdsAreNotFound() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "C")
    h.add("P", "C")
    _ = h.events()
    let missing = ControllerID(999)
    let revision = h.window.revision
    XCTAssertEqual(
      h.error(.addChild(parent: missing, child: h.id("C"), frame: nil))?.code, .notFound)
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("P"), child: missing, frame: nil))?.code, .notFound)
    XCTAssertEqual(h.error(.removeFromParent(missing))?.code, .notFound)
    XCTAssertEqual(
      h.error(
        .transitionChildren(
          container: h.id("P"), from: h.id("C"), to: missing, animator: .crossDissolve()))?.code,
      .notFound)
    XCTAssertEqual(h.error(.setRoot(window: WindowID(99), controller: h.id("C")))?.code, .notFound)
    XCTAssertEqual(h.error(.setVisible(window: WindowID(99), visible: false))?.code, .notFound)
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.events(), [])
    XCTAssertEqual(h.controller("P").children.map(\.name), ["C"])
  }

  func testWrongKindsAreInvalid() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.navigation, "Nav")
    h.make(.tabBar, "Tabs")
    h.make(.content, "A")
    h.make(.content, "B")
    h.add("P", "A")
    _ = h.events()
    let revision = h.window.revision
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("Nav"), child: h.id("B"), frame: nil))?.code, .invalidArgument)
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("Tabs"), child: h.id("B"), frame: nil))?.code, .invalidArgument
    )
    XCTAssertEqual(
      h.error(.addChild(parent: h.id("A"), child: h.id("B"), frame: nil))?.code, .invalidArgument)
    XCTAssertEqual(
      h.error(
        .transitionChildren(
          container: h.id("Nav"), from: h.id("A"), to: h.id("B"), animator: .crossDissolve()))?
        .code, .invalidArgument)
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.events(), [])
    XCTAssertNil(h.controller("B").parent)
    XCTAssertEqual(h.nav("Nav").viewControllers.count, 0)
  }

  func testInvalidChildFramesAreRefused() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "C")
    _ = h.events()
    for frame in [
      Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: -1, height: 10),
      Rect(x: 0, y: 0, width: 10, height: .infinity),
    ] {
      XCTAssertEqual(
        h.error(.addChild(parent: h.id("P"), child: h.id("C"), frame: frame))?.code,
        .invalidArgument)
    }
    XCTAssertEqual(h.events(), [])
    XCTAssertNil(h.controller("C").parent)
  }

  // MARK: Window root and visibility

  func testSettingTheRootOfAVisibleWindow() {
    let h = Harness()
    h.make(.content, "Old")
    h.make(.content, "New")
    h.setRoot("Old")
    _ = h.events()
    h.setRoot("New")
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      [
        "New.viewDidLoad", "Old.viewWillDisappear(false)", "New.viewWillAppear(false)",
        "root(New)", "Old.viewDidDisappear(false)", "New.viewDidAppear(false)",
      ])
    XCTAssertTrue(h.window.rootViewController === h.controller("New"))
    XCTAssertNil(h.controller("Old").viewIfLoaded?.superview)
    XCTAssertNil(h.controller("Old").window)
    XCTAssertTrue(h.controller("New").viewIfLoaded?.superview === h.window.view)
    XCTAssertEqual(
      h.controller("New").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testSettingTheSameRootDoesNothingAndClearingItDisappears() {
    let h = Harness()
    h.make(.content, "Root")
    h.setRoot("Root")
    _ = h.events()
    h.setRoot("Root")
    XCTAssertEqual(h.described([.lifecycle, .hierarchy]), [])
    h.run(.setRoot(window: h.window.id, controller: nil))
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      ["Root.viewWillDisappear(false)", "root(nil)", "Root.viewDidDisappear(false)"])
    XCTAssertNil(h.window.rootViewController)
    XCTAssertEqual(h.window.view.subviews.count, 0)
  }

  func testSettingTheRootOfAHiddenWindowHasNoAppearance() {
    let h = Harness()
    h.make(.content, "Old")
    h.make(.content, "New")
    h.setRoot("Old")
    h.run(.setVisible(window: h.window.id, visible: false))
    _ = h.events()
    h.setRoot("New")
    XCTAssertEqual(h.lifecycle(), ["New.viewDidLoad"])
    XCTAssertEqual(h.controller("New").appearance, .disappeared)
    h.run(.setVisible(window: h.window.id, visible: true))
    XCTAssertEqual(h.lifecycle(), ["New.viewWillAppear(false)", "New.viewDidAppear(false)"])
  }

  func testHidingAndShowingTheWindow() {
    let h = Harness()
    h.make(.container, "P")
    h.make(.content, "C")
    h.add("P", "C")
    h.setRoot("P")
    _ = h.events()
    h.run(.setVisible(window: h.window.id, visible: false))
    XCTAssertEqual(
      h.described([.lifecycle, .window]),
      [
        "window.visible(false)", "P.viewWillDisappear(false)", "C.viewWillDisappear(false)",
        "P.viewDidDisappear(false)", "C.viewDidDisappear(false)",
      ])
    XCTAssertFalse(h.window.isVisible)
    XCTAssertFalse(h.controller("C").isViewInWindow)
    h.run(.setVisible(window: h.window.id, visible: false))
    XCTAssertEqual(h.described([.lifecycle, .window]), [], "hiding a hidden window does nothing")
    h.run(.setVisible(window: h.window.id, visible: true))
    XCTAssertEqual(
      h.described([.lifecycle, .window]),
      [
        "window.visible(true)", "P.viewWillAppear(false)", "C.viewWillAppear(false)",
        "P.viewDidAppear(false)", "C.viewDidAppear(false)",
      ])
    XCTAssertEqual(h.controller("C").appearance, .appeared)
  }
}

extension Harness {
  /// Adds `child` to the custom container `parent`.
  @discardableResult
  fileprivate func add(
    _ parent: String, _ child: String, frame: Rect? = nil, file: StaticString = #filePath,
    line: UInt = #line
  ) -> OperationTicket? {
    run(.addChild(parent: id(parent), child: id(child), frame: frame), file: file, line: line)
  }

  /// The lifecycle events of controllers in no window after `seq`, rendered.
  fileprivate func detachedLifecycle(after seq: UInt64) -> [String] {
    (session.detachedLog.events(after: seq) ?? []).filter { $0.category == .lifecycle }.map {
      session.describe($0)
    }
  }
}
