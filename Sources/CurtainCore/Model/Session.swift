// A session is a named set of windows and the controllers and views they are
// built from. Every id is session-scoped. Controllers may exist outside any
// window (built first, then made a root or pushed); events of such
// controllers go to the session's own log, with no window id.

/// Limits and defaults of a session.
public struct SessionConfiguration: Hashable, Sendable {
  /// Operations that may wait in one window's queue.
  public var operationQueueLimit: Int
  /// Events kept per window for resuming subscribers.
  public var eventLogCapacity: Int
  /// Bytes of events kept per window (as `eventFootprint` counts them);
  /// the oldest go past this or `eventLogCapacity`, whichever comes first.
  public var eventLogByteLimit: Int
  /// How an event's bytes are counted (the daemon's allocator; by default
  /// its slot in the log).
  public var eventFootprint: EventFootprint
  /// Seconds without an update after which an interactive transition that
  /// belongs to no client is cancelled (Curtain's choice, SEMANTICS §5); 0
  /// never. An interaction owned by a client never times out.
  public var interactionTimeout: Double
  /// Windows a session may have.
  public var maxWindows: Int
  /// Controllers a session may have.
  public var maxControllers: Int

  /// Creates a configuration; defaults: queue 64, log 10,000 events of
  /// at most `Int.max` bytes, interaction timeout 30 s, 1,000 windows,
  /// 100,000 controllers.
  public init(
    operationQueueLimit: Int = 64, eventLogCapacity: Int = 10_000,
    eventLogByteLimit: Int = .max, eventFootprint: EventFootprint = .slots,
    interactionTimeout: Double = 30, maxWindows: Int = 1_000, maxControllers: Int = 100_000
  ) {
    self.operationQueueLimit = operationQueueLimit
    self.eventLogCapacity = eventLogCapacity
    self.eventLogByteLimit = eventLogByteLimit
    self.eventFootprint = eventFootprint
    self.interactionTimeout = interactionTimeout
    self.maxWindows = maxWindows
    self.maxControllers = maxControllers
  }
}

extension SessionConfiguration {
  /// An empty event log with these limits.
  func makeEventLog() -> EventLog {
    EventLog(capacity: eventLogCapacity, byteLimit: eventLogByteLimit, footprint: eventFootprint)
  }
}

/// Where the events emitted now go: the window acting (`nil`: the
/// session's detached log) and the trace id of what acts, an operation or a
/// transition ending. Set only by `Session.emitting(into:trace:_:)`, around
/// the code that acts: the lifecycle callbacks a container emits deep in a
/// change do not each carry it.
struct EventScope {
  var window: Window?
  var traceID: String?
}

/// A named set of windows, controllers and views.
public final class Session {
  /// The session's name.
  public let name: String
  /// Its limits.
  public let configuration: SessionConfiguration
  var ids = IdentifierAllocator()
  /// The next id of each kind (what a journal checks after each input).
  public var identifierCounters: IdentifierCounters { ids.counters }
  /// Windows by id.
  public internal(set) var windows: [WindowID: Window] = [:]
  /// Controllers by id. Only `insertController` and `removeControllers`
  /// change it, so that `identifierIndex` stays exact.
  public private(set) var controllers: [ControllerID: ViewController] = [:]
  /// The controllers that have an identifier, by identifier
  /// (IdentifierIndex.swift): what `controller(identifier:)` answers in
  /// constant time. Kept by `insertController`, `removeControllers` and
  /// `ViewController.identifier`'s observer.
  private(set) var identifierIndex = IdentifierIndex()
  /// Views by id.
  public internal(set) var views: [ViewID: View] = [:]
  /// Loaded storyboards by name.
  public internal(set) var storyboards: [String: Storyboard] = [:]
  /// Events of controllers that are in no window.
  public internal(set) var detachedLog: EventLog
  /// Interactive transitions cancelled because nobody updated them within
  /// `configuration.interactionTimeout`, since the session was made.
  public internal(set) var interactionTimeouts = 0
  /// Where the events emitted now go, and the trace id they carry
  /// (`emitting(into:trace:_:)`).
  private(set) var eventScope = EventScope()
  /// Remote delegates and their open questions (Session+Delegates.swift).
  var delegates = DelegateBook()
  /// What became of operations, until the owner takes it
  /// (OperationOutcome.swift).
  var outcomes: [OperationOutcome] = []
  /// The detached log's last seq when the daemon last looked
  /// (`takeDetachedLogGrowth`).
  var detachedSeqTaken: UInt64 = 0
  /// Why recently ended transitions ended (TransitionEnding.swift).
  var endings: [TransitionID: TransitionEnding] = [:]
  /// Their ids, oldest first.
  var endingOrder: [TransitionID] = []
  /// The names of recently destroyed controllers, so that the events they
  /// left behind still name them (Session+Lifecycle.swift).
  var departedNames: [ControllerID: String] = [:]
  /// Their ids, oldest first.
  var departedOrder: [ControllerID] = []
  /// The windows whose logs grew since the owner last took them
  /// (`takeWindowsWithNewEvents()`).
  var windowsWithNewEvents: Set<WindowID> = []

  /// Creates an empty session.
  public init(name: String = "default", configuration: SessionConfiguration = .init()) {
    self.name = name
    self.configuration = configuration
    self.detachedLog = configuration.makeEventLog()
  }

  /// The windows in creation order.
  public var orderedWindows: [Window] {
    // Ids sorted, then looked up: sorting the windows themselves retains
    // and releases them at every comparison (a list of 1,000 windows
    // spent an eighth of its time there).
    windows.keys.sorted().compactMap { windows[$0] }
  }

  // MARK: Creation

  /// Creates a window; it is visible and empty.
  public func makeWindow(metrics: WindowMetrics = .init(), clockMode: ClockMode = .realtime)
    throws -> Window
  {
    try metrics.validate()
    guard windows.count < configuration.maxWindows else {
      throw CurtainError.limitExceeded(
        "A session may have at most \(configuration.maxWindows) windows", limit: "max-windows",
        value: configuration.maxWindows)
    }
    let window = Window(id: ids.window(), session: self, metrics: metrics, clockMode: clockMode)
    windows[window.id] = window
    emitting(into: window) { _ = window.append(.window(.created(metrics.size))) }
    return window
  }

  /// Creates a controller of `kind` outside any window. Identifiers are
  /// unique within the session. `id` is an id set aside earlier (a queued
  /// segue's destination); by default the next one is taken.
  public func makeController(
    kind: ControllerKind, identifier: String? = nil, title: String? = nil
  ) throws -> ViewController {
    try makeController(kind: kind, identifier: identifier, title: title, id: nil)
  }

  func makeController(
    kind: ControllerKind, identifier: String?, title: String?, id reserved: ControllerID?
  ) throws -> ViewController {
    if let identifier {
      try Self.validateIdentifier(identifier)
      guard controller(identifier: identifier) == nil else {
        throw CurtainError.invalid("A controller with identifier '\(identifier)' already exists")
      }
    }
    guard controllers.count < configuration.maxControllers else {
      throw CurtainError.limitExceeded(
        "A session may have at most \(configuration.maxControllers) controllers",
        limit: "max-controllers", value: configuration.maxControllers)
    }
    let controller = insertController(
      kind: kind, id: reserved ?? ids.controller(), identifier: identifier, title: title)
    return controller
  }

  /// Makes a controller of `kind` with this id and adds it to the session
  /// (nothing checked).
  func insertController(kind: ControllerKind, id: ControllerID, identifier: String?, title: String?)
    -> ViewController
  {
    let controller: ViewController
    switch kind {
    case .content:
      controller = ViewController(id: id, session: self, identifier: identifier, title: title)
    case .navigation:
      controller = NavigationController(
        id: id, session: self, identifier: identifier, title: title)
    case .tabBar:
      controller = TabBarController(id: id, session: self, identifier: identifier, title: title)
    case .container:
      controller = ContainerController(
        id: id, session: self, identifier: identifier, title: title)
    case .split:
      controller = SplitViewController(
        id: id, session: self, identifier: identifier, title: title)
    case .page:
      controller = PageViewController(id: id, session: self, identifier: identifier, title: title)
    case .collection:
      controller = CollectionViewController(
        id: id, session: self, identifier: identifier, title: title)
    }
    controllers[id] = controller
    identifierIndex.insert(controller)
    return controller
  }

  /// Takes controllers out of the session (nothing else checked or done),
  /// with their identifiers.
  func removeControllers<S: Sequence<ControllerID>>(_ ids: S) {
    for id in ids {
      guard let controller = controllers.removeValue(forKey: id) else { continue }
      if let identifier = controller.identifier {
        identifierIndex.remove(controller, indexedAs: identifier)
      }
      if !delegates.registrations.isEmpty {
        for role in DelegateRole.allCases {
          delegates.registrations[DelegateKey(controller: id, role: role)] = nil
        }
      }
    }
  }

  /// Moves a controller of the session from one identifier to another in
  /// the index (`ViewController.identifier`'s observer).
  func controller(
    _ controller: ViewController, changedIdentifierFrom old: String?, to new: String?
  ) {
    guard old != new, controllers[controller.id] === controller else { return }
    if let old { identifierIndex.remove(controller, indexedAs: old) }
    if new != nil { identifierIndex.insert(controller) }
  }

  /// Identifiers are 1 to 128 characters of letters, digits, `_`, `-` and `.`.
  static func validateIdentifier(_ identifier: String) throws {
    let allowed = identifier.unicodeScalars.allSatisfy {
      ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
    }
    guard (1...128).contains(identifier.count), allowed else {
      throw CurtainError.invalid(
        "Identifier '\(identifier)' must be 1 to 128 letters, digits, '_', '-' or '.'")
    }
  }

  func makeView(role: ViewRole, controller: ControllerID?, frame: Rect, color: String) -> View {
    let view = View(
      id: ids.view(), role: role, controllerID: controller, frame: frame,
      backgroundColorName: color)
    views[view.id] = view
    return view
  }

  // MARK: Lookup

  /// The window with this id.
  public func window(_ id: WindowID) throws -> Window {
    guard let window = windows[id] else { throw CurtainError.notFound("No window \(id)") }
    return window
  }

  /// The controller with this id.
  public func controller(_ id: ControllerID) throws -> ViewController {
    guard let controller = controllers[id] else {
      throw CurtainError.notFound("No view controller \(id)")
    }
    return controller
  }

  /// The controller with this identifier, if any.
  public func controller(identifier: String) -> ViewController? {
    identifierIndex.controller(identifier)
  }

  // MARK: Events

  /// Runs `body` with the events it emits going to `window`'s log (`nil`:
  /// the detached log), stamped with `trace`, the trace id of what acts
  /// (an operation, a transition ending).
  @discardableResult
  func emitting<T>(into window: Window?, trace: String?, _ body: () throws -> T) rethrows -> T {
    let previous = eventScope
    eventScope = EventScope(window: window, traceID: trace)
    defer { eventScope = previous }
    return try body()
  }

  /// Runs `body` with the events it emits going to `window`'s log (`nil`:
  /// the detached log), keeping the trace id of the scope around it when
  /// that is the same window's (another window's starts with none).
  @discardableResult
  func emitting<T>(into window: Window?, _ body: () throws -> T) rethrows -> T {
    let kept = eventScope.window === window ? eventScope.traceID : nil
    return try emitting(into: window, trace: kept, body)
  }

  /// Appends an event to the scope's window log, or to the detached log.
  func emit(_ kind: EventKind) {
    switch kind {
    case .lifecycle(let id, .willMove):
      eventScope.window?.pendingMoves.insert(id)
    case .lifecycle(let id, .didMove):
      for window in windows.values { window.pendingMoves.remove(id) }
    default:
      break
    }
    if let window = eventScope.window {
      window.append(kind)
    } else {
      let trace = eventScope.traceID
      detachedLog.append { seq in
        Event(seq: seq, windowID: nil, revision: 0, traceID: trace, time: 0, kind: kind)
      }
    }
  }

  /// Renders an event with controller identifiers instead of ids, as tests
  /// and the CLI print them: `B.viewWillAppear(true)`, `Nav.willShow(B)`.
  public func describe(_ event: Event) -> String {
    describe(event.kind)
  }

  /// Renders an event kind (see `describe(_:)`).
  public func describe(_ kind: EventKind) -> String {
    func name(_ id: ControllerID?) -> String {
      guard let id else { return "nil" }
      return controllers[id]?.name ?? departedNames[id] ?? id.description
    }
    switch kind {
    case .lifecycle(let id, let callback):
      let subject = name(id)
      switch callback {
      case .viewDidLoad: return "\(subject).viewDidLoad"
      case .viewWillAppear(let animated): return "\(subject).viewWillAppear(\(animated))"
      case .viewDidAppear(let animated): return "\(subject).viewDidAppear(\(animated))"
      case .viewWillDisappear(let animated): return "\(subject).viewWillDisappear(\(animated))"
      case .viewDidDisappear(let animated): return "\(subject).viewDidDisappear(\(animated))"
      case .willMove(let parent): return "\(subject).willMove(\(name(parent)))"
      case .didMove(let parent): return "\(subject).didMove(\(name(parent)))"
      }
    case .navigationDelegate(let nav, .willShow(let shown, let animated)):
      return "\(name(nav)).willShow(\(name(shown)), \(animated))"
    case .navigationDelegate(let nav, .didShow(let shown, let animated)):
      return "\(name(nav)).didShow(\(name(shown)), \(animated))"
    case .tabBarDelegate(let tabs, .didSelect(let selected)):
      return "\(name(tabs)).didSelect(\(name(selected)))"
    case .segue(let id, let callback):
      return describe(callback, of: name(id), name: name)
    case .delegate(let id, let event):
      return describe(event, of: name(id), name: name)
    case .hierarchy(.rootChanged(let root)): return "root(\(name(root)))"
    case .hierarchy(.childAdded(let parent, let child)):
      return "\(name(parent)).childAdded(\(name(child)))"
    case .hierarchy(.childRemoved(let parent, let child)):
      return "\(name(parent)).childRemoved(\(name(child)))"
    case .hierarchy(.viewControllersChanged(let container, let list)):
      return
        "\(name(container)).viewControllers([\(list.map { name($0) }.joined(separator: ", "))])"
    case .hierarchy(.selectionChanged(let tab, let index, let selected)):
      return "\(name(tab)).selected(\(index.map(String.init) ?? "more"), \(name(selected)))"
    case .hierarchy(.splitCollapsed(let split, let collapsed)):
      return "\(name(split)).\(collapsed ? "collapsed" : "expanded")"
    case .hierarchy(.splitDisplayModeChanged(let split, let mode)):
      return "\(name(split)).displayMode(\(mode.rawValue))"
    case .transition(let id, .began(let info)):
      // A size transition has no from/to controllers and a layout
      // transition's are the collection view controller itself: they say
      // what changed.
      var subject = info.sizeChange?.description ?? "\(name(info.from)) → \(name(info.to))"
      if let change = info.layoutChange { subject = "\(name(info.container)): \(change)" }
      return "\(id).began(\(info.kind.rawValue), \(subject), "
        + "animated: \(info.animated), interactive: \(info.interactive))"
    case .transition(let id, .paused(let percent)):
      return "\(id).paused(\(formatPoints(percent)))"
    case .transition(let id, .interactionChanged(let cancelled)):
      return "\(id).interactionChanged(cancelled: \(cancelled))"
    case .transition(let id, .ended(let cancelled)):
      return "\(id).ended(cancelled: \(cancelled))"
    case .operation(let id, .queued(let position)): return "\(id).queued(\(position))"
    case .operation(let id, .started): return "\(id).started"
    case .operation(let id, .completed(let cancelled, let removed)):
      return
        "\(id).completed(cancelled: \(cancelled), removed: [\(removed.map { name($0) }.joined(separator: ", "))])"
    case .operation(let id, .failed(let error)): return "\(id).failed(\(error.code.rawValue))"
    case .window(.created(let size)): return "window.created(\(size))"
    case .window(.visibilityChanged(let visible)): return "window.visible(\(visible))"
    case .window(.resized(let size)): return "window.resized(\(size))"
    case .window(.closed): return "window.closed"
    case .window(.tapped(let hit)):
      return "window.tapped(\(hit.point), \(hit.view) \(hit.role.rawValue)"
        + (hit.controller.map { " of \(name($0))" } ?? "") + ")"
    case .sizeTransition(let id, .willTransitionToTraits(let traits)):
      return "\(name(id)).willTransition(to: \(traits))"
    case .sizeTransition(let id, .viewWillTransition(let size)):
      return "\(name(id)).viewWillTransition(to: \(size))"
    case .sizeTransition(let id, .traitCollectionDidChange(let previous)):
      return "\(name(id)).traitCollectionDidChange(\(previous))"
    case .presentation(let presented, _, let phase):
      switch phase {
      case .presentationTransitionWillBegin:
        return "\(name(presented)).presentationTransitionWillBegin"
      case .presentationTransitionDidEnd(let completed):
        return "\(name(presented)).presentationTransitionDidEnd(\(completed))"
      case .dismissalTransitionWillBegin:
        return "\(name(presented)).dismissalTransitionWillBegin"
      case .dismissalTransitionDidEnd(let completed):
        return "\(name(presented)).dismissalTransitionDidEnd(\(completed))"
      case .adapted(let style):
        return "\(name(presented)).adapted(\(style.rawValue))"
      case .popoverPlaced(let placement):
        return "\(name(presented)).popoverPlaced(\(placement))"
      case .shouldDismiss: return "\(name(presented)).presentationControllerShouldDismiss"
      case .willDismiss: return "\(name(presented)).presentationControllerWillDismiss"
      case .didDismiss: return "\(name(presented)).presentationControllerDidDismiss"
      case .didAttemptToDismiss:
        return "\(name(presented)).presentationControllerDidAttemptToDismiss"
      }
    }
  }
}
