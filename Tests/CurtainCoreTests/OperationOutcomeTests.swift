import XCTest

@testable import CurtainCore

/// What the core reports about each operation (OperationOutcome.swift):
/// its start, completion or failure, in the order they happen, with its
/// transition, the controllers it removed and created and a segue's
/// destination — for every kind of operation, whichever call made it
/// happen.
final class OperationOutcomeTests: XCTestCase {
  // MARK: Windows

  func testSetRootSetVisibleAndResize() {
    let h = Harness()
    h.make(.content, "A")
    XCTAssertEqual(
      outcomes(h, .setRoot(window: h.window.id, controller: h.id("A"))),
      ["o1 started r1", "o1 completed r1"])
    XCTAssertEqual(
      outcomes(
        h,
        .resize(
          window: h.window.id, metrics: WindowMetrics(size: Size(width: 844, height: 390)),
          animation: SizeTransitionAnimation())),
      ["o2 started t1 r2", "o2 completed t1 r3"])
    XCTAssertEqual(
      outcomes(h, .setVisible(window: h.window.id, visible: false)),
      ["o3 started r4", "o3 completed r4"])
  }

  // MARK: Containers

  func testCustomContainerOperations() {
    let h = Harness()
    h.make(.container, "P")
    h.setRoot("P")
    h.make(.content, "A")
    h.make(.content, "B")
    XCTAssertEqual(
      outcomes(h, .addChild(parent: h.id("P"), child: h.id("A"), frame: nil)),
      ["o2 started r2", "o2 completed r2"])
    h.run(.addChild(parent: h.id("P"), child: h.id("B"), frame: nil))
    XCTAssertEqual(
      outcomes(
        h,
        .transitionChildren(
          container: h.id("P"), from: h.id("A"), to: h.id("B"),
          animator: .crossDissolve(duration: 0.3))),
      ["o4 started t1 r4", "o4 completed t1 r5"])
    XCTAssertEqual(
      outcomes(h, .removeFromParent(h.id("A"))),
      ["o5 started removed: [A] r6", "o5 completed removed: [A] r6"])
  }

  func testNavigationOperations() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "B")
    h.make(.content, "C")
    XCTAssertEqual(
      outcomes(
        h, .push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil)),
      ["o3 started t1 r2", "o3 completed t1 r3"])
    XCTAssertEqual(
      outcomes(h, .pop(navigation: h.id("Nav"), animated: true, animator: nil)),
      ["o4 started t2 removed: [B] r4", "o4 completed t2 removed: [B] r5"])
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("A"), h.id("B"), h.id("C")], animated: false,
        animator: nil))
    XCTAssertEqual(
      outcomes(
        h, .popTo(navigation: h.id("Nav"), controller: h.id("B"), animated: false, animator: nil)),
      ["o6 started removed: [C] r7", "o6 completed removed: [C] r7"])
    XCTAssertEqual(
      outcomes(h, .popToRoot(navigation: h.id("Nav"), animated: false, animator: nil)),
      ["o7 started removed: [B] r8", "o7 completed removed: [B] r8"])
    XCTAssertEqual(
      outcomes(
        h,
        .setViewControllers(
          navigation: h.id("Nav"), controllers: [h.id("C")], animated: true, animator: nil)),
      ["o8 started t3 removed: [A] r9", "o8 completed t3 removed: [A] r10"])
    h.push("Nav", "D", animated: false)
    XCTAssertEqual(
      outcomes(
        h, .show(.show, sender: h.id("D"), controller: h.id("A"), animated: true, animator: nil)),
      ["o10 started t4 r12", "o10 completed t4 r13"])
  }

  func testAnInteractivePopReportsItsCompletionWhenLetGoAndItsCancellation() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B", "C"])
    _ = h.session.takeOutcomes()
    let finished = try XCTUnwrap(
      h.run(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))?.transition)
    XCTAssertEqual(texts(h), ["o5 started t1 removed: [C] r4"])
    h.advance(1)
    XCTAssertEqual(texts(h), [], "an interaction waits for its driver")
    try h.window.finishInteraction(finished)
    h.settle()
    XCTAssertEqual(texts(h), ["o5 completed t1 removed: [C] r5"])
    let cancelled = try XCTUnwrap(
      h.run(.beginInteractivePop(navigation: h.id("Nav"), animator: nil))?.transition)
    try h.window.updateInteraction(cancelled, percent: 0.5)
    try h.window.cancelInteraction(cancelled)
    h.settle()
    XCTAssertEqual(
      texts(h), ["o6 started t2 removed: [B] r6", "o6 cancelled t2 r7"],
      "once cancelled, the pop removed nothing: B stayed")
  }

  func testTabOperations() {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    for name in ["T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8"] { h.make(.content, name) }
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("T1"), h.id("T2")]))
    h.setRoot("Tabs")
    XCTAssertEqual(
      outcomes(h, .selectTab(tabBar: h.id("Tabs"), selection: .index(1), animator: nil)),
      ["o3 started r2", "o3 completed r2"])
    // Six tabs: the More navigation controller (c10) and its list (c11)
    // are created.
    let six = ["T3", "T4", "T5", "T6", "T7", "T8"].map { h.id($0) }
    XCTAssertEqual(
      outcomes(h, .setTabs(tabBar: h.id("Tabs"), controllers: six)),
      [
        "o4 started removed: [T1, T2] created: [c10, c11] r3",
        "o4 completed removed: [T1, T2] created: [c10, c11] r3",
      ])
    XCTAssertEqual(h.tab("Tabs").moreNavigationController?.id, ControllerID(10))
  }

  func testSplitOperations() {
    let h = Harness(metrics: SplitViewControllerTests.regular)
    h.showSplit()
    h.make(.content, "Other")
    XCTAssertEqual(
      outcomes(
        h, .setSplitColumns(split: h.id("Split"), primary: h.id("Nav"), secondary: h.id("Other"))),
      ["o4 started removed: [Detail] r2", "o4 completed removed: [Detail] r2"],
      "the secondary it replaces is removed")
    XCTAssertEqual(
      outcomes(
        h,
        .configureSplit(
          split: h.id("Split"), change: SplitPreferenceChange(primaryWidth: .value(400)),
          animated: true, animator: nil)),
      ["o5 started r3", "o5 completed r3"], "the columns move without a transition")
  }

  func testPageOperationsReportThePagesTheyRemoved() throws {
    let h = Harness()
    h.showBook(PageOptions(), pages: ["P1", "P2", "P3", "P4"])
    XCTAssertEqual(
      outcomes(
        h, .turnPage(page: h.id("Book"), direction: .forward, animated: true, animator: nil)),
      ["o3 started t1 removed: [P1] r2", "o3 completed t1 removed: [P1] r3"])
    XCTAssertEqual(
      outcomes(
        h,
        .setPages(
          page: h.id("Book"), controllers: [h.id("P4")], direction: .forward, animated: false,
          animator: nil, dataSource: nil)),
      ["o4 started removed: [P2] r4", "o4 completed removed: [P2] r4"])
    let turn = try XCTUnwrap(
      h.run(.beginInteractivePageTurn(page: h.id("Book"), direction: .reverse, animator: nil))?
        .transition)
    try h.window.finishInteraction(turn)
    h.settle()
    XCTAssertEqual(
      texts(h), ["o5 started t2 removed: [P4] r5", "o5 completed t2 removed: [P4] r6"])
  }

  func testCollectionLayoutOperations() throws {
    let h = Harness()
    let grid = h.make(.collection, "Grid") as! CollectionViewController
    try grid.configure(CollectionOptions(itemCount: 4))
    h.setRoot("Grid")
    let big = CollectionLayout.flow(FlowLayout(itemSize: Size(width: 100, height: 100)))
    XCTAssertEqual(
      outcomes(
        h,
        .setCollectionLayout(
          collection: h.id("Grid"), layout: big, animated: true, animator: nil)),
      ["o2 started t1 r2", "o2 completed t1 r3"])
    XCTAssertEqual(
      outcomes(
        h,
        .setCollectionLayout(
          collection: h.id("Grid"), layout: big, animated: true, animator: nil)),
      ["o3 started r4", "o3 completed r4"], "the same layout again")
    let change = try XCTUnwrap(
      h.run(
        .beginInteractiveLayoutTransition(
          collection: h.id("Grid"), layout: .flow(FlowLayout()), animator: nil))?
        .transition)
    try h.window.cancelInteraction(change)
    h.settle()
    XCTAssertEqual(texts(h), ["o4 started t2 r5", "o4 cancelled t2 r6"])
  }

  // MARK: Presentations

  func testPresentationOperations() throws {
    let h = Harness()
    h.make(.content, "Root")
    h.setRoot("Root")
    h.make(.content, "Modal")
    XCTAssertEqual(
      outcomes(
        h,
        .present(
          presenter: h.id("Root"), controller: h.id("Modal"), animated: true, animator: nil,
          adaptiveStyle: nil)),
      ["o2 started t1 r2", "o2 completed t1 r3"])
    XCTAssertEqual(
      outcomes(h, .dismiss(controller: h.id("Modal"), animated: true, animator: nil)),
      ["o3 started t2 r4", "o3 completed t2 r5"])
    let presenting = try XCTUnwrap(
      h.run(
        .beginInteractivePresent(
          presenter: h.id("Root"), controller: h.id("Modal"), animator: nil, adaptiveStyle: nil))?
        .transition)
    try h.window.finishInteraction(presenting)
    h.settle()
    XCTAssertEqual(texts(h), ["o4 started t3 r6", "o4 completed t3 r7"])
    let dismissing = try XCTUnwrap(
      h.run(.beginInteractiveDismiss(controller: h.id("Modal"), animator: nil))?.transition)
    try h.window.cancelInteraction(dismissing)
    h.settle()
    XCTAssertEqual(texts(h), ["o5 started t4 r8", "o5 cancelled t4 r9"])
  }

  // MARK: Segues

  func testSeguesReportTheirDestinationWhatTheyCreatedAndADeclinedSegue() {
    let h = Harness()
    try! h.session.loadStoryboard(StoryboardTests.shop)
    let root = try! h.session.instantiate(scene: nil, of: "Shop")
    h.run(.setRoot(window: h.window.id, controller: root.id))
    XCTAssertEqual(
      outcomes(
        h, .performSegue(source: h.id("Home"), identifier: "list", triggered: false, animated: true)
      ),
      [
        "o2 started t1 created: [List] destination: List r2",
        "o2 completed t1 created: [List] destination: List r3",
      ])
    XCTAssertEqual(
      outcomes(
        h,
        .performSegue(source: h.id("Home"), identifier: "declined", triggered: true, animated: true)
      ),
      ["o3 started declined r4", "o3 completed declined r4"])
    // The destination embeds a controller: both are created.
    XCTAssertEqual(
      outcomes(
        h,
        .performSegue(source: h.id("List"), identifier: "edit", triggered: false, animated: false)
      ),
      [
        "o4 started created: [Editor, EditorForm] destination: Editor r5",
        "o4 completed created: [Editor, EditorForm] destination: Editor r5",
      ])
    XCTAssertEqual(
      outcomes(h, .unwind(source: h.id("EditorForm"), action: "backToHome", animated: false)),
      [
        "o5 started removed: [List] destination: Home r6",
        "o5 completed removed: [List] destination: Home r6",
      ])
  }

  func testAQueuedSegueReportsTheDestinationSetAsideForIt() {
    let h = Harness()
    try! h.session.loadStoryboard(StoryboardTests.shop)
    let root = try! h.session.instantiate(scene: nil, of: "Shop")
    h.run(.setRoot(window: h.window.id, controller: root.id))
    h.run(.performSegue(source: h.id("Home"), identifier: "list", triggered: false, animated: true))
    _ = h.session.takeOutcomes()
    let queued = h.run(
      .performSegue(source: h.id("Home"), identifier: "list", triggered: false, animated: false))
    XCTAssertEqual(queued?.position, 1)
    XCTAssertEqual(texts(h), [], "nothing happened to it yet")
    h.settle()
    XCTAssertEqual(queued?.destination, h.id("List-2"))
    XCTAssertEqual(
      texts(h),
      [
        "o2 completed t1 created: [List] destination: List r3",
        "o3 started created: [List-2] destination: List-2 r4",
        "o3 completed created: [List-2] destination: List-2 r4",
      ])
  }

  // MARK: Queues, failures, closed windows, controllers in no window

  func testQueuedOperationsReportTheirStartWhenTheirTurnComesAndFailuresThen() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "B")
    h.make(.content, "C")
    _ = h.session.takeOutcomes()
    h.run(.push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil))
    // Pushing B again fails when its turn comes: B is on the stack by then.
    let failing = h.run(
      .push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil))
    h.run(.push(navigation: h.id("Nav"), controller: h.id("C"), animated: false, animator: nil))
    XCTAssertEqual(failing?.position, 1)
    XCTAssertEqual(texts(h), ["o3 started t1 r2"])
    h.advance(1)
    XCTAssertEqual(
      texts(h),
      ["o3 completed t1 r3", "o4 failed(INVALID_ARGUMENT)", "o5 started r4", "o5 completed r4"])
  }

  func testClosingAWindowCompletesWhatRunsAndFailsWhatWaits() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "B")
    h.make(.content, "C")
    h.run(.push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil))
    h.run(.push(navigation: h.id("Nav"), controller: h.id("C"), animated: true, animator: nil))
    _ = h.session.takeOutcomes()
    try h.session.closeWindow(h.window.id)
    XCTAssertEqual(texts(h), ["o3 completed t1 r3", "o4 failed(NOT_FOUND)"])
  }

  func testAnOperationOnControllersInNoWindowStartsAndCompletesAtOnce() {
    let h = Harness()
    h.make(.navigation, "Nav")
    h.make(.content, "A")
    XCTAssertEqual(
      outcomes(
        h,
        .setViewControllers(
          navigation: h.id("Nav"), controllers: [h.id("A")], animated: true, animator: nil)),
      ["o1 started r0 (no window)", "o1 completed r0 (no window)"])
  }

  func testInteractiveTabSelectionAppearanceTransitionsAndTaps() throws {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.make(.content, "One")
    h.make(.content, "Two")
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("One"), h.id("Two")]))
    h.setRoot("Tabs")
    _ = h.session.takeOutcomes()
    let ticket = try h.session.submit(
      .beginInteractiveTabSelection(tabBar: h.id("Tabs"), selection: .index(1), animator: nil))
    try h.window.finishInteraction(try XCTUnwrap(ticket.transition))
    h.settle()
    XCTAssertEqual(texts(h), ["o3 started t1 r2", "o3 completed t1 r3"])

    h.make(.container, "Box")
    try h.controller("Box").configureAppearanceForwarding(false)
    h.make(.content, "Panel")
    h.run(.addChild(parent: h.id("Box"), child: h.id("Panel"), frame: nil))
    h.run(.setRoot(window: h.window.id, controller: h.id("Box")))
    XCTAssertEqual(
      outcomes(
        h, .beginAppearanceTransition(controller: h.id("Panel"), appearing: true, animated: false)),
      ["o6 started r5", "o6 completed r5"])
    XCTAssertEqual(
      outcomes(h, .endAppearanceTransition(controller: h.id("Panel"))),
      ["o7 started r6", "o7 completed r6"])
    let panel = h.controller("Panel").view.id
    XCTAssertEqual(
      outcomes(h, .tap(window: h.window.id, point: Point(x: 10, y: 10))),
      ["o8 started tap \(panel) r7", "o8 completed tap \(panel) r7"])
  }

  func testEveryKindOfOperationIsCoveredHere() {
    XCTAssertEqual(Self.covered.subtracting(Self.allKinds), [])
    XCTAssertEqual(Self.allKinds.subtracting(Self.covered), [], "an operation without a test here")
  }

  // MARK: Helpers

  /// The kinds tested above. A new kind of operation must be named in
  /// `WindowOperation.kind` (Harness.swift, which does not compile until it
  /// is) and tested here.
  private static let covered: Set<String> = [
    "setRoot", "setVisible", "resize", "addChild", "removeFromParent", "transitionChildren",
    "push", "pop", "popTo", "popToRoot", "setViewControllers", "selectTab", "setTabs",
    "beginInteractivePop", "present", "dismiss", "show", "performSegue", "unwind",
    "beginInteractivePresent", "beginInteractiveDismiss", "setSplitColumns", "configureSplit",
    "setPages", "turnPage", "beginInteractivePageTurn", "beginInteractiveTabSelection",
    "beginAppearanceTransition", "endAppearanceTransition", "tap", "setCollectionLayout",
    "beginInteractiveLayoutTransition",
  ]

  /// Every kind of `WindowOperation`, by `kind`.
  private static let allKinds: Set<String> = Set(
    [
      WindowOperation.setRoot(window: WindowID(1), controller: nil),
      .setVisible(window: WindowID(1), visible: true),
      .resize(window: WindowID(1), metrics: WindowMetrics(), animation: nil),
      .addChild(parent: ControllerID(1), child: ControllerID(2), frame: nil),
      .removeFromParent(ControllerID(1)),
      .transitionChildren(
        container: ControllerID(1), from: ControllerID(2), to: ControllerID(3),
        animator: .none(duration: 0)),
      .push(
        navigation: ControllerID(1), controller: ControllerID(2), animated: true, animator: nil),
      .pop(navigation: ControllerID(1), animated: true, animator: nil),
      .popTo(
        navigation: ControllerID(1), controller: ControllerID(2), animated: true, animator: nil),
      .popToRoot(navigation: ControllerID(1), animated: true, animator: nil),
      .setViewControllers(
        navigation: ControllerID(1), controllers: [], animated: true, animator: nil),
      .selectTab(tabBar: ControllerID(1), selection: .more, animator: nil),
      .setTabs(tabBar: ControllerID(1), controllers: []),
      .beginInteractivePop(navigation: ControllerID(1), animator: nil),
      .present(
        presenter: ControllerID(1), controller: ControllerID(2), animated: true, animator: nil,
        adaptiveStyle: nil),
      .dismiss(controller: ControllerID(1), animated: true, animator: nil),
      .show(
        .show, sender: ControllerID(1), controller: ControllerID(2), animated: true, animator: nil),
      .performSegue(source: ControllerID(1), identifier: "s", triggered: false, animated: true),
      .unwind(source: ControllerID(1), action: "a", animated: true),
      .beginInteractivePresent(
        presenter: ControllerID(1), controller: ControllerID(2), animator: nil, adaptiveStyle: nil),
      .beginInteractiveDismiss(controller: ControllerID(1), animator: nil),
      .setSplitColumns(split: ControllerID(1), primary: ControllerID(2), secondary: nil),
      .configureSplit(
        split: ControllerID(1), change: SplitPreferenceChange(), animated: true, animator: nil),
      .setPages(
        page: ControllerID(1), controllers: [], direction: .forward, animated: true,
        animator: nil, dataSource: nil),
      .turnPage(page: ControllerID(1), direction: .forward, animated: true, animator: nil),
      .beginInteractivePageTurn(page: ControllerID(1), direction: .forward, animator: nil),
      .beginInteractiveTabSelection(tabBar: ControllerID(1), selection: .index(1), animator: nil),
      .beginAppearanceTransition(controller: ControllerID(1), appearing: true, animated: false),
      .endAppearanceTransition(controller: ControllerID(1)),
      .tap(window: WindowID(1), point: Point(x: 0, y: 0)),
      .setCollectionLayout(
        collection: ControllerID(1), layout: .flow(FlowLayout()), animated: true, animator: nil),
      .beginInteractiveLayoutTransition(
        collection: ControllerID(1), layout: .flow(FlowLayout()), animator: nil),
    ].map(\.kind))

  /// Forgets the outcomes so far, submits `operation`, lets it run to the
  /// end, and returns its outcomes as text.
  private func outcomes(
    _ h: Harness, _ operation: WindowOperation, file: StaticString = #filePath, line: UInt = #line
  ) -> [String] {
    _ = h.session.takeOutcomes()
    h.run(operation, file: file, line: line)
    h.settle()
    return texts(h)
  }

  /// The outcomes recorded since the last take, as text:
  /// `o3 started t1 removed: [B] r5`.
  private func texts(_ h: Harness) -> [String] {
    func names(_ ids: [ControllerID]) -> String {
      "[" + ids.map { h.session.controllers[$0]?.name ?? "\($0)" }.joined(separator: ", ") + "]"
    }
    return h.session.takeOutcomes().map { outcome in
      var parts = ["\(outcome.operation)"]
      switch outcome.phase {
      case .started: parts.append("started")
      case .completed(let cancelled): parts.append(cancelled ? "cancelled" : "completed")
      case .failed(let error):
        parts.append("failed(\(error.code.rawValue))")
        return parts.joined(separator: " ")
      }
      if let transition = outcome.transition { parts.append("\(transition)") }
      if !outcome.removed.isEmpty { parts.append("removed: \(names(outcome.removed))") }
      if !outcome.created.isEmpty { parts.append("created: \(names(outcome.created))") }
      if let destination = outcome.destination {
        parts.append("destination: \(h.session.controllers[destination]?.name ?? "?")")
      }
      if outcome.declined { parts.append("declined") }
      if let tap = outcome.tap { parts.append("tap \(tap.view)") }
      parts.append("r\(outcome.revision)")
      if outcome.window == nil { parts.append("(no window)") }
      return parts.joined(separator: " ")
    }
  }
}
