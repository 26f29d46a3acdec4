import XCTest

@testable import CurtainCore

/// Collection view controllers (SEMANTICS §3, seed 001 line 44): items laid
/// out by a flow layout or by frames a client gives, layout-to-layout
/// navigation transitions (push and pop, interactive pop), and layout
/// transitions, animated or interactive (transitionProgress, finish,
/// cancel).
final class CollectionViewControllerTests: XCTestCase {
  private let owner = OwnerID(1)
  private let categories: Set<EventCategory> = [.lifecycle, .hierarchy, .transition]

  /// Four 50-point items on one line (not full, so not justified).
  private let small = CollectionLayout.flow(FlowLayout())
  private let smallFrames = [0.0, 60, 120, 180].map { Rect(x: $0, y: 0, width: 50, height: 50) }
  /// 150-point items two to a line, justified (90 points apart).
  private let large = CollectionLayout.flow(
    FlowLayout(itemSize: Size(width: 150, height: 150)))
  private let largeFrames = [(0.0, 0.0), (240, 0), (0, 160), (240, 160), (0, 320), (240, 320)]
    .map { Rect(x: $0.0, y: $0.1, width: 150, height: 150) }

  private func easeInOut(_ x: Double) -> Double { CubicBezier.easeInOut.value(at: x) }

  @discardableResult
  private func makeCollection(
    _ h: Harness, _ name: String, items: Int, _ layout: CollectionLayout,
    layoutToLayout: Bool = false
  ) throws -> CollectionViewController {
    let collection = try XCTUnwrap(h.make(.collection, name) as? CollectionViewController)
    try collection.configure(
      CollectionOptions(
        itemCount: items, layout: layout, usesLayoutToLayoutNavigationTransitions: layoutToLayout))
    return collection
  }

  private func collection(_ h: Harness, _ name: String) -> CollectionViewController {
    h.controller(name) as! CollectionViewController
  }

  /// The model frames of a collection's items.
  private func itemFrames(_ h: Harness, _ name: String) -> [Rect] {
    collection(h, name).itemViews.map(\.frame)
  }

  /// The presentation frames of a collection's items in `frame` (model
  /// frames for items that do not animate), rounded.
  private func itemFrames(_ h: Harness, _ name: String, in frame: Frame?) -> [Rect] {
    collection(h, name).itemViews.map { item in
      (frame?.values(of: item.id)?.frame ?? item.frame).rounded
    }
  }

  private func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(
      x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
      width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t
    ).rounded
  }

  // MARK: Layouts

  func testAFlowLayoutFillsLinesAndJustifiesFullOnes() throws {
    let h = Harness()
    try makeCollection(h, "Grid", items: 8, small)
    h.setRoot("Grid")
    // Six 50-point columns fit in 390 points: 18 points apart once justified;
    // the second line keeps the columns.
    let xs = [0.0, 68, 136, 204, 272, 340]
    XCTAssertEqual(
      itemFrames(h, "Grid"),
      xs.map { Rect(x: $0, y: 0, width: 50, height: 50) }
        + xs.prefix(2).map { Rect(x: $0, y: 60, width: 50, height: 50) })
    XCTAssertEqual(
      collection(h, "Grid").view.subviews.map(\.id), collection(h, "Grid").itemViews.map(\.id))
    XCTAssertEqual(
      collection(h, "Grid").itemViews.map(\.role), Array(repeating: .collectionItem, count: 8))
  }

  func testAFlowLayoutKeepsItsInsetsAndSpacing() {
    let flow = FlowLayout(
      itemSize: Size(width: 100, height: 80), interitemSpacing: 10, lineSpacing: 5,
      sectionInset: EdgeInsets(top: 10, left: 20, bottom: 0, right: 20))
    // 350 points between the insets: three columns, 25 points apart.
    XCTAssertEqual(
      flow.itemFrames(count: 4, width: 390),
      [
        Rect(x: 20, y: 10, width: 100, height: 80), Rect(x: 145, y: 10, width: 100, height: 80),
        Rect(x: 270, y: 10, width: 100, height: 80), Rect(x: 20, y: 95, width: 100, height: 80),
      ])
    // A line that is not full keeps the minimum spacing.
    XCTAssertEqual(
      flow.itemFrames(count: 2, width: 390),
      [Rect(x: 20, y: 10, width: 100, height: 80), Rect(x: 130, y: 10, width: 100, height: 80)])
    // An item wider than the collection view: one column at the left inset.
    XCTAssertEqual(
      FlowLayout(itemSize: Size(width: 500, height: 10)).itemFrames(count: 2, width: 390),
      [Rect(x: 0, y: 0, width: 500, height: 10), Rect(x: 0, y: 20, width: 500, height: 10)])
  }

  func testAFramesLayoutPlacesEachItemWhereTheClientSays() throws {
    let h = Harness()
    let frames = [
      Rect(x: 10, y: 20, width: 30, height: 40), Rect(x: 100, y: 0, width: 5, height: 5),
    ]
    let grid = try XCTUnwrap(h.make(.collection, "Grid") as? CollectionViewController)
    try grid.configure(CollectionOptions(layout: .frames(frames)))
    XCTAssertEqual(grid.itemCount, 2, "one item per frame by default")
    h.setRoot("Grid")
    XCTAssertEqual(itemFrames(h, "Grid"), frames)
  }

  func testBadLayoutsAreRefused() throws {
    let h = Harness()
    let grid = try XCTUnwrap(h.make(.collection, "Grid") as? CollectionViewController)
    let one = [Rect(x: 0, y: 0, width: 10, height: 10)]
    XCTAssertThrowsError(try grid.configure(CollectionOptions(itemCount: 2, layout: .frames(one))))
    { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message, "The layout gives 1 item frames for 2 items")
    }
    XCTAssertThrowsError(
      try grid.configure(
        CollectionOptions(layout: .frames([Rect(x: 0, y: 0, width: -1, height: 10)]))))
    XCTAssertThrowsError(
      try grid.configure(
        CollectionOptions(layout: .flow(FlowLayout(itemSize: Size(width: 0, height: 10))))))
    XCTAssertThrowsError(
      try grid.configure(CollectionOptions(layout: .flow(FlowLayout(lineSpacing: -1)))))
    XCTAssertThrowsError(try grid.configure(CollectionOptions(itemCount: 1001)))
    try grid.configure(CollectionOptions(itemCount: 3))
    h.setRoot("Grid")
    XCTAssertThrowsError(try grid.configure(CollectionOptions(itemCount: 4))) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "The items of Grid are fixed once its view is loaded; change its layout instead")
    }
    XCTAssertThrowsError(
      try h.session.submit(
        .setCollectionLayout(
          collection: h.id("Grid"), layout: .frames(one), animated: true, animator: nil))
    ) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message, "The layout gives 1 item frames for 3 items")
    }
    h.make(.content, "Plain")
    XCTAssertThrowsError(
      try h.session.submit(
        .setCollectionLayout(
          collection: h.id("Plain"), layout: small, animated: true, animator: nil))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.message, "Plain is not a collection view controller")
    }
  }

  // MARK: Layout-to-layout navigation transitions

  /// Nav[Small] on screen, Large (with the flag unless told) made.
  private func showSmallThenMakeLarge(
    items: Int = 4, largeItems: Int = 4, layoutToLayout: Bool = true
  ) throws -> Harness {
    let h = Harness()
    try makeCollection(h, "Small", items: items, small)
    try makeCollection(h, "Large", items: largeItems, large, layoutToLayout: layoutToLayout)
    h.showNavigation("Nav", stack: ["Small"])
    return h
  }

  func testALayoutToLayoutPushMovesTheItemsIntoTheNewLayout() throws {
    let h = try showSmallThenMakeLarge()
    let t = try XCTUnwrap(
      h.run(
        .push(navigation: h.id("Nav"), controller: h.id("Large"), animated: true, animator: nil))?
        .transition)
    XCTAssertEqual(
      h.described(categories),
      [
        "Large.willMove(Nav)", "Nav.childAdded(Large)", "Nav.viewControllers([Small, Large])",
        "Large.viewDidLoad", "Nav.willShow(Large, true)", "Small.viewWillDisappear(true)",
        "Large.viewWillAppear(true)",
        "\(t).began(push, Small → Large, animated: true, interactive: false)",
      ])
    let start = h.advance(0).frame
    XCTAssertEqual(itemFrames(h, "Large", in: start), smallFrames, "from the old layout")
    let half = h.advance(0.175).frame
    XCTAssertEqual(
      itemFrames(h, "Large", in: half),
      (0..<4).map { lerp(smallFrames[$0], largeFrames[$0], easeInOut(0.5)) })
    XCTAssertNil(half?.values(of: h.view("Large").id), "nothing slides")
    XCTAssertNil(half?.values(of: h.view("Small").id))
    XCTAssertEqual(h.view("Large").frame, Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual(
      h.nav("Nav").view.subviews.first?.id, h.view("Small").id, "the old one stays below")
    h.advance(0.175)
    XCTAssertEqual(
      h.described(categories),
      [
        "Small.viewDidDisappear(true)", "Large.viewDidAppear(true)", "Large.didMove(Nav)",
        "Nav.didShow(Large, true)", "\(t).ended(cancelled: false)",
      ])
    XCTAssertEqual(itemFrames(h, "Large"), Array(largeFrames.prefix(4)))
    XCTAssertNil(h.view("Small").superview)
    XCTAssertTrue(h.window.isIdle)
  }

  func testALayoutToLayoutPopMovesTheItemsBack() throws {
    let h = try showSmallThenMakeLarge()
    h.push("Nav", "Large", animated: false)
    _ = h.events()
    let t = try XCTUnwrap(
      h.run(.pop(navigation: h.id("Nav"), animated: true, animator: nil))?.transition)
    XCTAssertEqual(
      h.described(categories),
      [
        "Large.willMove(nil)", "Nav.childRemoved(Large)", "Nav.viewControllers([Small])",
        "Nav.willShow(Small, true)", "Large.viewWillDisappear(true)",
        "Small.viewWillAppear(true)",
        "\(t).began(pop, Large → Small, animated: true, interactive: false)",
      ])
    let quarter = h.advance(0.0875).frame
    XCTAssertEqual(
      itemFrames(h, "Large", in: quarter),
      (0..<4).map { lerp(largeFrames[$0], smallFrames[$0], easeInOut(0.25)) })
    XCTAssertNil(quarter?.values(of: h.view("Large").id), "nothing slides")
    XCTAssertNil(quarter?.values(of: h.view("Small").id))
    let end = h.advance(0.2625)
    XCTAssertEqual(
      end.frame.map { frame in
        collection(h, "Large").itemViews.map { frame.values(of: $0.id)?.frame }
      },
      smallFrames, "the last frame shows the old layout")
    XCTAssertEqual(
      h.described(categories),
      [
        "Large.viewDidDisappear(true)", "Small.viewDidAppear(true)", "Large.didMove(nil)",
        "Nav.didShow(Small, true)", "\(t).ended(cancelled: false)",
      ])
    XCTAssertNil(h.view("Large").superview)
    XCTAssertEqual(itemFrames(h, "Small"), smallFrames)
    XCTAssertEqual(
      itemFrames(h, "Large"), Array(largeFrames.prefix(4)), "the popped collection keeps its layout"
    )
  }

  func testItemsTheOtherLayoutDoesNotHaveFade() throws {
    let h = try showSmallThenMakeLarge(largeItems: 6)
    let push = try XCTUnwrap(
      h.run(
        .push(navigation: h.id("Nav"), controller: h.id("Large"), animated: true, animator: nil))?
        .transition)
    let items = collection(h, "Large").itemViews
    let half = h.advance(0.175).frame
    XCTAssertEqual(half?.values(of: items[4].id)?.frame, largeFrames[4], "at its own frame")
    XCTAssertEqual(half?.values(of: items[5].id)?.alpha ?? .nan, easeInOut(0.5), accuracy: 1e-9)
    h.advance(0.175)
    XCTAssertEqual(items.map(\.alpha), Array(repeating: 1, count: 6))
    _ = push
    h.run(.pop(navigation: h.id("Nav"), animated: true, animator: nil))
    let quarter = h.advance(0.0875).frame
    XCTAssertEqual(
      quarter?.values(of: items[4].id)?.alpha ?? .nan, 1 - easeInOut(0.25), accuracy: 1e-9)
    let end = h.advance(0.2625).frame
    XCTAssertEqual(end?.values(of: items[4].id)?.alpha, 1, "the completion sets the alpha back")
    XCTAssertEqual(items.map(\.alpha), Array(repeating: 1, count: 6))
  }

  func testWithoutTheFlagAPushSlidesAsAlways() throws {
    let h = try showSmallThenMakeLarge(layoutToLayout: false)
    h.run(.push(navigation: h.id("Nav"), controller: h.id("Large"), animated: true, animator: nil))
    let half = h.advance(0.175).frame
    XCTAssertEqual(
      half?.values(of: h.view("Large").id)?.frame.rounded,
      Rect(x: 390 * (1 - easeInOut(0.5)), y: 0, width: 390, height: 844).rounded)
    XCTAssertNil(half?.values(of: collection(h, "Large").itemViews[0].id), "the items stay")
    h.settle()
  }

  func testAPushOfAPlainControllerOrOntoOneIsAnOrdinaryPush() throws {
    let h = Harness()
    try makeCollection(h, "Large", items: 4, large, layoutToLayout: true)
    h.showNavigation("Nav", stack: ["Home"])
    h.run(.push(navigation: h.id("Nav"), controller: h.id("Large"), animated: true, animator: nil))
    XCTAssertNotNil(h.advance(0.175).frame?.values(of: h.view("Large").id), "it slides")
    h.settle()
  }

  func testAnInteractiveLayoutToLayoutPopCancelledLeavesTheItemsWhereTheyWere() throws {
    let h = try showSmallThenMakeLarge()
    h.push("Nav", "Large", animated: false)
    _ = h.events()
    let t = try XCTUnwrap(
      h.run(
        .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
        options: OperationOptions(owner: owner))?
        .transition)
    try h.window.updateInteraction(t, percent: 0.5, by: owner)
    let half = h.advance(0.01).frame
    XCTAssertEqual(
      itemFrames(h, "Large", in: half),
      (0..<4).map { lerp(largeFrames[$0], smallFrames[$0], easeInOut(0.5)) })
    try h.window.cancelInteraction(t, by: owner)
    _ = h.events()
    h.advance(0.175)
    XCTAssertEqual(
      h.described(categories),
      [
        "Nav.childAdded(Large)", "Nav.viewControllers([Small, Large])",
        "Small.viewWillDisappear(true)", "Small.viewDidDisappear(true)",
        "Large.viewWillAppear(true)", "Large.viewDidAppear(true)", "Large.didMove(Nav)",
        "\(t).ended(cancelled: true)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["Small", "Large"])
    XCTAssertEqual(itemFrames(h, "Large"), Array(largeFrames.prefix(4)))
    XCTAssertEqual(h.view("Large").superview?.id, h.nav("Nav").view.id)
  }

  func testAClientAnimatorReplacesTheLayoutToLayoutLook() throws {
    let h = try showSmallThenMakeLarge()
    let fade = AnimatorSpec(
      duration: 0.2,
      tracks: [TrackSpec(target: .toView, property: .alpha, from: .scalar(0), to: .scalar(1))])
    h.run(.push(navigation: h.id("Nav"), controller: h.id("Large"), animated: true, animator: fade))
    let half = h.advance(0.1).frame
    XCTAssertNotNil(half?.values(of: h.view("Large").id)?.alpha)
    XCTAssertNil(half?.values(of: collection(h, "Large").itemViews[0].id), "the items stay")
    h.settle()
  }

  // MARK: Layout transitions

  func testAnAnimatedLayoutChangeMovesTheItems() throws {
    let h = Harness()
    try makeCollection(h, "Grid", items: 4, small)
    h.setRoot("Grid")
    _ = h.events()
    let t = try XCTUnwrap(
      h.run(
        .setCollectionLayout(collection: h.id("Grid"), layout: large, animated: true, animator: nil)
      )?.transition)
    XCTAssertEqual(
      h.described(categories),
      [
        "\(t).began(layoutTransition, Grid: flow 50×50 spacing 10 line 10 → "
          + "flow 150×150 spacing 10 line 10, animated: true, interactive: false)"
      ])
    XCTAssertEqual(collection(h, "Grid").layout, large, "the new layout from the start")
    let quarter = h.advance(0.0875).frame
    XCTAssertEqual(
      itemFrames(h, "Grid", in: quarter),
      (0..<4).map { lerp(smallFrames[$0], largeFrames[$0], easeInOut(0.25)) })
    h.advance(0.2625)
    XCTAssertEqual(h.described(categories), ["\(t).ended(cancelled: false)"])
    XCTAssertEqual(itemFrames(h, "Grid"), Array(largeFrames.prefix(4)))
  }

  func testOffScreenTheLayoutChangesAtOnce() throws {
    let h = Harness()
    try makeCollection(h, "Grid", items: 4, small)
    let ticket = h.run(
      .setCollectionLayout(collection: h.id("Grid"), layout: large, animated: true, animator: nil))
    XCTAssertNil(ticket?.transition)
    XCTAssertEqual(collection(h, "Grid").layout, large)
    h.setRoot("Grid")
    XCTAssertEqual(itemFrames(h, "Grid"), Array(largeFrames.prefix(4)))
    try makeCollection(h, "Hidden", items: 1, small)
    XCTAssertThrowsError(
      try h.session.submit(
        .beginInteractiveLayoutTransition(collection: h.id("Hidden"), layout: large, animator: nil),
        options: OperationOptions(owner: owner))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .notInWindow)
    }
  }

  private func beginInteractive(_ h: Harness) throws -> TransitionID {
    try makeCollection(h, "Grid", items: 4, small)
    h.setRoot("Grid")
    _ = h.events()
    let ticket = try h.session.submit(
      .beginInteractiveLayoutTransition(collection: h.id("Grid"), layout: large, animator: nil),
      options: OperationOptions(owner: owner))
    return try XCTUnwrap(ticket.transition)
  }

  /// The item frames after setting `transitionProgress`.
  private func frames(_ h: Harness, _ t: TransitionID, progress: Double) throws -> [Rect] {
    try h.window.updateInteraction(t, percent: progress, by: owner)
    return itemFrames(h, "Grid", in: h.advance(0.01).frame)
  }

  func testTransitionProgressInterpolatesLinearlyAndFinishKeepsTheNewLayout() throws {
    let h = Harness()
    let t = try beginInteractive(h)
    XCTAssertEqual(
      h.described(categories),
      [
        "\(t).began(layoutTransition, Grid: flow 50×50 spacing 10 line 10 → "
          + "flow 150×150 spacing 10 line 10, animated: true, interactive: true)"
      ])
    XCTAssertEqual(try frames(h, t, progress: 0), smallFrames)
    XCTAssertEqual(
      try frames(h, t, progress: 0.25), (0..<4).map { lerp(smallFrames[$0], largeFrames[$0], 0.25) }
    )
    XCTAssertEqual(try frames(h, t, progress: 0.25)[1], Rect(x: 105, y: 0, width: 75, height: 75))
    XCTAssertEqual(
      try frames(h, t, progress: 0.6), (0..<4).map { lerp(smallFrames[$0], largeFrames[$0], 0.6) })
    h.advance(10)
    XCTAssertEqual(h.described(categories), [], "an interaction waits for its driver")
    try h.window.finishInteraction(t, completion: InteractionCompletion(curve: .linear), by: owner)
    // The rest, 0.4 × 0.35 s, half of it played: progress 0.8.
    let half = h.advance(0.07).frame
    XCTAssertEqual(
      itemFrames(h, "Grid", in: half), (0..<4).map { lerp(smallFrames[$0], largeFrames[$0], 0.8) })
    h.advance(0.07)
    XCTAssertEqual(
      h.described(categories),
      ["\(t).interactionChanged(cancelled: false)", "\(t).ended(cancelled: false)"])
    XCTAssertEqual(collection(h, "Grid").layout, large)
    XCTAssertEqual(itemFrames(h, "Grid"), Array(largeFrames.prefix(4)))
    XCTAssertTrue(h.window.isIdle)
  }

  func testACancelledLayoutTransitionGoesBackToTheOldLayout() throws {
    let h = Harness()
    let t = try beginInteractive(h)
    _ = h.events()
    XCTAssertEqual(
      try frames(h, t, progress: 0.5), (0..<4).map { lerp(smallFrames[$0], largeFrames[$0], 0.5) })
    try h.window.cancelInteraction(t, completion: InteractionCompletion(curve: .linear), by: owner)
    // Back over 0.5 × 0.35 s; half way: progress 0.25.
    let half = h.advance(0.0875).frame
    XCTAssertEqual(
      itemFrames(h, "Grid", in: half), (0..<4).map { lerp(smallFrames[$0], largeFrames[$0], 0.25) })
    h.advance(0.0875)
    XCTAssertEqual(
      h.described(categories),
      ["\(t).interactionChanged(cancelled: true)", "\(t).ended(cancelled: true)"])
    XCTAssertEqual(collection(h, "Grid").layout, small)
    XCTAssertEqual(itemFrames(h, "Grid"), smallFrames)
  }

  func testTheOwnersDisconnectCancelsALayoutTransition() throws {
    let h = Harness()
    let t = try beginInteractive(h)
    _ = try frames(h, t, progress: 0.5)
    _ = h.events()
    XCTAssertEqual(h.window.cancelInteractions(ownedBy: owner), [t])
    h.settle()
    XCTAssertEqual(collection(h, "Grid").layout, small)
    XCTAssertEqual(itemFrames(h, "Grid"), smallFrames)
  }

  // MARK: Controller trees (root specs)

  /// `Nav=nav[Small=collection[items=4],Large=collection[items=4,
  /// item-size=150x150,layout-to-layout]]` built in one go: each collection
  /// has its options, and the stack's top came in with the layout-to-layout
  /// look's end state (its items at its own frames).
  func testATreeSpecGivesEachCollectionItsOptions() throws {
    let h = Harness()
    let spec = ControllerTreeSpec(
      kind: .navigation, identifier: "Nav",
      children: [
        ControllerTreeSpec(
          kind: .collection, identifier: "Small", collection: CollectionOptions(itemCount: 4)),
        ControllerTreeSpec(
          kind: .collection, identifier: "Large",
          collection: CollectionOptions(
            itemCount: 4, layout: large, usesLayoutToLayoutNavigationTransitions: true)),
      ])
    let root = try h.session.makeControllerTree(spec)
    h.run(.setRoot(window: h.window.id, controller: root.id))
    XCTAssertEqual(collection(h, "Small").options, CollectionOptions(itemCount: 4, layout: small))
    XCTAssertTrue(collection(h, "Large").usesLayoutToLayoutNavigationTransitions)
    XCTAssertEqual(itemFrames(h, "Large"), Array(largeFrames.prefix(4)))
    // The pop plays the layout-to-layout look back: half way, Large's items
    // are half way to Small's frames.
    _ = h.events()
    h.run(.pop(navigation: h.id("Nav"), animated: true, animator: nil))
    XCTAssertEqual(
      itemFrames(h, "Large", in: h.advance(0.175).frame),
      (0..<4).map { lerp(largeFrames[$0], smallFrames[$0], 0.5) })
    h.settle()
  }

  func testATreeSpecsCollectionOptionsAreChecked() throws {
    let h = Harness()
    let cases: [(ControllerTreeSpec, String)] = [
      (
        ControllerTreeSpec(
          kind: .navigation, identifier: "Nav", collection: CollectionOptions(itemCount: 1)),
        "'Nav' is not a collection view controller: collection options do not apply"
      ),
      (
        ControllerTreeSpec(
          kind: .collection, identifier: "Grid",
          children: [ControllerTreeSpec(kind: .content, identifier: "A")]),
        "'Grid' is a collection view controller, which contains no controllers"
      ),
      (
        ControllerTreeSpec(
          kind: .collection, identifier: "Grid",
          collection: CollectionOptions(itemCount: 2, layout: .frames([.zero]))),
        "The layout gives 1 item frames for 2 items"
      ),
    ]
    for (spec, message) in cases {
      XCTAssertThrowsError(try h.session.makeControllerTree(spec)) { error in
        XCTAssertEqual((error as? CurtainError)?.message, message)
      }
      XCTAssertNil(h.session.controller(identifier: spec.identifier ?? ""))
    }
  }

  // MARK: Snapshots

  /// Nav[Small, Large] after a layout-to-layout push, a third collection
  /// never shown, a layout change: a restored copy equals the original
  /// property for property, and behaves the same (a layout-to-layout pop).
  func testASnapshotKeepsItemsLayoutsAndTheFlag() throws {
    let h = try showSmallThenMakeLarge(largeItems: 6)
    try makeCollection(
      h, "Unshown", items: 2, .frames([Rect(x: 1, y: 2, width: 3, height: 4), .zero]))
    h.run(.push(navigation: h.id("Nav"), controller: h.id("Large"), animated: true, animator: nil))
    h.settle()
    h.run(
      .setCollectionLayout(
        collection: h.id("Small"), layout: .frames(largeFrames), animated: false, animator: nil))
    _ = h.session.takeOutcomes()
    let snapshot = try h.session.snapshot()
    let copy = try Session.restore(snapshot, configuration: h.session.configuration)
    XCTAssertEqual(try copy.snapshot(), snapshot)
    var comparison = ObjectGraphComparison()
    comparison.compare(h.session, copy, path: "session")
    XCTAssertEqual(comparison.differences, [])
    let restored = try XCTUnwrap(copy.controller(identifier: "Large") as? CollectionViewController)
    XCTAssertEqual(restored.options, collection(h, "Large").options)
    XCTAssertEqual(restored.itemViews.map(\.frame), Array(largeFrames))
    XCTAssertTrue(restored.usesLayoutToLayoutNavigationTransitions)
    XCTAssertEqual(
      storedPropertyNames(of: restored, declaredBy: CollectionViewController.self),
      ["layout", "itemCount", "usesLayoutToLayoutNavigationTransitions", "itemViews"])
    for session in [h.session, copy] {
      let window = try XCTUnwrap(session.orderedWindows.first)
      let nav = try XCTUnwrap(session.controller(identifier: "Nav"))
      _ = try session.submit(.pop(navigation: nav.id, animated: true, animator: nil))
      let frame = window.advance(by: 0.175).frame
      let items = (session.controller(identifier: "Large") as! CollectionViewController).itemViews
      XCTAssertEqual(
        items.prefix(6).map { frame?.values(of: $0.id)?.frame.rounded },
        (0..<6).map { lerp(largeFrames[$0], largeFrames[$0], 0.5) },
        "Small's new layout is Large's: the items stay")
    }
  }
}
