import XCTest

@testable import CurtainCore

/// A simulated tap (`Tap`): hit-testing, a tap outside a popover or sheet
/// (on its dimming view) dismissing it, `isModalInPresentation` and
/// `passthroughViews`; popovers anchored to bar button items.
final class TapTests: XCTestCase {
  /// Box with Button at (500, 20, 40, 30) on the 1024 × 768 pad, and Pop
  /// presented without animation as a popover pointing at Button (placed
  /// at (561, 18, 320, 480)), with `passthrough` views.
  private func showPopover(passthrough: [String] = []) -> Harness {
    let h = Harness(metrics: PopoverTests.pad)
    h.showButtonRoot()
    h.presentPopover(
      on: "Box",
      source: PopoverSource(
        view: h.controller("Button").view.id,
        passthroughViews: passthrough.map { h.controller($0).view.id }),
      animated: false)
    _ = h.events()
    return h
  }

  private func tap(_ h: Harness, _ x: Double, _ y: Double) -> TapHit? {
    h.run(.tap(window: h.window.id, point: Point(x: x, y: y)))?.tap
  }

  func testATapHitsTheDeepestViewAndIsRecorded() throws {
    let h = Harness(metrics: PopoverTests.pad)
    h.showButtonRoot()
    let hit = try XCTUnwrap(tap(h, 510, 30))
    XCTAssertEqual(hit.view, h.controller("Button").view.id)
    XCTAssertEqual(hit.controller, h.id("Button"))
    XCTAssertEqual(hit.effect, .none)
    XCTAssertEqual(try XCTUnwrap(tap(h, 10, 700)).controller, h.id("Box"))
    XCTAssertEqual(
      h.described([.window]),
      [
        "window.tapped((510, 30), \(hit.view) controllerRoot of Button)",
        "window.tapped((10, 700), \(h.controller("Box").view.id) controllerRoot of Box)",
      ])
  }

  func testATapOutsideAPopoverDismissesIt() throws {
    let h = showPopover()
    let dimming = try XCTUnwrap(h.controller("Pop").presentation?.dimmingView)
    // A tap inside the popover reaches its content and dismisses nothing.
    XCTAssertEqual(try XCTUnwrap(tap(h, 600, 100)).controller, h.id("Pop"))
    _ = h.events()
    let hit = try XCTUnwrap(tap(h, 100, 600))
    XCTAssertEqual(hit.view, dimming.id)
    XCTAssertEqual(hit.role, .dimming)
    XCTAssertEqual(hit.effect, .dismissed(h.id("Pop")))
    XCTAssertEqual(
      h.described([.presentation]).prefix(3),
      [
        "Pop.presentationControllerShouldDismiss", "Pop.presentationControllerWillDismiss",
        "Pop.dismissalTransitionWillBegin",
      ])
    h.settle()
    XCTAssertEqual(
      h.described([.presentation]),
      ["Pop.dismissalTransitionDidEnd(true)", "Pop.presentationControllerDidDismiss"])
    XCTAssertNil(h.controller("Box").presentedViewController)
  }

  func testATapOutsideAModalInPresentationPopoverOnlyAttempts() throws {
    let h = showPopover()
    try h.controller("Pop").configurePresentation(isModalInPresentation: true)
    let hit = try XCTUnwrap(tap(h, 100, 600))
    XCTAssertEqual(hit.effect, .refused(h.id("Pop")))
    XCTAssertEqual(
      h.described([.presentation]), ["Pop.presentationControllerDidAttemptToDismiss"])
    h.settle()
    XCTAssertTrue(h.controller("Box").presentedViewController === h.controller("Pop"))
  }

  func testATapOnAPassthroughViewGoesThroughAndKeepsThePopover() throws {
    let h = showPopover(passthrough: ["Button"])
    let hit = try XCTUnwrap(tap(h, 510, 30))
    XCTAssertEqual(hit.view, h.controller("Button").view.id)
    XCTAssertEqual(hit.effect, .passthrough(presented: h.id("Pop")))
    XCTAssertEqual(h.described([.presentation]), [])
    // Elsewhere the dimming view still dismisses.
    XCTAssertEqual(try XCTUnwrap(tap(h, 100, 600)).effect, .dismissed(h.id("Pop")))
  }

  func testATapOutsideASheetDismissesIt() throws {
    let h = Harness(metrics: PopoverTests.pad)
    h.showButtonRoot()
    h.run(
      .present(
        presenter: h.id("Box"), controller: h.id("Pop"), animated: false, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .formSheet)))
    h.settle()
    _ = h.events()
    XCTAssertEqual(try XCTUnwrap(tap(h, 5, 5)).effect, .dismissed(h.id("Pop")))
    h.settle()
    XCTAssertNil(h.controller("Box").presentedViewController)
  }

  func testAPopoverFromTheRightBarButtonItem() throws {
    let h = Harness(metrics: PopoverTests.pad)
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "Pop")
    h.presentPopover(
      on: "A", source: PopoverSource(barItem: .navigationRight), animated: false)
    let presentation = try XCTUnwrap(h.controller("Pop").presentation)
    let bar = try XCTUnwrap(h.nav("Nav").navigationBar)
    XCTAssertTrue(presentation.popover?.view === bar)
    // The right item: 44 × 50 (pad bar), 8 pt from the trailing edge.
    XCTAssertEqual(presentation.popover?.rect, Rect(x: 972, y: 0, width: 44, height: 50))
    // §6 as for any source: the region left of the item (962 × 748) beats
    // the one below it (1004 × 708), so the popover sits to its left.
    XCTAssertEqual(presentation.popoverPlacement?.arrowDirection, .right)
    XCTAssertEqual(
      h.window.node.presented(h.id("Pop"))?.sourceBarItem, .navigationRight)
  }

  func testAPopoverFromATabBarItem() throws {
    let h = Harness(metrics: PopoverTests.pad)
    h.make(.tabBar, "Tabs")
    for name in ["A", "B", "C", "Pop"] { h.make(.content, name) }
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("A"), h.id("B"), h.id("C")]))
    h.setRoot("Tabs")
    XCTAssertEqual(
      h.error(
        .present(
          presenter: h.id("A"), controller: h.id("Pop"), animated: false, animator: nil,
          adaptiveStyle: nil,
          options: PresentOptions(style: .popover, popover: PopoverSource(barItem: .tab(3)))))?
        .message, "Tab bar item 3 is out of range (Tabs shows 3 items)")
    h.presentPopover(on: "A", source: PopoverSource(barItem: .tab(1)), animated: false)
    let presentation = try XCTUnwrap(h.controller("Pop").presentation)
    XCTAssertTrue(presentation.popover?.view === h.tab("Tabs").tabBar)
    // The second of three equal parts of the 1024 pt bar, 50 pt tall.
    XCTAssertEqual(
      presentation.popover?.rect, Rect(x: 1024.0 / 3, y: 0, width: 1024.0 / 3, height: 50))
    XCTAssertEqual(presentation.popoverPlacement?.arrowDirection, .down)
  }
}
