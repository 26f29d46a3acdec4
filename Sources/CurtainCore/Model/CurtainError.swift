/// The closed set of error codes a request can fail with (PROTOCOL.md).
public enum ErrorCode: String, Hashable, Sendable, CaseIterable {
  /// The request is malformed or names something of the wrong kind.
  case invalidArgument = "INVALID_ARGUMENT"
  /// A session, window, controller, view or transition does not exist.
  case notFound = "NOT_FOUND"
  /// The presenting controller already presents another controller.
  case alreadyPresenting = "ALREADY_PRESENTING"
  /// The controller's view is not in the window.
  case notInWindow = "NOT_IN_WINDOW"
  /// The window's operation queue is full.
  case busy = "BUSY"
  /// The window's revision is not the one the request expected.
  case conflict = "CONFLICT"
  /// The interactive transition belongs to another client.
  case notOwner = "NOT_OWNER"
  /// The client has not authenticated.
  case unauthenticated = "UNAUTHENTICATED"
  /// The client may not do this (read-only client, leased window).
  case permissionDenied = "PERMISSION_DENIED"
  /// A configured limit would be exceeded.
  case limitExceeded = "LIMIT_EXCEEDED"
  /// The protocol version is not supported.
  case unsupportedVersion = "UNSUPPORTED_VERSION"
  /// A bug in Curtain.
  case internalError = "INTERNAL"
  /// The daemon cannot record changes now (a write to its state directory
  /// failed).
  case unavailable = "UNAVAILABLE"
  /// Cluster mode: the session belongs to another node (the details say
  /// which and where).
  case moved = "MOVED"
}

/// A failed request: a code from the closed set and a message in UIKit's
/// wording where UIKit has one. Failing requests leave the state unchanged.
public struct CurtainError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public let code: ErrorCode
  /// A human-readable explanation.
  public let message: String
  /// Machine-readable details (the wire error's `details`): a
  /// `LIMIT_EXCEEDED` error names its limit (`limit`) and the limit's value
  /// (`value`).
  public let details: [String: String]?

  /// Creates an error.
  public init(_ code: ErrorCode, _ message: String, details: [String: String]? = nil) {
    self.code = code
    self.message = message
    self.details = details
  }

  /// A `LIMIT_EXCEEDED` error for the limit `name` (the curtaind flag that
  /// sets it, e.g. `max-windows`) of `value`: the message ends with the
  /// limit's name and value, the details carry them.
  public static func limitExceeded(_ message: String, limit name: String, value: Int)
    -> CurtainError
  {
    CurtainError(
      .limitExceeded, "\(message) (limit \(name) = \(value))",
      details: ["limit": name, "value": "\(value)"])
  }

  public var description: String { "\(code.rawValue): \(message)" }

  static func invalid(_ message: String) -> CurtainError { CurtainError(.invalidArgument, message) }
  static func notFound(_ message: String) -> CurtainError { CurtainError(.notFound, message) }
}
