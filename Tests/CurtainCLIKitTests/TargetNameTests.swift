import CurtainCLIKit
import CurtainWire
import XCTest

/// How the CLI reads window, transition, controller, tab and size names, and
/// where the default socket is.
final class TargetNameTests: XCTestCase {
  func testWindowsAndTransitionsTakeAPrefixOrNone() throws {
    XCTAssertEqual(try TargetName.window("w3"), 3)
    XCTAssertEqual(try TargetName.window("3"), 3)
    XCTAssertEqual(try TargetName.transition("t5"), 5)
    XCTAssertEqual(try TargetName.transition("5"), 5)
    assertMessage(try TargetName.window("x3"), "'x3' is not a window: use w3 or 3")
    assertMessage(try TargetName.window("w"), "'w' is not a window: use w3 or 3")
    assertMessage(try TargetName.window("w-1"), "'w-1' is not a window: use w3 or 3")
    assertMessage(try TargetName.window("w0"), "window ids start at 1, so 'w0' names none")
    assertMessage(try TargetName.transition("w5"), "'w5' is not a transition: use t5 or 5")
    assertMessage(
      try TargetName.window("99999999999999999999"),
      "'99999999999999999999' is not a window: use w3 or 3")
  }

  func testViewsRectsAndArrows() throws {
    XCTAssertEqual(try TargetName.view("v12"), 12)
    XCTAssertEqual(try TargetName.view("12"), 12)
    assertMessage(try TargetName.view("c12"), "'c12' is not a view: use v12 or 12")
    let rect = try TargetName.rect("10, 20.5,44,0")
    XCTAssertEqual([rect.x, rect.y, rect.width, rect.height], [10, 20.5, 44, 0])
    for bad in ["1,2,3", "1,2,3,-4", "a,b,c,d", "1,2,3,4,5", "1,2,inf,4"] {
      assertMessage(
        try TargetName.rect(bad),
        "'\(bad)' is not a rectangle: use X,Y,WIDTH,HEIGHT with a non-negative size, as in "
          + "10,20,44,44")
    }
    XCTAssertEqual(try TargetName.arrows("up,down"), 3)
    XCTAssertEqual(try TargetName.arrows("left, right"), 12)
    XCTAssertEqual(try TargetName.arrows("any"), 15)
    XCTAssertEqual(try TargetName.arrows("none"), 0)
    assertMessage(
      try TargetName.arrows("up,sideways"),
      "'sideways' is not an arrow direction: use up, down, left, right, any or none, "
        + "separated by commas")
  }

  func testControllersAreIdsOrIdentifiers() throws {
    XCTAssertEqual(try TargetName.controller("c12").ref, .id(12))
    XCTAssertEqual(try TargetName.controller("@Home").ref, .identifier("Home"))
    assertMessage(
      try TargetName.controller("@"), "'@' must be followed by an identifier, as in @Home")
    assertMessage(
      try TargetName.controller("Home"),
      "'Home' is not a controller name: use c<id> (c12) or @<identifier> (@Home)")
    assertMessage(
      try TargetName.controller("12"),
      "'12' is not a controller name: use c<id> (c12) or @<identifier> (@Home)")
    assertMessage(
      try TargetName.controller("c0"),
      "'c0' is not a controller name: use c<id> (c12) or @<identifier> (@Home)")
  }

  func testTabsAreIndexesControllersOrMore() throws {
    XCTAssertEqual(try TargetName.tab("0"), .index(0))
    XCTAssertEqual(try TargetName.tab("more"), .more(true))
    XCTAssertEqual(
      try TargetName.tab("@Settings"), .controller(try TargetName.controller("@Settings")))
    assertMessage(
      try TargetName.tab("-1"),
      "'-1' is not a tab: use an index (0), a controller (c12, @Home) or 'more'")
    assertMessage(try TargetName.tab("1x"), "tab index '1x' is not a number from 0 to 4294967295")
  }

  func testSizes() throws {
    let size = try TargetName.size("390x844")
    XCTAssertEqual([size.width, size.height], [390, 844])
    let other = try TargetName.size("1024.5×768")
    XCTAssertEqual([other.width, other.height], [1024.5, 768])
    for bad in ["390", "0x10", "ax3", "10x10x10", "-5x10", "infx3"] {
      assertMessage(
        try TargetName.size(bad),
        "'\(bad)' is not a size: use WIDTHxHEIGHT with positive numbers, as in 390x844")
    }
  }

  func testTheDaemonLogIsBesideItsSocket() {
    // The socket path itself is SocketRule's (CurtainWire, SocketRuleTests).
    XCTAssertEqual(
      DaemonLog.path(forSocket: "/tmp/curtain-7/default.sock"), "/tmp/curtain-7/default.log")
    XCTAssertEqual(DaemonLog.path(forSocket: "/tmp/x"), "/tmp/x.log")
  }

  private func assertMessage<T>(
    _ expression: @autoclosure () throws -> T, _ message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
      XCTAssertEqual("\(error)", message, file: file, line: line)
    }
  }
}
