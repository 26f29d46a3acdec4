import XCTest

@testable import CurtainCore

/// `presentationController(_:viewControllerForAdaptivePresentationStyle:)`
/// answered by a remote adaptive delegate (Presentation+Replacement.swift):
/// the replacement is shown instead of the presented controller while the
/// presentation is adapted, and the original comes back when it is not.
final class AdaptiveReplacementTests: XCTestCase {
  let client = OwnerID(7)

  /// Nav[A] in a compact window; Popover, and Wrapper (an empty navigation
  /// controller); `client` is Popover's adaptive delegate, vending
  /// replacements.
  private func harness(vendsReplacement: Bool = true) throws -> Harness {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "Popover")
    h.make(.navigation, "Wrapper")
    try h.session.setDelegate(
      of: h.id("Popover"), roles: [.adaptivePresentation], delegate: client, timeout: 1,
      vendsReplacement: vendsReplacement)
    _ = h.events()
    return h
  }

  /// The events of a size transition that concern `names`, without the
  /// size and trait callbacks every controller gets.
  private func swapEvents(_ h: Harness, _ names: String...) -> [String] {
    h.described([.lifecycle, .presentation]).filter { event in
      names.contains { event.contains($0) }
        && !["Transition(to:", "traitCollectionDidChange"].contains { event.contains($0) }
    }
  }

  @discardableResult
  private func presentPopover(_ h: Harness, animated: Bool = false) -> OperationTicket? {
    h.run(
      .present(
        presenter: h.id("A"), controller: h.id("Popover"), animated: animated, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .popover)))
  }

  /// Presents Popover in the compact window, answering the style question
  /// with the default and the replacement question with `answer`.
  private func presentReplaced(_ h: Harness, _ answer: DelegateAnswer) throws {
    presentPopover(h)
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    try h.session.answerDelegateCall(2, answer, from: client)
    h.settle()
  }

  func testTheReplacementIsAskedAfterTheStyleWithTheStyleItAdaptsTo() throws {
    let h = try harness()
    presentPopover(h)
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Popover.delegate#1.adaptivePresentationStyle(A → Popover, popover, compact width, "
          + "regular height)",
        "Popover.delegate#1 → default",
        "Popover.delegate#2.viewControllerForAdaptivePresentationStyle(A → Popover, "
          + "overFullScreen, compact width, regular height)",
      ])
    let calls = h.session.takeIssuedDelegateCalls()
    XCTAssertEqual(
      calls.map(\.method),
      [.adaptivePresentationStyle, .viewControllerForAdaptivePresentationStyle])
    XCTAssertEqual(calls.last?.arguments.style, .overFullScreen)
  }

  func testAnEmptyNavigationControllerWrapsTheOriginalWhileCompact() throws {
    let h = try harness()
    presentPopover(h)
    try h.session.answerDelegateCall(1, .useDefault, from: client)
    _ = h.events()
    try h.session.answerDelegateCall(2, .controller(h.id("Wrapper")), from: client)
    h.settle()
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "Popover.delegate#2 → controller(c\(h.id("Wrapper").rawValue))",
        "Wrapper.viewDidLoad",
        "Popover.willMove(Wrapper)",
        "Popover.viewDidLoad",
        "Popover.didMove(Wrapper)",
        "Wrapper.presentationTransitionWillBegin",
        "Wrapper.viewWillAppear(false)",
        "Popover.viewWillAppear(false)",
        "Wrapper.presentationTransitionDidEnd(true)",
        "Wrapper.viewDidAppear(false)",
        "Popover.viewDidAppear(false)",
      ])
    let wrapper = h.nav("Wrapper")
    let popover = h.controller("Popover")
    XCTAssertTrue(h.controller("Nav").presentedViewController === wrapper)
    XCTAssertTrue(wrapper.presentingViewController === h.controller("Nav"))
    XCTAssertEqual(wrapper.viewControllers.map(\.name), ["Popover"])
    XCTAssertNil(popover.presentation, "the original is the wrapper's root")
    let presentation = try XCTUnwrap(wrapper.presentation)
    XCTAssertTrue(presentation.original === popover)
    XCTAssertTrue(presentation.replacement === wrapper)
    XCTAssertEqual(presentation.style, .overFullScreen)
    XCTAssertTrue(popover.view.isDescendant(of: wrapper.view))
    XCTAssertTrue(wrapper.view.window === h.window)
  }

  func testRegularBringsTheOriginalBackAndCompactWrapsItAgain() throws {
    let h = try harness()
    try presentReplaced(h, .controller(h.id("Wrapper")))
    _ = h.events()
    let wrapper = h.nav("Wrapper")
    let popover = h.controller("Popover")

    try h.window.resize(PresentationTests.regular)
    h.settle()
    XCTAssertEqual(
      swapEvents(h, "Popover", "Wrapper"),
      [
        "Popover.willMove(nil)",
        "Popover.didMove(nil)",
        "Popover.adapted(popover)",
        "Wrapper.viewWillDisappear(false)",
        "Popover.popoverPlaced(arrow none (242, 342, 336, 496))",
        "Wrapper.viewDidDisappear(false)",
      ])
    XCTAssertTrue(h.controller("Nav").presentedViewController === popover)
    XCTAssertTrue(popover.presentation?.replacement === wrapper)
    XCTAssertNil(popover.presentation?.original)
    XCTAssertEqual(popover.presentation?.style, .popover)
    XCTAssertTrue(wrapper.viewControllers.isEmpty)
    XCTAssertNil(wrapper.parent)
    XCTAssertNil(wrapper.viewIfLoaded?.superview, "the wrapper left the window")
    XCTAssertTrue(popover.view.window === h.window)
    XCTAssertEqual(popover.appearance, .appeared, "the original stayed on screen")

    try h.window.resize(WindowMetrics())
    h.settle()
    XCTAssertEqual(
      swapEvents(h, "Popover", "Wrapper"),
      [
        "Popover.willMove(Wrapper)",
        "Popover.didMove(Wrapper)",
        "Wrapper.adapted(overFullScreen)",
        "Wrapper.viewWillAppear(false)",
        "Wrapper.viewDidAppear(false)",
      ])
    XCTAssertTrue(h.controller("Nav").presentedViewController === wrapper)
    XCTAssertEqual(wrapper.viewControllers.map(\.name), ["Popover"])
    XCTAssertTrue(h.session.takeIssuedDelegateCalls().count == 2, "asked once, at the start")
  }

  func testAnotherControllerIsShownInsteadAndTheOriginalLeavesTheWindow() throws {
    let h = try harness()
    h.make(.content, "Compact")
    try presentReplaced(h, .controller(h.id("Compact")))
    let compact = h.controller("Compact")
    let popover = h.controller("Popover")
    XCTAssertTrue(h.controller("Nav").presentedViewController === compact)
    XCTAssertNil(popover.viewIfLoaded?.window, "the original is not shown")
    XCTAssertEqual(popover.appearance, .disappeared)
    _ = h.events()

    try h.window.resize(PresentationTests.regular)
    h.settle()
    XCTAssertEqual(
      swapEvents(h, "Popover", "Compact"),
      [
        "Popover.viewDidLoad",
        "Popover.adapted(popover)",
        "Compact.viewWillDisappear(false)",
        "Popover.viewWillAppear(false)",
        "Popover.popoverPlaced(arrow none (242, 342, 336, 496))",
        "Compact.viewDidDisappear(false)",
        "Popover.viewDidAppear(false)",
      ])
    XCTAssertTrue(h.controller("Nav").presentedViewController === popover)
    XCTAssertNil(compact.viewIfLoaded?.superview)
    XCTAssertTrue(popover.view.window === h.window)
  }

  func testADismissalWhileWrappedLeavesBothDetachedAndTheOriginalPresentableAgain() throws {
    let h = try harness()
    try presentReplaced(h, .controller(h.id("Wrapper")))
    _ = h.events()
    h.run(.dismiss(controller: h.id("Popover"), animated: false, animator: nil))
    h.settle()
    XCTAssertEqual(
      h.described([.lifecycle, .presentation]),
      [
        "Wrapper.dismissalTransitionWillBegin",
        "Wrapper.viewWillDisappear(false)",
        "Popover.viewWillDisappear(false)",
        "Wrapper.dismissalTransitionDidEnd(true)",
        "Wrapper.viewDidDisappear(false)",
        "Popover.viewDidDisappear(false)",
        "Popover.willMove(nil)",
        "Popover.didMove(nil)",
      ])
    let popover = h.controller("Popover")
    XCTAssertNil(h.controller("Nav").presentedViewController)
    XCTAssertNil(popover.parent)
    XCTAssertNil(h.nav("Wrapper").presentation)
    XCTAssertTrue(h.nav("Wrapper").viewControllers.isEmpty)
    // Presented again: asked again.
    presentPopover(h)
    XCTAssertEqual(h.session.takeIssuedDelegateCalls().last?.id, 3)
  }

  func testASnapshotKeepsTheReplacementAndTheOriginal() throws {
    let h = try harness()
    try presentReplaced(h, .controller(h.id("Wrapper")))
    let snapshot = try h.session.snapshot()
    let restored = try Session.restore(snapshot, configuration: h.session.configuration)
    XCTAssertEqual(try restored.snapshot(), snapshot)
    let wrapper = try XCTUnwrap(restored.controller(identifier: "Wrapper"))
    let presentation = try XCTUnwrap(wrapper.presentation)
    XCTAssertTrue(presentation.original === restored.controller(identifier: "Popover"))
    XCTAssertTrue(presentation.replacement === wrapper)
    let window = try XCTUnwrap(restored.windows.values.first)
    try window.resize(PresentationTests.regular)
    while !window.isIdle { _ = window.advance(by: 0.1) }
    XCTAssertTrue(
      restored.controller(identifier: "Nav")?.presentedViewController
        === restored.controller(identifier: "Popover"), "the restored presentation swaps back")
  }

  func testBadReplacementsFallBackAndNothingIsAskedOfADelegateThatVendsNone() throws {
    let h = try harness()
    for (answer, problem) in [
      (DelegateAnswer.controller(ControllerID(999)), "No controller c999"),
      (
        .controller(h.id("Popover")),
        "Popover is the presented controller and cannot replace itself"
      ),
      (.controller(h.id("Nav")), "Nav is the root view controller of window \(h.window.id)"),
      (.controller(h.id("A")), "A has a parent view controller Nav"),
      (
        .style(.fullScreen),
        "presentationController(_:viewControllerForAdaptivePresentationStyle:) answers a "
          + "controller, not a presentation style"
      ),
    ] {
      presentPopover(h)
      let first = h.session.takeIssuedDelegateCalls().first!.id
      try h.session.answerDelegateCall(first, .useDefault, from: client)
      _ = h.events()
      try h.session.answerDelegateCall(first + 1, answer, from: client)
      XCTAssertEqual(
        h.lifecycle().first, "Popover.delegate#\(first + 1) fallback(malformed: \(problem))")
      h.settle()
      XCTAssertTrue(h.controller("Nav").presentedViewController === h.controller("Popover"))
      XCTAssertNil(h.controller("Popover").presentation?.replacement)
      h.run(.dismiss(controller: h.id("Nav"), animated: false, animator: nil))
      h.settle()
      _ = h.session.takeIssuedDelegateCalls()
    }

    let quiet = try harness(vendsReplacement: false)
    presentPopover(quiet)
    try quiet.session.answerDelegateCall(1, .useDefault, from: client)
    quiet.settle()
    XCTAssertEqual(quiet.session.takeIssuedDelegateCalls().count, 1)
    XCTAssertTrue(quiet.controller("Nav").presentedViewController === quiet.controller("Popover"))
  }

  func testAStyleOfNoneAsksNoReplacementAndATimeoutShowsTheOriginal() throws {
    let h = try harness()
    presentPopover(h)
    try h.session.answerDelegateCall(1, .style(.none), from: client)
    h.settle()
    XCTAssertEqual(h.session.takeIssuedDelegateCalls().count, 1, "a popover that never adapts")
    h.run(.dismiss(controller: h.id("Nav"), animated: false, animator: nil))
    h.settle()

    presentPopover(h)
    try h.session.answerDelegateCall(2, .useDefault, from: client)
    XCTAssertTrue(h.session.failDelegateCall(3, .timeout))
    h.settle()
    XCTAssertTrue(h.controller("Nav").presentedViewController === h.controller("Popover"))
    XCTAssertEqual(h.controller("Popover").presentation?.style, .overFullScreen)
  }

  func testARegistrationKeepsItsFlagsThroughTheImage() throws {
    let h = try harness()
    try h.session.setDelegate(
      of: h.id("Wrapper"), roles: [.navigation], delegate: client, timeout: 1,
      vendsInteraction: true)
    let snapshot = try h.session.snapshot()
    let copy = try snapshot.throughImage()
    XCTAssertEqual(
      copy.delegates.map { [$0.vendsInteraction, $0.vendsReplacement] },
      [[false, true], [true, false]])
    // (An exported document keeps no registrations: docs/delegates.md.)
  }
}
