import XCTest

@testable import CurtainCore

/// Every error of SEMANTICS §4 "Errors" in one place: its code, its exact
/// wording, and that the refused request changed nothing (no revision, no
/// event, no relationship, no loaded view).
final class PresentationErrorTests: XCTestCase {
  /// Root Nav → [Child, A]; A presents B (overFullScreen, so the resolved
  /// presenter is Nav); C, Away and Curl exist and are not in any tree.
  private func scene(_ configuration: SessionConfiguration = SessionConfiguration()) -> Harness {
    let h = Harness(configuration: configuration)
    h.showNavigation("Nav", stack: ["Child", "A"])
    for name in ["C", "Away", "Curl"] { h.make(.content, name) }
    h.present("B", on: "A", animated: false, style: .overFullScreen)
    _ = h.events()
    return h
  }

  /// Every controller with what presents it and what it presents.
  private func relationships(_ h: Harness) -> [String] {
    h.session.controllers.values.map {
      "\($0.name) by \($0.presentingViewController?.name ?? "-") "
        + "presents \($0.presentedViewController?.name ?? "-")"
    }.sorted()
  }

  /// Submits present(`presented` on `presenter`) and checks that it fails
  /// with `code` and `message` and leaves everything as it was.
  private func assertRefused(
    _ h: Harness, _ presented: String, on presenter: String, _ code: ErrorCode,
    _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let revision = h.window.revision
    let relationships = self.relationships(h)
    let loaded = h.controller(presented).isViewLoaded
    let error = h.error(
      .present(
        presenter: h.id(presenter), controller: h.id(presented), animated: true, animator: nil,
        adaptiveStyle: nil))
    XCTAssertEqual(error?.code, code, file: file, line: line)
    XCTAssertEqual(error?.message, message, file: file, line: line)
    XCTAssertEqual(h.window.revision, revision, "no revision", file: file, line: line)
    XCTAssertEqual(h.events().map { h.session.describe($0) }, [], file: file, line: line)
    XCTAssertEqual(self.relationships(h), relationships, file: file, line: line)
    XCTAssertEqual(h.controller(presented).isViewLoaded, loaded, file: file, line: line)
  }

  func testAlreadyPresenting() {
    // Sent to A, resolved to Nav, which presents B.
    assertRefused(
      scene(), "C", on: "A", .alreadyPresenting,
      "Attempt to present C on Nav which is already presenting B")
  }

  func testAlreadyPresentedHasAParentOrOnItself() {
    let h = scene()
    assertRefused(
      h, "B", on: "B", .invalidArgument,
      "Application tried to present modally an active controller B.")
    assertRefused(
      h, "B", on: "Away", .invalidArgument,
      "Application tried to present modally a view controller B that is already being presented by Nav."
    )
    assertRefused(
      h, "Child", on: "B", .invalidArgument,
      "Application tried to present modally a view controller Child that has a parent view controller Nav."
    )
  }

  func testNotInWindow() {
    let h = scene()
    assertRefused(
      h, "C", on: "Away", .notInWindow,
      "Attempt to present C on Away whose view is not in the window hierarchy")
    // Child is on the stack under A: its view is not in the window.
    let stack = Harness()
    stack.showNavigation("Nav", stack: ["Child", "A"])
    stack.make(.content, "C")
    assertRefused(
      stack, "C", on: "Child", .notInWindow,
      "Attempt to present C on Child whose view is not in the window hierarchy")
  }

  func testPartialCurl() {
    let h = scene()
    try! h.controller("Curl").configurePresentation(
      modalPresentationStyle: .formSheet, modalTransitionStyle: .partialCurl)
    assertRefused(
      h, "Curl", on: "B", .invalidArgument,
      "Application tried to present UIModalTransitionStylePartialCurl to or from "
        + "non-fullscreen view controller Curl.")
    XCTAssertEqual(h.controller("Curl").modalPresentationStyle, .formSheet)
    try! h.controller("Curl").configurePresentation(modalPresentationStyle: .fullScreen)
    h.present("Curl", on: "B", animated: false)
    _ = h.events()
    assertRefused(
      h, "C", on: "Curl", .invalidArgument,
      "Curl was presented with UIModalTransitionStylePartialCurl and cannot present C")
  }

  func testAPresentWaitsWhileATransitionRunsAndAFullQueueIsBusy() {
    let h = scene(SessionConfiguration(operationQueueLimit: 1))
    h.dismiss("B")
    let waiting = h.present("C", on: "A", style: .fullScreen)
    XCTAssertEqual(waiting?.position, 1, "queued, not refused")
    XCTAssertNil(h.controller("C").presentation)
    _ = h.events()
    h.make(.content, "D")
    assertRefused(
      h, "D", on: "A", .busy, "Window \(h.window.id) is busy: 1 operation is already waiting")
    h.settle()
    XCTAssertTrue(h.controller("C").presentingViewController === h.nav("Nav"))
  }
}
