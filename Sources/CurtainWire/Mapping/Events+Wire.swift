// Events, frames and trees on the wire.

public import CurtainCore

extension EventCategory {
  /// The wire form.
  public var wire: Curtain_V1_EventCategory {
    switch self {
    case .lifecycle: return .lifecycle
    case .hierarchy: return .hierarchy
    case .transition: return .transition
    case .presentation: return .presentation
    case .window: return .window
    case .operation: return .operation
    }
  }

  /// The core form of a wire category; UNSPECIFIED is an error.
  public init(_ wire: Curtain_V1_EventCategory) throws {
    switch wire {
    case .lifecycle: self = .lifecycle
    case .hierarchy: self = .hierarchy
    case .transition: self = .transition
    case .presentation: self = .presentation
    case .window: self = .window
    case .operation: self = .operation
    case .unspecified, .UNRECOGNIZED:
      throw CurtainError(.invalidArgument, "Unknown event category \(wire.rawValue)")
    }
  }
}

extension Curtain_V1_Event {
  /// The wire form of an event, with its text rendered by `session`.
  public init(_ event: Event, session: Session, subscription: UInt64 = 0) {
    self.init(values: event, image: false)
    subscriptionID = subscription
    category = event.category.wire
    text = session.describe(event)
  }

  /// The event's values without its category and text (which follow from
  /// them): a delegate event's answer as clients get it (an animator
  /// summarised in `detail`), or with `image`, whole (a session image,
  /// SessionSnapshot+Image.swift).
  init(values event: Event, image: Bool) {
    self.init()
    windowID = event.windowID?.rawValue ?? 0
    seq = event.seq
    revision = event.revision
    traceID = event.traceID ?? ""
    time = event.time
    switch event.kind {
    case .lifecycle(let controller, let callback):
      var lifecycle = Curtain_V1_LifecycleEvent()
      lifecycle.controllerID = controller.rawValue
      switch callback {
      case .viewDidLoad: lifecycle.callback = .viewDidLoad
      case .viewWillAppear(let animated):
        lifecycle.callback = .viewWillAppear
        lifecycle.animated = animated
      case .viewDidAppear(let animated):
        lifecycle.callback = .viewDidAppear
        lifecycle.animated = animated
      case .viewWillDisappear(let animated):
        lifecycle.callback = .viewWillDisappear
        lifecycle.animated = animated
      case .viewDidDisappear(let animated):
        lifecycle.callback = .viewDidDisappear
        lifecycle.animated = animated
      case .willMove(let parent):
        lifecycle.callback = .willMoveToParent
        lifecycle.otherID = parent?.rawValue ?? 0
      case .didMove(let parent):
        lifecycle.callback = .didMoveToParent
        lifecycle.otherID = parent?.rawValue ?? 0
      }
      kind = .lifecycle(lifecycle)
    case .navigationDelegate(let nav, let call):
      var lifecycle = Curtain_V1_LifecycleEvent()
      lifecycle.controllerID = nav.rawValue
      switch call {
      case .willShow(let shown, let animated):
        lifecycle.callback = .navigationWillShow
        lifecycle.otherID = shown.rawValue
        lifecycle.animated = animated
      case .didShow(let shown, let animated):
        lifecycle.callback = .navigationDidShow
        lifecycle.otherID = shown.rawValue
        lifecycle.animated = animated
      }
      kind = .lifecycle(lifecycle)
    case .tabBarDelegate(let tabs, .didSelect(let selected)):
      var lifecycle = Curtain_V1_LifecycleEvent()
      lifecycle.controllerID = tabs.rawValue
      lifecycle.callback = .tabBarDidSelect
      lifecycle.otherID = selected.rawValue
      kind = .lifecycle(lifecycle)
    case .hierarchy(let change):
      kind = .hierarchy(Curtain_V1_HierarchyEvent(change))
    case .transition(let id, let phase):
      kind = .transition(Curtain_V1_TransitionEvent(id: id, phase: phase))
    case .operation(let id, let phase):
      var operation = Curtain_V1_OperationEvent()
      operation.operationID = id.rawValue
      switch phase {
      case .queued(let position):
        operation.phase = .queued
        operation.position = UInt32(clamping: position)
      case .started:
        operation.phase = .started
      case .completed(let cancelled, let removed):
        operation.phase = .completed
        operation.cancelled = cancelled
        operation.removedIds = removed.map(\.rawValue)
      case .failed(let error):
        operation.phase = .failed
        operation.error = Curtain_V1_Error(error)
      }
      kind = .operation(operation)
    case .window(let change):
      var window = Curtain_V1_WindowEvent()
      switch change {
      case .created(let size):
        window.change = .created
        window.size = Curtain_V1_Size(size)
      case .visibilityChanged(let visible):
        window.change = .visibility
        window.visible = visible
      case .resized(let size):
        window.change = .resized
        window.size = Curtain_V1_Size(size)
      case .closed:
        window.change = .closed
      case .tapped(let hit):
        window.change = .tapped
        window.tap = Curtain_V1_TapHit(hit)
      }
      kind = .window(window)
    case .presentation(let presented, let presenting, let phase):
      kind = .presentation(
        Curtain_V1_PresentationEvent(presented: presented, presenting: presenting, phase: phase))
    case .segue(let controller, let callback):
      kind = .segue(Curtain_V1_SegueEvent(controller: controller, callback: callback))
    case .delegate(let controller, let event):
      kind = .delegate(Curtain_V1_DelegateEvent(controller: controller, event, image: image))
    case .sizeTransition(let controller, let callback):
      kind = .sizeTransition(Curtain_V1_SizeTransitionEvent(controller: controller, callback))
    }
  }
}

extension Curtain_V1_SizeTransitionEvent {
  init(controller: ControllerID, _ callback: SizeTransitionCallback) {
    self.init()
    controllerID = controller.rawValue
    switch callback {
    case .willTransitionToTraits(let traits):
      self.callback = .willTransitionToTraits
      self.traits = Curtain_V1_Traits(traits)
    case .viewWillTransition(let size):
      self.callback = .viewWillTransitionToSize
      self.size = Curtain_V1_Size(size)
    case .traitCollectionDidChange(let previous):
      self.callback = .traitCollectionDidChange
      traits = Curtain_V1_Traits(previous)
    }
  }
}

extension Curtain_V1_HierarchyEvent {
  init(_ change: HierarchyChange) {
    self.init()
    switch change {
    case .rootChanged(let root):
      self.change = .root
      controllerID = root?.rawValue ?? 0
    case .childAdded(let parent, let child):
      self.change = .childAdded
      parentID = parent.rawValue
      controllerID = child.rawValue
    case .childRemoved(let parent, let child):
      self.change = .childRemoved
      parentID = parent.rawValue
      controllerID = child.rawValue
    case .viewControllersChanged(let container, let list):
      self.change = .viewControllers
      parentID = container.rawValue
      controllerIds = list.map(\.rawValue)
    case .selectionChanged(let tab, let index, let selected):
      self.change = .selection
      parentID = tab.rawValue
      controllerID = selected?.rawValue ?? 0
      selectedIndex = index.map { Int32(clamping: $0) } ?? -1
    case .splitCollapsed(let split, let collapsed):
      self.change = collapsed ? .splitCollapsed : .splitExpanded
      parentID = split.rawValue
    case .splitDisplayModeChanged(let split, let mode):
      self.change = .displayMode
      parentID = split.rawValue
      displayMode = mode.wire
    }
  }
}

extension Curtain_V1_TransitionEvent {
  init(id: TransitionID, phase: TransitionPhase) {
    self.init()
    transitionID = id.rawValue
    switch phase {
    case .began(let info):
      self.phase = .began
      kind = info.kind.rawValue
      containerID = info.container?.rawValue ?? 0
      fromID = info.from?.rawValue ?? 0
      toID = info.to?.rawValue ?? 0
      animated = info.animated
      interactive = info.interactive
      duration = info.duration
      if let change = info.sizeChange {
        oldSize = Curtain_V1_Size(change.oldSize)
        newSize = Curtain_V1_Size(change.newSize)
        oldTraits = Curtain_V1_Traits(change.oldTraits)
        newTraits = Curtain_V1_Traits(change.newTraits)
      }
      if let change = info.layoutChange {
        oldLayout = Curtain_V1_CollectionLayout(change.oldLayout)
        newLayout = Curtain_V1_CollectionLayout(change.newLayout)
      }
    case .paused(let percent):
      self.phase = .paused
      self.percent = percent
    case .interactionChanged(let cancelled):
      self.phase = .interactionChanged
      self.cancelled = cancelled
    case .ended(let cancelled):
      self.phase = .ended
      self.cancelled = cancelled
    }
  }
}

extension Curtain_V1_Frame {
  /// The wire form of a frame.
  public init(_ frame: Frame, frameSeq: UInt64) {
    self.init()
    windowID = frame.windowID.rawValue
    self.frameSeq = frameSeq
    modelTime = frame.time
    views = frame.views.map { values in
      var view = Curtain_V1_ViewFrame()
      view.viewID = values.view.rawValue
      view.controllerID = values.controller?.rawValue ?? 0
      view.role = values.role.rawValue
      view.state = Curtain_V1_ViewState(values.state)
      return view
    }
    transitions = frame.transitions.map { progress in
      var wire = Curtain_V1_TransitionProgress()
      wire.transitionID = progress.transition.rawValue
      wire.percent = progress.percentComplete
      wire.interactive = progress.isInteractive
      return wire
    }
  }
}

extension Curtain_V1_ControllerNode {
  /// The wire form of a controller tree.
  public init(_ node: ControllerNode) {
    self.init()
    id = node.id.rawValue
    kind = node.kind.wire
    identifier = node.identifier ?? ""
    title = node.title ?? ""
    appearance = node.appearance.wire
    viewID = node.view?.rawValue ?? 0
    if let frame = node.frame { self.frame = Curtain_V1_Rect(frame) }
    viewInWindow = node.isViewInWindow
    if let insets = node.safeAreaInsets { safeAreaInsets = Curtain_V1_EdgeInsets(insets) }
    underBars = node.isUnderBars
    selectedIndex = node.selectedIndex.map { Int32(clamping: $0) } ?? -1
    children = node.children.map(Curtain_V1_ControllerNode.init)
    if let presentation = node.presentation {
      self.presentation = Curtain_V1_PresentationInfo(presentation)
    }
    if let presented = node.presented.first {
      self.presented = Curtain_V1_ControllerNode(presented)
    }
    if let info = node.split {
      split.collapsed = info.isCollapsed
      split.preferredDisplayMode = info.preferredDisplayMode.wire
      split.displayMode = info.displayMode.wire
      split.primaryColumnWidth = info.primaryColumnWidth
    }
    if let info = node.page {
      page.transitionStyle = info.transitionStyle.wire
      page.orientation = info.orientation.wire
      page.spineLocation = info.spineLocation.wire
      page.doubleSided = info.isDoubleSided
      page.dataSourceIds = info.dataSource.map(\.rawValue)
    }
    if let info = node.collection {
      collection.itemCount = UInt32(clamping: info.itemCount)
      collection.layout = Curtain_V1_CollectionLayout(info.layout)
      collection.layoutToLayout = info.usesLayoutToLayoutNavigationTransitions
      collection.itemViewIds = info.itemViews.map(\.rawValue)
    }
  }
}

extension Curtain_V1_ViewNode {
  /// The wire form of a view tree, each view's state given by `state`
  /// (the model state unless told otherwise).
  public init(_ view: View, state: (View) -> ViewState = \.state) {
    self.init()
    id = view.id.rawValue
    role = view.role.rawValue
    controllerID = view.controllerID?.rawValue ?? 0
    self.state = Curtain_V1_ViewState(state(view))
    hidden = view.isHidden
    backgroundColor = view.backgroundColorName
    subviews = view.subviews.map { Curtain_V1_ViewNode($0, state: state) }
  }
}

extension Curtain_V1_WindowInfo {
  /// The wire form of a window's summary, with the daemon's settings of
  /// its clock (frame rate, speed).
  public init(_ window: Window, frameRate: UInt32, speed: Double = 1) {
    self.init()
    id = window.id.rawValue
    metrics = Curtain_V1_WindowMetrics(window.metrics)
    traits = Curtain_V1_Traits(window.traitCollection)
    clock = window.clockMode.wire
    self.frameRate = frameRate
    self.speed = speed
    visible = window.isVisible
    revision = window.revision
    time = window.time
    rootID = window.rootViewController?.id.rawValue ?? 0
    lastSeq = window.log.lastSeq
    idle = window.isIdle
    queuedOperations = UInt32(clamping: window.queuedOperationCount)
  }
}

extension Curtain_V1_Tree {
  /// The wire form of a window's tree; with `presentation`, the view tree
  /// (included then) holds presentation values at the window's time. The
  /// text description comes from `descriptions` when given (GetTree keeps
  /// one, HierarchyDescriptionCache).
  public init(
    _ window: Window, frameRate: UInt32, speed: Double = 1, includeViews: Bool,
    presentation: Bool = false, descriptions: HierarchyDescriptionCache? = nil
  ) {
    self.init()
    self.window = Curtain_V1_WindowInfo(window, frameRate: frameRate, speed: speed)
    let rootNode = window.rootViewController?.node
    if let rootNode { self.root = Curtain_V1_ControllerNode(rootNode) }
    if presentation {
      view = Curtain_V1_ViewNode(window.view) { window.presentationState(of: $0) }
    } else if includeViews {
      view = Curtain_V1_ViewNode(window.view)
    }
    description_p =
      descriptions?.description(of: window, root: rootNode)
      ?? window.hierarchyDescription(root: rootNode)
  }
}

extension Curtain_V1_SegueEvent {
  init(controller: ControllerID, callback: SegueCallback) {
    self.init()
    controllerID = controller.rawValue
    switch callback {
    case .shouldPerform(let identifier, let answer):
      self.callback = .shouldPerform
      self.identifier = identifier
      self.answer = answer
    case .prepare(let identifier, let destination):
      self.callback = .prepare
      self.identifier = identifier ?? ""
      destinationID = destination.rawValue
    case .canPerformUnwind(let action, let source, let answer):
      self.callback = .canPerformUnwind
      self.action = action
      sourceID = source.rawValue
      self.answer = answer
    case .unwindAction(let action, let source):
      self.callback = .unwindAction
      self.action = action
      sourceID = source.rawValue
    }
  }
}
