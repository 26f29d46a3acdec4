// Identifiers are small integers, stable for the life of a session and unique
// within it, printed with a one-letter prefix: `w3` (window), `c17`
// (controller), `v42` (view), `t5` (transition), `o9` (operation). They are
// session-scoped so that windows stay independent of each other.

/// A window of a session, printed `w<n>`.
public struct WindowID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The session-scoped number.
  public let rawValue: UInt64
  /// Wraps a number.
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "w\(rawValue)" }
}

/// A view controller of a session, printed `c<n>`.
public struct ControllerID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The session-scoped number.
  public let rawValue: UInt64
  /// Wraps a number.
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "c\(rawValue)" }
}

/// A view of a session, printed `v<n>`.
public struct ViewID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The session-scoped number.
  public let rawValue: UInt64
  /// Wraps a number.
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "v\(rawValue)" }
}

/// A transition of a session, printed `t<n>`.
public struct TransitionID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The session-scoped number.
  public let rawValue: UInt64
  /// Wraps a number.
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "t\(rawValue)" }
}

/// An operation submitted to a session, printed `o<n>`.
public struct OperationID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The session-scoped number.
  public let rawValue: UInt64
  /// Wraps a number.
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  public var description: String { "o\(rawValue)" }
}

/// Who drives an interactive transition: an opaque number the daemon assigns
/// to each client. The core only compares owners.
public struct OwnerID: Hashable, Sendable, CustomStringConvertible {
  /// The daemon's client number.
  public let rawValue: UInt64
  /// Wraps a number.
  public init(_ rawValue: UInt64) { self.rawValue = rawValue }
  public var description: String { "client \(rawValue)" }
}

/// Hands out the session's identifiers, each kind counting from 1.
struct IdentifierAllocator {
  private var nextWindow: UInt64 = 1
  private var nextController: UInt64 = 1
  private var nextView: UInt64 = 1
  private var nextTransition: UInt64 = 1
  private var nextOperation: UInt64 = 1

  /// The next id of each kind (snapshots).
  var counters: IdentifierCounters {
    get {
      IdentifierCounters(
        window: nextWindow, controller: nextController, view: nextView,
        transition: nextTransition, operation: nextOperation)
    }
    set {
      nextWindow = newValue.window
      nextController = newValue.controller
      nextView = newValue.view
      nextTransition = newValue.transition
      nextOperation = newValue.operation
    }
  }

  mutating func window() -> WindowID {
    defer { nextWindow += 1 }
    return WindowID(nextWindow)
  }

  mutating func controller() -> ControllerID {
    defer { nextController += 1 }
    return ControllerID(nextController)
  }

  mutating func view() -> ViewID {
    defer { nextView += 1 }
    return ViewID(nextView)
  }

  mutating func transition() -> TransitionID {
    defer { nextTransition += 1 }
    return TransitionID(nextTransition)
  }

  mutating func operation() -> OperationID {
    defer { nextOperation += 1 }
    return OperationID(nextOperation)
  }
}
