// One random run: a fresh session and manual-clock window with a pool of
// controllers; it executes steps (checking that a step that throws changes
// nothing), records both event logs into one stream in call order, and
// settles. The invariants it then checks are in FuzzRun+Invariants.swift;
// how it renders steps for failure messages, in FuzzRun+Rendering.swift.

import Foundation

@testable import CurtainCore

/// One seeded run: the session, the pool, the merged event record and the
/// failures found.
final class FuzzRun {
  enum LogTag { case window, detached }

  let setup: FuzzSetup
  let session: Session
  let window: Window
  let contents: [ViewController]
  let navigations: [NavigationController]
  let tab: TabBarController
  let container: ContainerController
  /// The split and page view controllers of runs with `splitsAndPages`.
  let split: SplitViewController?
  let page: PageViewController?
  /// Every event of both logs, in call order.
  private(set) var stream: [(log: LogTag, event: Event)] = []
  private(set) var failures: [InvariantFailure] = []
  private(set) var steps: [FuzzStep] = []
  var stats = FuzzStats()
  private var windowRead: UInt64 = 0
  private var detachedRead: UInt64 = 0

  init(setup: FuzzSetup) {
    self.setup = setup
    session = Session(
      name: "fuzz",
      configuration: SessionConfiguration(
        operationQueueLimit: setup.queueLimit, eventLogCapacity: 1_000_000,
        interactionTimeout: setup.interactionTimeout))
    let session = self.session
    // Runs with split and page view controllers start in a regular-width
    // pad window every other seed (where currentContext styles stay).
    window = try! session.makeWindow(
      metrics: setup.splitsAndPages && setup.seed % 2 == 0
        ? WindowMetrics(
          size: Size(width: 1024, height: 768), safeAreaInsets: EdgeInsets(top: 24, bottom: 20),
          scale: 2, idiom: .pad) : WindowMetrics(),
      clockMode: .manual)
    contents = (0..<setup.contentCount).map {
      try! session.makeController(kind: .content, identifier: "C\($0)", title: "C\($0)")
    }
    navigations = (0..<setup.navigationCount).map {
      try! session.makeController(kind: .navigation, identifier: "N\($0)", title: "N\($0)")
        as! NavigationController
    }
    tab =
      try! session.makeController(kind: .tabBar, identifier: "T", title: "T") as! TabBarController
    container =
      try! session.makeController(kind: .container, identifier: "K", title: "K")
      as! ContainerController
    if setup.splitsAndPages {
      split =
        try! session.makeController(kind: .split, identifier: "S", title: "S")
        as! SplitViewController
      let page =
        try! session.makeController(kind: .page, identifier: "P", title: "P")
        as! PageViewController
      // Scroll, curl at the min spine, facing pages at the mid spine, or
      // vertical double-sided pages at the max spine.
      let options = [
        PageOptions(), PageOptions(transitionStyle: .pageCurl),
        PageOptions(transitionStyle: .pageCurl, spineLocation: .mid),
        PageOptions(
          transitionStyle: .pageCurl, orientation: .vertical, spineLocation: .max,
          isDoubleSided: true),
      ]
      try! page.configure(options[Int(setup.seed % 4)])
      self.page = page
    } else {
      split = nil
      page = nil
    }
    if setup.showsAndUnwinds {
      for (index, controller) in contents.enumerated() {
        controller.unwindActions = [["a", "b", "c"][index % 3]]
      }
      navigations.first?.unwindActions = ["b"]
      tab.unwindActions = ["c"]
    }
    if setup.presentsInteractively {
      // Every other content controller and the container define the
      // presentation context (navigation controllers do by default).
      for controller in contents.enumerated().filter({ $0.offset % 2 == 0 }).map(\.element)
        + [container]
      {
        try! controller.configurePresentation(definesPresentationContext: true)
      }
    }
    stats.runs = 1
    collect()
  }

  /// A run that continues on `session` (a restored copy of another run's
  /// session): the same window and pool, found by identifier; its event
  /// record starts with what happens from now on.
  init(setup: FuzzSetup, adopting session: Session) {
    self.setup = setup
    self.session = session
    window = session.orderedWindows[0]
    contents = (0..<setup.contentCount).map { session.controller(identifier: "C\($0)")! }
    navigations = (0..<setup.navigationCount).map {
      session.controller(identifier: "N\($0)") as! NavigationController
    }
    tab = session.controller(identifier: "T") as! TabBarController
    container = session.controller(identifier: "K") as! ContainerController
    split = session.controller(identifier: "S") as? SplitViewController
    page = session.controller(identifier: "P") as? PageViewController
    windowRead = window.log.lastSeq
    detachedRead = session.detachedLog.lastSeq
    stats.runs = 1
  }

  /// Every event recorded so far, rendered with its log, seq, time and
  /// revision (to compare two runs).
  var renderedStream: [String] {
    stream.map { log, event in
      "\(log) \(event.seq) t=\(event.time) r=\(event.revision) \(event.traceID ?? "-") "
        + session.describe(event)
    }
  }

  /// The pool the generator picks from.
  var pool: [ViewController] {
    contents + navigations + [tab, container] + [split, page].compactMap { $0 }
  }

  func fail(_ tag: String, _ message: String) {
    failures.append(InvariantFailure(tag: tag, message: "[seed \(setup.seed)] \(tag): \(message)"))
  }

  // MARK: Event record

  /// Appends what is new in both logs to the merged stream.
  private func collect() {
    let fromWindow = window.events(after: windowRead) ?? []
    let fromDetached = session.detachedLog.events(after: detachedRead) ?? []
    if !fromWindow.isEmpty && !fromDetached.isEmpty {
      fail(
        "LOG-SPLIT",
        "one call emitted into both logs (window: \(fromWindow.map(session.describe)), detached: \(fromDetached.map(session.describe)))"
      )
    }
    stream += fromDetached.map { (LogTag.detached, $0) }
    stream += fromWindow.map { (LogTag.window, $0) }
    windowRead = window.log.lastSeq
    detachedRead = session.detachedLog.lastSeq
  }

  /// Everything an error must leave unchanged.
  private struct Snapshot: Equatable {
    struct Controller: Equatable {
      var id: ControllerID
      var parent: ControllerID?
      var children: [ControllerID]
      var appearance: AppearanceState
      var view: ViewID?
      var superview: ViewID?
      var subviews: [ViewID]
      var frame: Rect?
      var tabs: [ControllerID]
      var selectedIndex: Int?
    }
    var revision: UInt64
    var lastSeq: UInt64
    var detachedLastSeq: UInt64
    var root: ControllerID?
    var isVisible: Bool
    var transitions: [TransitionID]
    var transitionFractions: [Double]
    var interactive: [Bool]
    var queued: Int
    var viewCount: Int
    var controllers: [Controller]
  }

  private func snapshot() -> Snapshot {
    Snapshot(
      revision: window.revision, lastSeq: window.log.lastSeq,
      detachedLastSeq: session.detachedLog.lastSeq, root: window.rootViewController?.id,
      isVisible: window.isVisible, transitions: window.transitions.map(\.id),
      transitionFractions: window.transitions.map { $0.percentComplete(at: window.time) },
      interactive: window.transitions.map(\.isInteractive), queued: window.queue.count,
      viewCount: session.views.count,
      controllers: session.controllers.values.sorted { $0.id < $1.id }.map { controller in
        let tab = controller as? TabBarController
        return Snapshot.Controller(
          id: controller.id, parent: controller.parent?.id, children: controller.children.map(\.id),
          appearance: controller.appearance, view: controller.viewIfLoaded?.id,
          superview: controller.viewIfLoaded?.superview?.id,
          subviews: controller.viewIfLoaded?.subviews.map(\.id) ?? [],
          frame: controller.viewIfLoaded?.frame, tabs: tab?.viewControllers.map(\.id) ?? [],
          selectedIndex: tab?.selectedIndex)
      })
  }

  // MARK: Executing steps

  func execute(_ step: FuzzStep) {
    if ProcessInfo.processInfo.environment["INVARIANT_TRACE"] == "steps" {
      print("TRACE step \(render(step))")
    }
    steps.append(step)
    stats.steps += 1
    switch step {
    case .submit(let operation, let expectNotFound):
      submit(operation, expectNotFound: expectNotFound)
    case .advance(let seconds):
      stats.advances += 1
      window.advance(by: seconds)
    case .update(let slot, let percent):
      drive(slot) { try self.window.updateInteraction($0, percent: percent) }
    case .finish(let slot, let speed, let curve):
      let curves: [TimingFunction] = [.easeInOut, .linear, .easeOut]
      drive(slot) {
        try self.window.finishInteraction(
          $0, completion: InteractionCompletion(speed: speed, curve: curves[curve % curves.count]))
        self.stats.finishes += 1
      }
    case .cancel(let slot, let speed):
      drive(slot) {
        try self.window.cancelInteraction($0, completion: InteractionCompletion(speed: speed))
        self.stats.cancels += 1
      }
    case .pause(let slot):
      drive(slot) {
        try self.window.pauseTransition($0)
        self.stats.pauses += 1
      }
    case .configure(let id, let style, let transition):
      try! session.controller(id).configurePresentation(
        modalPresentationStyle: style, modalTransitionStyle: transition)
    case .driveMissing(let kind):
      let missing = TransitionID(999_999)
      drive(nil, expectNotFound: true) {
        switch kind % 4 {
        case 0: try self.window.updateInteraction(missing, percent: 0.5)
        case 1: try self.window.finishInteraction(missing)
        case 2: try self.window.cancelInteraction(missing)
        default: try self.window.pauseTransition(missing)
        }
        _ = $0
      }
    }
    collect()
  }

  private func submit(_ operation: WindowOperation, expectNotFound: Bool) {
    stats.submitted += 1
    let kind = operation.kind
    let before = snapshot()
    do {
      let ticket = try session.submit(operation)
      stats.accepted += 1
      stats.byKind[kind, default: (0, 0)].accepted += 1
      if ticket.position > 0 { stats.queued += 1 }
      if expectNotFound {
        fail("E-notFound", "\(render(.submit(operation, expectNotFound: true))) was accepted")
      }
    } catch let error as CurtainError {
      stats.syncErrors[error.code, default: 0] += 1
      stats.byKind[kind, default: (0, 0)].thrown += 1
      if expectNotFound && error.code != .notFound {
        fail(
          "E-notFound",
          "\(render(.submit(operation, expectNotFound: true))) failed with \(error), not NOT_FOUND")
      }
      let after = snapshot()
      if after != before {
        fail(
          "E-state",
          "\(render(.submit(operation, expectNotFound: expectNotFound))) threw \(error) but changed state:\nbefore:\n\(before)\nafter:\n\(after)"
        )
      }
    } catch {
      fail("E-type", "\(operation) threw a non-Curtain error \(error)")
    }
  }

  /// Runs an interaction request on the transition in `slot` (nothing when
  /// there is no transition), checking that an error changes nothing.
  private func drive(
    _ slot: Int?, expectNotFound: Bool = false, _ body: (TransitionID) throws -> Void
  ) {
    let id: TransitionID
    if let slot {
      guard !window.transitions.isEmpty else { return }
      id = window.transitions[slot % window.transitions.count].id
    } else {
      id = TransitionID(999_999)
    }
    let before = snapshot()
    do {
      try body(id)
      if expectNotFound {
        fail("E-notFound", "an interaction request on a missing transition was accepted")
      }
    } catch let error as CurtainError {
      stats.driveErrors[error.code, default: 0] += 1
      if expectNotFound && error.code != .notFound {
        fail("E-notFound", "an interaction request on a missing transition failed with \(error)")
      }
      let after = snapshot()
      if after != before {
        fail("E-state", "interaction request on \(id) threw \(error) but changed state")
      }
    } catch {
      fail("E-type", "interaction request threw a non-Curtain error \(error)")
    }
  }

  /// Lets go of every interactive transition (finishing even ids, cancelling
  /// odd ones) and advances until the window is idle.
  func settle() {
    var rounds = 0
    while !window.isIdle && rounds < 2_000 {
      for transition in window.transitions where transition.isInteractive {
        if transition.id.rawValue % 2 == 0 {
          try? window.finishInteraction(transition.id)
        } else {
          try? window.cancelInteraction(transition.id)
        }
        collect()
      }
      window.advance(by: 0.1)
      collect()
      rounds += 1
    }
    if !window.isIdle {
      fail(
        "SETTLE",
        "window not idle after 200 s: transitions \(window.transitions.map(\.id)), queue \(window.queue.count)"
      )
    }
  }
}
