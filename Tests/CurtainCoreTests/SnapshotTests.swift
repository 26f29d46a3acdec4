import CurtainWire
import SwiftProtobuf
import XCTest

@testable import CurtainCore

// Snapshots of quiescent sessions (SessionSnapshot.swift): a restored
// session equals the original object for object and property for property
// (compared through reflection, so a property the snapshot forgets is a
// difference), says the same about itself, and behaves the same from then
// on: the same random steps applied to both give the same events. The
// sessions come from the invariant fuzz (Invariants/), in all its variants.

final class SnapshotTests: XCTestCase {
  /// The variants of the invariant fuzz, so that every container, style
  /// and feature appears in some snapshot.
  private static let variants: [(String, @Sendable (inout FuzzSetup) -> Void)] = [
    ("base", { _ in }),
    ("splits and pages", { $0.splitsAndPages = true }),
    ("shows and unwinds", { $0.showsAndUnwinds = true }),
    ("interactive presentations", { $0.presentsInteractively = true }),
  ]

  /// A settled fuzz run of `seed` in `variant`, its outcomes taken.
  private func settledRun(_ seed: UInt64, _ variant: (inout FuzzSetup) -> Void) -> FuzzRun {
    var setup = FuzzSetup(seed: seed)
    variant(&setup)
    let run = FuzzRun(setup: setup)
    var generator = FuzzGenerator(seed: seed)
    generator.perform(run)
    _ = run.session.takeOutcomes()
    return run
  }

  private func restored(_ session: Session) throws -> Session {
    try Session.restore(session.snapshot(), configuration: session.configuration)
  }

  func testRestoredSessionsEqualTheOriginalPropertyForProperty() throws {
    var compared = 0
    for (label, variant) in Self.variants {
      for seed in UInt64(1)...60 {
        let run = settledRun(seed, variant)
        let snapshot = try run.session.snapshot()
        let copy = try Session.restore(snapshot, configuration: run.session.configuration)
        XCTAssertEqual(try copy.snapshot(), snapshot, "\(label) seed \(seed)")
        var comparison = ObjectGraphComparison()
        comparison.compare(run.session, copy, path: "session")
        XCTAssertEqual(comparison.differences, [], "\(label) seed \(seed)")
        XCTAssertEqual(
          copy.orderedWindows.map(\.hierarchyDescription),
          run.session.orderedWindows.map(\.hierarchyDescription), "\(label) seed \(seed)")
        compared += 1
      }
    }
    XCTAssertEqual(compared, 240)
  }

  /// The session image (session_image.proto, the form every store and
  /// portable document keeps) gives back every snapshot of every variant
  /// exactly, events and all, from its bytes and from its JSON form; cut
  /// short or with a byte changed it is refused or read as some snapshot,
  /// never a crash.
  func testTheImageGivesBackEverySnapshot() throws {
    var random = SplitMix64(seed: 12)
    for (label, variant) in Self.variants {
      for seed in UInt64(1)...60 {
        let snapshot = try settledRun(seed, variant).session.snapshot()
        let image = Curtain_V1_SessionImage(snapshot)
        let bytes: [UInt8] = try image.serializedBytes()
        XCTAssertEqual(
          try SessionSnapshot(image: Curtain_V1_SessionImage(serializedBytes: bytes)), snapshot,
          "\(label) seed \(seed)")
        XCTAssertEqual(
          try SessionSnapshot(image: Curtain_V1_SessionImage(jsonString: image.jsonString())),
          snapshot, "\(label) seed \(seed), JSON")
        let cut = Int(random.next() % UInt64(bytes.count))
        _ = try? SessionSnapshot(
          image: Curtain_V1_SessionImage(serializedBytes: Array(bytes.prefix(cut))))
        var flipped = bytes
        flipped[Int(random.next() % UInt64(bytes.count))] ^= UInt8(1 + random.next() % 255)
        _ = try? SessionSnapshot(image: Curtain_V1_SessionImage(serializedBytes: flipped))
      }
    }
  }

  func testRestoredSessionsBehaveLikeTheOriginal() throws {
    for (label, variant) in Self.variants {
      for seed in UInt64(1)...40 {
        let original = settledRun(seed, variant)
        let copy = try restored(original.session)
        let left = FuzzRun(setup: original.setup, adopting: original.session)
        let right = FuzzRun(setup: original.setup, adopting: copy)
        var first = FuzzGenerator(seed: seed &+ 10_000)
        var second = FuzzGenerator(seed: seed &+ 10_000)
        first.perform(left)
        second.perform(right)
        XCTAssertEqual(left.renderedStream, right.renderedStream, "\(label) seed \(seed)")
        XCTAssertGreaterThan(left.renderedStream.count, 0)
        _ = original.session.takeOutcomes()
        _ = copy.takeOutcomes()
        XCTAssertEqual(
          try copy.snapshot(), try original.session.snapshot(), "\(label) seed \(seed)")
      }
    }
  }

  /// Every stored property of the model's classes, as reflection lists
  /// them. A property added to a class and not to this list fails here:
  /// give it a place in the snapshot (SessionSnapshot.swift, taken in
  /// Session+Snapshot.swift and restored in Session+Restore.swift), then
  /// add it to the list. Transient properties hold nothing between calls
  /// or when the session is quiescent; the round-trip test checks that
  /// they are then at rest.
  func testEveryStoredPropertyOfTheModelHasAPlaceInTheSnapshot() throws {
    let run = settledRun(3, { $0.splitsAndPages = true })
    let session = run.session
    let window = run.window
    let expected: [(AnyObject, AnyClass, Set<String>)] = [
      (
        session, Session.self,
        [
          "name", "configuration", "ids", "windows", "controllers", "views", "storyboards",
          "detachedLog", "endings", "endingOrder", "departedNames", "departedOrder",
          // Transient: where events go during a call and the trace id
          // they carry, outcomes, the windows with new events until the
          // daemon takes them, where the daemon last looked at the
          // detached log, and the count of interactions timed out since
          // the daemon started (a metric).
          "eventScope", "outcomes", "windowsWithNewEvents", "detachedSeqTaken",
          "interactionTimeouts",
          // The delegate registrations and call counter are in the
          // snapshot (`delegates`, `nextDelegateCall`); its open questions
          // and issued calls are empty when the session is quiescent.
          "delegates",
          // Derived from the controllers (IdentifierIndexTests).
          "identifierIndex",
        ]
      ),
      (
        window, Window.self,
        [
          "id", "session", "view", "metrics", "clockMode", "rootViewController", "isVisible",
          "revision", "time", "log", "timeline",
          // Transient, empty when the session is quiescent.
          "transitions", "queue", "operationsInFlight", "pendingMoves", "awaitingDelegate",
          // Reset at the start of every step, read only within it.
          "endedThisStep", "actionsThisStep",
        ]
      ),
      (
        window.timeline, Timeline.self,
        // `animations` is empty when the session is quiescent.
        ["animations", "nextID"]
      ),
      (
        window.view, View.self,
        [
          "id", "role", "controllerID", "state", "isHidden", "backgroundColorName", "superview",
          "subviews", "hostWindow",
        ]
      ),
      (
        run.contents[0], ViewController.self,
        [
          "id", "identifier", "title", "session", "parent", "children", "appearance",
          "viewIfLoaded", "hostWindow", "appearanceAnimated", "modalPresentationStyle",
          "modalTransitionStyle", "definesPresentationContext",
          "providesPresentationContextTransitionStyle", "preferredContentSize",
          "presentedViewController", "presentation", "scene", "unwindActions",
          "shouldPerformAnswers", "isModalInPresentation", "edgesForExtendedLayout",
          "shouldAutomaticallyForwardAppearanceMethods",
        ]
      ),
      (
        run.navigations[0], NavigationController.self,
        ["navigationBar", "managingTabBarController", "isBarTranslucent"]
      ),
      (
        run.tab, TabBarController.self,
        [
          "viewControllers", "selectedIndex", "tabBar", "moreNavigationController",
          "moreListController", "shownController", "isBarTranslucent",
          // Transient: set only while a tab moves into More.
          "movingIntoMore",
        ]
      ),
      (
        run.split!, SplitViewController.self,
        ["primary", "secondary", "preferences", "isCollapsed"]
      ),
      (run.page!, PageViewController.self, ["options", "viewControllers", "dataSource"]),
      (run.container, ContainerController.self, ["childFrames", "childrenAwaitingView"]),
    ]
    for (object, type, names): (AnyObject, AnyClass, Set<String>) in expected {
      let found = storedPropertyNames(of: object, declaredBy: type)
      XCTAssertEqual(
        found.subtracting(names).sorted(), [],
        "\(type) has stored properties the snapshot does not know about")
      XCTAssertEqual(names.subtracting(found).sorted(), [], "\(type) lost properties")
    }
  }

  /// A presentation has no instance in a settled fuzz run of every seed:
  /// build one and check its properties too.
  func testEveryStoredPropertyOfAPresentationHasAPlaceInTheSnapshot() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "P")
    h.run(
      .present(
        presenter: h.id("A"), controller: h.id("P"), animated: false, animator: nil,
        adaptiveStyle: nil, options: PresentOptions(style: .popover)))
    let presentation = try XCTUnwrap(h.controller("P").presentation)
    XCTAssertEqual(
      storedPropertyNames(of: presentation, declaredBy: Presentation.self),
      [
        "presenting", "presented", "replacement", "original", "requestedStyle", "adaptiveStyle",
        "style", "isCard", "transitionStyle", "contextContainer", "windowView", "dimmingView",
        "popover", "passthroughViews", "removedPresenterSlot", "isEstablished",
        "viewHiddenWithContext",
        "dimmingHiddenWithContext", "custom", "popoverPlacement",
      ])
    _ = h.session.takeOutcomes()
    let copy = try restored(h.session)
    var comparison = ObjectGraphComparison()
    comparison.compare(h.session, copy, path: "session")
    XCTAssertEqual(comparison.differences, [])
  }

  /// Issue 15's properties, which the fuzz leaves at their defaults, set
  /// to other values: Tabs (opaque bar) with Nav (opaque bar,
  /// holding A, whose layout extends under the top edge only) and Box, a
  /// custom container that does not forward appearance, with Panel added
  /// without its view; Pop, modal in presentation, a popover from Nav's
  /// right bar button item with the tab bar as a passthrough view.
  private func issue15Session() throws -> Harness {
    let h = Harness(metrics: PopoverTests.pad)
    for name in ["A", "Panel", "Pop"] { h.make(.content, name) }
    h.make(.navigation, "Nav")
    h.make(.container, "Box")
    h.make(.tabBar, "Tabs")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("A")], animated: false, animator: nil))
    try h.controller("Box").configureAppearanceForwarding(false)
    h.run(.addChild(parent: h.id("Box"), child: h.id("Panel"), frame: nil, installsView: false))
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("Nav"), h.id("Box")]))
    h.setRoot("Tabs")
    try h.controller("Nav").configureLayout(edgesForExtendedLayout: nil, isBarTranslucent: false)
    try h.controller("Tabs").configureLayout(edgesForExtendedLayout: nil, isBarTranslucent: false)
    try h.controller("A").configureLayout(edgesForExtendedLayout: .top, isBarTranslucent: nil)
    try h.controller("Pop").configurePresentation(isModalInPresentation: true)
    h.presentPopover(
      on: "A",
      source: PopoverSource(
        barItem: .navigationRight, passthroughViews: [try XCTUnwrap(h.tab("Tabs").tabBar).id]),
      animated: false)
    _ = h.session.takeOutcomes()
    return h
  }

  func testIssue15PropertiesSurviveARestore() throws {
    let h = try issue15Session()
    let copy = try restored(h.session)
    var comparison = ObjectGraphComparison()
    comparison.compare(h.session, copy, path: "session")
    XCTAssertEqual(comparison.differences, [])
    let controller = { (name: String) in try XCTUnwrap(copy.controller(identifier: name)) }
    XCTAssertTrue(try controller("Pop").isModalInPresentation)
    XCTAssertEqual(try controller("A").edgesForExtendedLayout, .top)
    XCTAssertFalse(try controller("Box").shouldAutomaticallyForwardAppearanceMethods)
    XCTAssertEqual(
      (try controller("Box") as? ContainerController)?.childrenAwaitingView, [h.id("Panel")])
    XCTAssertEqual((try controller("Nav") as? NavigationController)?.isBarTranslucent, false)
    XCTAssertEqual((try controller("Tabs") as? TabBarController)?.isBarTranslucent, false)
    let presentation = try XCTUnwrap(try controller("Pop").presentation)
    XCTAssertEqual(presentation.popover?.barItem?.item, .navigationRight)
    XCTAssertTrue(presentation.popover?.barItem?.container === (try controller("Nav")))
    XCTAssertEqual(presentation.passthroughViews.map(\.id), [h.tab("Tabs").tabBar?.id])
    XCTAssertEqual(
      copy.orderedWindows.map(\.hierarchyDescription),
      h.session.orderedWindows.map(\.hierarchyDescription))
  }

  /// Values of issue 15's properties that would break the model's
  /// invariants are refused, naming the controller.
  func testIssue15PropertiesThatBreakInvariantsAreRefused() throws {
    let h = try issue15Session()
    let good = try h.session.snapshot()
    func index(_ name: String) -> Int {
      good.controllers.firstIndex { $0.id == h.id(name) }!
    }
    func refused(_ change: (inout SessionSnapshot) -> Void, _ message: String) {
      var snapshot = good
      change(&snapshot)
      XCTAssertThrowsError(try Session.restore(snapshot, configuration: h.session.configuration)) {
        error in
        XCTAssertEqual((error as? CurtainError)?.code, .invalidArgument, "\(error)")
        XCTAssertEqual((error as? CurtainError)?.message, message)
      }
    }
    let box = index("Box")
    refused(
      { snapshot in
        guard case .container(var state) = snapshot.controllers[box].container else { return }
        state.childrenAwaitingView.insert(h.id("A"))
        snapshot.controllers[box].container = .container(state)
      },
      "Snapshot of session 'test': controller \(h.id("Box")) waits to install the view of "
        + "\(h.id("A")), which is not its child")
    refused(
      { $0.controllers[index("Nav")].shouldAutomaticallyForwardAppearanceMethods = false },
      "Snapshot of session 'test': controller \(h.id("Nav")) is a navigation controller that "
        + "does not forward appearance methods; only a custom container may stop")
    refused(
      { $0.controllers[index("A")].edgesForExtendedLayout = RectEdges(rawValue: 16) },
      "Snapshot of session 'test': controller \(h.id("A")) extends its layout under edges 16, "
        + "which are not top 1, left 2, bottom 4, right 8")
    refused(
      { $0.controllers[index("Pop")].presentation?.popover?.barItem?.container = h.id("Tabs") },
      "Snapshot of session 'test': controller \(h.id("Pop")) points at the right of "
        + "\(h.id("Tabs")), which is not a navigation controller")
  }

  func testABusySessionCannotBeSnapshotted() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    XCTAssertThrowsError(try h.session.snapshot()) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .busy)
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "Session 'test' is not idle: window w1 runs transition t1")
    }
  }

  // MARK: Settling

  /// A non-interactive transition plays to its end and the operation
  /// waiting behind it runs; an interactive one is cancelled; both with
  /// their events, as if time had gone on.
  func testSettlingCompletesWhatRunsByItselfAndCancelsWhatAClientHolds() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.run(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: OwnerID(4)))
    h.push("Nav", "C")
    try h.window.updateInteraction(TransitionID(1), percent: 0.5, by: OwnerID(4))
    XCTAssertFalse(h.session.isQuiescent)
    h.session.settle([], at: 0)
    XCTAssertTrue(h.session.isQuiescent)
    XCTAssertEqual(
      h.described([.transition, .operation]).filter { !$0.contains("queued") },
      [
        "o4.started", "t1.began(pop, B → A, animated: true, interactive: true)",
        "t1.interactionChanged(cancelled: true)", "t1.ended(cancelled: true)",
        "o4.completed(cancelled: true, removed: [])", "o5.started",
        "t2.began(push, B → C, animated: true, interactive: false)", "t2.ended(cancelled: false)",
        "o5.completed(cancelled: false, removed: [])",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B", "C"])
    // The interactive pop ran back over half its duration, then the push
    // took its 0.35 s.
    XCTAssertEqual(h.window.time, 0.175 + 0.35, accuracy: 1e-9)
  }

  /// Windows on the shared clock settle together and the clock moves to
  /// the end of the last transition.
  func testSettlingOnTheSharedClockReturnsWhenEverythingEnded() throws {
    let session = Session(name: "s")
    let window = try session.makeWindow()
    let nav = try session.makeController(kind: .navigation, identifier: "Nav")
    let a = try session.makeController(kind: .content, identifier: "A")
    let b = try session.makeController(kind: .content, identifier: "B")
    try session.submit(
      .setViewControllers(navigation: nav.id, controllers: [a.id], animated: false, animator: nil))
    try session.submit(.setRoot(window: window.id, controller: nav.id))
    try session.submit(.push(navigation: nav.id, controller: b.id, animated: true, animator: nil))
    let end = session.settle([Session.ClockedWindow(window, origin: 10)], at: 10.1)
    XCTAssertTrue(session.isQuiescent)
    XCTAssertEqual(end, 10.35, accuracy: 1e-9)
    XCTAssertGreaterThanOrEqual(end - 10, 0.35)
    XCTAssertEqual(window.time, end - 10)
  }

  // MARK: Bad snapshots

  /// Damaged snapshots (as a file a user imports may be) are refused with
  /// a message naming what is wrong, never half restored, never a crash.
  func testInconsistentSnapshotsAreRefusedClearly() throws {
    let run = settledRun(5, { $0.splitsAndPages = true })
    let good = try run.session.snapshot()
    let configuration = run.session.configuration
    func refused(_ change: (inout SessionSnapshot) -> Void, _ message: String) {
      var snapshot = good
      change(&snapshot)
      XCTAssertThrowsError(try Session.restore(snapshot, configuration: configuration)) { error in
        XCTAssertEqual((error as? CurtainError)?.code, .invalidArgument, "\(error)")
        XCTAssertTrue("\(error)".contains(message), "\(error) should say \(message)")
      }
    }
    let parent = good.controllers.first { !$0.children.isEmpty }!
    refused(
      {
        $0.controllers[$0.controllers.firstIndex(of: parent)!].children.append(ControllerID(9_999))
      }, "missing")
    refused({ $0.controllers.append($0.controllers[0]) }, "appears twice")
    refused({ $0.nextIDs.view = 1 }, "in use")
    refused({ $0.views[0].subviews.append($0.views[0].id) }, "own")
    refused(
      { snapshot in
        let child = parent.children[0]
        let index = snapshot.controllers.firstIndex { $0.id == child }!
        snapshot.controllers[index].children.append(parent.id)
      }, "contains itself")
    refused({ $0.windows[0].events.lastSeq += 5 }, "out of order")
    refused({ $0.windows[0].root = ControllerID(9_998) }, "disagrees")
    let ending = RememberedEnding(transition: TransitionID(7), ending: .cancelled)
    refused({ $0.endings = [ending, ending] }, "appears twice")
    refused(
      { $0.departedNames = [DepartedName(controller: parent.id, name: "@Gone")] },
      "both live and deleted")
  }

  /// Random damage to snapshots: restoring either succeeds with a session
  /// that describes itself, or throws a CurtainError.
  func testRandomlyDamagedSnapshotsNeverCrash() throws {
    var random = SplitMix64(seed: 42)
    for seed in UInt64(1)...20 {
      let good = try settledRun(seed, { $0.presentsInteractively = true }).session.snapshot()
      for _ in 0..<30 {
        var snapshot = good
        damage(&snapshot, &random)
        do {
          let session = try Session.restore(snapshot)
          for window in session.orderedWindows { _ = window.hierarchyDescription }
        } catch {
          XCTAssertNotNil(error as? CurtainError, "\(error)")
        }
      }
    }
  }

  private func damage(_ snapshot: inout SessionSnapshot, _ random: inout SplitMix64) {
    let someController = { (r: inout SplitMix64) in ControllerID(UInt64(r.int(30))) }
    let someView = { (r: inout SplitMix64) in ViewID(UInt64(r.int(60))) }
    switch random.int(8) {
    case 0 where !snapshot.controllers.isEmpty:
      let index = random.int(snapshot.controllers.count)
      snapshot.controllers[index].children.append(someController(&random))
    case 1 where !snapshot.controllers.isEmpty:
      let index = random.int(snapshot.controllers.count)
      snapshot.controllers[index].view = someView(&random)
    case 2 where !snapshot.views.isEmpty:
      let index = random.int(snapshot.views.count)
      snapshot.views[index].subviews.append(someView(&random))
    case 3 where !snapshot.controllers.isEmpty:
      snapshot.controllers.remove(at: random.int(snapshot.controllers.count))
    case 4 where !snapshot.views.isEmpty:
      snapshot.views.remove(at: random.int(snapshot.views.count))
    case 5 where !snapshot.controllers.isEmpty:
      let index = random.int(snapshot.controllers.count)
      snapshot.controllers[index].presented = someController(&random)
    case 6 where !snapshot.windows.isEmpty:
      snapshot.windows[0].root = someController(&random)
    default:
      if !snapshot.controllers.isEmpty {
        let index = random.int(snapshot.controllers.count)
        snapshot.controllers[index].hostWindow = WindowID(UInt64(random.int(3)))
      }
    }
  }
}

extension SessionSnapshot {
  /// The snapshot written as a session image's bytes and read back.
  func throughImage() throws -> SessionSnapshot {
    let bytes: [UInt8] = try Curtain_V1_SessionImage(self).serializedBytes()
    return try SessionSnapshot(image: Curtain_V1_SessionImage(serializedBytes: bytes))
  }
}
