import XCTest

@testable import CurtainCore

/// Properties sent along with a present request (`PresentOptions`): set on
/// the presented controller when the presentation starts, never on a
/// refused one; a popover's source.
final class PresentOptionsTests: XCTestCase {
  @discardableResult
  private func present(
    _ h: Harness, _ presented: String, on presenter: String, _ options: PresentOptions
  ) throws -> OperationTicket {
    try h.session.submit(
      .present(
        presenter: h.id(presenter), controller: h.id(presented), animated: false, animator: nil,
        adaptiveStyle: nil, options: options))
  }

  func testOptionsAreSetOnThePresentedControllerAsItStarts() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    let b = h.make(.content, "B")
    try present(
      h, "B", on: "A",
      PresentOptions(
        style: .formSheet, transitionStyle: .crossDissolve,
        preferredContentSize: Size(width: 300, height: 200)))
    XCTAssertEqual(b.modalPresentationStyle, .formSheet)
    XCTAssertEqual(b.modalTransitionStyle, .crossDissolve)
    XCTAssertEqual(b.preferredContentSize, Size(width: 300, height: 200))
    XCTAssertEqual(b.presentation?.style, .formSheet)
    XCTAssertEqual(b.presentation?.transitionStyle, .crossDissolve)
    XCTAssertEqual(b.view.frame, Rect(x: 260, y: 490, width: 300, height: 200))
  }

  func testARefusedPresentChangesNoProperty() {
    let h = Harness()
    h.showRoot()
    let b = h.make(.content, "B")
    h.make(.content, "Loose")
    let revision = h.window.revision
    XCTAssertThrowsError(
      try present(
        h, "B", on: "Loose",
        PresentOptions(style: .fullScreen, preferredContentSize: Size(width: 1, height: 1)))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .notInWindow)
    }
    XCTAssertThrowsError(
      try present(
        h, "B", on: "A", PresentOptions(style: .formSheet, transitionStyle: .partialCurl))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .invalidArgument)
    }
    XCTAssertEqual(b.modalPresentationStyle, .automatic)
    XCTAssertEqual(b.modalTransitionStyle, .coverVertical)
    XCTAssertEqual(b.preferredContentSize, .zero)
    XCTAssertEqual(h.window.revision, revision)
  }

  func testStaticChecksOfOptions() {
    let h = Harness()
    h.showRoot()
    h.make(.content, "B")
    let bad: [(PresentOptions, String)] = [
      (
        PresentOptions(style: ModalPresentationStyle.none),
        "none is an adaptive style, not a modal presentation style"
      ),
      (
        PresentOptions(preferredContentSize: Size(width: .infinity, height: 1)),
        "preferredContentSize must be finite, non-negative and at most 100000 points, got inf×1"
      ),
      (
        PresentOptions(
          style: .popover,
          popover: PopoverSource(rect: Rect(x: 0, y: 0, width: -1, height: 1))),
        "A popover's source rect must be finite with a non-negative size, got (0, 0, -1, 1)"
      ),
      (
        PresentOptions(
          style: .popover,
          popover: PopoverSource(permittedArrowDirections: PopoverArrowDirections(rawValue: 32))),
        "Permitted arrow directions are bits up 1, down 2, left 4, right 8; got 32"
      ),
      (
        PresentOptions(style: .pageSheet, popover: PopoverSource()),
        "A popover source applies only to popover presentations; B is presented as pageSheet"
      ),
    ]
    for (options, message) in bad {
      XCTAssertThrowsError(try present(h, "B", on: "A", options)) { error in
        XCTAssertEqual((error as? CurtainError)?.code, .invalidArgument)
        XCTAssertEqual((error as? CurtainError)?.message, message)
      }
    }
    XCTAssertNil(h.controller("B").presentation)
  }

  func testPopoverSourceDefaultsToTheReceiversView() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showNavigation("Nav", stack: ["Home"])
    h.make(.content, "Menu")
    try present(h, "Menu", on: "Home", PresentOptions(style: .popover))
    let home = h.controller("Home")
    let anchor = try XCTUnwrap(h.controller("Menu").presentation?.popover)
    XCTAssertTrue(anchor.view === home.view, "the receiver's view, not the presenter's")
    XCTAssertEqual(anchor.rect, home.view.bounds)
    XCTAssertEqual(anchor.permittedArrowDirections, .any)
    let node = try XCTUnwrap(h.controller("Menu").node.presentation)
    XCTAssertEqual(node.sourceView, home.view.id)
    XCTAssertTrue(
      h.window.hierarchyDescription.contains(
        "as popover, coverVertical, from \(home.view.id) \(home.view.bounds)"),
      h.window.hierarchyDescription)
  }

  func testPopoverSourceViewMustBeInTheWindow() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    h.make(.content, "Menu")
    let loose = h.make(.content, "Loose")
    loose.loadViewIfNeeded()
    XCTAssertThrowsError(
      try present(
        h, "Menu", on: "A",
        PresentOptions(style: .popover, popover: PopoverSource(view: loose.view.id)))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .notInWindow)
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "The popover's source view \(loose.view.id) is not in window \(h.window.id)")
    }
    let a = h.controller("A")
    let source = PopoverSource(
      view: a.view.id, rect: Rect(x: 10, y: 20, width: 44, height: 44),
      permittedArrowDirections: [.up, .down])
    try present(h, "Menu", on: "A", PresentOptions(style: .popover, popover: source))
    let anchor = try XCTUnwrap(h.controller("Menu").presentation?.popover)
    XCTAssertEqual(anchor.rect, Rect(x: 10, y: 20, width: 44, height: 44))
    XCTAssertEqual(anchor.permittedArrowDirections, [.up, .down])
  }
}
