import XCTest

@testable import CurtainCore

/// Size transitions, SEMANTICS §5 "Coordinator" and §4 "Adaptation": the
/// order of the callbacks over the whole tree, each controller's own size,
/// frames mid-animation, the coordinator, the queue, and re-adaptation.
final class SizeTransitionTests: XCTestCase {
  /// A phone in landscape: regular width, compact height.
  static let landscape = WindowMetrics(
    size: Size(width: 844, height: 390), safeAreaInsets: EdgeInsets(top: 0, bottom: 21))
  /// A regular × regular pad window.
  static let pad = WindowMetrics(
    size: Size(width: 820, height: 1180), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
    scale: 2, idiom: .pad)

  // MARK: Order of events

  func testAnimatedResizeWithATraitChangeRunsUIKitsOrder() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One", "Two"])
    try h.window.resize(Self.landscape, animation: SizeTransitionAnimation())
    let transition = try XCTUnwrap(h.window.transitions.first)
    XCTAssertEqual(transition.kind, .sizeTransition)
    XCTAssertEqual(transition.duration, 0.4)
    XCTAssertEqual(
      h.rendered(),
      [
        "started", "window.resized(844×390)",
        "Nav.willTransition(to: regular×compact @3x phone)",
        "Two.willTransition(to: regular×compact @3x phone)",
        "Nav.viewWillTransition(to: 844×390)", "Two.viewWillTransition(to: 844×390)",
        "Nav.traitCollectionDidChange(compact×regular @3x phone)",
        "Two.traitCollectionDidChange(compact×regular @3x phone)",
        "\(transition.id).began(sizeTransition, 390×844 → 844×390, "
          + "compact×regular @3x phone → regular×compact @3x phone, "
          + "animated: true, interactive: false)",
      ])
    // The model is already at the new layout.
    XCTAssertEqual(h.controller("Two").view.frame, Rect(x: 0, y: 0, width: 844, height: 390))
    XCTAssertEqual(h.window.traitCollection.verticalSizeClass, .compact)
    h.advance(0.39)
    XCTAssertEqual(h.rendered(), [])
    h.advance(0.01)
    XCTAssertEqual(h.rendered(), ["\(transition.id).ended(cancelled: false)", "completed"])
    XCTAssertTrue(h.window.isIdle)
  }

  func testFramesMoveAlongTheCurveMidAnimation() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One", "Two"])
    try h.window.resize(Self.landscape, animation: SizeTransitionAnimation())
    let nav = h.nav("Nav")
    let two = h.controller("Two")
    // easeInOut is at exactly half-way at half the duration.
    let step = h.advance(0.2)
    let frames = Dictionary(
      uniqueKeysWithValues: (step.frame?.views ?? []).map { ($0.view, $0.state.frame) })
    XCTAssertEqual(frames[h.window.view.id], Rect(x: 0, y: 0, width: 617, height: 617))
    XCTAssertEqual(frames[nav.view.id], Rect(x: 0, y: 0, width: 617, height: 617))
    XCTAssertEqual(frames[nav.navigationBar!.id], Rect(x: 0, y: 23.5, width: 617, height: 44))
    XCTAssertEqual(frames[two.view.id], Rect(x: 0, y: 0, width: 617, height: 617))
    XCTAssertEqual(step.frame?.transitions.first?.percentComplete ?? 0, 0.5, accuracy: 1e-12)
    // One, below the top, is not in the window: it does not move.
    XCTAssertNil(frames[h.controller("One").view.id])
    // A quarter of the way in time is less than a quarter of the way along
    // easeInOut.
    let h2 = Harness()
    h2.showNavigation("Nav", stack: ["One"])
    try h2.window.resize(Self.landscape, animation: SizeTransitionAnimation(timing: .linear))
    h2.advance(0.1)
    XCTAssertEqual(
      h2.window.presentationState(of: h2.controller("One").view).frame,
      Rect(x: 0, y: 0, width: 390 + 113.5, height: 844 - 113.5))
    h2.advance(0.3)
    XCTAssertEqual(
      h2.window.presentationState(of: h2.controller("One").view).frame,
      Rect(x: 0, y: 0, width: 844, height: 390))
  }

  func testAResizeWithinTheSizeClassesSendsOnlySizes() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One"])
    try h.window.resize(
      WindowMetrics(size: Size(width: 400, height: 860)), animation: SizeTransitionAnimation())
    let events = h.events()
    XCTAssertEqual(
      events.filter { $0.category == .lifecycle }.map { h.session.describe($0) },
      ["Nav.viewWillTransition(to: 400×860)", "One.viewWillTransition(to: 400×860)"])
    // The transition says what changed: the size; the traits once, as they
    // stay.
    let began = events.compactMap { event -> String? in
      guard case .transition(let id, .began(let info)) = event.kind else { return nil }
      XCTAssertEqual(id, h.window.transitions.first?.id)
      XCTAssertEqual(
        info.sizeChange,
        SizeChange(
          oldSize: Size(width: 390, height: 844), newSize: Size(width: 400, height: 860),
          oldTraits: h.window.traitCollection, newTraits: h.window.traitCollection))
      return h.session.describe(event)
    }
    let id = try XCTUnwrap(h.window.transitions.first?.id)
    XCTAssertEqual(
      began,
      [
        "\(id).began(sizeTransition, 390×844 → 400×860, compact×regular @3x phone, "
          + "animated: true, interactive: false)"
      ])
  }

  func testAScaleChangeChangesTheTraitsButNotTheSizes() throws {
    let h = Harness()
    h.showRoot()
    try h.window.resize(WindowMetrics(scale: 2), animation: SizeTransitionAnimation())
    XCTAssertEqual(
      h.lifecycle(),
      [
        "A.willTransition(to: compact×regular @2x phone)", "A.viewWillTransition(to: 390×844)",
        "A.traitCollectionDidChange(compact×regular @3x phone)",
      ])
    // Nothing moves, so the transition has no tracks but still runs.
    XCTAssertEqual(h.window.transitions.count, 1)
    XCTAssertNil(h.advance(0.1).frame?.views.first)
  }

  func testResizingToTheSameMetricsDoesNothing() throws {
    let h = Harness()
    h.showRoot()
    let ticket = try h.window.resize(WindowMetrics(), animation: SizeTransitionAnimation())
    XCTAssertTrue(ticket.isCompleted)
    XCTAssertEqual(h.rendered(), ["started", "completed"])
  }

  // MARK: Who is told, with which size

  func testEachControllerIsToldOnceWithItsOwnSize() throws {
    let h = Harness()
    h.make(.container, "Box")
    h.make(.navigation, "Nav")
    h.make(.content, "Top")
    h.make(.content, "Fixed")
    h.make(.tabBar, "Tabs")
    h.make(.content, "T1")
    h.make(.content, "T2")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("Top")], animated: false, animator: nil))
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("T1"), h.id("T2")]))
    h.run(.addChild(parent: h.id("Box"), child: h.id("Nav"), frame: nil))
    h.run(
      .addChild(
        parent: h.id("Box"), child: h.id("Fixed"),
        frame: Rect(x: 10, y: 10, width: 100, height: 50)))
    h.run(.addChild(parent: h.id("Box"), child: h.id("Tabs"), frame: nil))
    h.setRoot("Box")
    _ = h.events()
    try h.window.resize(Self.landscape)
    // The root first, then depth first the children on screen (not the
    // unselected tab T2), each controller once, with its own size.
    XCTAssertEqual(
      h.lifecycle().filter { $0.contains("viewWillTransition") },
      [
        "Box.viewWillTransition(to: 844×390)", "Nav.viewWillTransition(to: 844×390)",
        "Top.viewWillTransition(to: 844×390)", "Fixed.viewWillTransition(to: 100×50)",
        "Tabs.viewWillTransition(to: 844×390)", "T1.viewWillTransition(to: 844×390)",
      ])
  }

  func testPresentedControllersAreToldAfterTheirPresentersTree() throws {
    let h = Harness(metrics: Self.pad)
    h.showNavigation("Nav", stack: ["One"])
    h.present("Sheet", on: "One", animated: false, style: .formSheet)
    try! h.controller("Sheet").configurePresentation(
      preferredContentSize: Size(width: 500, height: 400))
    h.present("Over", on: "Sheet", animated: false, style: .overFullScreen)
    _ = h.events()
    try h.window.resize(
      WindowMetrics(
        size: Size(width: 1180, height: 820), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        scale: 2, idiom: .pad), animation: SizeTransitionAnimation())
    XCTAssertEqual(
      h.lifecycle(),
      [
        "Nav.viewWillTransition(to: 1180×820)", "One.viewWillTransition(to: 1180×820)",
        "Sheet.viewWillTransition(to: 500×400)", "Over.viewWillTransition(to: 1180×820)",
      ])
    XCTAssertEqual(h.controller("Sheet").view.frame, Rect(x: 340, y: 210, width: 500, height: 400))
  }

  func testControllersWhoseViewsAPresentationTookOutGetTheirNewSize() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One"])
    h.present("Full", on: "One", animated: false, style: .fullScreen)
    _ = h.events()
    try h.window.resize(Self.landscape)
    XCTAssertEqual(
      h.lifecycle().filter { $0.contains("viewWillTransition") },
      [
        "Nav.viewWillTransition(to: 844×390)", "One.viewWillTransition(to: 844×390)",
        "Full.viewWillTransition(to: 844×390)",
      ])
    h.dismiss("Full", animated: false)
    XCTAssertEqual(h.nav("Nav").view.frame, Rect(x: 0, y: 0, width: 844, height: 390))

    // Over the current context of a navigation controller inside a tab.
    let pad = Harness(metrics: Self.pad)
    pad.make(.tabBar, "Tabs")
    pad.make(.navigation, "Nav")
    pad.make(.content, "One")
    pad.make(.content, "Two")
    pad.run(
      .setViewControllers(
        navigation: pad.id("Nav"), controllers: [pad.id("One")], animated: false, animator: nil))
    pad.run(.setTabs(tabBar: pad.id("Tabs"), controllers: [pad.id("Nav"), pad.id("Two")]))
    pad.setRoot("Tabs")
    pad.present("Ctx", on: "One", animated: false, style: .currentContext)
    XCTAssertNil(pad.nav("Nav").view.superview)
    _ = pad.events()
    try pad.window.resize(
      WindowMetrics(
        size: Size(width: 1180, height: 820), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
        scale: 2, idiom: .pad))
    // (Taken out by the presentation, the navigation controller's view
    // keeps its place: its bar stays below the 24-point safe area.)
    XCTAssertEqual(
      pad.lifecycle().filter { $0.contains("viewWillTransition") },
      [
        "Tabs.viewWillTransition(to: 1180×820)", "Nav.viewWillTransition(to: 1180×820)",
        "One.viewWillTransition(to: 1180×820)", "Ctx.viewWillTransition(to: 1180×820)",
      ])
    XCTAssertEqual(pad.nav("Nav").navigationBar?.frame, Rect(x: 0, y: 24, width: 1180, height: 50))
    XCTAssertEqual(
      pad.controller("Ctx").view.frame, Rect(x: 0, y: 0, width: 1180, height: 820))
  }

  // MARK: Re-adaptation

  func testCrossingASizeClassReadaptsWithTheSizeTransition() throws {
    let h = Harness(metrics: Self.pad)
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .pageSheet)
    _ = h.events()
    let a = h.controller("A")
    let b = h.controller("B")
    let dimming = try XCTUnwrap(b.presentation?.dimmingView)
    try h.window.resize(Self.landscape, animation: SizeTransitionAnimation())
    XCTAssertEqual(
      h.flow(),
      [
        "A.willTransition(to: regular×compact @3x phone)",
        "B.willTransition(to: regular×compact @3x phone)", "A.viewWillTransition(to: 844×390)",
        "B.viewWillTransition(to: 844×390)", "B.adapted(fullScreen)", "A.viewWillDisappear(true)",
        "A.traitCollectionDidChange(regular×regular @2x pad)",
        "B.traitCollectionDidChange(regular×regular @2x pad)",
      ])
    h.advance(0.2)
    XCTAssertEqual(
      h.window.presentationState(of: b.view).frame, Rect(x: 29, y: 17, width: 774, height: 768))
    XCTAssertEqual(h.window.presentationState(of: dimming).alpha, 0.2, accuracy: 1e-12)
    XCTAssertTrue(a.view.superview === h.window.view, "the presenter stays until the end")
    h.advance(0.2)
    XCTAssertEqual(h.flow(), ["A.viewDidDisappear(true)", "completion"])
    XCTAssertNil(a.view.superview)
    XCTAssertNil(dimming.superview)
    XCTAssertNil(b.presentation?.dimmingView)
    XCTAssertEqual(b.view.frame, Rect(x: 0, y: 0, width: 844, height: 390))

    // Back: the presenter's view returns at once, under the sheet, and
    // appears; a new dimming view fades in.
    try h.window.resize(Self.pad, animation: SizeTransitionAnimation())
    XCTAssertEqual(
      h.adaptationFlow(), ["B.adapted(pageSheet)", "A.viewWillAppear(true)"])
    let newDimming = try XCTUnwrap(b.presentation?.dimmingView)
    XCTAssertEqual(h.window.view.subviews.map(\.id), [a.view.id, newDimming.id, b.view.id])
    h.advance(0.2)
    XCTAssertEqual(h.window.presentationState(of: newDimming).alpha, 0.2, accuracy: 1e-12)
    h.advance(0.2)
    XCTAssertEqual(h.adaptationFlow(), ["A.viewDidAppear(true)", "completion"])
    XCTAssertEqual(newDimming.alpha, 0.4)
    XCTAssertEqual(b.view.frame, Rect(x: 58, y: 34, width: 704, height: 1146))
    XCTAssertEqual(a.appearance, .appeared)
  }

  func testAChainOfFullScreenAdaptationsComesBackInOrder() throws {
    let h = Harness(metrics: Self.landscape)
    h.showRoot()
    h.present("B", on: "A", animated: false, style: .formSheet)
    h.present("C", on: "B", animated: false, style: .formSheet)
    let (a, b, c) = (h.controller("A"), h.controller("B"), h.controller("C"))
    XCTAssertEqual(h.window.view.subviews.map(\.id), [c.view.id])
    _ = h.events()
    try h.window.resize(Self.pad)
    XCTAssertEqual(
      h.adaptationFlow(),
      [
        "B.adapted(formSheet)", "A.viewWillAppear(false)", "C.adapted(formSheet)",
        "B.viewWillAppear(false)", "A.viewDidAppear(false)", "B.viewDidAppear(false)",
        "completion",
      ])
    // Each presenter below its presentation's dimming view and the rest of
    // the chain.
    XCTAssertEqual(
      h.window.view.subviews.map(\.id),
      [
        a.view.id, b.presentation!.dimmingView!.id, b.view.id, c.presentation!.dimmingView!.id,
        c.view.id,
      ])
  }

  // MARK: The coordinator

  func testTheCoordinatorRunsAlongsideTracksAndCompletions() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One"])
    h.present("Sheet", on: "One", animated: false, style: .overFullScreen)
    _ = h.events()
    try h.window.resize(Self.landscape, animation: SizeTransitionAnimation(timing: .linear))
    let sheet = h.controller("Sheet")
    // Every controller of the window, presented ones too, finds it.
    let coordinator = try XCTUnwrap(h.window.transitionCoordinator(for: sheet))
    XCTAssertTrue(h.window.transitionCoordinator(for: h.controller("One")) === coordinator)
    var completions: [Bool] = []
    XCTAssertTrue(coordinator.addCompletion { completions.append($0.transitionWasCancelled) })
    h.advance(0.1)
    // Registered a quarter in: the alongside track runs over what is left.
    XCTAssertTrue(
      try h.window.animateAlongside(
        coordinator.id,
        tracks: [
          TrackSpec(
            target: .view(sheet.view.id), property: .alpha, from: .scalar(1), to: .scalar(0.4),
            timing: .linear)
        ]))
    h.advance(0.15)
    XCTAssertEqual(h.window.presentationState(of: sheet.view).alpha, 0.7, accuracy: 1e-12)
    XCTAssertEqual(completions, [])
    h.advance(0.15)
    XCTAssertEqual(completions, [false])
    XCTAssertEqual(sheet.view.alpha, 0.4)
    XCTAssertFalse(try h.window.animateAlongside(coordinator.id, tracks: []))
    XCTAssertNil(h.window.transitionCoordinator(for: sheet))
  }

  func testASizeTransitionCannotBePaused() throws {
    let h = Harness()
    h.showRoot()
    try h.window.resize(Self.landscape, animation: SizeTransitionAnimation())
    let id = try XCTUnwrap(h.window.transitions.first?.id)
    XCTAssertThrowsError(try h.window.pauseTransition(id)) { error in
      XCTAssertEqual(
        error as? CurtainError,
        CurtainError.invalid("Transition \(id) is a size transition, which cannot be paused"))
    }
  }

  // MARK: Queue, hidden windows, no animation, errors

  func testAResizeWaitsForARunningTransition() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One"])
    h.push("Nav", "Two")
    let ticket = try h.window.resize(Self.landscape, animation: SizeTransitionAnimation())
    XCTAssertEqual(ticket.position, 1)
    XCTAssertEqual(h.window.size, Window.defaultSize)
    _ = h.events()
    h.advance(0.35)
    let names = h.lifecycle()
    XCTAssertEqual(
      Array(names.suffix(4)),
      [
        "Nav.viewWillTransition(to: 844×390)", "Two.viewWillTransition(to: 844×390)",
        "Nav.traitCollectionDidChange(compact×regular @3x phone)",
        "Two.traitCollectionDidChange(compact×regular @3x phone)",
      ])
    XCTAssertEqual(h.window.transitions.first?.kind, .sizeTransition)
    // Another operation waits for the size transition in turn.
    h.pop("Nav")
    XCTAssertEqual(h.window.queuedOperationCount, 1)
    h.advance(0.4)
    XCTAssertEqual(h.window.transitions.first?.kind, .pop)
  }

  func testANonAnimatedResizeHasTheCallbacksButNoTransition() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["One"])
    let ticket = try h.window.resize(Self.landscape)
    XCTAssertTrue(ticket.isCompleted)
    XCTAssertNil(ticket.transition)
    XCTAssertEqual(
      h.rendered(),
      [
        "started", "window.resized(844×390)",
        "Nav.willTransition(to: regular×compact @3x phone)",
        "One.willTransition(to: regular×compact @3x phone)",
        "Nav.viewWillTransition(to: 844×390)", "One.viewWillTransition(to: 844×390)",
        "Nav.traitCollectionDidChange(compact×regular @3x phone)",
        "One.traitCollectionDidChange(compact×regular @3x phone)", "completed",
      ])
    XCTAssertEqual(h.controller("One").view.frame, Rect(x: 0, y: 0, width: 844, height: 390))
  }

  func testAHiddenWindowOrAnEmptyWindowResizesAtOnce() throws {
    let h = Harness()
    h.showRoot()
    h.run(.setVisible(window: h.window.id, visible: false))
    XCTAssertTrue(
      try h.window.resize(Self.landscape, animation: SizeTransitionAnimation()).isCompleted)
    XCTAssertEqual(h.controller("A").view.frame, Rect(x: 0, y: 0, width: 844, height: 390))
    let empty = Harness()
    XCTAssertTrue(
      try empty.window.resize(Self.landscape, animation: SizeTransitionAnimation()).isCompleted)
    XCTAssertEqual(empty.window.view.frame, Rect(x: 0, y: 0, width: 844, height: 390))
  }

  func testBadMetricsOrDurationsChangeNothing() {
    let h = Harness()
    h.showRoot()
    XCTAssertThrowsError(try h.window.resize(WindowMetrics(size: Size(width: -1, height: 10))))
    XCTAssertThrowsError(
      try h.window.resize(Self.landscape, animation: SizeTransitionAnimation(duration: .nan))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .invalidArgument)
    }
    XCTAssertThrowsError(
      try h.window.resize(Self.landscape, animation: SizeTransitionAnimation(duration: -1)))
    XCTAssertEqual(h.window.size, Window.defaultSize)
    XCTAssertEqual(h.rendered(), [])
  }
}

extension Harness {
  /// Every event since the last read, rendered; operation phases as
  /// `started`, `completed`, `queued`.
  func rendered() -> [String] {
    events().map { event in
      switch event.kind {
      case .operation(_, .started): return "started"
      case .operation(_, .completed): return "completed"
      case .operation(_, .queued): return "queued"
      default: return session.describe(event)
      }
    }
  }
}
