import XCTest

@testable import CurtainCore

/// The adaptive presentation delegate and dismissals (docs/delegates.md): a
/// tap outside a popover or sheet asks `presentationControllerShouldDismiss`
/// of the presented controller's adaptive delegate, and a "no" turns the
/// dismissal into an attempt (`didAttemptToDismiss`); a pulled-down sheet
/// with an adaptive delegate tells it `willDismiss`, `didDismiss` or
/// `didAttemptToDismiss`.
final class AdaptiveDismissalTests: XCTestCase {
  let client = OwnerID(7)

  /// Pop presented as a popover (no animation) on the pad, `client` its
  /// adaptive delegate.
  private func popover() throws -> Harness {
    let h = Harness(metrics: PopoverTests.pad)
    h.showButtonRoot()
    h.presentPopover(
      on: "Box", source: PopoverSource(view: h.controller("Button").view.id), animated: false)
    try h.session.setDelegate(
      of: h.id("Pop"), roles: [.adaptivePresentation], delegate: client, timeout: 1)
    _ = h.events()
    return h
  }

  @discardableResult
  private func tap(_ h: Harness) -> OperationTicket? {
    h.run(.tap(window: h.window.id, point: Point(x: 100, y: 600)))
  }

  func testATapOutsideAsksTheDelegateAndANoIsAnAttempt() throws {
    let h = try popover()
    let ticket = try XCTUnwrap(tap(h))
    XCTAssertEqual(ticket.delegateCall, 1, "the tap waits for the answer")
    XCTAssertEqual(
      h.lifecycle(), ["Pop.delegate#1.presentationControllerShouldDismiss(nil → Pop)"])
    try h.session.answerDelegateCall(1, .bool(false), from: client)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      ["Pop.delegate#1 → false", "Pop.presentationControllerDidAttemptToDismiss"])
    XCTAssertTrue(h.controller("Box").presentedViewController === h.controller("Pop"))
  }

  func testATapOutsideThatTheDelegateAllowsDismisses() throws {
    let h = try popover()
    tap(h)
    _ = h.events()
    try h.session.answerDelegateCall(1, .bool(true), from: client)
    XCTAssertEqual(
      Array(h.described([.presentation]).prefix(2)),
      ["Pop.presentationControllerShouldDismiss", "Pop.presentationControllerWillDismiss"])
    h.settle()
    XCTAssertEqual(h.described([.presentation]).last, "Pop.presentationControllerDidDismiss")
    XCTAssertNil(h.controller("Box").presentedViewController)
  }

  func testATapThatDismissesNothingAsksNothing() throws {
    let h = try popover()
    // Inside the popover: no dismissal, no question.
    let ticket = try XCTUnwrap(h.run(.tap(window: h.window.id, point: Point(x: 600, y: 100))))
    XCTAssertNil(ticket.delegateCall)
    XCTAssertEqual(h.lifecycle(), [])
  }

  /// Modal presented as a page sheet (a card) on Nav[A], `client` its
  /// adaptive delegate; the adaptive style question answered.
  private func presentedSheet() throws -> Harness {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "Modal")
    try h.session.setDelegate(
      of: h.id("Modal"), roles: [.adaptivePresentation], delegate: client, timeout: 1)
    h.run(
      .present(
        presenter: h.id("Nav"), controller: h.id("Modal"), animated: false, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .pageSheet)))
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    return h
  }

  func testAPulledDownSheetTellsItsAdaptiveDelegate() throws {
    let h = try presentedSheet()
    _ = h.events()
    h.run(
      .beginInteractiveDismiss(controller: h.id("Modal"), animator: nil),
      options: OperationOptions(owner: client))
    try h.session.answerDelegateCall(2, .bool(false), from: client)
    XCTAssertEqual(
      h.described([.presentation]), ["Modal.presentationControllerDidAttemptToDismiss"])

    h.run(
      .beginInteractiveDismiss(controller: h.id("Modal"), animator: nil),
      options: OperationOptions(owner: client))
    try h.session.answerDelegateCall(3, .bool(true), from: client)
    XCTAssertEqual(
      h.described([.presentation]).first, "Modal.presentationControllerWillDismiss")
    let transition = try XCTUnwrap(h.window.transitions.first?.id)
    try h.window.finishInteraction(transition, by: client)
    h.settle()
    XCTAssertEqual(h.described([.presentation]).last, "Modal.presentationControllerDidDismiss")
    XCTAssertNil(h.controller("Nav").presentedViewController)
  }

  func testACancelledPullTellsNoDidDismiss() throws {
    let h = try presentedSheet()
    h.run(
      .beginInteractiveDismiss(controller: h.id("Modal"), animator: nil),
      options: OperationOptions(owner: client))
    try h.session.answerDelegateCall(2, .bool(true), from: client)
    _ = h.events()
    let transition = try XCTUnwrap(h.window.transitions.first?.id)
    try h.window.cancelInteraction(transition, by: client)
    h.settle()
    XCTAssertFalse(h.described([.presentation]).contains("Modal.presentationControllerDidDismiss"))
    XCTAssertEqual(h.controller("Nav").presentedViewController?.name, "Modal")
  }
}
