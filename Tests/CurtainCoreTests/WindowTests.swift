import XCTest

@testable import CurtainCore

/// Window metrics, closing, deadlines and controller configuration.
final class WindowTests: XCTestCase {
  func testResizeLaysOutAgainAndDerivesTraits() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    let revision = h.window.revision
    try h.window.resize(
      WindowMetrics(
        size: Size(width: 1024, height: 768), safeAreaInsets: .init(top: 24, bottom: 20)))
    XCTAssertGreaterThan(h.window.revision, revision)
    XCTAssertEqual(h.window.traitCollection.horizontalSizeClass, .regular)
    XCTAssertEqual(h.nav("Nav").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 1024, height: 768))
    XCTAssertEqual(h.nav("Nav").navigationBar?.frame, Rect(x: 0, y: 24, width: 1024, height: 44))
    XCTAssertEqual(
      h.controller("A").viewIfLoaded?.frame, Rect(x: 0, y: 0, width: 1024, height: 768))
    XCTAssertEqual(h.described([.window]), ["window.resized(1024×768)"])
    XCTAssertThrowsError(try h.window.resize(WindowMetrics(size: Size(width: 0, height: 10)))) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .invalidArgument)
    }
    XCTAssertEqual(h.window.size, Size(width: 1024, height: 768))
  }

  func testCloseWindowDropsQueueAndReleasesTheRoot() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    h.push("Nav", "C")
    try h.session.closeWindow(h.window.id, keepingControllers: true)
    XCTAssertNil(h.session.windows[h.window.id])
    XCTAssertNil(h.nav("Nav").window)
    XCTAssertEqual(h.nav("Nav").appearance, .disappeared)
    let events = h.described([.operation, .window, .transition])
    XCTAssertEqual(events.last, "window.closed")
    XCTAssertTrue(events.contains { $0.hasSuffix(".failed(NOT_FOUND)") })
    XCTAssertThrowsError(try h.session.window(h.window.id)) {
      XCTAssertEqual(($0 as? CurtainError)?.code, .notFound)
    }
  }

  func testNextDeadline() throws {
    let h = Harness(configuration: SessionConfiguration(interactionTimeout: 30))
    h.showNavigation("Nav", stack: ["A", "B"])
    XCTAssertNil(h.window.nextDeadline)
    h.pop("Nav")
    XCTAssertEqual(h.window.nextDeadline ?? .nan, 0.35, accuracy: 1e-12)
    h.settle()
    h.push("Nav", "B", animated: false)
    let start = h.window.time
    try h.session.submit(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))
    XCTAssertEqual(h.window.nextDeadline ?? .nan, start + 30, accuracy: 1e-12, "the idle timeout")
    XCTAssertFalse(h.window.isAnimating, "a held interaction needs no frames")
  }

  func testConfigureController() throws {
    let h = Harness()
    let a = h.make(.content, "A")
    h.make(.content, "B")
    try a.configure(title: "Home", identifier: "Start")
    XCTAssertEqual(a.title, "Home")
    XCTAssertEqual(a.identifier, "Start")
    XCTAssertThrowsError(try a.configure(title: nil, identifier: "B"))
    XCTAssertThrowsError(try a.configure(title: nil, identifier: "bad name"))
    XCTAssertThrowsError(try h.session.makeController(kind: .content, identifier: "Start"))
    try a.configure(title: nil, identifier: "")
    XCTAssertNil(a.identifier)
    XCTAssertEqual(a.title, "Home")
  }
}
