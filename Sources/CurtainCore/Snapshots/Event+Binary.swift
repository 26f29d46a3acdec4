// The binary form of events (BinaryCoding.swift): the bulk of a
// snapshot is its windows' event rings, so every common event is written by
// hand, a case number for each kind and phase; only a tapped window's hit,
// a failed operation's error, a popover's placement and delegate events go
// as JSON.

extension Event: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(seq)
    writer.write(windowID)
    writer.write(revision)
    writer.write(traceID)
    writer.write(time)
    writer.write(kind)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let seq = try reader.readVarint()
    let windowID = try reader.readOptional(WindowID.self)
    let revision = try reader.readVarint()
    let traceID = try reader.readOptional(String.self)
    let time = try reader.read(Double.self)
    self.init(
      seq: seq, windowID: windowID, revision: revision, traceID: traceID, time: time,
      kind: try reader.read(EventKind.self))
  }
}

extension EventKind: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .lifecycle(let controller, let callback):
      writer.writeCase(0)
      writer.write(controller)
      writer.write(callback)
    case .navigationDelegate(let controller, let call):
      writer.writeCase(1)
      writer.write(controller)
      writer.write(call)
    case .hierarchy(let change):
      writer.writeCase(2)
      writer.write(change)
    case .transition(let id, let phase):
      writer.writeCase(3)
      writer.write(id)
      writer.write(phase)
    case .operation(let id, let phase):
      writer.writeCase(4)
      writer.write(id)
      writer.write(phase)
    case .window(let change):
      writer.writeCase(5)
      writer.write(change)
    case .presentation(let presented, let presenting, let phase):
      writer.writeCase(6)
      writer.write(presented)
      writer.write(presenting)
      writer.write(phase)
    case .sizeTransition(let controller, let callback):
      writer.writeCase(7)
      writer.write(controller)
      writer.write(callback)
    case .segue(let controller, let callback):
      writer.writeCase(8)
      writer.write(controller)
      writer.write(callback)
    case .delegate(let controller, let event):
      writer.writeCase(9)
      writer.write(controller)
      writer.writeJSON(event)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0:
      let controller = try reader.read(ControllerID.self)
      self = .lifecycle(controller, try reader.read(LifecycleCallback.self))
    case 1:
      let controller = try reader.read(ControllerID.self)
      self = .navigationDelegate(controller, try reader.read(NavigationDelegateCall.self))
    case 2:
      self = .hierarchy(try reader.read(HierarchyChange.self))
    case 3:
      let id = try reader.read(TransitionID.self)
      self = .transition(id, try reader.read(TransitionPhase.self))
    case 4:
      let id = try reader.read(OperationID.self)
      self = .operation(id, try reader.read(OperationPhase.self))
    case 5:
      self = .window(try reader.read(WindowChange.self))
    case 6:
      let presented = try reader.read(ControllerID.self)
      let presenting = try reader.read(ControllerID.self)
      self = .presentation(
        presented: presented, presenting: presenting, try reader.read(PresentationPhase.self))
    case 7:
      let controller = try reader.read(ControllerID.self)
      self = .sizeTransition(controller, try reader.read(SizeTransitionCallback.self))
    case 8:
      let controller = try reader.read(ControllerID.self)
      self = .segue(controller, try reader.read(SegueCallback.self))
    case 9:
      let controller = try reader.read(ControllerID.self)
      self = .delegate(controller, try reader.readJSON(DelegateEvent.self))
    case let other:
      throw BinaryCodingError("EventKind case \(other)")
    }
  }
}

extension LifecycleCallback: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .viewDidLoad: writer.writeCase(0)
    case .viewWillAppear(let animated): writer.writeCase(animated ? 2 : 1)
    case .viewDidAppear(let animated): writer.writeCase(animated ? 4 : 3)
    case .viewWillDisappear(let animated): writer.writeCase(animated ? 6 : 5)
    case .viewDidDisappear(let animated): writer.writeCase(animated ? 8 : 7)
    case .willMove(let parent):
      writer.writeCase(9)
      writer.write(parent)
    case .didMove(let parent):
      writer.writeCase(10)
      writer.write(parent)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0: self = .viewDidLoad
    case 1: self = .viewWillAppear(animated: false)
    case 2: self = .viewWillAppear(animated: true)
    case 3: self = .viewDidAppear(animated: false)
    case 4: self = .viewDidAppear(animated: true)
    case 5: self = .viewWillDisappear(animated: false)
    case 6: self = .viewWillDisappear(animated: true)
    case 7: self = .viewDidDisappear(animated: false)
    case 8: self = .viewDidDisappear(animated: true)
    case 9: self = .willMove(toParent: try reader.readOptional(ControllerID.self))
    case 10: self = .didMove(toParent: try reader.readOptional(ControllerID.self))
    case let other: throw BinaryCodingError("LifecycleCallback case \(other)")
    }
  }
}

extension NavigationDelegateCall: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .willShow(let controller, let animated):
      writer.writeCase(0)
      writer.write(controller)
      writer.write(animated)
    case .didShow(let controller, let animated):
      writer.writeCase(1)
      writer.write(controller)
      writer.write(animated)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let number = try reader.readCase()
    let controller = try reader.read(ControllerID.self)
    let animated = try reader.read(Bool.self)
    switch number {
    case 0: self = .willShow(controller, animated: animated)
    case 1: self = .didShow(controller, animated: animated)
    case let other: throw BinaryCodingError("NavigationDelegateCall case \(other)")
    }
  }
}

extension HierarchyChange: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .rootChanged(let root):
      writer.writeCase(0)
      writer.write(root)
    case .childAdded(let parent, let child):
      writer.writeCase(1)
      writer.write(parent)
      writer.write(child)
    case .childRemoved(let parent, let child):
      writer.writeCase(2)
      writer.write(parent)
      writer.write(child)
    case .viewControllersChanged(let container, let controllers):
      writer.writeCase(3)
      writer.write(container)
      writer.write(controllers)
    case .selectionChanged(let tabBar, let index, let selected):
      writer.writeCase(4)
      writer.write(tabBar)
      writer.write(index)
      writer.write(selected)
    case .splitCollapsed(let split, let collapsed):
      writer.writeCase(5)
      writer.write(split)
      writer.write(collapsed)
    case .splitDisplayModeChanged(let split, let mode):
      writer.writeCase(6)
      writer.write(split)
      writer.write(mode)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0:
      self = .rootChanged(try reader.readOptional(ControllerID.self))
    case 1:
      let parent = try reader.read(ControllerID.self)
      self = .childAdded(parent: parent, child: try reader.read(ControllerID.self))
    case 2:
      let parent = try reader.read(ControllerID.self)
      self = .childRemoved(parent: parent, child: try reader.read(ControllerID.self))
    case 3:
      let container = try reader.read(ControllerID.self)
      self = .viewControllersChanged(container, try reader.readArray(ControllerID.self))
    case 4:
      let tabBar = try reader.read(ControllerID.self)
      let index = try reader.readOptional(Int.self)
      self = .selectionChanged(
        tabBar, index: index, selected: try reader.readOptional(ControllerID.self))
    case 5:
      let split = try reader.read(ControllerID.self)
      self = .splitCollapsed(split, try reader.read(Bool.self))
    case 6:
      let split = try reader.read(ControllerID.self)
      self = .splitDisplayModeChanged(split, try reader.read(SplitDisplayMode.self))
    case let other:
      throw BinaryCodingError("HierarchyChange case \(other)")
    }
  }
}

extension TransitionPhase: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .began(let info):
      writer.writeCase(0)
      writer.write(info.kind)
      writer.write(info.container)
      writer.write(info.from)
      writer.write(info.to)
      writer.write(info.animated)
      writer.write(info.interactive)
      writer.write(info.duration)
      writer.write(info.sizeChange)
    case .paused(let percent):
      writer.writeCase(1)
      writer.write(percent)
    case .interactionChanged(let isCancelled):
      writer.writeCase(2)
      writer.write(isCancelled)
    case .ended(let cancelled):
      writer.writeCase(3)
      writer.write(cancelled)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0:
      let kind = try reader.read(TransitionKind.self)
      let container = try reader.readOptional(ControllerID.self)
      let from = try reader.readOptional(ControllerID.self)
      let to = try reader.readOptional(ControllerID.self)
      let animated = try reader.read(Bool.self)
      let interactive = try reader.read(Bool.self)
      let duration = try reader.read(Double.self)
      self = .began(
        TransitionInfo(
          kind: kind, container: container, from: from, to: to, animated: animated,
          interactive: interactive, duration: duration,
          sizeChange: try reader.readOptional(SizeChange.self)))
    case 1: self = .paused(percent: try reader.read(Double.self))
    case 2: self = .interactionChanged(isCancelled: try reader.read(Bool.self))
    case 3: self = .ended(cancelled: try reader.read(Bool.self))
    case let other: throw BinaryCodingError("TransitionPhase case \(other)")
    }
  }
}

extension SizeChange: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(oldSize)
    writer.write(newSize)
    writer.write(oldTraits)
    writer.write(newTraits)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let oldSize = try reader.read(Size.self)
    let newSize = try reader.read(Size.self)
    let oldTraits = try reader.read(TraitCollection.self)
    self.init(
      oldSize: oldSize, newSize: newSize, oldTraits: oldTraits,
      newTraits: try reader.read(TraitCollection.self))
  }
}

extension OperationPhase: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .queued(let position):
      writer.writeCase(0)
      writer.write(position)
    case .started:
      writer.writeCase(1)
    case .completed(let cancelled, let removed):
      writer.writeCase(2)
      writer.write(cancelled)
      writer.write(removed)
    case .failed(let error):
      writer.writeCase(3)
      writer.write(error)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0: self = .queued(position: try reader.read(Int.self))
    case 1: self = .started
    case 2:
      let cancelled = try reader.read(Bool.self)
      self = .completed(cancelled: cancelled, removed: try reader.readArray(ControllerID.self))
    case 3: self = .failed(try reader.read(CurtainError.self))
    case let other: throw BinaryCodingError("OperationPhase case \(other)")
    }
  }
}

extension WindowChange: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .created(let size):
      writer.writeCase(0)
      writer.write(size)
    case .visibilityChanged(let visible):
      writer.writeCase(1)
      writer.write(visible)
    case .resized(let size):
      writer.writeCase(2)
      writer.write(size)
    case .closed:
      writer.writeCase(3)
    case .tapped(let hit):
      writer.writeCase(4)
      writer.write(hit)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0: self = .created(try reader.read(Size.self))
    case 1: self = .visibilityChanged(try reader.read(Bool.self))
    case 2: self = .resized(try reader.read(Size.self))
    case 3: self = .closed
    case 4: self = .tapped(try reader.read(TapHit.self))
    case let other: throw BinaryCodingError("WindowChange case \(other)")
    }
  }
}

extension PresentationPhase: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .presentationTransitionWillBegin: writer.writeCase(0)
    case .presentationTransitionDidEnd(let completed): writer.writeCase(completed ? 2 : 1)
    case .dismissalTransitionWillBegin: writer.writeCase(3)
    case .dismissalTransitionDidEnd(let completed): writer.writeCase(completed ? 5 : 4)
    case .adapted(let style):
      writer.writeCase(6)
      writer.write(style)
    case .popoverPlaced(let placement):
      writer.writeCase(7)
      writer.write(placement)
    case .shouldDismiss: writer.writeCase(8)
    case .willDismiss: writer.writeCase(9)
    case .didDismiss: writer.writeCase(10)
    case .didAttemptToDismiss: writer.writeCase(11)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0: self = .presentationTransitionWillBegin
    case 1: self = .presentationTransitionDidEnd(completed: false)
    case 2: self = .presentationTransitionDidEnd(completed: true)
    case 3: self = .dismissalTransitionWillBegin
    case 4: self = .dismissalTransitionDidEnd(completed: false)
    case 5: self = .dismissalTransitionDidEnd(completed: true)
    case 6: self = .adapted(to: try reader.read(ModalPresentationStyle.self))
    case 7: self = .popoverPlaced(try reader.read(PopoverPlacement.self))
    case 8: self = .shouldDismiss
    case 9: self = .willDismiss
    case 10: self = .didDismiss
    case 11: self = .didAttemptToDismiss
    case let other: throw BinaryCodingError("PresentationPhase case \(other)")
    }
  }
}

extension SizeTransitionCallback: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .willTransitionToTraits(let traits):
      writer.writeCase(0)
      writer.write(traits)
    case .viewWillTransition(let size):
      writer.writeCase(1)
      writer.write(size)
    case .traitCollectionDidChange(let previous):
      writer.writeCase(2)
      writer.write(previous)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0: self = .willTransitionToTraits(try reader.read(TraitCollection.self))
    case 1: self = .viewWillTransition(to: try reader.read(Size.self))
    case 2: self = .traitCollectionDidChange(previous: try reader.read(TraitCollection.self))
    case let other: throw BinaryCodingError("SizeTransitionCallback case \(other)")
    }
  }
}

extension SegueCallback: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .shouldPerform(let identifier, let answer):
      writer.writeCase(0)
      writer.write(identifier)
      writer.write(answer)
    case .prepare(let identifier, let destination):
      writer.writeCase(1)
      writer.write(identifier)
      writer.write(destination)
    case .canPerformUnwind(let action, let source, let answer):
      writer.writeCase(2)
      writer.write(action)
      writer.write(source)
      writer.write(answer)
    case .unwindAction(let action, let source):
      writer.writeCase(3)
      writer.write(action)
      writer.write(source)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0:
      let identifier = try reader.read(String.self)
      self = .shouldPerform(identifier: identifier, answer: try reader.read(Bool.self))
    case 1:
      let identifier = try reader.readOptional(String.self)
      self = .prepare(identifier: identifier, destination: try reader.read(ControllerID.self))
    case 2:
      let action = try reader.read(String.self)
      let source = try reader.read(ControllerID.self)
      self = .canPerformUnwind(action: action, source: source, answer: try reader.read(Bool.self))
    case 3:
      let action = try reader.read(String.self)
      self = .unwindAction(action: action, source: try reader.read(ControllerID.self))
    case let other:
      throw BinaryCodingError("SegueCallback case \(other)")
    }
  }
}
