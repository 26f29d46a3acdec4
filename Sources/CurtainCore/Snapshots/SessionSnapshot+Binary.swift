// The binary form of a session snapshot (BinaryCoding.swift): every value
// of `SessionSnapshot` in declaration order. SnapshotBinaryTests round-trip
// the snapshots of every variant of the invariant fuzz through it, so a
// property written here but not read back (or the other way round) fails.

extension SessionSnapshot: BinaryCodable {
  /// The snapshot's binary form.
  public var binaryEncoded: [UInt8] {
    var writer = BinaryWriter()
    encode(to: &writer)
    return writer.bytes
  }

  /// A snapshot from its binary form (all of `bytes`).
  public init(binary bytes: [UInt8]) throws(BinaryCodingError) {
    var reader = BinaryReader(bytes)
    self = try SessionSnapshot(from: &reader)
    guard reader.isAtEnd else {
      throw BinaryCodingError("bytes left after the snapshot at offset \(reader.position)")
    }
  }

  public func encode(to writer: inout BinaryWriter) {
    writer.write(name)
    writer.write(nextIDs)
    writer.write(windows)
    writer.write(controllers)
    writer.write(views)
    writer.write(storyboards)
    writer.write(detachedEvents)
    writer.write(endings)
    writer.write(departedNames)
    writer.writeVarint(UInt64(delegates.count))
    for registration in delegates {
      writer.write(registration.controller)
      writer.write(registration.role.rawValue)
      writer.write(registration.delegate.rawValue)
      writer.write(registration.timeout)
    }
    writer.write(nextDelegateCall)
    // Since interaction controllers, what each registration vends: 1
    // interaction controllers, 2 (since replacement controllers)
    // replacement controllers; a varint, which reads as the Bool (0 or 1)
    // written before replacement controllers.
    writer.write(
      delegates.map { UInt64($0.vendsInteraction ? 1 : 0) | ($0.vendsReplacement ? 2 : 0) })
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let name = try reader.read(String.self)
    let nextIDs = try reader.read(IdentifierCounters.self)
    let windows = try reader.readArray(WindowSnapshot.self)
    let controllers = try reader.readArray(ControllerSnapshot.self)
    let views = try reader.readArray(ViewSnapshot.self)
    let storyboards = try reader.readArray(Storyboard.self)
    let detachedEvents = try reader.read(EventLogSnapshot.self)
    self.init(
      name: name, nextIDs: nextIDs, windows: windows, controllers: controllers, views: views,
      storyboards: storyboards, detachedEvents: detachedEvents)
    endings = try reader.readArray(RememberedEnding.self)
    departedNames = try reader.readArray(DepartedName.self)
    // Snapshots written before remote delegates end here.
    guard !reader.isAtEnd else { return }
    let count = try reader.readVarint()
    for _ in 0..<count {
      let controller = try reader.read(ControllerID.self)
      let roleName = try reader.read(String.self)
      guard let role = DelegateRole(rawValue: roleName) else {
        throw BinaryCodingError("delegate role '\(roleName)'")
      }
      let delegate = OwnerID(try reader.read(UInt64.self))
      delegates.append(
        DelegateRegistration(
          controller: controller, role: role, delegate: delegate,
          timeout: try reader.read(Double.self)))
    }
    nextDelegateCall = try reader.read(UInt64.self)
    // Snapshots written before interaction controllers end here.
    guard !reader.isAtEnd else { return }
    let vends = try reader.readArray(UInt64.self)
    guard vends.count == delegates.count, vends.allSatisfy({ $0 <= 3 }) else {
      throw BinaryCodingError(
        "\(vends.count) interaction flags for \(delegates.count) delegate registrations")
    }
    delegates = zip(delegates, vends).map { registration, vends in
      DelegateRegistration(
        controller: registration.controller, role: registration.role,
        delegate: registration.delegate, timeout: registration.timeout,
        vendsInteraction: vends & 1 != 0, vendsReplacement: vends & 2 != 0)
    }
  }
}

extension IdentifierCounters: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(window)
    writer.write(controller)
    writer.write(view)
    writer.write(transition)
    writer.write(operation)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    self.init(
      window: try reader.readVarint(), controller: try reader.readVarint(),
      view: try reader.readVarint(), transition: try reader.readVarint(),
      operation: try reader.readVarint())
  }
}

extension RememberedEnding: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(transition)
    writer.write(ending)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let transition = try reader.read(TransitionID.self)
    self.init(transition: transition, ending: try reader.read(TransitionEnding.self))
  }
}

extension TransitionEnding: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .completed: writer.writeCase(0)
    case .finished: writer.writeCase(1)
    case .cancelled: writer.writeCase(2)
    case .timedOut(let seconds):
      writer.writeCase(3)
      writer.write(seconds)
    case .ownerLeft: writer.writeCase(4)
    case .windowClosed: writer.writeCase(5)
    case .animatorTimedOut(let seconds):
      writer.writeCase(6)
      writer.write(seconds)
    case .animatorLeft: writer.writeCase(7)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0: self = .completed
    case 1: self = .finished
    case 2: self = .cancelled
    case 3: self = .timedOut(seconds: try reader.read(Double.self))
    case 4: self = .ownerLeft
    case 5: self = .windowClosed
    case 6: self = .animatorTimedOut(seconds: try reader.read(Double.self))
    case 7: self = .animatorLeft
    case let other: throw BinaryCodingError("TransitionEnding case \(other)")
    }
  }
}

extension DepartedName: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(controller)
    writer.write(name)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let controller = try reader.read(ControllerID.self)
    self.init(controller: controller, name: try reader.read(String.self))
  }
}

extension EventLogSnapshot: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(lastSeq)
    writer.write(events)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let lastSeq = try reader.readVarint()
    self.init(lastSeq: lastSeq, events: try reader.readArray(Event.self))
  }
}

extension WindowSnapshot: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(id)
    writer.write(view)
    writer.write(metrics)
    writer.write(clockMode)
    writer.write(root)
    writer.write(isVisible)
    writer.write(revision)
    writer.write(time)
    writer.write(events)
    writer.write(nextAnimationID)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let id = try reader.read(WindowID.self)
    let view = try reader.read(ViewID.self)
    let metrics = try reader.read(WindowMetrics.self)
    let clockMode = try reader.read(ClockMode.self)
    let root = try reader.readOptional(ControllerID.self)
    let isVisible = try reader.read(Bool.self)
    let revision = try reader.readVarint()
    let time = try reader.read(Double.self)
    let events = try reader.read(EventLogSnapshot.self)
    self.init(
      id: id, view: view, metrics: metrics, clockMode: clockMode, root: root,
      isVisible: isVisible, revision: revision, time: time, events: events,
      nextAnimationID: try reader.readVarint())
  }
}

extension ViewSnapshot: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(id)
    writer.write(role)
    writer.write(controller)
    writer.write(state)
    writer.write(isHidden)
    writer.write(backgroundColorName)
    writer.write(subviews)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let id = try reader.read(ViewID.self)
    let role = try reader.read(ViewRole.self)
    let controller = try reader.readOptional(ControllerID.self)
    let state = try reader.read(ViewState.self)
    let isHidden = try reader.read(Bool.self)
    let backgroundColorName = try reader.read(String.self)
    self.init(
      id: id, role: role, controller: controller, state: state, isHidden: isHidden,
      backgroundColorName: backgroundColorName, subviews: try reader.readArray(ViewID.self))
  }
}

extension ControllerSnapshot: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(id)
    writer.write(kind)
    writer.write(identifier)
    writer.write(title)
    writer.write(children)
    writer.write(appearance)
    writer.write(appearanceAnimated)
    writer.write(view)
    writer.write(hostWindow)
    writer.write(modalPresentationStyle)
    writer.write(modalTransitionStyle)
    writer.write(definesPresentationContext)
    writer.write(providesPresentationContextTransitionStyle)
    writer.write(preferredContentSize)
    writer.write(isModalInPresentation)
    writer.write(edgesForExtendedLayout.rawValue)
    writer.write(shouldAutomaticallyForwardAppearanceMethods)
    writer.write(presented)
    writer.write(presentation)
    writer.write(scene)
    writer.write(unwindActions)
    let answers = shouldPerformAnswers.sorted { $0.key < $1.key }
    writer.writeVarint(UInt64(answers.count))
    for (identifier, answer) in answers {
      writer.write(identifier)
      writer.write(answer)
    }
    writer.write(container)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let id = try reader.read(ControllerID.self)
    let kind = try reader.read(ControllerKind.self)
    let identifier = try reader.readOptional(String.self)
    let title = try reader.readOptional(String.self)
    let children = try reader.readArray(ControllerID.self)
    let appearance = try reader.read(AppearanceState.self)
    let appearanceAnimated = try reader.read(Bool.self)
    let view = try reader.readOptional(ViewID.self)
    let hostWindow = try reader.readOptional(WindowID.self)
    let modalPresentationStyle = try reader.read(ModalPresentationStyle.self)
    let modalTransitionStyle = try reader.read(ModalTransitionStyle.self)
    let definesPresentationContext = try reader.read(Bool.self)
    let providesContextTransitionStyle = try reader.read(Bool.self)
    let preferredContentSize = try reader.read(Size.self)
    let isModalInPresentation = try reader.read(Bool.self)
    let edges = RectEdges(rawValue: try reader.read(UInt32.self))
    let forwardsAppearance = try reader.read(Bool.self)
    let presented = try reader.readOptional(ControllerID.self)
    let presentation = try reader.readOptional(PresentationSnapshot.self)
    let scene = try reader.readOptional(SceneReference.self)
    let unwindActions = try reader.readArray(String.self)
    var answers: [String: Bool] = [:]
    for _ in 0..<(try reader.readCount()) {
      let segue = try reader.read(String.self)
      answers[segue] = try reader.read(Bool.self)
    }
    self.init(
      id: id, kind: kind, identifier: identifier, title: title, children: children,
      appearance: appearance, appearanceAnimated: appearanceAnimated, view: view,
      hostWindow: hostWindow, modalPresentationStyle: modalPresentationStyle,
      modalTransitionStyle: modalTransitionStyle,
      definesPresentationContext: definesPresentationContext,
      providesPresentationContextTransitionStyle: providesContextTransitionStyle,
      preferredContentSize: preferredContentSize, isModalInPresentation: isModalInPresentation,
      edgesForExtendedLayout: edges,
      shouldAutomaticallyForwardAppearanceMethods: forwardsAppearance,
      presented: presented, presentation: presentation, scene: scene,
      unwindActions: unwindActions, shouldPerformAnswers: answers,
      container: try reader.read(ContainerSnapshot.self))
  }
}

extension ContainerSnapshot: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    switch self {
    case .content:
      writer.writeCase(0)
    case .navigation(let state):
      writer.writeCase(1)
      writer.write(state.navigationBar)
      writer.write(state.managingTabBarController)
      writer.write(state.isBarTranslucent)
    case .tabBar(let state):
      writer.writeCase(2)
      writer.write(state.viewControllers)
      writer.write(state.selectedIndex)
      writer.write(state.tabBar)
      writer.write(state.moreNavigationController)
      writer.write(state.moreListController)
      writer.write(state.shownController)
      writer.write(state.isBarTranslucent)
    case .split(let state):
      writer.writeCase(3)
      writer.writeJSON(state)
    case .page(let state):
      writer.writeCase(4)
      writer.writeJSON(state)
    case .container(let state):
      writer.writeCase(5)
      writer.writeJSON(state)
    }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0:
      self = .content
    case 1:
      let bar = try reader.readOptional(ViewID.self)
      let managing = try reader.readOptional(ControllerID.self)
      self = .navigation(
        NavigationSnapshot(
          navigationBar: bar, managingTabBarController: managing,
          isBarTranslucent: try reader.read(Bool.self)))
    case 2:
      let tabs = try reader.readArray(ControllerID.self)
      let selectedIndex = try reader.readOptional(Int.self)
      let bar = try reader.readOptional(ViewID.self)
      let more = try reader.readOptional(ControllerID.self)
      let moreList = try reader.readOptional(ControllerID.self)
      let shown = try reader.readOptional(ControllerID.self)
      self = .tabBar(
        TabBarSnapshot(
          viewControllers: tabs, selectedIndex: selectedIndex, tabBar: bar,
          moreNavigationController: more, moreListController: moreList, shownController: shown,
          isBarTranslucent: try reader.read(Bool.self)))
    case 3: self = .split(try reader.readJSON(SplitSnapshot.self))
    case 4: self = .page(try reader.readJSON(PageSnapshot.self))
    case 5: self = .container(try reader.readJSON(CustomContainerSnapshot.self))
    case let other: throw BinaryCodingError("ContainerSnapshot case \(other)")
    }
  }
}

// MARK: Small values

/// An id: its number.
public protocol BinaryCodableID: BinaryCodable {
  /// The number.
  var rawValue: UInt64 { get }
  /// The id of a number.
  init(_ rawValue: UInt64)
}

extension BinaryCodableID {
  @inline(__always)
  public func encode(to writer: inout BinaryWriter) { writer.writeVarint(rawValue) }
  @inline(__always)
  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    self.init(try reader.readVarint())
  }
}

extension WindowID: BinaryCodableID {}
extension ControllerID: BinaryCodableID {}
extension ViewID: BinaryCodableID {}
extension TransitionID: BinaryCodableID {}
extension OperationID: BinaryCodableID {}

extension Size: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(width)
    writer.write(height)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let width = try reader.read(Double.self)
    self.init(width: width, height: try reader.read(Double.self))
  }
}

extension Point: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(x)
    writer.write(y)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let x = try reader.read(Double.self)
    self.init(x: x, y: try reader.read(Double.self))
  }
}

extension Rect: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(origin)
    writer.write(size)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let origin = try reader.read(Point.self)
    self.init(origin: origin, size: try reader.read(Size.self))
  }
}

extension AffineTransform: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    for value in [a, b, c, d, tx, ty] { writer.write(value) }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let a = try reader.read(Double.self)
    let b = try reader.read(Double.self)
    let c = try reader.read(Double.self)
    let d = try reader.read(Double.self)
    let tx = try reader.read(Double.self)
    self.init(a: a, b: b, c: c, d: d, tx: tx, ty: try reader.read(Double.self))
  }
}

extension EdgeInsets: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    for value in [top, left, bottom, right] { writer.write(value) }
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let top = try reader.read(Double.self)
    let left = try reader.read(Double.self)
    let bottom = try reader.read(Double.self)
    self.init(top: top, left: left, bottom: bottom, right: try reader.read(Double.self))
  }
}

extension ViewState: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(center)
    writer.write(bounds)
    writer.write(transform)
    writer.write(alpha)
    writer.write(cornerRadius)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let center = try reader.read(Point.self)
    let bounds = try reader.read(Rect.self)
    let transform = try reader.read(AffineTransform.self)
    let alpha = try reader.read(Double.self)
    self.init(frame: .zero, transform: transform, alpha: alpha)
    self.center = center
    self.bounds = bounds
    cornerRadius = try reader.read(Double.self)
  }
}

extension TraitCollection: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(horizontalSizeClass)
    writer.write(verticalSizeClass)
    writer.write(displayScale)
    writer.write(userInterfaceIdiom)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let horizontal = try reader.read(SizeClass.self)
    let vertical = try reader.read(SizeClass.self)
    let scale = try reader.read(Double.self)
    self.init(
      horizontalSizeClass: horizontal, verticalSizeClass: vertical, displayScale: scale,
      userInterfaceIdiom: try reader.read(UserInterfaceIdiom.self))
  }
}

extension WindowMetrics: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.write(size)
    writer.write(safeAreaInsets)
    writer.write(scale)
    writer.write(idiom)
    writer.write(traits)
  }

  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let size = try reader.read(Size.self)
    let insets = try reader.read(EdgeInsets.self)
    let scale = try reader.read(Double.self)
    let idiom = try reader.read(UserInterfaceIdiom.self)
    self.init(
      size: size, safeAreaInsets: insets, scale: scale, idiom: idiom,
      traits: try reader.readOptional(TraitCollection.self))
  }
}

extension SizeClass: BinaryCodableByRawValue {}
extension UserInterfaceIdiom: BinaryCodableByRawValue {}
extension ViewRole: BinaryCodableByRawValue {}
extension ControllerKind: BinaryCodableByRawValue {}
extension AppearanceState: BinaryCodableByRawValue {}
extension ClockMode: BinaryCodableByRawValue {}
extension ModalPresentationStyle: BinaryCodableByRawValue {}
extension ModalTransitionStyle: BinaryCodableByRawValue {}
extension TransitionKind: BinaryCodableByRawValue {}
extension SplitDisplayMode: BinaryCodableByRawValue {}

extension Storyboard: BinaryCodableAsJSON {}
extension PresentationSnapshot: BinaryCodableAsJSON {}
extension SceneReference: BinaryCodableAsJSON {}
extension CurtainError: BinaryCodableAsJSON {}
extension TapHit: BinaryCodableAsJSON {}
extension PopoverPlacement: BinaryCodableAsJSON {}
