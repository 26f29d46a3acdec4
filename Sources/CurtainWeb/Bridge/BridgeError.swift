// Why a request through the bridge failed, and the HTTP status it becomes.

public import CurtainCore

/// A failure of a request made through the bridge.
public enum BridgeError: Error, Sendable, CustomStringConvertible {
  /// The daemon answered with an error.
  case daemon(CurtainError)
  /// The daemon cannot be reached now (the message says why).
  case unavailable(String)
  /// The daemon answered with something other than what was asked for.
  case unexpected(String)

  /// The error's code as the JSON errors spell it (the protocol's codes,
  /// and `UNAVAILABLE`).
  public var code: String {
    switch self {
    case .daemon(let error): return error.code.rawValue
    case .unavailable: return "UNAVAILABLE"
    case .unexpected: return ErrorCode.internalError.rawValue
    }
  }

  public var message: String {
    switch self {
    case .daemon(let error): return error.message
    case .unavailable(let reason): return reason
    case .unexpected(let what): return what
    }
  }

  public var description: String { "\(code): \(message)" }

  /// The HTTP status for this error.
  public var httpStatus: Int {
    switch self {
    case .daemon(let error):
      switch error.code {
      case .invalidArgument: return 400
      case .notFound: return 404
      case .permissionDenied, .unauthenticated: return 403
      case .busy, .conflict, .alreadyPresenting, .notInWindow, .notOwner: return 409
      case .limitExceeded: return 429
      default: return 500
      }
    case .unavailable: return 503
    case .unexpected: return 502
    }
  }
}
