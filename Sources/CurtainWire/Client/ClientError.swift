// The errors of `CurtainClient`: each says what failed and why in words a
// CLI user can act on, and carries the facts a program needs to react
// (the errno of a failed connect, the server's error code, a goodbye's reason).

public import CurtainCore
import Glibc

/// Why a `CurtainClient` call failed.
public enum ClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The endpoint cannot be used (a Unix path that is too long, a TCP
  /// address that does not resolve).
  case invalidEndpoint(String)
  /// Connecting failed; `errno` is the system's reason (`ENOENT` and
  /// `ECONNREFUSED` mean that no daemon listens there).
  case connectFailed(endpoint: String, errno: Int32)
  /// A read, write or poll failed with `errno`.
  case io(operation: String, errno: Int32)
  /// Nothing arrived in time.
  case timedOut(seconds: Double, waitingFor: String)
  /// The daemon closed the connection without a goodbye (end of stream).
  case closed
  /// The daemon said goodbye, then closed the connection.
  case goodbye(Goodbye.Reason, String)
  /// The byte stream from the daemon is not valid framing.
  case framing(FramingError)
  /// A frame from the daemon does not decode as a `ServerMessage`.
  case decoding(String)
  /// The daemon answered the request with an error.
  case server(CurtainError)
  /// The daemon answered with a payload of another type than expected.
  case unexpectedResponse(expected: String, got: String)
  /// The client was closed by `close()`.
  case notConnected
  /// A `MOVED` answer or goodbye could not be followed (docs/cluster.md).
  case moved(SessionRedirect, SessionRedirect.Failure)
  /// The connection was lost (`lost`) and dialling again failed `attempts`
  /// times, the last time with `last` (`ReconnectPolicy`).
  indirect case reconnectFailed(attempts: Int, lost: ClientError, last: ClientError)

  /// Whether a connect failed because no daemon listens at the endpoint
  /// (no socket file, or a stale one nobody accepts on).
  public var isNoListener: Bool {
    guard case .connectFailed(_, let code) = self else { return false }
    return code == ENOENT || code == ECONNREFUSED
  }

  /// Whether the connection ended in a way that dialling again may mend:
  /// the daemon went away (end of stream, a failed read or write, a
  /// goodbye because it stops) or sent the session to another node
  /// (`Goodbye{MOVED}`). A goodbye about this client (a protocol error, a
  /// slow consumer, a bad token) is not: the next connection would end
  /// the same way.
  public var isConnectionLost: Bool {
    switch self {
    case .closed, .io: return true
    case .goodbye(let reason, _): return reason == .shutdown || reason == .moved
    default: return false
    }
  }

  public var description: String {
    switch self {
    case .invalidEndpoint(let reason):
      return reason
    case .connectFailed(let endpoint, let code):
      if code == ENOENT || code == ECONNREFUSED {
        return "no daemon is listening on \(endpoint) (\(systemMessage(code)))"
      }
      return "cannot connect to \(endpoint): \(systemMessage(code))"
    case .io(let operation, let code):
      return "\(operation) failed: \(systemMessage(code))"
    case .timedOut(let seconds, let waitingFor):
      return "timed out after \(seconds) s waiting for \(waitingFor)"
    case .closed:
      return "the daemon closed the connection"
    case .goodbye(let reason, let message):
      let text = message.isEmpty ? "" : ": \(message)"
      return "the daemon closed the connection (\(reason.name))\(text)"
    case .framing(let error):
      return "bad framing from the daemon: \(error)"
    case .decoding(let reason):
      return "cannot decode a message from the daemon: \(reason)"
    case .server(let error):
      return error.description
    case .unexpectedResponse(let expected, let got):
      return "expected a \(expected) response from the daemon, got \(got)"
    case .notConnected:
      return "the client is closed"
    case .moved(let redirect, let failure):
      return redirect.describe(failure)
    case .reconnectFailed(let attempts, let lost, let last):
      let times = attempts == 1 ? "once" : "\(attempts) times"
      return "lost the daemon (\(lost)) and reconnecting failed \(times): \(last)"
    }
  }
}

extension Goodbye.Reason {
  /// The reason's name as in the proto, without the prefix (`SHUTDOWN`).
  public var name: String {
    switch self {
    case .unspecified: return "UNSPECIFIED"
    case .shutdown: return "SHUTDOWN"
    case .protocolError: return "PROTOCOL_ERROR"
    case .slowConsumer: return "SLOW_CONSUMER"
    case .unauthenticated: return "UNAUTHENTICATED"
    case .framePolicy: return "FRAME_POLICY"
    case .timeout: return "TIMEOUT"
    case .limitExceeded: return "LIMIT_EXCEEDED"
    case .moved: return "MOVED"
    case .UNRECOGNIZED(let value): return "REASON_\(value)"
    }
  }
}

/// The C library's text for an errno value.
func systemMessage(_ code: Int32) -> String {
  guard let text = strerror(code) else { return "errno \(code)" }
  return String(cString: text)
}
