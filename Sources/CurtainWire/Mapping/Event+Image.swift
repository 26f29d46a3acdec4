// Events in a session image (session_image.proto, `EventRing`): the
// protocol's `Event` message without what follows from the rest (its
// category and text), and back. Every event the Core makes reads back as
// itself: ids of 0 are "none", an empty trace id or segue identifier is
// none (neither is ever empty), a delegate event keeps its whole answer.

public import CurtainCore

extension Curtain_V1_SessionImage.EventRing {
  /// The image of an event log.
  public init(_ log: EventLogSnapshot) {
    self.init()
    lastSeq = log.lastSeq
    events = log.events.map { Curtain_V1_Event(values: $0, image: true) }
  }
}

extension EventLogSnapshot {
  /// The event log an image holds.
  public init(image ring: Curtain_V1_SessionImage.EventRing) throws {
    self.init(
      lastSeq: ring.lastSeq,
      events: try ring.events.enumerated().map { index, event in
        try ImageField.at("events[\(index)]") { try Event(image: event) }
      })
  }
}

extension Event {
  /// The event an image holds.
  public init(image event: Curtain_V1_Event) throws {
    let kind: EventKind
    switch event.kind {
    case .lifecycle(let lifecycle): kind = try EventKind(image: lifecycle)
    case .hierarchy(let hierarchy): kind = .hierarchy(try HierarchyChange(image: hierarchy))
    case .transition(let transition):
      kind = .transition(
        TransitionID(transition.transitionID), try TransitionPhase(image: transition))
    case .operation(let operation):
      kind = .operation(
        OperationID(operation.operationID), try OperationPhase(image: operation))
    case .window(let window): kind = .window(try WindowChange(image: window))
    case .presentation(let presentation):
      kind = .presentation(
        presented: ControllerID(presentation.presentedID),
        presenting: ControllerID(presentation.presentingID),
        try PresentationPhase(image: presentation))
    case .sizeTransition(let callback):
      kind = .sizeTransition(
        ControllerID(callback.controllerID), try SizeTransitionCallback(image: callback))
    case .segue(let segue):
      kind = .segue(ControllerID(segue.controllerID), try SegueCallback(image: segue))
    case .delegate(let delegate):
      kind = .delegate(ControllerID(delegate.controllerID), try DelegateEvent(image: delegate))
    case .lease, nil:
      throw CurtainError(.invalidArgument, "an event of a kind a log does not keep")
    }
    self.init(
      seq: event.seq, windowID: WindowID(image: event.windowID), revision: event.revision,
      traceID: event.traceID.isEmpty ? nil : event.traceID, time: event.time, kind: kind)
  }
}

extension EventKind {
  init(image event: Curtain_V1_LifecycleEvent) throws {
    let controller = ControllerID(event.controllerID)
    let animated = event.animated
    switch event.callback {
    case .viewDidLoad: self = .lifecycle(controller, .viewDidLoad)
    case .viewWillAppear: self = .lifecycle(controller, .viewWillAppear(animated: animated))
    case .viewDidAppear: self = .lifecycle(controller, .viewDidAppear(animated: animated))
    case .viewWillDisappear: self = .lifecycle(controller, .viewWillDisappear(animated: animated))
    case .viewDidDisappear: self = .lifecycle(controller, .viewDidDisappear(animated: animated))
    case .willMoveToParent:
      self = .lifecycle(controller, .willMove(toParent: ControllerID(image: event.otherID)))
    case .didMoveToParent:
      self = .lifecycle(controller, .didMove(toParent: ControllerID(image: event.otherID)))
    case .navigationWillShow:
      self = .navigationDelegate(
        controller, .willShow(ControllerID(event.otherID), animated: animated))
    case .navigationDidShow:
      self = .navigationDelegate(
        controller, .didShow(ControllerID(event.otherID), animated: animated))
    case .tabBarDidSelect:
      self = .tabBarDelegate(controller, .didSelect(ControllerID(event.otherID)))
    case .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("lifecycle callback", event.callback.rawValue)
    }
  }
}

extension HierarchyChange {
  init(image event: Curtain_V1_HierarchyEvent) throws {
    let parent = ControllerID(event.parentID)
    switch event.change {
    case .root: self = .rootChanged(ControllerID(image: event.controllerID))
    case .childAdded: self = .childAdded(parent: parent, child: ControllerID(event.controllerID))
    case .childRemoved:
      self = .childRemoved(parent: parent, child: ControllerID(event.controllerID))
    case .viewControllers:
      self = .viewControllersChanged(parent, event.controllerIds.map(ControllerID.init))
    case .selection:
      self = .selectionChanged(
        parent, index: event.selectedIndex < 0 ? nil : Int(event.selectedIndex),
        selected: ControllerID(image: event.controllerID))
    case .splitCollapsed: self = .splitCollapsed(parent, true)
    case .splitExpanded: self = .splitCollapsed(parent, false)
    case .displayMode:
      self = .splitDisplayModeChanged(parent, try SplitDisplayMode(event.displayMode))
    case .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("hierarchy change", event.change.rawValue)
    }
  }
}

extension TransitionPhase {
  init(image event: Curtain_V1_TransitionEvent) throws {
    switch event.phase {
    case .began:
      guard let kind = TransitionKind(rawValue: event.kind) else {
        throw CurtainError(.invalidArgument, "unknown transition kind '\(event.kind)'")
      }
      var sizeChange: SizeChange?
      if event.hasOldSize {
        sizeChange = SizeChange(
          oldSize: Size(event.oldSize), newSize: Size(event.newSize),
          oldTraits: try TraitCollection(image: event.oldTraits),
          newTraits: try TraitCollection(image: event.newTraits))
      }
      var layoutChange: LayoutChange?
      if event.hasOldLayout {
        layoutChange = LayoutChange(
          oldLayout: try CollectionLayout(event.oldLayout),
          newLayout: try CollectionLayout(event.newLayout))
      }
      self = .began(
        TransitionInfo(
          kind: kind, container: ControllerID(image: event.containerID),
          from: ControllerID(image: event.fromID), to: ControllerID(image: event.toID),
          animated: event.animated, interactive: event.interactive, duration: event.duration,
          sizeChange: sizeChange, layoutChange: layoutChange))
    case .paused: self = .paused(percent: event.percent)
    case .interactionChanged: self = .interactionChanged(isCancelled: event.cancelled)
    case .ended: self = .ended(cancelled: event.cancelled)
    case .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("transition phase", event.phase.rawValue)
    }
  }
}

extension OperationPhase {
  init(image event: Curtain_V1_OperationEvent) throws {
    switch event.phase {
    case .queued: self = .queued(position: Int(event.position))
    case .started: self = .started
    case .completed:
      self = .completed(
        cancelled: event.cancelled, removed: event.removedIds.map(ControllerID.init))
    case .failed: self = .failed(CurtainError(event.error))
    case .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("operation phase", event.phase.rawValue)
    }
  }
}

extension WindowChange {
  init(image event: Curtain_V1_WindowEvent) throws {
    switch event.change {
    case .created: self = .created(Size(event.size))
    case .visibility: self = .visibilityChanged(event.visible)
    case .resized: self = .resized(Size(event.size))
    case .closed: self = .closed
    case .tapped: self = .tapped(try TapHit(image: event.tap))
    case .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("window change", event.change.rawValue)
    }
  }
}

extension TapHit {
  init(image hit: Curtain_V1_TapHit) throws {
    guard let role = ViewRole(rawValue: hit.role) else {
      throw CurtainError(.invalidArgument, "unknown view role '\(hit.role)'")
    }
    let presented = ControllerID(hit.presentedID)
    let effect: Effect
    switch hit.effect {
    case .none: effect = .none
    case .passthrough: effect = .passthrough(presented: presented)
    case .dismissed: effect = .dismissed(presented)
    case .refused: effect = .refused(presented)
    case .selected:
      effect = .selected(tabBar: ControllerID(hit.tabBarID), tab: ControllerID(hit.tabID))
    case .reselected:
      effect = .reselected(tabBar: ControllerID(hit.tabBarID), tab: ControllerID(hit.tabID))
    case .declined:
      effect = .selectionDeclined(tabBar: ControllerID(hit.tabBarID), tab: ControllerID(hit.tabID))
    case .UNRECOGNIZED(let value): throw ImageField.unknown("tap effect", value)
    }
    self.init(
      point: Point(hit.point), view: ViewID(hit.viewID), role: role,
      controller: ControllerID(image: hit.controllerID), effect: effect)
  }
}

extension PresentationPhase {
  init(image event: Curtain_V1_PresentationEvent) throws {
    switch event.phase {
    case .presentationWillBegin: self = .presentationTransitionWillBegin
    case .presentationDidEnd: self = .presentationTransitionDidEnd(completed: event.completed)
    case .dismissalWillBegin: self = .dismissalTransitionWillBegin
    case .dismissalDidEnd: self = .dismissalTransitionDidEnd(completed: event.completed)
    case .adapted: self = .adapted(to: try ModalPresentationStyle(event.style))
    case .popoverPlaced: self = .popoverPlaced(try PopoverPlacement(image: event.popoverPlacement))
    case .shouldDismiss: self = .shouldDismiss
    case .willDismiss: self = .willDismiss
    case .didDismiss: self = .didDismiss
    case .didAttemptToDismiss: self = .didAttemptToDismiss
    case .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("presentation phase", event.phase.rawValue)
    }
  }
}

extension SizeTransitionCallback {
  init(image event: Curtain_V1_SizeTransitionEvent) throws {
    switch event.callback {
    case .willTransitionToTraits:
      self = .willTransitionToTraits(try TraitCollection(image: event.traits))
    case .viewWillTransitionToSize: self = .viewWillTransition(to: Size(event.size))
    case .traitCollectionDidChange:
      self = .traitCollectionDidChange(previous: try TraitCollection(image: event.traits))
    case .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("size transition callback", event.callback.rawValue)
    }
  }
}

extension SegueCallback {
  init(image event: Curtain_V1_SegueEvent) throws {
    switch event.callback {
    case .shouldPerform: self = .shouldPerform(identifier: event.identifier, answer: event.answer)
    case .prepare:
      self = .prepare(
        identifier: event.identifier.isEmpty ? nil : event.identifier,
        destination: ControllerID(event.destinationID))
    case .canPerformUnwind:
      self = .canPerformUnwind(
        action: event.action, source: ControllerID(event.sourceID), answer: event.answer)
    case .unwindAction:
      self = .unwindAction(action: event.action, source: ControllerID(event.sourceID))
    case .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("segue callback", event.callback.rawValue)
    }
  }
}

extension DelegateEvent {
  init(image event: Curtain_V1_DelegateEvent) throws {
    let method = try DelegateMethod(event.method)
    switch event.phase {
    case .called:
      self = .called(
        call: event.callID, method, try DelegateArguments(image: event.arguments))
    case .answered:
      self = .answered(call: event.callID, method, try DelegateAnswer(event.answer))
    case .fallback:
      let reason: DelegateFallbackReason
      switch event.reason {
      case "timeout": reason = .timeout
      case "disconnected": reason = .disconnected
      case "malformed": reason = .malformed(event.detail)
      case "cleared": reason = .cleared
      case "restarted": reason = .restarted
      case let other:
        throw CurtainError(.invalidArgument, "unknown delegate fallback reason '\(other)'")
      }
      self = .fallback(call: event.callID, method, reason)
    case .replaced, .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("delegate event phase", event.phase.rawValue)
    }
  }
}

extension DelegateMethod {
  /// The core form of a wire method; UNSPECIFIED is an error.
  public init(_ wire: Curtain_V1_DelegateMethod) throws {
    guard let method = Self.allCases.first(where: { $0.wire == wire }) else {
      throw CurtainError(.invalidArgument, "Unknown delegate method \(wire.rawValue)")
    }
    self = method
  }
}

extension DelegateArguments {
  /// Arguments as an image holds them: empty strings, ids of 0 and the
  /// automatic style (the core asks about resolved styles only) are none.
  init(image arguments: Curtain_V1_DelegateArguments) throws {
    self.init(
      operation: arguments.operation.isEmpty ? nil : arguments.operation,
      from: ControllerID(image: arguments.fromID), to: ControllerID(image: arguments.toID),
      identifier: arguments.identifier.isEmpty ? nil : arguments.identifier,
      interactive: arguments.interactive,
      style: arguments.style == .automatic ? nil : try ModalPresentationStyle(arguments.style),
      traits: arguments.hasTraits ? try TraitCollection(image: arguments.traits) : nil,
      size: arguments.hasSize ? Size(arguments.size) : nil)
  }
}

extension Curtain_V1_DelegateAnswer {
  /// The wire form of an answer, whole.
  public init(_ answer: DelegateAnswer) {
    self.init()
    switch answer {
    case .useDefault: break
    case .animator(let spec): animator = Curtain_V1_AnimatorSpec(spec)
    case .bool(let yes): self.yes = yes
    case .style(let style): self.style = style.wire
    case .remoteAnimator(let duration): remoteAnimator.duration = duration
    case .interactive: interactive = true
    case .presentation(let description):
      presentation = Curtain_V1_CustomPresentation(description)
    case .frame(let frame): self.frame = Curtain_V1_Rect(frame)
    case .controller(let id): controllerID = id.rawValue
    }
  }
}
