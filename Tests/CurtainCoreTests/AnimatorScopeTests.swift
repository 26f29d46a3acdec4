import XCTest

@testable import CurtainCore

/// Where an animator applies (SEMANTICS §5, seed 001 lines 41-44 and 285):
/// presentations and dismissals take a custom animator only in the
/// fullScreen and custom styles; every other style keeps its built-in look,
/// and the operation says the animator was not used. A re-timing of the
/// built-in look (`--duration`, `--curve`) still applies to every style.
final class AnimatorScopeTests: XCTestCase {
  /// 0.6 s: the to-view reaches its final frame in the first third (0.2 s)
  /// while its alpha rises linearly from 0 to 1 over the whole duration.
  private let fade = AnimatorSpec(
    duration: 0.6,
    tracks: [
      TrackSpec(
        target: .toView, property: .frame, from: .offset(.finalFrame, dx: 0, dy: 300),
        to: .finalFrame, relativeDuration: 1.0 / 3),
      TrackSpec(
        target: .toView, property: .alpha, from: .scalar(0), to: .scalar(1), timing: .linear),
    ])

  /// Its mirror for dismissals: the from-view fades out linearly over 0.6 s.
  private let fadeOut = AnimatorSpec(
    duration: 0.6,
    tracks: [
      TrackSpec(
        target: .fromView, property: .alpha, from: .scalar(1), to: .scalar(0), timing: .linear)
    ])

  @discardableResult
  private func present(
    _ h: Harness, style: ModalPresentationStyle, animator: AnimatorSpec?,
    popover: PopoverSource? = nil
  ) throws -> OperationTicket {
    if h.session.controller(identifier: "B") == nil { h.make(.content, "B") }
    return try h.session.submit(
      .present(
        presenter: h.id("A"), controller: h.id("B"), animated: true, animator: animator,
        adaptiveStyle: nil, options: PresentOptions(style: style, popover: popover)))
  }

  private func dismiss(_ h: Harness, animator: AnimatorSpec?) throws -> OperationTicket {
    try h.session.submit(.dismiss(controller: h.id("B"), animated: true, animator: animator))
  }

  // MARK: Presentations

  func testAFormSheetGivenAnAnimatorKeepsItsCoverVerticalLook() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    let ticket = try present(h, style: .formSheet, animator: fade)
    XCTAssertTrue(ticket.animatorNotUsed)
    let b = h.controller("B")
    let final = b.view.frame
    let travel = 1180 - final.minY
    XCTAssertEqual(h.window.transitions.first?.duration, 0.4)
    XCTAssertEqual(
      h.window.presentationState(of: b.view).frame, final.offsetBy(dx: 0, dy: travel))
    XCTAssertEqual(h.window.presentationState(of: b.view).alpha, 1)
    h.advance(0.2)
    // easeInOut is half way at half the time; the alpha was never touched.
    let midway = h.window.presentationState(of: b.view).frame
    XCTAssertEqual(midway.minY, final.minY + travel / 2, accuracy: 1e-9)
    XCTAssertEqual(midway.size, final.size)
    XCTAssertEqual(h.window.presentationState(of: b.view).alpha, 1)
    let dimming = try XCTUnwrap(b.presentation?.dimmingView)
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0.2, accuracy: 1e-9)
    XCTAssertEqual(
      h.flow(), ["B.presentationTransitionWillBegin", "B.viewDidLoad", "B.viewWillAppear(true)"])
    h.advance(0.2)
    XCTAssertEqual(
      h.flow(), ["B.presentationTransitionDidEnd(true)", "B.viewDidAppear(true)", "completion"])
    XCTAssertEqual(h.window.presentationState(of: b.view).frame, final)
    XCTAssertTrue(h.window.transitions.isEmpty)
  }

  func testAFullScreenPresentationRunsTheAnimator() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    let ticket = try present(h, style: .fullScreen, animator: fade)
    XCTAssertFalse(ticket.animatorNotUsed)
    let b = h.controller("B")
    XCTAssertEqual(h.window.transitions.first?.duration, 0.6)
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: b.view).frame, b.view.frame)
    XCTAssertEqual(h.window.presentationState(of: b.view).alpha, 1.0 / 3, accuracy: 1e-9)
    h.advance(0.39)
    XCTAssertFalse(h.window.transitions.isEmpty)
    h.advance(0.01)
    XCTAssertTrue(h.window.transitions.isEmpty)
    XCTAssertEqual(h.window.presentationState(of: b.view).alpha, 1)
  }

  func testACustomPresentationRunsTheAnimator() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    let ticket = try present(h, style: .custom, animator: fade)
    XCTAssertFalse(ticket.animatorNotUsed)
    XCTAssertEqual(h.window.transitions.first?.duration, 0.6)
    h.advance(0.3)
    XCTAssertEqual(
      h.window.presentationState(of: h.controller("B").view).alpha, 0.5, accuracy: 1e-9)
  }

  func testEveryOtherStyleKeepsItsBuiltInLookAndSaysSo() throws {
    let cases: [(ModalPresentationStyle, duration: Double)] = [
      (.pageSheet, 0.4), (.formSheet, 0.4), (.popover, 0.25), (.overFullScreen, 0.4),
      (.currentContext, 0.4), (.overCurrentContext, 0.4), (.automatic, 0.4),
    ]
    for (style, duration) in cases {
      let h = Harness(metrics: PresentationTests.regular)
      h.showRoot()
      let ticket = try present(h, style: style, animator: fade)
      XCTAssertTrue(ticket.animatorNotUsed, "\(style)")
      XCTAssertEqual(h.window.transitions.first?.duration, duration, "\(style)")
      let b = h.controller("B")
      h.advance(duration)
      XCTAssertEqual(h.window.presentationState(of: b.view).alpha, 1, "\(style)")
      XCTAssertEqual(h.window.presentationState(of: b.view).frame, b.view.frame, "\(style)")
      let outcomes = h.session.takeOutcomes().filter { $0.operation == ticket.operation }
      XCTAssertEqual(outcomes.map(\.animatorNotUsed), [true, true], "\(style): start, completion")
    }
  }

  func testTheRequestedStyleDecidesEvenWhenItAdaptsToFullScreen() throws {
    // A form sheet in a window of compact height is shown full screen, but
    // it was asked for as a form sheet: the animator is not used.
    let h = Harness(metrics: PresentationTests.landscape)
    h.showRoot()
    let ticket = try present(h, style: .formSheet, animator: fade)
    XCTAssertEqual(h.controller("B").presentation?.style, .fullScreen)
    XCTAssertTrue(ticket.animatorNotUsed)
    XCTAssertEqual(h.window.transitions.first?.duration, 0.4)
  }

  func testARetimedBuiltInLookStillAppliesToASheet() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    let ticket = try present(h, style: .formSheet, animator: .builtIn(Retiming(duration: 1)))
    XCTAssertFalse(ticket.animatorNotUsed)
    XCTAssertEqual(h.window.transitions.first?.duration, 1)
    let b = h.controller("B")
    let travel = 1180 - b.view.frame.minY
    h.advance(0.5)
    XCTAssertEqual(
      h.window.presentationState(of: b.view).frame.minY, b.view.frame.minY + travel / 2,
      accuracy: 1e-9)
  }

  func testWithoutAnAnimatorNothingIsReported() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    XCTAssertFalse(try present(h, style: .formSheet, animator: nil).animatorNotUsed)
  }

  func testAQueuedPresentationReportsItWhenItStarts() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    h.make(.content, "C")
    try h.session.submit(
      .present(
        presenter: h.id("A"), controller: h.id("C"), animated: true, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .fullScreen)))
    try h.session.submit(.dismiss(controller: h.id("C"), animated: true, animator: nil))
    let queued = try present(h, style: .pageSheet, animator: fade)
    XCTAssertEqual(queued.position, 2)
    XCTAssertFalse(queued.animatorNotUsed, "not known before it starts")
    _ = h.session.takeOutcomes()
    h.advance(0.4)
    h.advance(0.4)
    let started = h.session.takeOutcomes().filter {
      $0.operation == queued.operation && $0.phase == .started
    }
    XCTAssertEqual(started.map(\.animatorNotUsed), [true])
  }

  // MARK: Dismissals

  func testDismissingASheetKeepsItsBuiltInLook() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    try present(h, style: .formSheet, animator: nil)
    h.advance(0.4)
    let b = h.controller("B")
    let final = b.view.frame
    let ticket = try dismiss(h, animator: fadeOut)
    XCTAssertTrue(ticket.animatorNotUsed)
    XCTAssertEqual(h.window.transitions.first?.duration, 0.4)
    h.advance(0.2)
    XCTAssertEqual(
      h.window.presentationState(of: b.view).frame.minY, final.minY + (1180 - final.minY) / 2,
      accuracy: 1e-9)
    XCTAssertEqual(h.window.presentationState(of: b.view).alpha, 1)
    h.advance(0.2)
    XCTAssertNil(b.presentation)
  }

  func testDismissingAFullScreenPresentationRunsTheAnimator() throws {
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    try present(h, style: .fullScreen, animator: nil)
    h.advance(0.4)
    let b = h.controller("B")
    let ticket = try dismiss(h, animator: fadeOut)
    XCTAssertFalse(ticket.animatorNotUsed)
    XCTAssertEqual(h.window.transitions.first?.duration, 0.6)
    h.advance(0.3)
    XCTAssertEqual(h.window.presentationState(of: b.view).alpha, 0.5, accuracy: 1e-9)
    XCTAssertEqual(h.window.presentationState(of: b.view).frame, b.view.frame)
  }

  func testADismissalFollowsTheStyleOfTheTopPresentation() throws {
    // A full-screen B presents a form sheet C: dismissing B takes C too, and
    // C (the top, the one that animates) keeps its built-in look.
    let h = Harness(metrics: PresentationTests.regular)
    h.showRoot()
    try present(h, style: .fullScreen, animator: nil)
    h.advance(0.4)
    h.make(.content, "C")
    try h.session.submit(
      .present(
        presenter: h.id("B"), controller: h.id("C"), animated: false, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .formSheet)))
    // Sent to A, the dismissal's target is B, with C above it.
    let ticket = try h.session.submit(
      .dismiss(controller: h.id("A"), animated: true, animator: fadeOut))
    XCTAssertTrue(ticket.animatorNotUsed)
    XCTAssertEqual(h.window.transitions.first?.duration, 0.4)
    h.advance(0.4)
    XCTAssertNil(h.controller("A").presentedViewController)
  }
}
