import XCTest

@testable import CurtainCore

/// Custom presentation controllers described by a remote transitioning
/// delegate (docs/delegates.md): `presentationController(forPresented:…)` is
/// asked for a custom present and its description replaces the request's;
/// then the presented view's frame (`frameOfPresentedViewInContainerView`)
/// for the window's size, and again at every resize for each custom
/// presentation; then whether the presenter's view leaves the window
/// (`shouldRemovePresentersView`).
final class CustomPresentationDelegateTests: XCTestCase {
  let client = OwnerID(7)
  let card = CustomPresentation(
    frame: Rect(x: 20, y: 200, width: 350, height: 400), dimmingAlpha: 0.4)

  /// Root in a window, Sheet its transitioning delegate's (`client`)
  /// controller, presented by Root with `options` (its questions waiting).
  private func presenting(
    _ options: PresentOptions, animated: Bool = false, metrics: WindowMetrics? = nil
  ) throws -> Harness {
    let h = metrics.map { Harness(metrics: $0) } ?? Harness()
    h.make(.content, "Root")
    h.setRoot("Root")
    h.make(.content, "Sheet")
    try h.session.setDelegate(
      of: h.id("Sheet"), roles: [.transitioning], delegate: client, timeout: 0.5)
    _ = h.events()
    h.run(
      .present(
        presenter: h.id("Root"), controller: h.id("Sheet"), animated: animated, animator: nil,
        adaptiveStyle: nil, options: options))
    return h
  }

  /// Root in a manual window, Sheet presented custom (not animated) by it,
  /// its transitioning delegate `client`, the description answered, the
  /// frame question that follows it open (call 2).
  private func asked() throws -> Harness {
    let h = try presenting(PresentOptions(style: .custom))
    XCTAssertEqual(
      h.lifecycle(),
      ["Sheet.delegate#1.presentationController(Root → Sheet)"], "asked before anything moves")
    XCTAssertNil(h.controller("Root").presentedViewController)
    try h.session.answerDelegateCall(1, .presentation(card), from: client)
    return h
  }

  /// As `asked()`, the frame question answered with the default (the
  /// description's frame), then `shouldRemovePresentersView` open (call 3).
  private func removalAsked() throws -> Harness {
    let h = try asked()
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Sheet.delegate#1 → presentation((20, 200, 350, 400), dimming 0.4)",
        "Sheet.delegate#2.frameOfPresentedView(Root → Sheet, 390×844)",
      ], "then the frame, for the window's size, before anything moves")
    XCTAssertNil(h.controller("Root").presentedViewController)
    try h.session.answerDelegateCall(2, .useDefault, from: client)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Sheet.delegate#2 → default",
        "Sheet.delegate#3.shouldRemovePresentersView(Root → Sheet)",
      ], "then whether the presenter's view leaves, before anything moves")
    XCTAssertNil(h.controller("Root").presentedViewController)
    return h
  }

  /// As `removalAsked()`, the removal answered with the default: the
  /// description's (it stays).
  private func presented() throws -> Harness {
    let h = try removalAsked()
    try h.session.answerDelegateCall(3, .useDefault, from: client)
    return h
  }

  func testTheDelegatesDescriptionShapesThePresentation() throws {
    let h = try presented()
    XCTAssertEqual(h.lifecycle().first, "Sheet.delegate#3 → default")
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
      ["Sheet.delegate#4.frameOfPresentedView(Root → Sheet, 844×390)"],
      "the resize waits for the answer (only the frame is asked again)")
    XCTAssertEqual(h.window.size, Size(width: 390, height: 844))
    let landscape = Rect(x: 247, y: 20, width: 350, height: 350)
    try h.session.answerDelegateCall(4, .frame(landscape), from: client)
    XCTAssertEqual(h.window.size, Size(width: 844, height: 390))
    XCTAssertEqual(h.controller("Sheet").view.frame, landscape)
    XCTAssertEqual(h.controller("Sheet").presentation?.custom?.frame, landscape)
    XCTAssertEqual(h.lifecycle().first, "Sheet.delegate#4 → frame(247, 20, 350, 350)")
  }

  func testWithoutAnAnswerTheFrameStaysAsItWasClippedToTheWindow() throws {
    let h = try presented()
    let small = WindowMetrics(size: Size(width: 300, height: 500))
    h.run(.resize(window: h.window.id, metrics: small, animation: nil))
    XCTAssertTrue(h.session.failDelegateCall(4, .timeout))
    XCTAssertEqual(h.window.size, Size(width: 300, height: 500))
    XCTAssertEqual(
      h.controller("Sheet").view.frame, Rect(x: 20, y: 200, width: 280, height: 300),
      "Curtain's clipping rule for a custom frame")
    XCTAssertEqual(h.session.takeDelegateFallbacks(), ["timeout"])
  }

  func testAMalformedDescriptionFallsBackToTheRequestsOwn() throws {
    let h = try presenting(
      PresentOptions(
        style: .custom, custom: CustomPresentation(frame: Rect(x: 0, y: 0, width: 100, height: 100))
      ), animated: true)
    _ = h.events()
    try h.session.answerDelegateCall(
      1, .presentation(CustomPresentation(dimmingAlpha: 3)), from: client)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Sheet.delegate#1 fallback(malformed: A custom presentation's dimming alpha must be "
          + "between 0 and 1, got 3.0)",
        "Sheet.delegate#2.frameOfPresentedView(Root → Sheet, 390×844)",
      ])
    try h.session.answerDelegateCall(2, .useDefault, from: client)
    try h.session.answerDelegateCall(3, .useDefault, from: client)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Sheet.delegate#2 → default",
        "Sheet.delegate#3.shouldRemovePresentersView(Root → Sheet)",
        "Sheet.delegate#3 → default",
        "Sheet.delegate#4.animationControllerForPresented(Root → Sheet)",
      ], "then the animator question, as for every animated present")
    try h.session.answerDelegateCall(4, .useDefault, from: client)
    try h.session.answerDelegateCall(5, .useDefault, from: client)
    XCTAssertEqual(
      h.controller("Sheet").view.frame, Rect(x: 0, y: 0, width: 100, height: 100))
  }

  /// Seed 001's half-height presentation: the frame is asked for when the
  /// presentation starts, with the window's size, and its answer wins over
  /// the description's; a rotation asks again (issue 37 §2).
  func testTheFrameIsAskedAtPresentationAndAtEveryResize() throws {
    let h = try asked()
    _ = h.events()
    let lowerHalf = Rect(x: 0, y: 422, width: 390, height: 422)
    try h.session.answerDelegateCall(2, .frame(lowerHalf), from: client)
    try h.session.answerDelegateCall(3, .useDefault, from: client)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "Sheet.delegate#2 → frame(0, 422, 390, 422)",
        "Sheet.delegate#3.shouldRemovePresentersView(Root → Sheet)",
        "Sheet.delegate#3 → default",
        "Sheet.presentationTransitionWillBegin", "Sheet.viewDidLoad",
        "Sheet.viewWillAppear(false)", "Sheet.presentationTransitionDidEnd(true)",
        "Sheet.viewDidAppear(false)",
      ])
    let sheet = h.controller("Sheet")
    XCTAssertTrue(h.controller("Root").presentedViewController === sheet)
    XCTAssertEqual(sheet.view.frame, lowerHalf)
    XCTAssertEqual(sheet.presentation?.custom?.frame, lowerHalf)
    XCTAssertEqual(sheet.presentation?.dimmingView?.alpha, 0.4, "the description's dimming")
    let landscape = WindowMetrics(size: Size(width: 844, height: 390))
    h.run(.resize(window: h.window.id, metrics: landscape, animation: nil))
    XCTAssertEqual(
      h.lifecycle(), ["Sheet.delegate#4.frameOfPresentedView(Root → Sheet, 844×390)"])
    let rotated = Rect(x: 0, y: 195, width: 844, height: 195)
    try h.session.answerDelegateCall(4, .frame(rotated), from: client)
    XCTAssertEqual(h.window.size, landscape.size)
    XCTAssertEqual(sheet.view.frame, rotated)
  }

  /// No answer to the frame at presentation: the description's frame, as
  /// without a question (UIKit's default is the container's bounds, which
  /// the description stands in for).
  func testATimeoutAtPresentationKeepsTheDescriptionsFrame() throws {
    let h = try asked()
    _ = h.events()
    XCTAssertTrue(h.session.failDelegateCall(2, .timeout))
    try h.session.answerDelegateCall(3, .useDefault, from: client)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]).prefix(4),
      [
        "Sheet.delegate#2 fallback(timeout)",
        "Sheet.delegate#3.shouldRemovePresentersView(Root → Sheet)",
        "Sheet.delegate#3 → default", "Sheet.presentationTransitionWillBegin",
      ])
    XCTAssertEqual(h.controller("Sheet").view.frame, card.frame)
    XCTAssertEqual(h.session.takeDelegateFallbacks(), ["timeout"])
  }

  /// A frame answered for a custom present without a description (the
  /// request's `custom` absent, the delegate's answer the default) gives
  /// the presented view that frame.
  func testTheFrameAloneShapesAPresentationWithoutADescription() throws {
    let h = try presenting(PresentOptions(style: .custom))
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    let top = Rect(x: 0, y: 0, width: 390, height: 300)
    try h.session.answerDelegateCall(2, .frame(top), from: client)
    try h.session.answerDelegateCall(3, .useDefault, from: client)
    XCTAssertEqual(h.controller("Sheet").view.frame, top)
    XCTAssertNil(h.controller("Sheet").presentation?.dimmingView, "no dimming view")
    XCTAssertEqual(h.controller("Root").appearance, .appeared)
  }

  /// `shouldRemovePresentersView` answered yes over a description that
  /// keeps the presenter's view: it leaves the window as the presentation
  /// ends, with the presenter's disappearance callbacks in SEMANTICS §4's
  /// order, and comes back at the dismissal.
  func testAYesToShouldRemovePresentersViewTakesThePresentersViewOut() throws {
    let h = try removalAsked()
    _ = h.events()
    try h.session.answerDelegateCall(3, .bool(true), from: client)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "Sheet.delegate#3 → true",
        "Sheet.presentationTransitionWillBegin", "Sheet.viewDidLoad",
        "Root.viewWillDisappear(false)", "Sheet.viewWillAppear(false)",
        "Sheet.presentationTransitionDidEnd(true)", "Sheet.viewDidAppear(false)",
        "Root.viewDidDisappear(false)",
      ])
    let root = h.controller("Root")
    XCTAssertNil(root.view.superview, "the presenter's view left the window")
    XCTAssertEqual(root.appearance, .disappeared)
    XCTAssertEqual(h.controller("Sheet").presentation?.custom?.removesPresenterView, true)
    XCTAssertEqual(h.controller("Sheet").view.frame, card.frame, "the description's frame")
    h.run(.dismiss(controller: h.id("Sheet"), animated: false, animator: nil))
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "Sheet.dismissalTransitionWillBegin", "Sheet.viewWillDisappear(false)",
        "Root.viewWillAppear(false)", "Sheet.dismissalTransitionDidEnd(true)",
        "Root.viewDidAppear(false)", "Sheet.viewDidDisappear(false)",
      ], "the dismissal asks nothing and puts the presenter's view back")
    XCTAssertTrue(root.view.superview === h.window.view)
  }

  /// A "no" wins over a description that removes the presenter's view.
  func testANoToShouldRemovePresentersViewKeepsItOverTheDescription() throws {
    let removing = CustomPresentation(dimmingAlpha: 0.4, removesPresenterView: true)
    let h = try presenting(PresentOptions(style: .custom, custom: removing))
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    try h.session.answerDelegateCall(2, .useDefault, from: client)
    _ = h.events()
    try h.session.answerDelegateCall(3, .bool(false), from: client)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "Sheet.delegate#3 → false",
        "Sheet.presentationTransitionWillBegin", "Sheet.viewDidLoad",
        "Sheet.viewWillAppear(false)", "Sheet.presentationTransitionDidEnd(true)",
        "Sheet.viewDidAppear(false)",
      ], "the presenter gets no callbacks")
    XCTAssertTrue(h.controller("Root").view.superview === h.window.view)
    XCTAssertEqual(h.controller("Root").appearance, .appeared)
    XCTAssertEqual(h.controller("Sheet").view.frame, h.window.view.bounds)
  }

  /// No answer (a timeout) to `shouldRemovePresentersView`: the
  /// description's removal, as `present --removes-presenter` gives it.
  func testATimeoutOnShouldRemovePresentersViewKeepsTheDescriptions() throws {
    let removing = CustomPresentation(removesPresenterView: true)
    let h = try presenting(PresentOptions(style: .custom, custom: removing))
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    try h.session.answerDelegateCall(2, .useDefault, from: client)
    _ = h.events()
    XCTAssertTrue(h.session.failDelegateCall(3, .timeout))
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "Sheet.delegate#3 fallback(timeout)",
        "Sheet.presentationTransitionWillBegin", "Sheet.viewDidLoad",
        "Root.viewWillDisappear(false)", "Sheet.viewWillAppear(false)",
        "Sheet.presentationTransitionDidEnd(true)", "Sheet.viewDidAppear(false)",
        "Root.viewDidDisappear(false)",
      ])
    XCTAssertNil(h.controller("Root").view.superview)
    XCTAssertEqual(h.session.takeDelegateFallbacks(), ["timeout"])
  }

  /// Seed 001's presentation controller, animated: the questions of a
  /// present, then `presentationTransitionWillBegin` last, as the
  /// transition is about to begin.
  private func presentingAnimated() throws -> Harness {
    let h = try presenting(
      PresentOptions(style: .custom, custom: CustomPresentation(dimmingAlpha: 0.4)),
      animated: true)
    for id in 1...3 { try h.session.answerDelegateCall(UInt64(id), .useDefault, from: client) }
    _ = h.events()
    try h.session.answerDelegateCall(4, .useDefault, from: client)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Sheet.delegate#4 → default",
        "Sheet.delegate#5.presentationTransitionWillBegin(Root → Sheet)",
      ], "asked after the animation controller, before anything moves")
    XCTAssertNil(h.controller("Root").presentedViewController)
    return h
  }

  /// The dimming view's alpha from `from` to `to` along a straight line
  /// over the whole transition.
  private func dimming(_ from: Double, _ to: Double) -> DelegateAnswer {
    .animator(
      AnimatorSpec(
        duration: 0,
        tracks: [
          TrackSpec(
            target: .dimmingView, property: .alpha, from: .scalar(from), to: .scalar(to),
            timing: .linear)
        ]))
  }

  /// `presentationTransitionWillBegin` answers animations alongside: seed
  /// 001's dimming view fades 0 → 1 on the transition's clock (its
  /// built-in fade to the description's 0.4 gives way) and ends in the
  /// model; `dismissalTransitionWillBegin` fades it 1 → 0 alongside the
  /// dismissal.
  func testAnimationsAlongsideRunOnTheTransitionsClock() throws {
    let h = try presentingAnimated()
    try h.session.answerDelegateCall(5, dimming(0, 1), from: client)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "Sheet.delegate#5 → animator(0 s, 1 tracks)", "Sheet.presentationTransitionWillBegin",
        "Sheet.viewDidLoad", "Sheet.viewWillAppear(true)",
      ])
    let transition = try XCTUnwrap(h.window.transitions.first)
    let duration = transition.duration
    XCTAssertGreaterThan(duration, 0)
    let view = try XCTUnwrap(h.controller("Sheet").presentation?.dimmingView)
    XCTAssertEqual(h.window.presentationState(of: view).alpha, 0)
    h.advance(duration / 4)
    XCTAssertEqual(h.window.presentationState(of: view).alpha, 0.25, accuracy: 1e-9)
    h.advance(duration / 4)
    XCTAssertEqual(h.window.presentationState(of: view).alpha, 0.5, accuracy: 1e-9)
    h.advance(duration / 2)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      ["Sheet.presentationTransitionDidEnd(true)", "Sheet.viewDidAppear(true)"])
    XCTAssertEqual(view.alpha, 1, "the model keeps where the track ended")
    XCTAssertTrue(h.window.transitions.isEmpty)

    h.run(.dismiss(controller: h.id("Sheet"), animated: true, animator: nil))
    try h.session.answerDelegateCall(6, .useDefault, from: client)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Sheet.delegate#6.animationControllerForDismissed(nil → Sheet)",
        "Sheet.delegate#6 → default",
        "Sheet.delegate#7.dismissalTransitionWillBegin(Root → Sheet)",
      ])
    try h.session.answerDelegateCall(7, dimming(1, 0), from: client)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "Sheet.delegate#7 → animator(0 s, 1 tracks)", "Sheet.dismissalTransitionWillBegin",
        "Sheet.viewWillDisappear(true)",
      ])
    h.advance(duration / 2)
    XCTAssertEqual(h.window.presentationState(of: view).alpha, 0.5, accuracy: 1e-9)
    h.advance(duration / 2)
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      ["Sheet.dismissalTransitionDidEnd(true)", "Sheet.viewDidDisappear(true)"])
    XCTAssertNil(view.superview, "the dimming view left with the presentation")
  }

  /// No answer (a timeout): nothing alongside, the description's dimming
  /// fades in as without the question (easeInOut to 0.4: 0.2 at half way).
  func testATimeoutOnWillBeginKeepsTheBuiltInDimmingFade() throws {
    let h = try presentingAnimated()
    XCTAssertTrue(h.session.failDelegateCall(5, .timeout))
    XCTAssertEqual(h.session.takeDelegateFallbacks(), ["timeout"])
    let transition = try XCTUnwrap(h.window.transitions.first)
    let view = try XCTUnwrap(h.controller("Sheet").presentation?.dimmingView)
    h.advance(transition.duration / 2)
    XCTAssertEqual(h.window.presentationState(of: view).alpha, 0.2, accuracy: 1e-9)
    h.advance(transition.duration / 2)
    XCTAssertEqual(view.alpha, 0.4)
  }

  /// Animations alongside are tracks only: a remote animator or completion
  /// values are malformed (the built-in fade runs).
  func testWillBeginRefusesWhatIsNotAnimationsAlongside() throws {
    let h = try presentingAnimated()
    _ = h.events()
    var spec = AnimatorSpec(duration: 0, tracks: [])
    spec.completion = [CompletionValue(target: .dimmingView, property: .alpha, value: .scalar(1))]
    try h.session.answerDelegateCall(5, .animator(spec), from: client)
    XCTAssertEqual(
      h.lifecycle().first,
      "Sheet.delegate#5 fallback(malformed: presentationTransitionWillBegin answers animations "
        + "alongside the transition: tracks only (no built-in look, completion values or remote "
        + "animator))")
    XCTAssertEqual(h.window.transitions.count, 1, "the presentation went on")
  }

  func testOnlyACustomPresentAsksAndOnlyCustomPresentationsAreAskedAtAResize() throws {
    let h = try presenting(PresentOptions(style: .formSheet), metrics: PresentationTests.regular)
    XCTAssertTrue(h.controller("Root").presentedViewController === h.controller("Sheet"))
    h.run(.resize(window: h.window.id, metrics: SplitViewControllerTests.regular, animation: nil))
    XCTAssertFalse(h.lifecycle().contains { $0.contains("delegate") })
    XCTAssertEqual(h.window.size, SplitViewControllerTests.regular.size)
  }
}
