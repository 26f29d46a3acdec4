import XCTest

@testable import CurtainCore

/// Seed 003's custom container: manual appearance forwarding
/// (`shouldAutomaticallyForwardAppearanceMethods = false` with
/// `beginAppearanceTransition`/`endAppearanceTransition`), and `addChild`
/// without the view followed by `transition(from:to:)`.
final class ManualAppearanceTests: XCTestCase {
  /// A custom container `Box` on screen that does not forward appearance,
  /// with the child `Panel` added; events discarded.
  private func showManualBox() throws -> Harness {
    let h = Harness()
    h.make(.container, "Box")
    try h.controller("Box").configureAppearanceForwarding(false)
    h.make(.content, "Panel")
    h.setRoot("Box")
    _ = h.events()
    return h
  }

  private func begin(_ h: Harness, appearing: Bool, animated: Bool = true) -> WindowOperation {
    .beginAppearanceTransition(controller: h.id("Panel"), appearing: appearing, animated: animated)
  }

  func testAChildOfAManualContainerAppearsOnlyWhenTheClientSaysSo() throws {
    let h = try showManualBox()
    h.run(.addChild(parent: h.id("Box"), child: h.id("Panel"), frame: nil))
    XCTAssertEqual(
      h.lifecycle(), ["Panel.willMove(Box)", "Panel.viewDidLoad", "Panel.didMove(Box)"],
      "no appearance callbacks: the container does not forward them")
    XCTAssertEqual(h.controller("Panel").appearance, .disappeared)

    h.run(begin(h, appearing: true))
    XCTAssertEqual(h.lifecycle(), ["Panel.viewWillAppear(true)"])
    XCTAssertEqual(
      h.error(begin(h, appearing: true))?.message,
      "Unbalanced calls to begin/end appearance transitions for Panel (it is appearing)")
    h.run(.endAppearanceTransition(controller: h.id("Panel")))
    XCTAssertEqual(h.lifecycle(), ["Panel.viewDidAppear(true)"])
    XCTAssertEqual(
      h.error(.endAppearanceTransition(controller: h.id("Panel")))?.message,
      "Unbalanced calls to begin/end appearance transitions for Panel (it is appeared)")
    XCTAssertEqual(h.error(begin(h, appearing: true))?.message, "Panel has already appeared")

    // The container's own appearance is not passed on.
    h.run(.setVisible(window: h.window.id, visible: false))
    XCTAssertEqual(h.lifecycle(), ["Box.viewWillDisappear(false)", "Box.viewDidDisappear(false)"])
    XCTAssertEqual(h.controller("Panel").appearance, .appeared)

    h.run(begin(h, appearing: false, animated: false))
    h.run(.endAppearanceTransition(controller: h.id("Panel")))
    XCTAssertEqual(
      h.lifecycle(), ["Panel.viewWillDisappear(false)", "Panel.viewDidDisappear(false)"])
    XCTAssertEqual(h.error(begin(h, appearing: false))?.message, "Panel has already disappeared")
  }

  func testManualCallsAreRefusedWhereAppearanceIsForwarded() throws {
    let h = Harness()
    h.make(.container, "Box")
    h.make(.content, "Panel")
    h.run(.addChild(parent: h.id("Box"), child: h.id("Panel"), frame: nil))
    h.setRoot("Box")
    XCTAssertEqual(
      h.error(begin(h, appearing: false))?.message,
      "Panel's appearance is forwarded automatically by Box; begin/end appearance transitions "
        + "apply to children of a custom container whose "
        + "shouldAutomaticallyForwardAppearanceMethods is false")
    h.make(.navigation, "Nav")
    XCTAssertThrowsError(try h.controller("Nav").configureAppearanceForwarding(false)) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "Only a custom container can stop forwarding appearance methods (Nav is a navigation "
          + "controller)")
    }
  }

  func testAChildAddedWithoutItsViewIsInstalledByTheTransition() throws {
    let h = Harness()
    h.make(.container, "Box")
    h.make(.content, "A")
    h.make(.content, "B")
    h.run(
      .addChild(
        parent: h.id("Box"), child: h.id("A"), frame: Rect(x: 0, y: 100, width: 390, height: 300)))
    h.setRoot("Box")
    _ = h.events()
    h.run(.addChild(parent: h.id("Box"), child: h.id("B"), frame: nil, installsView: false))
    XCTAssertEqual(
      h.described([.lifecycle, .hierarchy]),
      ["B.willMove(Box)", "Box.childAdded(B)", "B.didMove(Box)"], "addChild alone")
    XCTAssertNil(h.controller("B").viewIfLoaded, "its view waits for the transition")

    h.run(
      .transitionChildren(
        container: h.id("Box"), from: h.id("A"), to: h.id("B"),
        animator: .none(duration: 0.3)))
    XCTAssertEqual(
      h.lifecycle(),
      ["B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)"])
    XCTAssertEqual(h.controller("B").view.frame, Rect(x: 0, y: 100, width: 390, height: 300))
    XCTAssertTrue(h.controller("B").view.superview === h.controller("Box").view)
    h.settle()
    XCTAssertEqual(h.lifecycle(), ["A.viewDidDisappear(true)", "B.viewDidAppear(true)"])
    XCTAssertNil(h.controller("A").view.superview)
  }

  func testAChildWaitingForItsViewStaysOutWhenTheContainerLoads() {
    let h = Harness()
    h.make(.container, "Box")
    h.make(.content, "A")
    h.make(.content, "B")
    h.run(.addChild(parent: h.id("Box"), child: h.id("A"), frame: nil))
    h.run(.addChild(parent: h.id("Box"), child: h.id("B"), frame: nil, installsView: false))
    h.setRoot("Box")
    XCTAssertEqual(h.controller("Box").view.subviews.map(\.id), [h.controller("A").view.id])
    XCTAssertNil(h.controller("B").viewIfLoaded)
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
  }
}
