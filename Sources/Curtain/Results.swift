// What typed requests return: the Core's identifiers and values (WindowID,
// ControllerID, TransitionID, ControllerKind, ClockMode, Size), never the
// generated protocol types. Each is read from its protocol message here,
// and an answer of another kind than the request's is
// `ClientError.unexpectedResponse`.

public import CurtainCore
import CurtainWire

/// A controller named by its id or by its identifier (`"Nav"` as a
/// string literal is the identifier).
public enum ControllerRef: Hashable, Sendable, ExpressibleByStringLiteral {
  case id(ControllerID)
  case identifier(String)

  public init(stringLiteral identifier: String) { self = .identifier(identifier) }

  var wire: Curtain_V1_ControllerRef {
    var ref = Curtain_V1_ControllerRef()
    switch self {
    case .id(let id): ref.id = id.rawValue
    case .identifier(let identifier): ref.identifier = identifier
    }
    return ref
  }
}

/// A window as the daemon describes it.
public struct WindowInfo: Hashable, Sendable {
  public var id: WindowID
  /// Its root controller, if it has one.
  public var root: ControllerID?
  public var size: Size
  public var clock: ClockMode
  /// Frames a second.
  public var frameRate: UInt32
  public var visible: Bool
  /// Seconds of the window's clock.
  public var time: Double
  public var revision: UInt64
  /// The seq of its last event: subscribe `fromSeq` it to get what follows.
  public var lastSeq: UInt64
  /// No transition runs and no operation waits.
  public var idle: Bool

  init(_ wire: Curtain_V1_WindowInfo) {
    id = WindowID(wire.id)
    root = wire.rootID == 0 ? nil : ControllerID(wire.rootID)
    size = Size(wire.metrics.size)
    clock = ClockMode(wire.clock)
    frameRate = wire.frameRate
    visible = wire.visible
    time = wire.time
    revision = wire.revision
    lastSeq = wire.lastSeq
    idle = wire.idle
  }
}

/// A view controller as the daemon describes it.
public struct ControllerInfo: Hashable, Sendable {
  public var id: ControllerID
  public var kind: ControllerKind
  /// Its identifier ("" when it has none).
  public var identifier: String
  public var title: String
  /// The window it is in, if any.
  public var window: WindowID?
  /// Its parent, if it has one.
  public var parent: ControllerID?

  init(_ wire: Curtain_V1_ControllerInfo) throws {
    id = ControllerID(wire.id)
    kind = try ControllerKind(wire.kind)
    identifier = wire.identifier
    title = wire.title
    window = wire.windowID == 0 ? nil : WindowID(wire.windowID)
    parent = wire.parentID == 0 ? nil : ControllerID(wire.parentID)
  }
}

/// How far an operation got when its request was answered.
public enum OperationWait: Sendable {
  /// Accepted (queued or started).
  case accepted
  /// Started: its transition, if any, runs.
  case started
  /// Its transition ended.
  case completed

  var wire: Curtain_V1_WaitUntil {
    switch self {
    case .accepted: return .accepted
    case .started: return .started
    case .completed: return .completed
    }
  }
}

/// The answer to an operation (push, pop, set root, …).
public struct OperationResult: Hashable, Sendable {
  public var window: WindowID
  /// Its transition, if it runs one.
  public var transition: TransitionID?
  /// Operations ahead of it in the window's queue (0: started at once).
  public var queuePosition: UInt32
  public var completed: Bool
  public var cancelled: Bool
  /// It started and changed nothing (a pop of a stack's root).
  public var unchanged: Bool
  /// The window's revision when it was answered.
  public var revision: UInt64

  init(_ wire: Curtain_V1_OperationResult) {
    window = WindowID(wire.windowID)
    transition = wire.transitionID == 0 ? nil : TransitionID(wire.transitionID)
    queuePosition = wire.queuePosition
    completed = wire.completed
    cancelled = wire.cancelled
    unchanged = wire.unchanged
    revision = wire.revision
  }
}

/// Where a manual window's clock is after `advanceClock`.
public struct ClockResult: Hashable, Sendable {
  /// Seconds of the window's clock.
  public var time: Double
  public var revision: UInt64
  /// Frames the step made.
  public var frames: UInt32

  init(_ wire: Curtain_V1_ClockResult) {
    time = wire.time
    revision = wire.revision
    frames = wire.frames
  }
}
