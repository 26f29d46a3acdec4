import XCTest

@testable import CurtainCore

/// Popovers, SEMANTICS §6 (placement) and §4 (adaptation): the placement
/// algorithm near each edge, with and without permitted directions, the
/// placement in the presentation record and its events, errors, and
/// adaptation as the window shrinks.
final class PopoverTests: XCTestCase {
  /// A 1024 × 768 pad without safe area: the placement area is
  /// (10, 10, 1004, 748).
  static let pad = WindowMetrics(
    size: Size(width: 1024, height: 768), safeAreaInsets: EdgeInsets(), scale: 2, idiom: .pad)
  static let bounds = Rect(x: 0, y: 0, width: 1024, height: 768)
  static let content = PopoverPlacement.defaultContentSize
  static let all = PopoverArrowDirections.any

  private func place(
    _ source: Rect, _ permitted: PopoverArrowDirections = all, content: Size = content
  ) -> PopoverPlacement {
    PopoverPlacement.place(content: content, source: source, permitted: permitted, in: Self.bounds)
  }

  // MARK: Placement (SEMANTICS §6)

  func testASourceNearTheTopGetsTheLargestRegionWithTiesKeepingTheEarlier() {
    // down has 10 pt; left and right both fit 349 × 496 (the arrow on the
    // width), up fits 336 × 509: left wins, being earlier than right.
    let placement = place(Rect(x: 500, y: 20, width: 40, height: 30))
    XCTAssertEqual(placement.arrowDirection, .left)
    XCTAssertEqual(placement.frame, Rect(x: 540, y: 10, width: 349, height: 496))
    XCTAssertEqual(placement.contentFrame, Rect(x: 561, y: 18, width: 320, height: 480))
    XCTAssertEqual(placement.arrowOffset, -223)
    // Only up and down permitted: below it, centred on the source.
    let vertical = place(Rect(x: 500, y: 20, width: 40, height: 30), [.up, .down])
    XCTAssertEqual(vertical.arrowDirection, .up)
    XCTAssertEqual(vertical.frame, Rect(x: 352, y: 50, width: 336, height: 509))
    XCTAssertEqual(vertical.contentFrame, Rect(x: 360, y: 71, width: 320, height: 480))
    XCTAssertEqual(vertical.arrowOffset, 0)
  }

  func testASourceAcrossTheBottomGetsTheArrowDown() {
    let placement = place(Rect(x: 0, y: 700, width: 1024, height: 44))
    XCTAssertEqual(placement.arrowDirection, .down)
    XCTAssertEqual(placement.frame, Rect(x: 344, y: 191, width: 336, height: 509))
    XCTAssertEqual(placement.contentFrame, Rect(x: 352, y: 199, width: 320, height: 480))
    XCTAssertEqual(placement.arrowOffset, 0)
  }

  func testSourcesNearTheLeftAndRightEdges() {
    let left = place(Rect(x: 0, y: 300, width: 30, height: 40))
    XCTAssertEqual(left.arrowDirection, .left)
    XCTAssertEqual(left.frame, Rect(x: 30, y: 72, width: 349, height: 496))
    XCTAssertEqual(left.contentFrame, Rect(x: 51, y: 80, width: 320, height: 480))
    let right = place(Rect(x: 1000, y: 300, width: 24, height: 40))
    XCTAssertEqual(right.arrowDirection, .right)
    XCTAssertEqual(right.frame, Rect(x: 651, y: 72, width: 349, height: 496))
    XCTAssertEqual(right.contentFrame, Rect(x: 659, y: 80, width: 320, height: 480))
    XCTAssertEqual(right.arrowOffset, 0)
  }

  func testTheWinnerIsShiftedInsideItsRegionAndTheArrowFollowsTheSource() {
    let placement = place(Rect(x: 0, y: 0, width: 40, height: 40), [.up])
    XCTAssertEqual(placement.frame, Rect(x: 10, y: 40, width: 336, height: 509))
    XCTAssertEqual(placement.arrowOffset, -158)
    // Near the right edge the offset is positive.
    let right = place(Rect(x: 984, y: 0, width: 40, height: 40), [.up])
    XCTAssertEqual(right.frame, Rect(x: 678, y: 40, width: 336, height: 509))
    XCTAssertEqual(right.arrowOffset, 158)
  }

  func testACandidateLargerThanItsRegionIsClipped() {
    let placement = place(
      Rect(x: 500, y: 380, width: 24, height: 8), [.down],
      content: Size(width: 600, height: 900))
    XCTAssertEqual(placement.frame, Rect(x: 204, y: 10, width: 616, height: 370))
    XCTAssertEqual(placement.contentFrame, Rect(x: 212, y: 18, width: 600, height: 341))
  }

  func testNoPermittedDirectionCentresOnTheSourceWithoutAnArrow() {
    let placement = place(Rect(x: 500, y: 20, width: 40, height: 30), [])
    XCTAssertNil(placement.arrowDirection)
    XCTAssertEqual(placement.frame, Rect(x: 352, y: 10, width: 336, height: 496))
    XCTAssertEqual(placement.contentFrame, Rect(x: 360, y: 18, width: 320, height: 480))
    XCTAssertEqual(placement.arrowOffset, 0)
    // A source that leaves no room on any side: centred too.
    let covering = place(Self.bounds)
    XCTAssertNil(covering.arrowDirection)
    XCTAssertEqual(covering.frame, Rect(x: 344, y: 136, width: 336, height: 496))
  }

  // MARK: Presenting

  func testAPresentedPopoverPointsAtItsSourceView() throws {
    let h = Harness(metrics: Self.pad)
    h.showButtonRoot()
    h.presentPopover(on: "Box", source: PopoverSource(view: h.controller("Button").view.id))
    let pop = h.controller("Pop")
    let placement = try XCTUnwrap(pop.presentation?.popoverPlacement)
    XCTAssertEqual(placement.arrowDirection, .left)
    XCTAssertEqual(placement.arrowOffset, -223)
    XCTAssertEqual(pop.view.frame, Rect(x: 561, y: 18, width: 320, height: 480))
    XCTAssertEqual(
      h.flow(),
      [
        "Pop.presentationTransitionWillBegin", "Pop.viewDidLoad", "Pop.viewWillAppear(true)",
        "Pop.popoverPlaced(arrow left -223 (540, 10, 349, 496))",
      ])
    h.advance(0.25)
    XCTAssertEqual(
      h.flow(),
      ["Pop.presentationTransitionDidEnd(true)", "Pop.viewDidAppear(true)", "completion"])
    XCTAssertEqual(h.window.node.presented(pop.id)?.popoverPlacement, placement)
    XCTAssertTrue(
      h.window.hierarchyDescription.contains("arrow left -223 (540, 10, 349, 496)"),
      h.window.hierarchyDescription)
  }

  func testWithoutASourceViewThePopoverPointsAtTheReceiversView() throws {
    let h = Harness(metrics: Self.pad)
    h.showButtonRoot()
    // Sent to Button: presented by the root, pointing at Button's view.
    h.presentPopover(on: "Button", source: nil, animated: false)
    let placement = try XCTUnwrap(h.controller("Pop").presentation?.popoverPlacement)
    XCTAssertTrue(h.controller("Pop").presentingViewController === h.controller("Box"))
    XCTAssertEqual(placement.frame, Rect(x: 540, y: 10, width: 349, height: 496))
  }

  func testASourceRectIsInTheSourceViewsCoordinates() throws {
    let h = Harness(metrics: Self.pad)
    h.showButtonRoot()
    // The button is at (500, 20): its rect (0, 680, 40, 30) is at y = 700.
    h.presentPopover(
      on: "Box",
      source: PopoverSource(
        view: h.controller("Button").view.id, rect: Rect(x: 0, y: 680, width: 40, height: 30),
        permittedArrowDirections: [.down, .up]), animated: false)
    let placement = try XCTUnwrap(h.controller("Pop").presentation?.popoverPlacement)
    XCTAssertEqual(placement.arrowDirection, .down)
    XCTAssertEqual(placement.frame, Rect(x: 352, y: 191, width: 336, height: 509))
  }

  func testErrorsChangeNothing() throws {
    let h = Harness(metrics: Self.pad)
    h.showButtonRoot()
    let other = try h.session.makeWindow()
    let elsewhere = try h.session.makeController(kind: .content, identifier: "Elsewhere")
    try h.session.submit(.setRoot(window: other.id, controller: elsewhere.id))
    let button = h.controller("Button").view.id
    let cases: [(PresentOptions, ErrorCode)] = [
      (
        PresentOptions(style: .popover, popover: PopoverSource(view: elsewhere.view.id)),
        .notInWindow
      ),
      (PresentOptions(style: .popover, popover: PopoverSource(view: ViewID(99_999))), .notFound),
      (
        PresentOptions(
          style: .popover,
          popover: PopoverSource(view: button, rect: Rect(x: .nan, y: 0, width: 1, height: 1))),
        .invalidArgument
      ),
      (
        PresentOptions(
          style: .popover,
          popover: PopoverSource(view: button, rect: Rect(x: 0, y: 0, width: -1, height: 1))),
        .invalidArgument
      ),
      (
        PresentOptions(
          style: .popover,
          popover: PopoverSource(
            view: button, permittedArrowDirections: PopoverArrowDirections(rawValue: 16))),
        .invalidArgument
      ),
      (PresentOptions(style: .formSheet, popover: PopoverSource(view: button)), .invalidArgument),
    ]
    for (options, code) in cases {
      XCTAssertThrowsError(
        try h.session.submit(
          .present(
            presenter: h.id("Box"), controller: h.id("Pop"), animated: true, animator: nil,
            adaptiveStyle: nil, options: options)), "\(options)"
      ) { error in
        XCTAssertEqual((error as? CurtainError)?.code, code, "\(options)")
      }
    }
    XCTAssertNil(h.controller("Pop").presentation)
    XCTAssertNil(h.controller("Box").presentedViewController)
    XCTAssertEqual(h.events().count, 0)
  }

  func testInACompactWindowThePopoverIsOverFullScreenWithoutPlacement() {
    let h = Harness()
    h.showRoot()
    h.make(.content, "Pop")
    h.presentPopover(on: "A", source: nil, animated: false)
    let presentation = h.controller("Pop").presentation
    XCTAssertEqual(presentation?.style, .overFullScreen, "seed 002")
    XCTAssertNil(presentation?.popoverPlacement)
    XCTAssertNil(presentation?.dimmingView)
    XCTAssertEqual(h.controller("Pop").view.frame, h.window.bounds)
    XCTAssertTrue(h.controller("A").view.superview === h.window.view, "the presenter stays")
  }

  // MARK: Resizing and adaptation

  func testAResizeWithinTheSizeClassPlacesThePopoverAgain() throws {
    let h = Harness(metrics: Self.pad)
    h.showNavigation("Nav", stack: ["One"])
    let bar = try XCTUnwrap(h.nav("Nav").navigationBar)
    h.make(.content, "Pop")
    h.presentPopover(on: "One", source: PopoverSource(view: bar.id), animated: false)
    let pop = h.controller("Pop")
    XCTAssertEqual(pop.view.frame, Rect(x: 352, y: 71, width: 320, height: 480))
    _ = h.events()
    var wider = Self.pad
    wider.size.width = 1100
    try h.window.resize(wider, animation: SizeTransitionAnimation())
    XCTAssertEqual(
      h.flow(),
      [
        "Nav.viewWillTransition(to: 1100×768)", "One.viewWillTransition(to: 1100×768)",
        "Pop.viewWillTransition(to: 320×480)",
        "Pop.popoverPlaced(arrow up +0 (382, 50, 336, 509))",
      ])
    h.advance(0.2)
    XCTAssertEqual(
      h.window.presentationState(of: pop.view).frame,
      Rect(x: 371, y: 71, width: 320, height: 480))
    h.advance(0.2)
    XCTAssertEqual(pop.view.frame, Rect(x: 390, y: 71, width: 320, height: 480))
  }

  /// SEMANTICS §4, seed 002: in a compact environment a popover adapts to
  /// overFullScreen: the presented view fills the window, the popover's
  /// dimming view and arrow go, the presenter stays; regular again, it is a
  /// placed popover.
  func testAPopoverBecomesOverFullScreenAsTheWindowShrinks() throws {
    let h = Harness(metrics: Self.pad)
    h.showButtonRoot()
    let pop = h.controller("Pop")
    h.presentPopover(
      on: "Box", source: PopoverSource(view: h.controller("Button").view.id), animated: false)
    let dimming = try XCTUnwrap(pop.presentation?.dimmingView)
    XCTAssertEqual(dimming.alpha, 0.2)
    _ = h.events()

    // Compact width: over full screen, without placement or dimming.
    var narrow = Self.pad
    narrow.size.width = 500
    try h.window.resize(narrow, animation: SizeTransitionAnimation())
    XCTAssertEqual(h.adaptationFlow(), ["Pop.adapted(overFullScreen)"], "the presenter stays")
    XCTAssertNil(pop.presentation?.popoverPlacement)
    XCTAssertEqual(pop.presentation?.isCard, false)
    XCTAssertNil(pop.presentation?.dimmingView)
    XCTAssertEqual(pop.view.frame, Rect(x: 0, y: 0, width: 500, height: 768))
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0.1, accuracy: 1e-12)
    XCTAssertEqual(
      h.window.presentationState(of: pop.view).frame,
      Rect(x: 280.5, y: 9, width: 410, height: 624))
    h.advance(0.2)
    XCTAssertEqual(h.adaptationFlow(), ["completion"])
    XCTAssertNil(dimming.superview, "the popover's dimming view is gone")
    XCTAssertTrue(h.controller("Box").view.superview === h.window.view)

    // Compact height too: still over full screen, nothing changes.
    var small = narrow
    small.size.height = 400
    try h.window.resize(small, animation: SizeTransitionAnimation())
    h.advance(0.4)
    XCTAssertEqual(h.adaptationFlow(), ["completion"])
    XCTAssertEqual(pop.view.frame, Rect(x: 0, y: 0, width: 500, height: 400))
    XCTAssertEqual(h.controller("Box").appearance, .appeared)

    // Back to regular: the popover again, next to its source, dimmed.
    try h.window.resize(Self.pad, animation: SizeTransitionAnimation())
    XCTAssertEqual(
      h.adaptationFlow(),
      ["Pop.adapted(popover)", "Pop.popoverPlaced(arrow left -223 (540, 10, 349, 496))"])
    h.advance(0.4)
    XCTAssertEqual(h.adaptationFlow(), ["completion"])
    XCTAssertEqual(pop.view.frame, Rect(x: 561, y: 18, width: 320, height: 480))
    XCTAssertEqual(pop.presentation?.dimmingView?.alpha, 0.2)
  }

  /// A client's adaptive style still wins: formSheet makes the compact
  /// popover the card, with the sheet's dimming.
  func testAPopoverWithAFormSheetAdaptiveStyleBecomesTheCard() throws {
    let h = Harness()
    h.showRoot()
    h.make(.content, "Pop")
    h.run(
      .present(
        presenter: h.id("A"), controller: h.id("Pop"), animated: false, animator: nil,
        adaptiveStyle: .formSheet, options: PresentOptions(style: .popover)))
    let presentation = try XCTUnwrap(h.controller("Pop").presentation)
    XCTAssertEqual(presentation.style, .formSheet)
    XCTAssertTrue(presentation.isCard)
    XCTAssertEqual(presentation.dimmingView?.alpha, 0.4)
    XCTAssertEqual(h.controller("Pop").view.frame, Rect(x: 0, y: 57, width: 390, height: 787))
  }
}

extension Harness {
  /// A pad-style root: a custom container `Box` with a 40 × 30 child
  /// `Button` at (500, 20); a loose content controller `Pop`. Events
  /// discarded.
  func showButtonRoot() {
    make(.container, "Box")
    make(.content, "Button")
    make(.content, "Pop")
    run(
      .addChild(
        parent: id("Box"), child: id("Button"), frame: Rect(x: 500, y: 20, width: 40, height: 30)))
    setRoot("Box")
    _ = events()
  }
}

extension Harness {
  /// Presents `Pop` as a popover on `presenter`, pointing at `source`.
  func presentPopover(on presenter: String, source: PopoverSource?, animated: Bool = true) {
    run(
      .present(
        presenter: id(presenter), controller: id("Pop"), animated: animated, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .popover, popover: source)))
  }
}

extension WindowNode {
  /// The presentation node of the presented controller `id`, if it is in
  /// this tree.
  func presented(_ id: ControllerID) -> PresentationNode? {
    root?.presentation(of: id)
  }
}

extension ControllerNode {
  fileprivate func presentation(of controller: ControllerID) -> PresentationNode? {
    if id == controller { return presentation }
    for node in children + presented {
      if let found = node.presentation(of: controller) { return found }
    }
    return nil
  }
}
