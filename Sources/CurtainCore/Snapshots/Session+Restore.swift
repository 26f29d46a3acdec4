// Rebuilding a session from a snapshot (SessionSnapshot.swift): views
// first, then windows around their views, then controllers, then the links
// between them. A snapshot may come from a file a user hands in (an
// import), so every reference is checked before it is followed: a missing
// id, an object in two places, a cycle, a view of the wrong role or a
// presentation that only one side knows is an INVALID_ARGUMENT that names
// it, and nothing is restored. Counters must be past every id in use.

extension Session {
  /// The session a snapshot describes, with the given limits. Throws
  /// `INVALID_ARGUMENT` (naming what is wrong) for an inconsistent
  /// snapshot and `LIMIT_EXCEEDED` when it is larger than the limits.
  public static func restore(
    _ snapshot: SessionSnapshot, configuration: SessionConfiguration = .init()
  ) throws -> Session {
    let session = Session(name: snapshot.name, configuration: configuration)
    var restorer = SnapshotRestorer(snapshot: snapshot, session: session)
    try restorer.run()
    return session
  }
}

/// The work of `Session.restore`, step by step.
private struct SnapshotRestorer {
  let snapshot: SessionSnapshot
  let session: Session
  var views: [ViewID: View] = [:]
  var windows: [WindowID: Window] = [:]
  var controllers: [ControllerID: ViewController] = [:]

  init(snapshot: SessionSnapshot, session: Session) {
    self.snapshot = snapshot
    self.session = session
  }

  mutating func run() throws {
    try checkCounters()
    try makeViews()
    try makeWindows()
    try makeControllers()
    try linkViews()
    try linkControllers()
    try checkCycles()
    for storyboard in snapshot.storyboards {
      guard session.storyboards[storyboard.name] == nil else {
        throw invalid("storyboard '\(storyboard.name)' appears twice")
      }
      try storyboard.validate()
      session.storyboards[storyboard.name] = storyboard
    }
    try checkEvents(snapshot.detachedEvents, window: nil)
    session.detachedLog = try EventLog(
      capacity: session.configuration.eventLogCapacity,
      byteLimit: session.configuration.eventLogByteLimit,
      footprint: session.configuration.eventFootprint, restoring: snapshot.detachedEvents)
    session.ids.counters = snapshot.nextIDs
    try restoreMemories()
  }

  /// What the session remembers of ended transitions and deleted
  /// controllers, each entry once; a deleted controller is not a live one.
  private func restoreMemories() throws {
    for entry in snapshot.endings {
      guard session.endings.updateValue(entry.ending, forKey: entry.transition) == nil else {
        throw invalid("the ending of transition \(entry.transition) appears twice")
      }
      session.endingOrder.append(entry.transition)
    }
    for entry in snapshot.departedNames {
      guard controllers[entry.controller] == nil else {
        throw invalid("controller \(entry.controller) is both live and deleted")
      }
      guard session.departedNames.updateValue(entry.name, forKey: entry.controller) == nil else {
        throw invalid("the name of deleted controller \(entry.controller) appears twice")
      }
      session.departedOrder.append(entry.controller)
    }
    for registration in snapshot.delegates {
      guard controllers[registration.controller] != nil else {
        throw invalid("a delegate of unknown controller \(registration.controller)")
      }
      let key = DelegateKey(controller: registration.controller, role: registration.role)
      guard session.delegates.registrations.updateValue(registration, forKey: key) == nil else {
        throw invalid("two \(registration.role.rawValue) delegates of \(registration.controller)")
      }
    }
    guard snapshot.nextDelegateCall >= 1 else { throw invalid("delegate call counter 0") }
    session.delegates.nextCall = snapshot.nextDelegateCall
  }

  private func invalid(_ message: String) -> CurtainError {
    CurtainError(.invalidArgument, "Snapshot of session '\(snapshot.name)': \(message)")
  }

  // MARK: Objects

  private func checkCounters() throws {
    let counters = snapshot.nextIDs
    func check(_ next: UInt64, _ used: [UInt64], _ what: String) throws {
      if let largest = used.max(), largest >= next {
        throw invalid("the next \(what) id is \(next), but \(largest) is in use")
      }
      if next == 0 { throw invalid("the next \(what) id is 0") }
    }
    try check(counters.window, snapshot.windows.map(\.id.rawValue), "window")
    try check(counters.controller, snapshot.controllers.map(\.id.rawValue), "controller")
    try check(counters.view, snapshot.views.map(\.id.rawValue), "view")
    try check(counters.transition, [], "transition")
    try check(counters.operation, [], "operation")
  }

  private mutating func makeViews() throws {
    for entry in snapshot.views {
      guard entry.id.rawValue > 0, views[entry.id] == nil else {
        throw invalid("view \(entry.id) appears twice or has id 0")
      }
      let state = entry.state
      let numbers = [
        state.center.x, state.center.y, state.bounds.minX, state.bounds.minY, state.bounds.width,
        state.bounds.height, state.alpha, state.cornerRadius, state.transform.a,
        state.transform.b, state.transform.c, state.transform.d, state.transform.tx,
        state.transform.ty,
      ]
      guard numbers.allSatisfy(\.isFinite) else {
        throw invalid("view \(entry.id) has a state that is not finite")
      }
      let view = View(
        id: entry.id, role: entry.role, controllerID: entry.controller, frame: .zero,
        backgroundColorName: entry.backgroundColorName)
      view.state = state
      view.isHidden = entry.isHidden
      views[entry.id] = view
    }
  }

  private func view(_ id: ViewID, _ what: String, role: ViewRole? = nil) throws -> View {
    guard let view = views[id] else { throw invalid("\(what) names view \(id), which is missing") }
    if let role, view.role != role {
      throw invalid("\(what) names view \(id), whose role is \(view.role.rawValue), not \(role)")
    }
    return view
  }

  private mutating func makeWindows() throws {
    guard snapshot.windows.count <= session.configuration.maxWindows else {
      throw CurtainError(
        .limitExceeded,
        "A session may have at most \(session.configuration.maxWindows) windows; the snapshot "
          + "of '\(snapshot.name)' has \(snapshot.windows.count)")
    }
    for entry in snapshot.windows {
      guard entry.id.rawValue > 0, windows[entry.id] == nil else {
        throw invalid("window \(entry.id) appears twice or has id 0")
      }
      try entry.metrics.validate()
      guard entry.time.isFinite, entry.time >= 0 else {
        throw invalid("window \(entry.id) has time \(entry.time)")
      }
      let view = try view(entry.view, "window \(entry.id)", role: .window)
      guard view.hostWindow == nil else {
        throw invalid("view \(entry.view) is the view of two windows")
      }
      try checkEvents(entry.events, window: entry.id)
      let log = try EventLog(
        capacity: session.configuration.eventLogCapacity,
        byteLimit: session.configuration.eventLogByteLimit,
        footprint: session.configuration.eventFootprint, restoring: entry.events)
      let window = Window(
        id: entry.id, session: session, metrics: entry.metrics, clockMode: entry.clockMode,
        view: view, log: log)
      window.isVisible = entry.isVisible
      window.revision = entry.revision
      window.time = entry.time
      window.timeline.nextID = entry.nextAnimationID
      windows[entry.id] = window
      session.windows[entry.id] = window
    }
  }

  private mutating func makeControllers() throws {
    guard snapshot.controllers.count <= session.configuration.maxControllers else {
      throw CurtainError(
        .limitExceeded,
        "A session may have at most \(session.configuration.maxControllers) controllers; the "
          + "snapshot of '\(snapshot.name)' has \(snapshot.controllers.count)")
    }
    var identifiers: Set<String> = []
    for entry in snapshot.controllers {
      guard entry.id.rawValue > 0, controllers[entry.id] == nil else {
        throw invalid("controller \(entry.id) appears twice or has id 0")
      }
      if let title = entry.title, title.count > 1024 {
        throw invalid("controller \(entry.id) has a title longer than 1024 characters")
      }
      if let identifier = entry.identifier {
        try Session.validateIdentifier(identifier)
        guard identifiers.insert(identifier).inserted else {
          throw invalid("identifier '\(identifier)' names two controllers")
        }
      }
      let controller = session.insertController(
        kind: entry.kind, id: entry.id, identifier: entry.identifier, title: entry.title)
      controller.appearance = entry.appearance
      controller.appearanceAnimated = entry.appearanceAnimated
      controller.modalPresentationStyle = entry.modalPresentationStyle
      controller.modalTransitionStyle = entry.modalTransitionStyle
      controller.definesPresentationContext = entry.definesPresentationContext
      controller.providesPresentationContextTransitionStyle =
        entry.providesPresentationContextTransitionStyle
      try ViewController.validatePreferredContentSize(entry.preferredContentSize)
      controller.preferredContentSize = entry.preferredContentSize
      controller.isModalInPresentation = entry.isModalInPresentation
      guard RectEdges.all.isSuperset(of: entry.edgesForExtendedLayout) else {
        throw invalid(
          "controller \(entry.id) extends its layout under edges "
            + "\(entry.edgesForExtendedLayout.rawValue), which are not top 1, left 2, bottom 4, "
            + "right 8")
      }
      controller.edgesForExtendedLayout = entry.edgesForExtendedLayout
      guard entry.shouldAutomaticallyForwardAppearanceMethods || entry.kind == .container else {
        throw invalid(
          "controller \(entry.id) is a \(entry.kind.rawValue) controller that does not forward "
            + "appearance methods; only a custom container may stop")
      }
      controller.shouldAutomaticallyForwardAppearanceMethods =
        entry.shouldAutomaticallyForwardAppearanceMethods
      controller.scene = entry.scene
      controller.unwindActions = Set(entry.unwindActions)
      controller.shouldPerformAnswers = entry.shouldPerformAnswers
      controllers[entry.id] = controller
    }
  }

  private func controller(_ id: ControllerID, _ what: String) throws -> ViewController {
    guard let controller = controllers[id] else {
      throw invalid("\(what) names controller \(id), which is missing")
    }
    return controller
  }

  // MARK: Links

  private mutating func linkViews() throws {
    for entry in snapshot.views {
      let view = views[entry.id]!
      for id in entry.subviews {
        let subview = try self.view(id, "view \(entry.id)")
        guard subview.superview == nil, subview.hostWindow == nil, subview !== view else {
          throw invalid("view \(id) has two superviews, or is a window's view or its own")
        }
        subview.superview = view
        view.subviews.append(subview)
      }
    }
    for view in views.values {
      switch view.role {
      case .window:
        guard view.hostWindow != nil, view.controllerID == nil else {
          throw invalid("view \(view.id) has the window role but belongs to no window")
        }
      case .controllerRoot, .navigationBar, .tabBar, .tabBarItem, .dimming, .collectionItem:
        guard view.hostWindow == nil else {
          throw invalid("view \(view.id) is a window's view but has role \(view.role)")
        }
      }
    }
    for view in views.values {
      var node = view
      var steps = 0
      while let parent = node.superview {
        node = parent
        steps += 1
        guard steps <= views.count else { throw invalid("view \(view.id) is inside itself") }
      }
      session.views[view.id] = view
    }
  }

  private mutating func linkControllers() throws {
    var usedViews: Set<ViewID> = []
    for entry in snapshot.controllers {
      let controller = controllers[entry.id]!
      for id in entry.children {
        let child = try self.controller(id, "controller \(entry.id)")
        guard child.parent == nil, child !== controller else {
          throw invalid("controller \(id) has two parents or is its own child")
        }
        child.parent = controller
        controller.children.append(child)
      }
      if let id = entry.view {
        let view = try self.view(id, "controller \(entry.id)", role: .controllerRoot)
        guard view.controllerID == entry.id, usedViews.insert(id).inserted else {
          throw invalid("view \(id) is not controller \(entry.id)'s own root view")
        }
        controller.viewIfLoaded = view
      }
      if let id = entry.hostWindow {
        guard let window = windows[id],
          snapshot.windows.first(where: { $0.id == id })?.root
            == entry.id
        else {
          throw invalid("controller \(entry.id) says it is the root of \(id), which disagrees")
        }
        controller.hostWindow = window
      }
      try restoreContainer(entry, controller)
    }
    for entry in snapshot.windows {
      guard let root = entry.root else { continue }
      let controller = try self.controller(root, "window \(entry.id)")
      guard controller.hostWindow === windows[entry.id], controller.parent == nil else {
        throw invalid("window \(entry.id)'s root \(root) does not say it is, or has a parent")
      }
      windows[entry.id]!.rootViewController = controller
    }
    for entry in snapshot.controllers {
      try restorePresentation(entry, controllers[entry.id]!)
    }
  }

  private func restoreContainer(_ entry: ControllerSnapshot, _ controller: ViewController) throws {
    let what = "controller \(entry.id)"
    switch (entry.container, controller) {
    case (.content, _) where entry.kind == .content:
      break
    case (.navigation(let state), let nav as NavigationController):
      nav.navigationBar = try state.navigationBar.map { try chrome($0, .navigationBar, of: entry) }
      if let id = state.managingTabBarController {
        guard let tabs = try self.controller(id, what) as? TabBarController else {
          throw invalid("\(what) is managed by \(id), which is not a tab bar controller")
        }
        nav.managingTabBarController = tabs
      }
      nav.isBarTranslucent = state.isBarTranslucent
    case (.tabBar(let state), let tabs as TabBarController):
      tabs.viewControllers = try state.viewControllers.map { try self.controller($0, what) }
      if let index = state.selectedIndex {
        guard tabs.viewControllers.indices.contains(index) else {
          throw invalid("\(what) selects tab \(index) of \(tabs.viewControllers.count)")
        }
      }
      tabs.selectedIndex = state.selectedIndex
      tabs.tabBar = try state.tabBar.map { try chrome($0, .tabBar, of: entry) }
      if let id = state.moreNavigationController {
        guard let more = try self.controller(id, what) as? NavigationController else {
          throw invalid("\(what)'s More controller \(id) is not a navigation controller")
        }
        tabs.moreNavigationController = more
      }
      tabs.moreListController = try state.moreListController.map { try self.controller($0, what) }
      tabs.shownController = try state.shownController.map { try self.controller($0, what) }
      tabs.isBarTranslucent = state.isBarTranslucent
    case (.split(let state), let split as SplitViewController):
      try state.preferences.validate()
      split.primary = try state.primary.map { try self.controller($0, what) }
      split.secondary = try state.secondary.map { try self.controller($0, what) }
      split.preferences = state.preferences
      split.isCollapsed = state.isCollapsed
    case (.page(let state), let page as PageViewController):
      try state.options.validate()
      page.options = state.options
      page.viewControllers = try state.viewControllers.map { try self.controller($0, what) }
      page.dataSource = try state.dataSource.map { try self.controller($0, what) }
    case (.collection(let state), let collection as CollectionViewController):
      try state.options.validate()
      let items = try state.itemViews.map { try chrome($0, .collectionItem, of: entry) }
      let expected = collection.isViewLoaded ? state.options.resolvedItemCount : 0
      guard items.count == expected else {
        throw invalid("\(what) has \(items.count) item views, not \(expected)")
      }
      guard items.allSatisfy({ $0.superview === collection.viewIfLoaded }) else {
        throw invalid("\(what) has an item view outside its collection view")
      }
      collection.itemCount = state.options.resolvedItemCount
      collection.layout = state.options.layout
      collection.usesLayoutToLayoutNavigationTransitions =
        state.options.usesLayoutToLayoutNavigationTransitions
      collection.itemViews = items
    case (.container(let state), let container as ContainerController):
      for (id, frame) in state.childFrames {
        _ = try self.controller(id, what)
        let numbers = [frame.minX, frame.minY, frame.width, frame.height]
        guard numbers.allSatisfy(\.isFinite) else { throw invalid("\(what) has a frame \(frame)") }
      }
      container.childFrames = state.childFrames
      for id in state.childrenAwaitingView where !entry.children.contains(id) {
        throw invalid("\(what) waits to install the view of \(id), which is not its child")
      }
      container.childrenAwaitingView = state.childrenAwaitingView
    default:
      throw invalid("\(what) is a \(entry.kind.rawValue) controller with another kind's state")
    }
  }

  /// A bar of `role` that belongs to the controller of `entry`.
  private func chrome(_ id: ViewID, _ role: ViewRole, of entry: ControllerSnapshot) throws -> View {
    let bar = try view(id, "controller \(entry.id)", role: role)
    guard bar.controllerID == entry.id else {
      throw invalid("controller \(entry.id) has view \(id), which belongs to another controller")
    }
    return bar
  }

  private func restorePresentation(_ entry: ControllerSnapshot, _ controller: ViewController)
    throws
  {
    let what = "controller \(entry.id)"
    if let id = entry.presented {
      let presented = try self.controller(id, what)
      guard
        snapshot.controllers.first(where: { $0.id == id })?.presentation?.presenting
          == entry.id
      else { throw invalid("\(what) presents \(id), whose presentation disagrees") }
      controller.presentedViewController = presented
    }
    guard let state = entry.presentation else { return }
    let presenting = try self.controller(state.presenting, what)
    guard snapshot.controllers.first(where: { $0.id == state.presenting })?.presented == entry.id,
      presenting !== controller
    else { throw invalid("\(what) is presented by \(state.presenting), which disagrees") }
    let windowView = try view(state.windowView, what, role: .window)
    let presentation = Presentation(
      presenting: presenting, presented: controller, requestedStyle: state.requestedStyle,
      adaptiveStyle: state.adaptiveStyle, transitionStyle: state.transitionStyle,
      contextContainer: try state.contextContainer.map { try view($0, what) },
      windowView: windowView,
      traits: TraitCollection(
        horizontalSizeClass: .compact, verticalSizeClass: .regular, displayScale: 1))
    presentation.style = state.style
    presentation.isCard = state.isCard
    presentation.dimmingView = try state.dimmingView.map { try view($0, what, role: .dimming) }
    presentation.popover = try state.popover.map { anchor in
      PopoverAnchor(
        view: try view(anchor.view, what), givenRect: anchor.rect,
        barItem: try anchor.barItem.map { try barItem($0, what) },
        permittedArrowDirections: anchor.permittedArrowDirections)
    }
    presentation.passthroughViews = try state.passthroughViews.map { try view($0, what) }
    presentation.removedPresenterSlot = try state.removedPresenterSlot.map { slot in
      guard slot.index >= 0 else { throw invalid("\(what) has a slot at index \(slot.index)") }
      return (try view(slot.superview, what), slot.index)
    }
    presentation.isEstablished = state.isEstablished
    presentation.viewHiddenWithContext = state.viewHiddenWithContext
    presentation.dimmingHiddenWithContext = state.dimmingHiddenWithContext
    try state.custom?.validate()
    presentation.custom = state.custom
    presentation.popoverPlacement = state.popoverPlacement
    presentation.replacement = try state.replacement.map { try self.controller($0, what) }
    presentation.original = try state.original.map { try self.controller($0, what) }
    if presentation.original != nil, presentation.replacement !== controller {
      throw invalid("\(what) stands in for \(state.original!) but is not its replacement")
    }
    controller.presentation = presentation
  }

  /// A popover's bar button item, whose container must have that kind of
  /// bar.
  private func barItem(_ anchor: BarItemAnchorSnapshot, _ what: String) throws -> (
    item: BarItem, container: ViewController
  ) {
    let container = try controller(anchor.container, what)
    switch anchor.item {
    case .navigationLeft, .navigationRight:
      guard container is NavigationController else {
        throw invalid(
          "\(what) points at the \(anchor.item) of \(anchor.container), which is not a "
            + "navigation controller")
      }
    case .tab(let index):
      guard container is TabBarController, index >= 0 else {
        throw invalid(
          "\(what) points at the \(anchor.item) of \(anchor.container), which is not a tab bar "
            + "controller or has no such item")
      }
    }
    return (anchor.item, container)
  }

  /// No controller is its own ancestor through parents and presenters.
  private func checkCycles() throws {
    for controller in controllers.values {
      var node: ViewController? = controller
      var steps = 0
      while let current = node {
        node = current.parent ?? current.presentingViewController
        steps += 1
        guard steps <= controllers.count + 1 else {
          throw invalid("controller \(controller.id) contains itself")
        }
      }
    }
  }

  private func checkEvents(_ log: EventLogSnapshot, window: WindowID?) throws {
    for event in log.events where event.windowID != window {
      throw invalid(
        "event \(event.seq) of \(window.map { "window \($0)" } ?? "the detached log") "
          + "belongs to \(event.windowID.map { "window \($0)" } ?? "no window")")
    }
    for event in log.events where !event.time.isFinite {
      throw invalid("event \(event.seq) has time \(event.time)")
    }
  }
}
