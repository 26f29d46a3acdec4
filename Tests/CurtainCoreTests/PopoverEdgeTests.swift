import XCTest

@testable import CurtainCore

/// Popover placement (SEMANTICS §6) for a source near each edge of a
/// 1024 × 768 window when only some arrow directions are permitted; the
/// same sources with every direction permitted are in PopoverTests.
final class PopoverEdgeTests: XCTestCase {
  private func place(_ source: Rect, _ permitted: PopoverArrowDirections) -> PopoverPlacement {
    PopoverPlacement.place(
      content: PopoverPlacement.defaultContentSize, source: source, permitted: permitted,
      in: PopoverTests.bounds)
  }

  private func assertPlacement(
    _ placement: PopoverPlacement, _ arrow: PopoverArrowDirection?, frame: Rect,
    content: Rect, offset: Double, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(placement.arrowDirection, arrow, file: file, line: line)
    XCTAssertEqual(placement.frame, frame, file: file, line: line)
    XCTAssertEqual(placement.contentFrame, content, file: file, line: line)
    XCTAssertEqual(placement.arrowOffset, offset, file: file, line: line)
  }

  func testASourceNearTheTopWithOnlyTheRightArrowGoesToItsLeft() {
    // With every direction permitted the popover goes to the right of the
    // source (arrow left); permitting only right, it sits to its left,
    // shifted down to the top margin.
    assertPlacement(
      place(Rect(x: 500, y: 20, width: 40, height: 30), [.right]), .right,
      frame: Rect(x: 151, y: 10, width: 349, height: 496),
      content: Rect(x: 159, y: 18, width: 320, height: 480), offset: -223)
  }

  func testASourceNearTheBottomWithOnlyVerticalArrowsGoesAbove() {
    // Every direction: the 474 pt right of the source win (349 × 496 beats
    // 336 × 509). Up and down only: below has 8 pt, above has room.
    let source = Rect(x: 500, y: 720, width: 40, height: 30)
    XCTAssertEqual(place(source, .any).arrowDirection, .left)
    assertPlacement(
      place(source, [.up, .down]), .down, frame: Rect(x: 352, y: 211, width: 336, height: 509),
      content: Rect(x: 360, y: 219, width: 320, height: 480), offset: 0)
  }

  func testASourceNearTheLeftEdgeWithOnlyVerticalArrowsTakesTheLargerSide() {
    // Above: 290 pt, below: 418 pt, both clipped; below wins, shifted right
    // to the margin, the arrow still pointing at the source's centre.
    assertPlacement(
      place(Rect(x: 0, y: 300, width: 30, height: 40), [.up, .down]), .up,
      frame: Rect(x: 10, y: 340, width: 336, height: 418),
      content: Rect(x: 18, y: 361, width: 320, height: 389), offset: -163)
  }

  func testASourceNearTheRightEdgeWithOnlyTheDownArrowIsClippedAbove() {
    assertPlacement(
      place(Rect(x: 1000, y: 300, width: 24, height: 40), [.down]), .down,
      frame: Rect(x: 678, y: 10, width: 336, height: 290),
      content: Rect(x: 686, y: 18, width: 320, height: 261), offset: 166)
  }
}
