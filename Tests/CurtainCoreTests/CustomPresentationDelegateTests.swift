import XCTest

@testable import CurtainCore

/// Custom presentation controllers described by a remote transitioning
/// delegate (docs/delegates.md): `presentationController(forPresented:…)` is
/// asked for a custom present and its description replaces the request's;
/// every resize asks each custom presentation's delegate for the presented
/// view's new frame (`frameOfPresentedViewInContainerView`).
final class CustomPresentationDelegateTests: XCTestCase {
  let client = OwnerID(7)
  let card = CustomPresentation(
    frame: Rect(x: 20, y: 200, width: 350, height: 400), dimmingAlpha: 0.4)

  /// Root in a manual window, Sheet presented custom (not animated) by it,
  /// its transitioning delegate `client`, the description answered.
  private func presented() throws -> Harness {
    let h = Harness()
    h.make(.content, "Root")
    h.setRoot("Root")
    h.make(.content, "Sheet")
    try h.session.setDelegate(
      of: h.id("Sheet"), roles: [.transitioning], delegate: client, timeout: 0.5)
    _ = h.events()
    h.run(
      .present(
        presenter: h.id("Root"), controller: h.id("Sheet"), animated: false, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .custom)))
    XCTAssertEqual(
      h.lifecycle(),
      ["Sheet.delegate#1.presentationController(Root → Sheet)"], "asked before anything moves")
    XCTAssertNil(h.controller("Root").presentedViewController)
    try h.session.answerDelegateCall(1, .presentation(card), from: client)
    return h
  }

  func testTheDelegatesDescriptionShapesThePresentation() throws {
    let h = try presented()
    XCTAssertEqual(
      h.lifecycle().first,
      "Sheet.delegate#1 → presentation((20, 200, 350, 400), dimming 0.4)")
    let sheet = h.controller("Sheet")
    XCTAssertTrue(h.controller("Root").presentedViewController === sheet)
    XCTAssertEqual(sheet.view.frame, card.frame)
    XCTAssertEqual(sheet.presentation?.dimmingView?.alpha, 0.4)
    XCTAssertEqual(h.controller("Root").appearance, .appeared, "the presenter's view stays")
  }

  func testAResizeAsksForTheFrameAndAppliesTheAnswer() throws {
    let h = try presented()
    _ = h.events()
    let wide = WindowMetrics(size: Size(width: 844, height: 390))
    h.run(.resize(window: h.window.id, metrics: wide, animation: nil))
    XCTAssertEqual(
      h.lifecycle(),
      ["Sheet.delegate#2.frameOfPresentedView(Root → Sheet, 844×390)"],
      "the resize waits for the answer")
    XCTAssertEqual(h.window.size, Size(width: 390, height: 844))
    let landscape = Rect(x: 247, y: 20, width: 350, height: 350)
    try h.session.answerDelegateCall(2, .frame(landscape), from: client)
    XCTAssertEqual(h.window.size, Size(width: 844, height: 390))
    XCTAssertEqual(h.controller("Sheet").view.frame, landscape)
    XCTAssertEqual(h.controller("Sheet").presentation?.custom?.frame, landscape)
    XCTAssertEqual(h.lifecycle().first, "Sheet.delegate#2 → frame(247, 20, 350, 350)")
  }

  func testWithoutAnAnswerTheFrameStaysAsItWasClippedToTheWindow() throws {
    let h = try presented()
    let small = WindowMetrics(size: Size(width: 300, height: 500))
    h.run(.resize(window: h.window.id, metrics: small, animation: nil))
    XCTAssertTrue(h.session.failDelegateCall(2, .timeout))
    XCTAssertEqual(h.window.size, Size(width: 300, height: 500))
    XCTAssertEqual(
      h.controller("Sheet").view.frame, Rect(x: 20, y: 200, width: 280, height: 300),
      "Curtain's clipping rule for a custom frame")
    XCTAssertEqual(h.session.takeDelegateFallbacks(), ["timeout"])
  }

  func testAMalformedDescriptionFallsBackToTheRequestsOwn() throws {
    let h = Harness()
    h.make(.content, "Root")
    h.setRoot("Root")
    h.make(.content, "Sheet")
    try h.session.setDelegate(
      of: h.id("Sheet"), roles: [.transitioning], delegate: client, timeout: 0.5)
    h.run(
      .present(
        presenter: h.id("Root"), controller: h.id("Sheet"), animated: true, animator: nil,
        adaptiveStyle: nil,
        options: PresentOptions(
          style: .custom,
          custom: CustomPresentation(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        )))
    _ = h.events()
    try h.session.answerDelegateCall(
      1, .presentation(CustomPresentation(dimmingAlpha: 3)), from: client)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Sheet.delegate#1 fallback(malformed: A custom presentation's dimming alpha must be "
          + "between 0 and 1, got 3.0)",
        "Sheet.delegate#2.animationControllerForPresented(Root → Sheet)",
      ], "then the animator question, as for every animated present")
    try h.session.answerDelegateCall(2, .useDefault, from: client)
    XCTAssertEqual(
      h.controller("Sheet").view.frame, Rect(x: 0, y: 0, width: 100, height: 100))
  }

  func testOnlyACustomPresentAsksAndOnlyCustomPresentationsAreAskedAtAResize() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.make(.content, "Root")
    h.setRoot("Root")
    h.make(.content, "Sheet")
    try h.session.setDelegate(
      of: h.id("Sheet"), roles: [.transitioning], delegate: client, timeout: 0.5)
    h.run(
      .present(
        presenter: h.id("Root"), controller: h.id("Sheet"), animated: false, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .formSheet)))
    XCTAssertTrue(h.controller("Root").presentedViewController === h.controller("Sheet"))
    h.run(.resize(window: h.window.id, metrics: SplitViewControllerTests.regular, animation: nil))
    XCTAssertFalse(h.lifecycle().contains { $0.contains("delegate") })
    XCTAssertEqual(h.window.size, SplitViewControllerTests.regular.size)
  }
}
