/// The closed set of error codes a request can fail with (PROTOCOL.md).
public enum ErrorCode: String, Hashable, Sendable, Codable, CaseIterable {
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
}

/// A failed request: a code from the closed set and a message in UIKit's
/// wording where UIKit has one. Failing requests leave the state unchanged.
public struct CurtainError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// What kind of failure this is.
  public let code: ErrorCode
  /// A human-readable explanation.
  public let message: String

  /// Creates an error.
  public init(_ code: ErrorCode, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(message)" }

  static func invalid(_ message: String) -> CurtainError { CurtainError(.invalidArgument, message) }
  static func notFound(_ message: String) -> CurtainError { CurtainError(.notFound, message) }
}
