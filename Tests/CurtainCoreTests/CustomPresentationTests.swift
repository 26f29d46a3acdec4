import XCTest

@testable import CurtainCore

/// The `custom` presentation style described declaratively
/// (`CustomPresentation`, SEMANTICS §4): the frame, the dimming view and the
/// presenter-view removal rule a client gives, and their refusals.
final class CustomPresentationTests: XCTestCase {
  private let frame = Rect(x: 20, y: 100, width: 350, height: 400)

  @discardableResult
  private func present(
    _ h: Harness, _ custom: CustomPresentation?, style: ModalPresentationStyle = .custom,
    animated: Bool = true
  ) throws -> OperationTicket {
    if h.session.controller(identifier: "B") == nil { h.make(.content, "B") }
    return try h.session.submit(
      .present(
        presenter: h.id("A"), controller: h.id("B"), animated: animated, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: style, custom: custom)))
  }

  func testWithoutADescriptionCustomCoversTheContainerAndKeepsThePresenter() throws {
    let h = Harness()
    h.showRoot()
    try present(h, nil, animated: false)
    XCTAssertEqual(h.controller("B").view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertNil(h.controller("B").presentation?.dimmingView)
    XCTAssertTrue(h.controller("A").view.superview === h.window.view)
    XCTAssertEqual(h.controller("A").appearance, .appeared)
  }

  func testKeepingThePresenterViewItGetsNoCallbacksAndTheDimmingFades() throws {
    let h = Harness()
    h.showRoot()
    try present(h, CustomPresentation(frame: frame, dimmingAlpha: 0.5))
    let a = h.controller("A")
    let b = h.controller("B")
    XCTAssertEqual(
      h.flow(), ["B.presentationTransitionWillBegin", "B.viewDidLoad", "B.viewWillAppear(true)"])
    let dimming = try XCTUnwrap(b.presentation?.dimmingView)
    XCTAssertEqual(dimming.role, .dimming)
    XCTAssertEqual(dimming.frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(h.window.view.subviews.map(\.id), [a.view.id, dimming.id, b.view.id])
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0)
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0.25, accuracy: 1e-9)
    XCTAssertEqual(h.flow(), [])
    h.advance(0.2)
    XCTAssertEqual(
      h.flow(), ["B.presentationTransitionDidEnd(true)", "B.viewDidAppear(true)", "completion"])
    XCTAssertEqual(dimming.alpha, 0.5)
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0.5)
    XCTAssertEqual(b.view.frame, frame)
    XCTAssertEqual(h.window.presentationState(of: b.view).frame, frame)
    XCTAssertTrue(a.view.superview === h.window.view)
    XCTAssertEqual(a.appearance, .appeared)

    h.dismiss("B")
    XCTAssertEqual(h.flow(), ["B.dismissalTransitionWillBegin", "B.viewWillDisappear(true)"])
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0.5)
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0.25, accuracy: 1e-9)
    h.advance(0.2)
    XCTAssertEqual(
      h.flow(),
      ["B.dismissalTransitionDidEnd(true)", "B.viewDidDisappear(true)", "completion"])
    XCTAssertNil(dimming.superview)
    XCTAssertEqual(h.window.view.subviews.map(\.id), [a.view.id])
  }

  func testRemovingThePresenterViewGivesItDisappearanceAndBringsItBackOnDismiss() throws {
    let h = Harness()
    h.showRoot()
    try present(h, CustomPresentation(frame: frame, removesPresenterView: true))
    let a = h.controller("A")
    let b = h.controller("B")
    XCTAssertEqual(
      h.flow(),
      [
        "B.presentationTransitionWillBegin", "B.viewDidLoad", "A.viewWillDisappear(true)",
        "B.viewWillAppear(true)",
      ])
    XCTAssertNil(b.presentation?.dimmingView)
    XCTAssertTrue(a.view.superview === h.window.view, "the view leaves when the transition ends")
    h.advance(0.4)
    XCTAssertEqual(
      h.flow(),
      [
        "B.presentationTransitionDidEnd(true)", "B.viewDidAppear(true)",
        "A.viewDidDisappear(true)", "completion",
      ])
    XCTAssertNil(a.view.superview)
    XCTAssertEqual(h.window.view.subviews.map(\.id), [b.view.id])
    XCTAssertEqual(b.view.frame, frame)
    XCTAssertEqual(a.appearance, .disappeared)

    h.dismiss("B")
    XCTAssertEqual(
      h.flow(),
      ["B.dismissalTransitionWillBegin", "B.viewWillDisappear(true)", "A.viewWillAppear(true)"])
    XCTAssertEqual(h.window.view.subviews.map(\.id), [a.view.id, b.view.id])
    h.advance(0.4)
    XCTAssertEqual(
      h.flow(),
      [
        "B.dismissalTransitionDidEnd(true)", "A.viewDidAppear(true)",
        "B.viewDidDisappear(true)", "completion",
      ])
    XCTAssertEqual(h.window.view.subviews.map(\.id), [a.view.id])
    XCTAssertEqual(a.appearance, .appeared)
    XCTAssertEqual(a.view.frame, Rect(x: 0, y: 0, width: 390, height: 844))
  }

  func testACustomPresentationDoesNotAdaptInACompactWindow() throws {
    let h = Harness(metrics: PresentationTests.landscape)
    h.showRoot()
    try present(h, CustomPresentation(frame: frame, dimmingAlpha: 0.3), animated: false)
    let b = h.controller("B")
    XCTAssertEqual(b.presentation?.style, .custom)
    XCTAssertEqual(
      b.view.frame, Rect(x: 20, y: 100, width: 350, height: 290), "clipped to the 390 pt height")
    XCTAssertEqual(b.presentation?.custom?.frame, frame)
    XCTAssertEqual(b.presentation?.dimmingView?.alpha, 0.3)
  }

  /// Curtain's choice: the frame as described is kept; the presented view
  /// gets it clipped to the window, again at every resize, with the size
  /// transition (its own new size, its frame animating), and the whole
  /// frame back when the window grows again.
  func testACustomFrameIsClippedToTheWindowAndReevaluatedOnResize() throws {
    let h = Harness()
    h.showRoot()
    let bottom = Rect(x: 0, y: 600, width: 390, height: 244)
    try present(h, CustomPresentation(frame: bottom, dimmingAlpha: 0.3), animated: false)
    let b = h.controller("B")
    XCTAssertEqual(b.view.frame, bottom)
    _ = h.events()

    // Landscape: 844 × 390. The drawer's top 600 is below the window: moved
    // up as little as possible (to 146), then clipped to the window.
    try h.window.resize(SizeTransitionTests.landscape, animation: SizeTransitionAnimation())
    XCTAssertEqual(b.view.frame, Rect(x: 0, y: 146, width: 390, height: 244))
    XCTAssertEqual(
      h.flow().filter { $0.hasPrefix("B.viewWillTransition") },
      ["B.viewWillTransition(to: 390×244)"])
    XCTAssertEqual(b.presentation?.custom?.frame, bottom, "the description is kept")
    XCTAssertEqual(b.presentation?.dimmingView?.frame, Rect(x: 0, y: 0, width: 844, height: 390))
    let half = h.advance(0.2)
    let moving = half.frame?.views.first { $0.view == b.view.id }?.state.frame
    XCTAssertEqual(moving, Rect(x: 0, y: 373, width: 390, height: 244), "half-way along easeInOut")
    h.settle()
    XCTAssertTrue(h.window.isIdle)

    // A window that cuts through the frame clips it.
    try h.window.resize(WindowMetrics(size: Size(width: 300, height: 700)))
    XCTAssertEqual(b.view.frame, Rect(x: 0, y: 600, width: 300, height: 100))
    XCTAssertEqual(
      h.flow().filter { $0.hasPrefix("B.viewWillTransition") },
      ["B.viewWillTransition(to: 300×100)"])

    // Back to the portrait window: the whole frame again.
    try h.window.resize(WindowMetrics())
    XCTAssertEqual(b.view.frame, bottom)
    XCTAssertEqual(h.window.presentationState(of: b.view).frame, bottom)
    XCTAssertEqual(
      b.node.summary,
      "\(b.id) content @B \"B\", state: appeared, view: \(b.view.id) (0, 600, 390, 244), "
        + "presented by \(h.id("A")) as custom, coverVertical, custom frame (0, 600, 390, 244), "
        + "dimming 0.3, keeps presenter view")
  }

  func testAFrameOutsideTheWindowIsClippedWhenPresented() throws {
    let h = Harness()
    h.showRoot()
    try present(
      h, CustomPresentation(frame: Rect(x: 200, y: -50, width: 400, height: 300)), animated: false)
    XCTAssertEqual(h.controller("B").view.frame, Rect(x: 200, y: 0, width: 190, height: 250))
    XCTAssertEqual(
      h.controller("B").node.summary.components(separatedBy: "presented by").last,
      " \(h.id("A")) as custom, coverVertical, custom frame (200, -50, 400, 300), "
        + "keeps presenter view")
  }

  func testBadDescriptionsAreRefusedAndChangeNothing() throws {
    let h = Harness()
    h.showRoot()
    h.make(.content, "B")
    let revision = h.window.revision
    let cases: [(CustomPresentation, ModalPresentationStyle, String)] = [
      (CustomPresentation(), .overFullScreen, "applies only to custom presentations"),
      (CustomPresentation(removesPresenterView: true), .fullScreen, "applies only to custom"),
      (CustomPresentation(frame: Rect(x: 0, y: 0, width: 0, height: 10)), .custom, "positive"),
      (CustomPresentation(frame: Rect(x: 0, y: 0, width: -5, height: 10)), .custom, "positive"),
      (CustomPresentation(frame: Rect(x: .nan, y: 0, width: 5, height: 10)), .custom, "finite"),
      (
        CustomPresentation(frame: Rect(x: 0, y: 0, width: .infinity, height: 10)), .custom,
        "finite"
      ),
      (CustomPresentation(dimmingAlpha: 1.5), .custom, "between 0 and 1"),
      (CustomPresentation(dimmingAlpha: .nan), .custom, "between 0 and 1"),
    ]
    for (custom, style, message) in cases {
      XCTAssertThrowsError(try present(h, custom, style: style)) { error in
        let error = error as? CurtainError
        XCTAssertEqual(error?.code, .invalidArgument, "\(custom)")
        XCTAssertTrue(error?.message.contains(message) ?? false, "\(error?.message ?? "")")
      }
    }
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertNil(h.controller("A").presentedViewController)
    XCTAssertEqual(h.controller("B").modalPresentationStyle, .automatic)
  }
}
