import XCTest

@testable import CurtainCore

/// Modal presentation, SEMANTICS §4: styles and frames, presenter
/// resolution, the order of events, dismiss rules, errors, looks and
/// adaptation.
final class PresentationTests: XCTestCase {
  /// A regular × regular pad window: 820 × 1180, safe area top 24 / bottom 20.
  static let regular = WindowMetrics(
    size: Size(width: 820, height: 1180), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
    scale: 2, idiom: .pad)
  /// A phone in landscape: regular width, compact height.
  static let landscape = WindowMetrics(
    size: Size(width: 844, height: 390), safeAreaInsets: EdgeInsets(top: 0, bottom: 21))

  // MARK: Styles

  private struct StyleCase {
    let style: ModalPresentationStyle
    let regularFrame: Rect
    let compactFrame: Rect
    let removesInRegular: Bool
    let removesInCompact: Bool
    let compactStyle: ModalPresentationStyle
  }

  func testFramesAndPresenterViewOfEveryStyle() {
    let fullRegular = Rect(x: 0, y: 0, width: 820, height: 1180)
    let fullCompact = Rect(x: 0, y: 0, width: 390, height: 844)
    let card = Rect(x: 0, y: 57, width: 390, height: 787)
    let page = Rect(x: 58, y: 34, width: 704, height: 1146)
    let cases = [
      StyleCase(
        style: .fullScreen, regularFrame: fullRegular, compactFrame: fullCompact,
        removesInRegular: true, removesInCompact: true, compactStyle: .fullScreen),
      StyleCase(
        style: .pageSheet, regularFrame: page, compactFrame: card, removesInRegular: false,
        removesInCompact: false, compactStyle: .pageSheet),
      StyleCase(
        style: .formSheet, regularFrame: Rect(x: 120, y: 270, width: 580, height: 640),
        compactFrame: card, removesInRegular: false, removesInCompact: false,
        compactStyle: .formSheet),
      StyleCase(
        style: .currentContext, regularFrame: fullRegular, compactFrame: fullCompact,
        removesInRegular: true, removesInCompact: true, compactStyle: .fullScreen),
      StyleCase(
        style: .custom, regularFrame: fullRegular, compactFrame: fullCompact,
        removesInRegular: false, removesInCompact: false, compactStyle: .custom),
      StyleCase(
        style: .overFullScreen, regularFrame: fullRegular, compactFrame: fullCompact,
        removesInRegular: false, removesInCompact: false, compactStyle: .overFullScreen),
      StyleCase(
        style: .overCurrentContext, regularFrame: fullRegular, compactFrame: fullCompact,
        removesInRegular: false, removesInCompact: true, compactStyle: .fullScreen),
      StyleCase(
        style: .popover, regularFrame: Rect(x: 250, y: 350, width: 320, height: 480),
        compactFrame: fullCompact, removesInRegular: false, removesInCompact: false,
        compactStyle: .overFullScreen),
      StyleCase(
        style: .automatic, regularFrame: page, compactFrame: card, removesInRegular: false,
        removesInCompact: false, compactStyle: .pageSheet),
    ]
    for item in cases {
      for regular in [true, false] {
        let h = Harness(metrics: regular ? Self.regular : WindowMetrics())
        h.showRoot()
        h.present("B", on: "A", animated: false, style: item.style)
        let label = "\(item.style) \(regular ? "regular" : "compact")"
        let b = h.controller("B")
        let a = h.controller("A")
        XCTAssertEqual(
          b.viewIfLoaded?.frame, regular ? item.regularFrame : item.compactFrame, label)
        XCTAssertTrue(b.presentingViewController === a, label)
        XCTAssertTrue(a.presentedViewController === b, label)
        XCTAssertEqual(
          b.presentation?.style, regular ? item.style.resolved : item.compactStyle, label)
        let removes = regular ? item.removesInRegular : item.removesInCompact
        XCTAssertEqual(a.viewIfLoaded?.superview == nil, removes, label)
        XCTAssertEqual(a.appearance, removes ? .disappeared : .appeared, label)
        XCTAssertEqual(b.appearance, .appeared, label)
        XCTAssertTrue(b.viewIfLoaded?.superview === h.window.view, label)
        let dimmed = (b.presentation?.style.dimmingAlpha).map { _ in true } ?? false
        XCTAssertEqual(b.presentation?.dimmingView != nil, dimmed, label)
      }
    }
  }

  func testSheetsOwnADimmingViewBelowThePresentedView() {
    let h = Harness(metrics: Self.regular)
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .formSheet)
    let dimming = h.controller("B").presentation?.dimmingView
    XCTAssertEqual(dimming?.role, .dimming)
    XCTAssertEqual(dimming?.alpha, 0.4)
    XCTAssertEqual(dimming?.frame, Rect(x: 0, y: 0, width: 820, height: 1180))
    let subviews = h.window.view.subviews
    XCTAssertEqual(
      subviews.map(\.id),
      [h.controller("A").view.id, dimming!.id, h.controller("B").view.id])
    h.dismiss("B", animated: false)
    XCTAssertNil(dimming?.superview)
    XCTAssertEqual(h.window.view.subviews.map(\.id), [h.controller("A").view.id])
  }

  func testFormSheetUsesPreferredContentSizeAndLargerWindowSizes() {
    let h = Harness(
      metrics: WindowMetrics(size: Size(width: 2048, height: 1600), safeAreaInsets: EdgeInsets()))
    h.showRoot()
    h.make(.content, "B")
    h.present("B", on: "A", animated: false, style: .formSheet)
    XCTAssertEqual(
      h.controller("B").view.frame, Rect(x: 714, y: 460, width: 620, height: 680))
    h.dismiss("B", animated: false)
    try! h.controller("B").configurePresentation(preferredContentSize: Size(width: 400, height: 0))
    h.present("B", on: "A", animated: false)
    XCTAssertEqual(
      h.controller("B").view.frame, Rect(x: 824, y: 460, width: 400, height: 680))
  }

  // MARK: Order of events

  func testAnimatedFullScreenPresentAndDismissEventOrder() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", style: .fullScreen)
    XCTAssertEqual(
      h.flow(),
      [
        "B.presentationTransitionWillBegin", "B.viewDidLoad", "A.viewWillDisappear(true)",
        "B.viewWillAppear(true)",
      ])
    XCTAssertNotNil(h.controller("A").viewIfLoaded?.superview)
    h.advance(0.39)
    XCTAssertEqual(h.flow(), [])
    h.advance(0.01)
    XCTAssertEqual(
      h.flow(),
      [
        "B.presentationTransitionDidEnd(true)", "B.viewDidAppear(true)",
        "A.viewDidDisappear(true)", "completion",
      ])
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview)
    XCTAssertTrue(h.window.isIdle)

    h.dismiss("B")
    XCTAssertEqual(
      h.flow(),
      ["B.dismissalTransitionWillBegin", "B.viewWillDisappear(true)", "A.viewWillAppear(true)"])
    // The presenter's view is back at once, under the presented one.
    XCTAssertEqual(
      h.window.view.subviews.map(\.id), [h.controller("A").view.id, h.controller("B").view.id])
    h.advance(0.4)
    XCTAssertEqual(
      h.flow(),
      [
        "B.dismissalTransitionDidEnd(true)", "A.viewDidAppear(true)",
        "B.viewDidDisappear(true)", "completion",
      ])
    XCTAssertNil(h.controller("A").presentedViewController)
    XCTAssertNil(h.controller("B").presentingViewController)
    XCTAssertNil(h.controller("B").viewIfLoaded?.superview)
    XCTAssertEqual(h.controller("A").appearance, .appeared)
    XCTAssertEqual(h.controller("B").appearance, .disappeared)
  }

  func testNonAnimatedSheetPresentAndDismissLeaveThePresenterAlone() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .pageSheet)
    XCTAssertEqual(
      h.flow(),
      [
        "B.presentationTransitionWillBegin", "B.viewDidLoad", "B.viewWillAppear(false)",
        "B.presentationTransitionDidEnd(true)", "B.viewDidAppear(false)", "completion",
      ])
    h.dismiss("B", animated: false)
    XCTAssertEqual(
      h.flow(),
      [
        "B.dismissalTransitionWillBegin", "B.viewWillDisappear(false)",
        "B.dismissalTransitionDidEnd(true)", "B.viewDidDisappear(false)", "completion",
      ])
    XCTAssertEqual(h.controller("A").appearance, .appeared)
  }

  func testPresentationEventsCarryThePresenter() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false)
    let kinds = h.events().map(\.kind)
    XCTAssertTrue(
      kinds.contains(
        .presentation(
          presented: h.id("B"), presenting: h.id("A"), .presentationTransitionWillBegin)))
    XCTAssertEqual(
      h.window.transitions.count, 0, "a non-animated presentation runs no transition")
  }

  func testAnimatedPresentationRunsATransitionOfKindPresentation() {
    let h = Harness()
    h.showRoot()
    let ticket = h.present("B", on: "A")
    XCTAssertEqual(ticket?.isCompleted, false)
    let began = h.events().compactMap { event -> TransitionInfo? in
      if case .transition(_, .began(let info)) = event.kind { return info }
      return nil
    }
    XCTAssertEqual(began.map(\.kind), [.presentation])
    XCTAssertEqual(began.first?.duration, 0.4)
    XCTAssertEqual(began.first?.from, h.id("A"))
    XCTAssertEqual(began.first?.to, h.id("B"))
  }

  func testCancelledPresentationRestoresTheStateBefore() throws {
    let h = Harness()
    h.showRoot()
    let ticket = h.present("B", on: "A", style: .fullScreen)
    let transition = try XCTUnwrap(ticket?.transition)
    _ = h.events()
    h.advance(0.1)
    try h.window.pauseTransition(transition)
    try h.window.cancelInteraction(transition)
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "B.presentationTransitionDidEnd(false)", "B.viewWillDisappear(true)",
        "B.viewDidDisappear(true)", "A.viewWillAppear(true)", "A.viewDidAppear(true)",
        "completion",
      ])
    XCTAssertNil(h.controller("A").presentedViewController)
    XCTAssertNil(h.controller("B").presentation)
    XCTAssertNil(h.controller("B").viewIfLoaded?.superview)
    XCTAssertEqual(h.window.view.subviews.map(\.id), [h.controller("A").view.id])
  }

  func testCancelledChainDismissalKeepsTheChain() throws {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .fullScreen)
    h.present("C", on: "B", animated: false, style: .pageSheet)
    let before = h.window.view.subviews.map(\.id)
    let ticket = h.run(.dismiss(controller: h.id("A"), animated: true, animator: nil))
    let transition = try XCTUnwrap(ticket?.transition)
    _ = h.events()
    try h.window.pauseTransition(transition)
    try h.window.cancelInteraction(transition)
    h.settle()
    XCTAssertEqual(
      h.flow(),
      [
        "C.dismissalTransitionDidEnd(false)", "B.dismissalTransitionDidEnd(false)",
        "C.viewWillAppear(true)", "C.viewDidAppear(true)", "B.viewWillAppear(true)",
        "B.viewDidAppear(true)", "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
        "completion",
      ])
    XCTAssertTrue(h.controller("B").presentedViewController === h.controller("C"))
    XCTAssertTrue(h.controller("A").presentedViewController === h.controller("B"))
    XCTAssertEqual(h.window.view.subviews.map(\.id), before)
    XCTAssertEqual(h.controller("A").appearance, .disappeared)
  }

  // MARK: Presenter resolution

  /// Tabs (root) → Nav → X, in a regular window.
  private func tabNavContent() -> Harness {
    Harness.tabsNavigationContent(Self.regular)
  }

  func testFullScreenStylesArePresentedByTheWindowRoot() {
    let h = tabNavContent()
    h.present("B", on: "X", animated: false, style: .fullScreen)
    XCTAssertTrue(h.controller("B").presentingViewController === h.controller("Tabs"))
    XCTAssertTrue(h.controller("Tabs").presentedViewController === h.controller("B"))
    XCTAssertEqual(h.controller("Tabs").appearance, .disappeared)
    XCTAssertEqual(h.controller("X").appearance, .disappeared)
    // From inside the presented controller, the next one stacks on it.
    h.make(.navigation, "Nav2")
    h.dismiss("B", animated: false)
    h.present("Nav2", on: "X", animated: false, style: .fullScreen)
    h.make(.content, "Y")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav2"), controllers: [h.id("Y")], animated: false, animator: nil))
    h.present("C", on: "Y", animated: false, style: .pageSheet)
    XCTAssertTrue(h.controller("C").presentingViewController === h.controller("Nav2"))
  }

  func testCurrentContextIsPresentedByTheNavigationController() {
    let h = tabNavContent()
    let nav = h.controller("Nav")
    let navFrame = nav.view.frame
    h.present("B", on: "X", animated: false, style: .currentContext)
    let b = h.controller("B")
    XCTAssertTrue(b.presentingViewController === nav)
    XCTAssertEqual(b.view.frame, navFrame)
    XCTAssertTrue(b.view.superview === h.controller("Tabs").view)
    XCTAssertNil(nav.viewIfLoaded?.superview)
    XCTAssertEqual(nav.appearance, .disappeared)
    XCTAssertEqual(h.controller("Tabs").appearance, .appeared)
    // Dismissing puts the navigation controller's view back at its place.
    let tabsView = h.controller("Tabs").view
    h.dismiss("X", animated: false)
    XCTAssertTrue(nav.view.superview === tabsView)
    XCTAssertEqual(tabsView.subviews.first?.id, nav.view.id)
    XCTAssertEqual(nav.appearance, .appeared)
  }

  func testCurrentContextWithoutADefiningControllerIsPresentedByTheRoot() {
    let h = tabNavContent()
    try! h.controller("Nav").configurePresentation(definesPresentationContext: false)
    h.present("B", on: "X", animated: false, style: .overCurrentContext)
    XCTAssertTrue(h.controller("B").presentingViewController === h.controller("Tabs"))
    XCTAssertEqual(h.controller("B").view.frame, Rect(x: 0, y: 0, width: 820, height: 1180))
  }

  func testCurrentContextDefinedByTheContentController() {
    let h = tabNavContent()
    try! h.controller("X").configurePresentation(definesPresentationContext: true)
    let xFrame = h.controller("X").view.frame
    h.present("B", on: "X", animated: false, style: .overCurrentContext)
    XCTAssertTrue(h.controller("B").presentingViewController === h.controller("X"))
    XCTAssertEqual(h.controller("B").view.frame, xFrame)
    XCTAssertTrue(h.controller("B").view.superview === h.controller("Nav").view)
    XCTAssertNotNil(h.controller("X").viewIfLoaded?.superview)
  }

  func testContextProvidesItsTransitionStyle() {
    let h = tabNavContent()
    try! h.controller("Nav").configurePresentation(
      modalTransitionStyle: .crossDissolve, providesPresentationContextTransitionStyle: true)
    h.present("B", on: "X", style: .currentContext, transition: .flipHorizontal)
    XCTAssertEqual(h.controller("B").presentation?.transitionStyle, .crossDissolve)
    XCTAssertEqual(h.window.presentationState(of: h.controller("B").view).alpha, 0)
    h.settle()
    // Full-screen styles ignore the context's style.
    h.present("C", on: "Tabs", style: .fullScreen, transition: .flipHorizontal)
    XCTAssertEqual(h.controller("C").presentation?.transitionStyle, .flipHorizontal)
  }

  // MARK: Dismiss rules

  func testDismissingAChainFromTheBottomAnimatesOnlyTheTop() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .fullScreen)
    h.present("C", on: "B", animated: false, style: .pageSheet)
    XCTAssertTrue(h.controller("C").presentingViewController === h.controller("B"))
    _ = h.events()
    let ticket = h.run(.dismiss(controller: h.id("A"), animated: true, animator: nil))
    XCTAssertEqual(ticket?.isCompleted, false)
    XCTAssertEqual(
      h.flow(),
      [
        "C.dismissalTransitionWillBegin", "B.dismissalTransitionWillBegin",
        "C.viewWillDisappear(true)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
      ])
    // B leaves at once; C slides away over A.
    XCTAssertNil(h.controller("B").viewIfLoaded?.superview)
    XCTAssertEqual(
      h.window.view.subviews.map(\.id),
      [
        h.controller("A").view.id, h.controller("C").presentation!.dimmingView!.id,
        h.controller("C").view.id,
      ])
    XCTAssertEqual(h.window.transitions.count, 1)
    h.advance(0.2)
    XCTAssertEqual(
      h.window.presentationState(of: h.controller("C").view).frame.minY, 57 + 787 / 2,
      accuracy: 1e-6)
    h.advance(0.2)
    XCTAssertEqual(
      h.flow(),
      [
        "C.dismissalTransitionDidEnd(true)", "B.dismissalTransitionDidEnd(true)",
        "A.viewDidAppear(true)", "C.viewDidDisappear(true)", "B.viewDidDisappear(true)",
        "completion",
      ])
    for name in ["B", "C"] {
      XCTAssertNil(h.controller(name).presentingViewController)
      XCTAssertNil(h.controller(name).presentedViewController)
      XCTAssertNil(h.controller(name).viewIfLoaded?.superview)
    }
    XCTAssertNil(h.controller("A").presentedViewController)
    XCTAssertEqual(h.window.view.subviews.map(\.id), [h.controller("A").view.id])
  }

  func testDismissSentToAControllerThatPresentsDismissesWhatItPresents() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .overFullScreen)
    h.present("C", on: "B", animated: false, style: .overFullScreen)
    h.dismiss("B", animated: false)
    XCTAssertTrue(h.controller("A").presentedViewController === h.controller("B"))
    XCTAssertNil(h.controller("B").presentedViewController)
    XCTAssertNil(h.controller("C").presentingViewController)
  }

  func testDismissForwardedFromAPresentedControllerToItsPresenter() {
    let h = Harness()
    h.showRoot()
    h.make(.navigation, "Nav")
    h.make(.content, "Y")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("Y")], animated: false, animator: nil))
    h.present("Nav", on: "A", animated: false, style: .fullScreen)
    _ = h.events()
    // Y is a child of the presented navigation controller and presents nothing.
    h.dismiss("Y", animated: false)
    XCTAssertEqual(
      h.flow(),
      [
        "Nav.dismissalTransitionWillBegin", "Nav.viewWillDisappear(false)",
        "Y.viewWillDisappear(false)", "A.viewWillAppear(false)",
        "Nav.dismissalTransitionDidEnd(true)", "A.viewDidAppear(false)",
        "Nav.viewDidDisappear(false)", "Y.viewDidDisappear(false)", "completion",
      ])
    XCTAssertNil(h.controller("A").presentedViewController)
  }

  func testDismissWithNothingPresentedDoesNothing() {
    let h = Harness()
    h.showRoot()
    let ticket = h.run(.dismiss(controller: h.id("A"), animated: true, animator: nil))
    XCTAssertEqual(ticket?.isCompleted, true)
    XCTAssertEqual(h.flow(), ["completion"])
  }

  // MARK: Errors

  private func presentError(
    _ h: Harness, _ presented: String, on presenter: String,
    file: StaticString = #filePath, line: UInt = #line
  ) -> CurtainError? {
    if h.session.controller(identifier: presented) == nil { h.make(.content, presented) }
    do {
      try h.session.submit(
        .present(
          presenter: h.id(presenter), controller: h.id(presented), animated: true,
          animator: nil, adaptiveStyle: nil))
      XCTFail("presenting \(presented) on \(presenter) succeeded", file: file, line: line)
      return nil
    } catch {
      return error as? CurtainError
    }
  }

  func testPresentingOnAControllerThatIsAlreadyPresentingFails() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false)
    let revision = h.window.revision
    let error = presentError(h, "C", on: "A")
    XCTAssertEqual(error?.code, .alreadyPresenting)
    XCTAssertEqual(error?.message, "Attempt to present C on A which is already presenting B")
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertFalse(h.controller("C").isViewLoaded)
    XCTAssertTrue(h.controller("A").presentedViewController === h.controller("B"))
  }

  func testPresentingAnAlreadyPresentedControllerFails() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .overFullScreen)
    h.present("C", on: "B", animated: false, style: .overFullScreen)
    let error = presentError(h, "B", on: "C")
    XCTAssertEqual(error?.code, .invalidArgument)
    XCTAssertEqual(
      error?.message,
      "Application tried to present modally a view controller B that is already being presented by A."
    )
  }

  func testPresentingAControllerThatHasAParentFails() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["X"])
    let error = presentError(h, "X", on: "Nav")
    XCTAssertEqual(error?.code, .invalidArgument)
    XCTAssertEqual(
      error?.message,
      "Application tried to present modally a view controller X that has a parent view controller Nav."
    )
  }

  func testPresentingAControllerOnItselfFails() {
    let h = Harness()
    h.showRoot()
    let error = presentError(h, "A", on: "A")
    XCTAssertEqual(error?.code, .invalidArgument)
    XCTAssertEqual(error?.message, "Application tried to present modally an active controller A.")
  }

  func testPresentingOnAControllerNotInTheWindowFails() {
    let h = tabNavContent()
    // "Other" is an unselected tab: its view is not in the window.
    let error = presentError(h, "B", on: "Other")
    XCTAssertEqual(error?.code, .notInWindow)
    XCTAssertEqual(
      error?.message, "Attempt to present B on Other whose view is not in the window hierarchy")
    h.make(.content, "Loose")
    XCTAssertEqual(presentError(h, "C", on: "Loose")?.code, .notInWindow)
  }

  func testPartialCurlNeedsFullScreenAndCannotPresent() {
    let h = Harness()
    h.showRoot()
    h.make(.content, "B")
    try! h.controller("B").configurePresentation(
      modalPresentationStyle: .pageSheet, modalTransitionStyle: .partialCurl)
    let error = presentError(h, "B", on: "A")
    XCTAssertEqual(error?.code, .invalidArgument)
    XCTAssertEqual(
      error?.message,
      "Application tried to present UIModalTransitionStylePartialCurl to or from non-fullscreen view controller B."
    )
    try! h.controller("B").configurePresentation(modalPresentationStyle: .fullScreen)
    h.present("B", on: "A", animated: false)
    XCTAssertEqual(presentError(h, "C", on: "B")?.code, .invalidArgument)
  }

  func testPresentWhileATransitionRunsWaitsInTheQueue() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["X"])
    h.push("Nav", "Y")
    let ticket = h.present("B", on: "Y", style: .fullScreen)
    XCTAssertEqual(ticket?.position, 1)
    XCTAssertNil(h.controller("B").presentation)
    _ = h.events()
    h.advance(0.35)
    let flow = h.flow()
    let start = flow.firstIndex(of: "B.presentationTransitionWillBegin") ?? 0
    XCTAssertEqual(flow.firstIndex(of: "Y.viewDidAppear(true)").map { $0 < start }, true)
    XCTAssertEqual(
      Array(flow[start...]),
      [
        "B.presentationTransitionWillBegin", "B.viewDidLoad", "Nav.viewWillDisappear(true)",
        "Y.viewWillDisappear(true)", "B.viewWillAppear(true)",
      ])
    XCTAssertTrue(h.controller("B").presentingViewController === h.controller("Nav"))
  }

  func testPresentAndDismissQueueBehindEachOther() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", style: .fullScreen)
    h.run(.dismiss(controller: h.id("B"), animated: true, animator: nil))
    let third = h.present("C", on: "A", style: .overFullScreen)
    XCTAssertEqual(third?.position, 2)
    h.settle()
    XCTAssertNil(h.controller("B").presentation)
    XCTAssertTrue(h.controller("C").presentingViewController === h.controller("A"))
    XCTAssertEqual(
      h.flow().filter { $0.contains("Transition") },
      [
        "B.presentationTransitionWillBegin", "B.presentationTransitionDidEnd(true)",
        "B.dismissalTransitionWillBegin", "B.dismissalTransitionDidEnd(true)",
        "C.presentationTransitionWillBegin", "C.presentationTransitionDidEnd(true)",
      ])
  }

  func testPopoverLookInARegularWindow() {
    let h = Harness(metrics: Self.regular)
    h.showRoot()
    h.present("B", on: "A", style: .popover)
    let b = h.controller("B")
    XCTAssertEqual(h.window.transitions.first?.duration, 0.25)
    XCTAssertEqual(h.window.presentationState(of: b.view).alpha, 0)
    XCTAssertEqual(h.window.presentationState(of: b.view).transform.a, 0.9, accuracy: 1e-9)
    XCTAssertEqual(h.window.presentationState(of: b.presentation!.dimmingView!).alpha, 0)
    h.advance(0.25)
    XCTAssertEqual(b.presentation?.dimmingView?.alpha, 0.2)
    XCTAssertEqual(h.window.presentationState(of: b.view).transform, .identity)
    XCTAssertTrue(h.window.isIdle)
  }

  func testAFullQueueRefusesAPresentWithBusy() {
    let h = Harness(configuration: SessionConfiguration(operationQueueLimit: 1))
    h.showRoot()
    h.present("B", on: "A", style: .overFullScreen)
    h.make(.content, "C")
    h.run(.dismiss(controller: h.id("A"), animated: true, animator: nil))
    XCTAssertEqual(presentError(h, "C", on: "A")?.code, .busy)
  }

  // MARK: Looks

  func testCoverVerticalFramesOnTheManualClock() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", style: .fullScreen)
    let b = h.controller("B").view
    XCTAssertEqual(
      h.window.presentationState(of: b).frame, Rect(x: 0, y: 844, width: 390, height: 844))
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: b).frame.minY, 422, accuracy: 1e-6)
    h.advance(0.2)
    XCTAssertEqual(
      h.window.presentationState(of: b).frame, Rect(x: 0, y: 0, width: 390, height: 844))
    h.dismiss("B")
    XCTAssertEqual(h.window.presentationState(of: b).frame.minY, 0, accuracy: 1e-9)
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: b).frame.minY, 422, accuracy: 1e-6)
  }

  func testSheetCoversVerticallyIntoItsFrameWhileTheDimmingFades() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", style: .pageSheet)
    let b = h.controller("B").view
    let dimming = h.controller("B").presentation!.dimmingView!
    XCTAssertEqual(h.window.presentationState(of: b).frame.minY, 844)
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0)
    let step = h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: b).frame.minY, 57 + 787 / 2, accuracy: 1e-6)
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0.2, accuracy: 1e-6)
    XCTAssertTrue(step.frame?.views.contains { $0.view == dimming.id } ?? false)
    h.advance(0.2)
    XCTAssertEqual(
      h.window.presentationState(of: b).frame, Rect(x: 0, y: 57, width: 390, height: 787))
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0.4)
  }

  func testCrossDissolveAlphasOnTheManualClock() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", style: .fullScreen, transition: .crossDissolve)
    let a = h.controller("A").view
    let b = h.controller("B").view
    XCTAssertEqual(h.window.presentationState(of: a).alpha, 1)
    XCTAssertEqual(h.window.presentationState(of: b).alpha, 0)
    XCTAssertEqual(
      h.window.presentationState(of: b).frame, Rect(x: 0, y: 0, width: 390, height: 844))
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: a).alpha, 0.5, accuracy: 1e-6)
    XCTAssertEqual(h.window.presentationState(of: b).alpha, 0.5, accuracy: 1e-6)
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: b).alpha, 1)
    XCTAssertNil(a.superview)
    h.dismiss("B")
    XCTAssertEqual(h.window.presentationState(of: a).alpha, 0)
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: a).alpha, 0.5, accuracy: 1e-6)
    XCTAssertEqual(h.window.presentationState(of: b).alpha, 0.5, accuracy: 1e-6)
    h.advance(0.2)
    XCTAssertEqual(a.alpha, 1)
    XCTAssertEqual(b.alpha, 1, "the presented view keeps its model alpha for the next time")
  }

  func testFlipHorizontalTransformsOnTheManualClock() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", style: .fullScreen, transition: .flipHorizontal)
    let a = h.controller("A").view
    let b = h.controller("B").view
    XCTAssertEqual(h.window.presentationState(of: a).transform, .identity)
    XCTAssertEqual(h.window.presentationState(of: b).transform.a, 0)
    h.advance(0.1)
    XCTAssertEqual(h.window.presentationState(of: a).transform.a, 0.5, accuracy: 1e-6)
    XCTAssertEqual(h.window.presentationState(of: a).transform.d, 1, accuracy: 1e-9)
    XCTAssertEqual(h.window.presentationState(of: b).transform.a, 0)
    h.advance(0.1)
    XCTAssertEqual(h.window.presentationState(of: a).transform.a, 0, accuracy: 1e-9)
    XCTAssertEqual(h.window.presentationState(of: b).transform.a, 0, accuracy: 1e-9)
    h.advance(0.1)
    XCTAssertEqual(h.window.presentationState(of: b).transform.a, 0.5, accuracy: 1e-6)
    h.advance(0.1)
    XCTAssertEqual(h.window.presentationState(of: b).transform, .identity)
    XCTAssertTrue(h.window.isIdle)
  }

  func testPartialCurlCurlsThePresenterAway() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", style: .fullScreen, transition: .partialCurl)
    let a = h.controller("A").view
    XCTAssertEqual(
      h.window.view.subviews.map(\.id), [h.controller("B").view.id, a.id],
      "the presented view is revealed under the presenter's")
    h.advance(0.2)
    let halfway = h.window.presentationState(of: a).transform
    XCTAssertEqual(halfway.a, 0.95, accuracy: 1e-6)
    XCTAssertEqual(halfway.ty, -0.3 * 844, accuracy: 1e-6)
    h.advance(0.2)
    XCTAssertNil(a.superview, "full screen: the presenter's view leaves at the end")
    h.dismiss("B")
    let start = h.window.presentationState(of: a).transform
    XCTAssertEqual(start.a, 0.9, accuracy: 1e-9)
    XCTAssertEqual(start.ty, -0.6 * 844, accuracy: 1e-6)
    XCTAssertEqual(h.window.view.subviews.map(\.id), [h.controller("B").view.id, a.id])
  }

  func testAClientAnimatorReplacesTheLook() {
    let h = Harness()
    h.showRoot()
    h.make(.content, "B")
    h.run(
      .present(
        presenter: h.id("A"), controller: h.id("B"), animated: true,
        animator: .crossDissolve(duration: 1), adaptiveStyle: nil,
        options: PresentOptions(style: .fullScreen)))
    h.advance(0.5)
    XCTAssertEqual(
      h.window.presentationState(of: h.controller("B").view).alpha, 0.5, accuracy: 1e-6)
    XCTAssertFalse(h.window.isIdle)
    h.advance(0.5)
    XCTAssertTrue(h.window.isIdle)
  }

  // MARK: Adaptation

  func testClientAdaptiveStyles() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, adaptive: .fullScreen)
    XCTAssertEqual(h.controller("B").presentation?.style, .fullScreen)
    XCTAssertEqual(h.controller("B").view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview)
    h.dismiss("B", animated: false)
    // pageSheet is not an accepted adaptive style: the default applies.
    h.present("C", on: "A", animated: false, style: .formSheet, adaptive: .pageSheet)
    XCTAssertEqual(h.controller("C").presentation?.style, .formSheet)
    XCTAssertEqual(h.controller("C").presentation?.isCard, true)
    h.dismiss("C", animated: false)
    // none: no adaptation, the form sheet is centred and clipped.
    h.present(
      "D", on: "A", animated: false, style: .formSheet, adaptive: ModalPresentationStyle.none)
    XCTAssertEqual(h.controller("D").view.frame, Rect(x: 0, y: 122, width: 390, height: 600))
  }

  /// Sheets become full screen in a compact height; popovers over full
  /// screen (seed 002: the presenter stays).
  func testCompactHeightAdaptsSheetsAndPopoversToFullScreen() {
    for style in [ModalPresentationStyle.pageSheet, .formSheet, .popover] {
      let h = Harness(metrics: Self.landscape)
      h.showRoot()
      h.present("B", on: "A", animated: false, style: style)
      XCTAssertEqual(
        h.controller("B").presentation?.style, style == .popover ? .overFullScreen : .fullScreen,
        "\(style)")
      XCTAssertEqual(
        h.controller("A").viewIfLoaded?.superview == nil, style != .popover, "\(style)")
      XCTAssertEqual(
        h.controller("B").view.frame, Rect(x: 0, y: 0, width: 844, height: 390), "\(style)")
      XCTAssertNil(h.controller("B").presentation?.dimmingView, "\(style)")
    }
  }

  func testResizingAcrossSizeClassesReadaptsLivePresentations() throws {
    let h = Harness(metrics: Self.regular)
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .pageSheet)
    _ = h.events()
    let b = h.controller("B")
    try h.window.resize(WindowMetrics())
    XCTAssertEqual(h.adaptationFlow(), ["B.adapted(pageSheet)", "completion"])
    XCTAssertEqual(b.view.frame, Rect(x: 0, y: 57, width: 390, height: 787))
    XCTAssertEqual(b.presentation?.isCard, true)
    try h.window.resize(Self.landscape)
    XCTAssertEqual(
      h.adaptationFlow(),
      [
        "B.adapted(fullScreen)", "A.viewWillDisappear(false)", "A.viewDidDisappear(false)",
        "completion",
      ])
    XCTAssertEqual(b.view.frame, Rect(x: 0, y: 0, width: 844, height: 390))
    XCTAssertNil(h.controller("A").viewIfLoaded?.superview)
    XCTAssertNil(b.presentation?.dimmingView)
    try h.window.resize(Self.regular)
    XCTAssertEqual(
      h.adaptationFlow(),
      ["B.adapted(pageSheet)", "A.viewWillAppear(false)", "A.viewDidAppear(false)", "completion"])
    XCTAssertEqual(b.view.frame, Rect(x: 58, y: 34, width: 704, height: 1146))
    XCTAssertEqual(b.presentation?.dimmingView?.alpha, 0.4)
    XCTAssertEqual(
      h.window.view.subviews.map(\.id),
      [h.controller("A").view.id, b.presentation!.dimmingView!.id, b.view.id])
    // A resize within a size class only moves frames.
    try h.window.resize(
      WindowMetrics(
        size: Size(width: 1000, height: 1180), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        scale: 2, idiom: .pad))
    XCTAssertEqual(h.adaptationFlow(), ["completion"])
    XCTAssertEqual(b.view.frame, Rect(x: 148, y: 34, width: 704, height: 1146))
  }

  // MARK: Description and window changes

  func testHierarchyDescriptionShowsPresentations() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .formSheet)
    let lines = h.window.hierarchyDescription.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 3)
    XCTAssertTrue(lines[2].hasPrefix("   + "), lines[2])
    XCTAssertTrue(
      lines[2].contains(
        "presented by \(h.id("A")) as formSheet card, coverVertical"), lines[2])
    XCTAssertTrue(lines[2].contains("{{0, 57}, {390, 787}}") || lines[2].contains("57"), lines[2])
    let node = h.controller("A").node
    XCTAssertEqual(node.presented.first?.presentation?.presenting, h.id("A"))
    XCTAssertEqual(node.presented.first?.presentation?.style, .formSheet)
    XCTAssertEqual(
      node.presented.first?.presentation?.frame, Rect(x: 0, y: 57, width: 390, height: 787))
  }

  func testReplacingTheRootDismissesItsPresentations() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .fullScreen)
    h.make(.content, "R")
    _ = h.events()
    h.setRoot("R")
    XCTAssertEqual(
      Array(h.flow().prefix(4)),
      [
        "B.dismissalTransitionWillBegin", "B.viewWillDisappear(false)",
        "B.viewDidDisappear(false)", "B.dismissalTransitionDidEnd(true)",
      ])
    XCTAssertNil(h.controller("A").presentedViewController)
    XCTAssertEqual(h.window.view.subviews.map(\.id), [h.controller("R").view.id])
  }

  func testHidingTheWindowReachesPresentedControllers() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .fullScreen)
    _ = h.events()
    h.run(.setVisible(window: h.window.id, visible: false))
    XCTAssertEqual(
      h.flow(), ["B.viewWillDisappear(false)", "B.viewDidDisappear(false)", "completion"])
    h.run(.setVisible(window: h.window.id, visible: true))
    XCTAssertEqual(h.flow(), ["B.viewWillAppear(false)", "B.viewDidAppear(false)", "completion"])
  }

  func testAPresentedControllerIsInItsPresentersWindow() {
    let h = Harness()
    h.showRoot()
    h.present("B", on: "A", animated: false)
    XCTAssertTrue(h.controller("B").window === h.window)
    XCTAssertTrue(h.controller("B").isViewInWindow)
  }
}

extension Harness {
  /// A content controller `name` made the window's root; events discarded.
  func showRoot(_ name: String = "A") {
    make(.content, name)
    setRoot(name)
    _ = events()
  }

  /// Presents `presented` (created if needed, its styles set when given)
  /// on `presenter`.
  @discardableResult
  func present(
    _ presented: String, on presenter: String, animated: Bool = true,
    style: ModalPresentationStyle? = nil, transition: ModalTransitionStyle? = nil,
    adaptive: ModalPresentationStyle? = nil, file: StaticString = #filePath, line: UInt = #line
  ) -> OperationTicket? {
    if session.controller(identifier: presented) == nil { make(.content, presented) }
    try! controller(presented).configurePresentation(
      modalPresentationStyle: style, modalTransitionStyle: transition)
    return run(
      .present(
        presenter: id(presenter), controller: id(presented), animated: animated, animator: nil,
        adaptiveStyle: adaptive), file: file, line: line)
  }

  /// Sends `dismiss(animated:)` to `name`.
  func dismiss(_ name: String, animated: Bool = true) {
    run(.dismiss(controller: id(name), animated: animated, animator: nil))
  }

  /// `flow()` without the size-transition callbacks: what adaptation does.
  func adaptationFlow() -> [String] {
    flow().filter { !$0.contains("ransition(to") && !$0.contains("traitCollectionDidChange") }
  }

  /// Lifecycle and presentation events since the last read, rendered, with
  /// each operation completion as "completion".
  func flow() -> [String] {
    events().compactMap { event in
      if case .operation(_, .completed) = event.kind { return "completion" }
      guard event.category == .lifecycle || event.category == .presentation else { return nil }
      return session.describe(event)
    }
  }
}
