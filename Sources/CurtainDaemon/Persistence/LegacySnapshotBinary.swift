// The binary snapshot of format 3 (LegacySessionImage.swift), read into
// the Core's values; no curtaind writes it any more. Values come in a fixed
// order with no names: unsigned integers as LEB128 varints, signed ones
// zigzagged first, doubles as their 8 IEEE bytes (little-endian), strings
// as their UTF-8 length and bytes, optionals as a 0/1 byte before the
// value, arrays as their count before the elements, enums with associated
// values as a case number before the values. A few rare values
// (storyboards, presentations, scene references, errors, taps, popover
// placements, delegate events, split, page and custom container states)
// are their JSON of format 2 (LegacySnapshotJSON.swift), length first.
//
// A read never traps on bad bytes: each checks what is left and throws, so
// a damaged image is refused with a reason.

import CurtainCore
import Foundation

/// Bytes that are not a format-3 snapshot.
struct LegacyBinaryError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Reads a format-3 snapshot's values.
struct LegacySnapshotBinary {
  private let bytes: [UInt8]
  /// The offset of the next byte to read.
  private(set) var position: Int

  init(_ bytes: [UInt8], position: Int) {
    self.bytes = bytes
    self.position = position
  }

  /// Whether every byte was read.
  var isAtEnd: Bool { position == bytes.count }

  // MARK: Plain values

  mutating func byte() throws -> UInt8 {
    guard position < bytes.count else { throw truncated() }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func varint() throws -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try byte()
      guard shift < 64 else { throw LegacyBinaryError("varint too long at offset \(position)") }
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// A count of elements or bytes: never more than the bytes left, so that
  /// damaged bytes cannot ask for a huge allocation.
  mutating func count() throws -> Int {
    let count = try varint()
    guard count <= UInt64(bytes.count - position) else {
      throw LegacyBinaryError("count \(count) at offset \(position) exceeds the bytes left")
    }
    return Int(count)
  }

  mutating func int() throws -> Int {
    let zigzag = try varint()
    let wide = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    guard let value = Int(exactly: wide) else { throw LegacyBinaryError("integer \(wide)") }
    return value
  }

  mutating func uint32() throws -> UInt32 {
    let value = try varint()
    guard let narrow = UInt32(exactly: value) else { throw LegacyBinaryError("UInt32 \(value)") }
    return narrow
  }

  mutating func bool() throws -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    case let other: throw LegacyBinaryError("Bool \(other)")
    }
  }

  mutating func double() throws -> Double {
    let raw = try take(8)
    let bits = raw.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    return Double(bitPattern: UInt64(littleEndian: bits))
  }

  mutating func string() throws -> String {
    let raw = try take(try count())
    guard let text = String(validating: raw, as: UTF8.self) else {
      throw LegacyBinaryError("a string that is not UTF-8")
    }
    return text
  }

  /// A string enum by its raw value.
  mutating func raw<T: RawRepresentable>(_ type: T.Type) throws -> T
  where T.RawValue == String {
    let raw = try string()
    guard let value = T(rawValue: raw) else {
      throw LegacyBinaryError("'\(raw)' is not a \(T.self)")
    }
    return value
  }

  private mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - position else { throw truncated() }
    defer { position += count }
    return bytes[position..<(position + count)]
  }

  /// An optional value: a presence byte, then the value.
  mutating func optional<T>(_ read: (inout Self) throws -> T)
    throws -> T?
  {
    switch try byte() {
    case 0: return nil
    case 1: return try read(&self)
    case let other: throw LegacyBinaryError("presence byte \(other) at offset \(position - 1)")
    }
  }

  /// An array: its count, then its elements.
  mutating func array<T>(_ read: (inout Self) throws -> T)
    throws -> [T]
  {
    let count = try count()
    var values: [T] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try read(&self)) }
    return values
  }

  /// A rare value as its JSON of format 2.
  mutating func json<T>(_ read: (LegacySnapshotJSON, JSONField) throws -> T)
    throws -> T
  {
    let json = try take(try count())
    do {
      return try read(LegacySnapshotJSON(format: 2), JSONField.exact(Data(json), path: "value"))
    } catch {
      throw LegacyBinaryError("a JSON value does not decode: \(error)")
    }
  }

  private func truncated() -> LegacyBinaryError {
    LegacyBinaryError("the bytes end at offset \(position) in the middle of a value")
  }

  mutating func controller() throws -> ControllerID {
    ControllerID(try varint())
  }
  mutating func view() throws -> ViewID { ViewID(try varint()) }
  mutating func window() throws -> WindowID { WindowID(try varint()) }

  mutating func size() throws -> Size {
    let width = try double()
    return Size(width: width, height: try double())
  }

  mutating func point() throws -> Point {
    let x = try double()
    return Point(x: x, y: try double())
  }

  mutating func rect() throws -> Rect {
    let origin = try point()
    return Rect(origin: origin, size: try size())
  }

  mutating func traits() throws -> TraitCollection {
    let horizontal = try raw(SizeClass.self)
    let vertical = try raw(SizeClass.self)
    let scale = try double()
    return TraitCollection(
      horizontalSizeClass: horizontal, verticalSizeClass: vertical, displayScale: scale,
      userInterfaceIdiom: try raw(UserInterfaceIdiom.self))
  }

  // MARK: The session

  mutating func session() throws -> SessionSnapshot {
    let name = try string()
    let nextIDs = IdentifierCounters(
      window: try varint(), controller: try varint(), view: try varint(),
      transition: try varint(), operation: try varint())
    let windows = try array { try $0.windowSnapshot() }
    let controllers = try array { reader in
      try reader.controllerSnapshot()
    }
    let views = try array { try $0.viewSnapshot() }
    let storyboards = try array { reader in
      try reader.json { try $0.storyboard($1.object()) }
    }
    let detachedEvents = try log()
    var snapshot = SessionSnapshot(
      name: name, nextIDs: nextIDs, windows: windows, controllers: controllers, views: views,
      storyboards: storyboards, detachedEvents: detachedEvents)
    snapshot.endings = try array { reader in
      let transition = TransitionID(try reader.varint())
      return RememberedEnding(transition: transition, ending: try reader.ending())
    }
    snapshot.departedNames = try array { reader in
      let controller = try reader.controller()
      return DepartedName(controller: controller, name: try reader.string())
    }
    // Snapshots written before remote delegates end here.
    guard !isAtEnd else { return snapshot }
    var delegates: [DelegateRegistration] = []
    for _ in 0..<(try varint()) {
      let controller = try controller()
      let role = try raw(DelegateRole.self)
      let delegate = OwnerID(try varint())
      delegates.append(
        DelegateRegistration(
          controller: controller, role: role, delegate: delegate, timeout: try double()))
    }
    snapshot.nextDelegateCall = try varint()
    snapshot.delegates = delegates
    // Snapshots written before interaction controllers end here.
    guard !isAtEnd else { return snapshot }
    let vends = try array { try $0.varint() }
    guard vends.count == delegates.count, vends.allSatisfy({ $0 <= 3 }) else {
      throw LegacyBinaryError(
        "\(vends.count) interaction flags for \(delegates.count) delegate registrations")
    }
    snapshot.delegates = zip(delegates, vends).map { registration, vends in
      DelegateRegistration(
        controller: registration.controller, role: registration.role,
        delegate: registration.delegate, timeout: registration.timeout,
        vendsInteraction: vends & 1 != 0, vendsReplacement: vends & 2 != 0)
    }
    return snapshot
  }

  mutating func ending() throws -> TransitionEnding {
    switch try byte() {
    case 0: return .completed
    case 1: return .finished
    case 2: return .cancelled
    case 3: return .timedOut(seconds: try double())
    case 4: return .ownerLeft
    case 5: return .windowClosed
    case 6: return .animatorTimedOut(seconds: try double())
    case 7: return .animatorLeft
    case let other: throw LegacyBinaryError("TransitionEnding case \(other)")
    }
  }

  mutating func log() throws -> EventLogSnapshot {
    let lastSeq = try varint()
    return EventLogSnapshot(
      lastSeq: lastSeq, events: try array { try $0.event() })
  }

  mutating func windowSnapshot() throws -> WindowSnapshot {
    let id = try window()
    let view = try view()
    let size = try size()
    let insets = EdgeInsets(
      top: try double(), left: try double(), bottom: try double(), right: try double())
    let scale = try double()
    let idiom = try raw(UserInterfaceIdiom.self)
    let traits = try optional { try $0.traits() }
    let clockMode = try raw(ClockMode.self)
    let root = try optional { try $0.controller() }
    let isVisible = try bool()
    let revision = try varint()
    let time = try double()
    let events = try log()
    return WindowSnapshot(
      id: id, view: view,
      metrics: WindowMetrics(
        size: size, safeAreaInsets: insets, scale: scale, idiom: idiom, traits: traits),
      clockMode: clockMode, root: root, isVisible: isVisible, revision: revision, time: time,
      events: events, nextAnimationID: try varint())
  }

  mutating func viewSnapshot() throws -> ViewSnapshot {
    let id = try view()
    let role = try raw(ViewRole.self)
    let controller = try optional { try $0.controller() }
    let center = try point()
    let bounds = try rect()
    let transform = CurtainCore.AffineTransform(
      a: try double(), b: try double(), c: try double(), d: try double(), tx: try double(),
      ty: try double())
    let alpha = try double()
    var state = ViewState(frame: .zero, transform: transform, alpha: alpha)
    state.center = center
    state.bounds = bounds
    state.cornerRadius = try double()
    let isHidden = try bool()
    let background = try string()
    return ViewSnapshot(
      id: id, role: role, controller: controller, state: state, isHidden: isHidden,
      backgroundColorName: background,
      subviews: try array { try $0.view() })
  }

  mutating func controllerSnapshot() throws -> ControllerSnapshot {
    let id = try controller()
    let kind = try raw(ControllerKind.self)
    let identifier = try optional { try $0.string() }
    let title = try optional { try $0.string() }
    let children = try array { try $0.controller() }
    let appearance = try raw(AppearanceState.self)
    let appearanceAnimated = try bool()
    let view = try optional { try $0.view() }
    let hostWindow = try optional { try $0.window() }
    let modalPresentationStyle = try raw(ModalPresentationStyle.self)
    let modalTransitionStyle = try raw(ModalTransitionStyle.self)
    let definesPresentationContext = try bool()
    let providesContextTransitionStyle = try bool()
    let preferredContentSize = try size()
    let isModalInPresentation = try bool()
    let edges = RectEdges(rawValue: try uint32())
    let forwardsAppearance = try bool()
    let presented = try optional { try $0.controller() }
    let presentation = try optional { reader in
      try reader.json { try $0.presentation($1.object()) }
    }
    let scene = try optional { reader in
      try reader.json { try $0.scene($1) }
    }
    let unwindActions = try array { try $0.string() }
    var answers: [String: Bool] = [:]
    for _ in 0..<(try count()) {
      let segue = try string()
      answers[segue] = try bool()
    }
    return ControllerSnapshot(
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
      unwindActions: unwindActions, shouldPerformAnswers: answers, container: try container())
  }

  mutating func container() throws -> ContainerSnapshot {
    switch try byte() {
    case 0:
      return .content
    case 1:
      let bar = try optional { try $0.view() }
      let managing = try optional { try $0.controller() }
      return .navigation(
        NavigationSnapshot(
          navigationBar: bar, managingTabBarController: managing, isBarTranslucent: try bool()))
    case 2:
      let tabs = try array { try $0.controller() }
      let selectedIndex = try optional { try $0.int() }
      let bar = try optional { try $0.view() }
      let more = try optional { try $0.controller() }
      let moreList = try optional { try $0.controller() }
      let shown = try optional { try $0.controller() }
      return .tabBar(
        TabBarSnapshot(
          viewControllers: tabs, selectedIndex: selectedIndex, tabBar: bar,
          moreNavigationController: more, moreListController: moreList, shownController: shown,
          isBarTranslucent: try bool()))
    case 3: return .split(try json { try $0.split($1.object()) })
    case 4: return .page(try json { try $0.page($1.object()) })
    case 5: return .container(try json { try $0.customContainer($1.object()) })
    case let other: throw LegacyBinaryError("ContainerSnapshot case \(other)")
    }
  }

  // MARK: Events

  mutating func event() throws -> Event {
    let seq = try varint()
    let windowID = try optional { try $0.window() }
    let revision = try varint()
    let traceID = try optional { try $0.string() }
    let time = try double()
    return Event(
      seq: seq, windowID: windowID, revision: revision, traceID: traceID, time: time,
      kind: try eventKind())
  }

  mutating func eventKind() throws -> EventKind {
    switch try byte() {
    case 0:
      let controller = try controller()
      return .lifecycle(controller, try lifecycle())
    case 1:
      let controller = try controller()
      let number = try byte()
      let shown = try self.controller()
      let animated = try bool()
      switch number {
      case 0: return .navigationDelegate(controller, .willShow(shown, animated: animated))
      case 1: return .navigationDelegate(controller, .didShow(shown, animated: animated))
      case let other: throw LegacyBinaryError("NavigationDelegateCall case \(other)")
      }
    case 2:
      return .hierarchy(try hierarchy())
    case 3:
      let id = TransitionID(try varint())
      return .transition(id, try transition())
    case 4:
      let id = OperationID(try varint())
      return .operation(id, try operation())
    case 5:
      return .window(try windowChange())
    case 6:
      let presented = try controller()
      let presenting = try controller()
      return .presentation(presented: presented, presenting: presenting, try presentationPhase())
    case 7:
      let controller = try controller()
      return .sizeTransition(controller, try sizeTransition())
    case 8:
      let controller = try controller()
      return .segue(controller, try segue())
    case 9:
      let controller = try controller()
      return .delegate(controller, try json { try $0.delegate($1) })
    case let other:
      throw LegacyBinaryError("EventKind case \(other)")
    }
  }

  mutating func lifecycle() throws -> LifecycleCallback {
    switch try byte() {
    case 0: return .viewDidLoad
    case 1: return .viewWillAppear(animated: false)
    case 2: return .viewWillAppear(animated: true)
    case 3: return .viewDidAppear(animated: false)
    case 4: return .viewDidAppear(animated: true)
    case 5: return .viewWillDisappear(animated: false)
    case 6: return .viewWillDisappear(animated: true)
    case 7: return .viewDidDisappear(animated: false)
    case 8: return .viewDidDisappear(animated: true)
    case 9:
      return .willMove(toParent: try optional { try $0.controller() })
    case 10:
      return .didMove(toParent: try optional { try $0.controller() })
    case let other: throw LegacyBinaryError("LifecycleCallback case \(other)")
    }
  }

  mutating func hierarchy() throws -> HierarchyChange {
    switch try byte() {
    case 0:
      return .rootChanged(try optional { try $0.controller() })
    case 1:
      let parent = try controller()
      return .childAdded(parent: parent, child: try controller())
    case 2:
      let parent = try controller()
      return .childRemoved(parent: parent, child: try controller())
    case 3:
      let container = try controller()
      return .viewControllersChanged(
        container, try array { try $0.controller() })
    case 4:
      let tabBar = try controller()
      let index = try optional { try $0.int() }
      return .selectionChanged(
        tabBar, index: index,
        selected: try optional { try $0.controller() })
    case 5:
      let split = try controller()
      return .splitCollapsed(split, try bool())
    case 6:
      let split = try controller()
      return .splitDisplayModeChanged(split, try raw(SplitDisplayMode.self))
    case let other:
      throw LegacyBinaryError("HierarchyChange case \(other)")
    }
  }

  mutating func transition() throws -> TransitionPhase {
    switch try byte() {
    case 0:
      let kind = try raw(TransitionKind.self)
      let container = try optional { try $0.controller() }
      let from = try optional { try $0.controller() }
      let to = try optional { try $0.controller() }
      let animated = try bool()
      let interactive = try bool()
      let duration = try double()
      let sizeChange = try optional { reader in
        let oldSize = try reader.size()
        let newSize = try reader.size()
        let oldTraits = try reader.traits()
        return SizeChange(
          oldSize: oldSize, newSize: newSize, oldTraits: oldTraits, newTraits: try reader.traits())
      }
      return .began(
        TransitionInfo(
          kind: kind, container: container, from: from, to: to, animated: animated,
          interactive: interactive, duration: duration, sizeChange: sizeChange))
    case 1: return .paused(percent: try double())
    case 2: return .interactionChanged(isCancelled: try bool())
    case 3: return .ended(cancelled: try bool())
    case let other: throw LegacyBinaryError("TransitionPhase case \(other)")
    }
  }

  mutating func operation() throws -> OperationPhase {
    switch try byte() {
    case 0: return .queued(position: try int())
    case 1: return .started
    case 2:
      let cancelled = try bool()
      return .completed(
        cancelled: cancelled,
        removed: try array { try $0.controller() })
    case 3: return .failed(try json { try $0.error($1) })
    case let other: throw LegacyBinaryError("OperationPhase case \(other)")
    }
  }

  mutating func windowChange() throws -> WindowChange {
    switch try byte() {
    case 0: return .created(try size())
    case 1: return .visibilityChanged(try bool())
    case 2: return .resized(try size())
    case 3: return .closed
    case 4: return .tapped(try json { try $0.tap($1) })
    case let other: throw LegacyBinaryError("WindowChange case \(other)")
    }
  }

  mutating func presentationPhase() throws -> PresentationPhase {
    switch try byte() {
    case 0: return .presentationTransitionWillBegin
    case 1: return .presentationTransitionDidEnd(completed: false)
    case 2: return .presentationTransitionDidEnd(completed: true)
    case 3: return .dismissalTransitionWillBegin
    case 4: return .dismissalTransitionDidEnd(completed: false)
    case 5: return .dismissalTransitionDidEnd(completed: true)
    case 6: return .adapted(to: try raw(ModalPresentationStyle.self))
    case 7: return .popoverPlaced(try json { try $0.placement($1) })
    case 8: return .shouldDismiss
    case 9: return .willDismiss
    case 10: return .didDismiss
    case 11: return .didAttemptToDismiss
    case let other: throw LegacyBinaryError("PresentationPhase case \(other)")
    }
  }

  mutating func sizeTransition() throws -> SizeTransitionCallback {
    switch try byte() {
    case 0: return .willTransitionToTraits(try traits())
    case 1: return .viewWillTransition(to: try size())
    case 2: return .traitCollectionDidChange(previous: try traits())
    case let other: throw LegacyBinaryError("SizeTransitionCallback case \(other)")
    }
  }

  mutating func segue() throws -> SegueCallback {
    switch try byte() {
    case 0:
      let identifier = try string()
      return .shouldPerform(identifier: identifier, answer: try bool())
    case 1:
      let identifier = try optional { try $0.string() }
      return .prepare(identifier: identifier, destination: try controller())
    case 2:
      let action = try string()
      let source = try controller()
      return .canPerformUnwind(action: action, source: source, answer: try bool())
    case 3:
      let action = try string()
      return .unwindAction(action: action, source: try controller())
    case let other:
      throw LegacyBinaryError("SegueCallback case \(other)")
    }
  }
}
