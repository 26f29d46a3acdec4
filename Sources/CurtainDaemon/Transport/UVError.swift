// libuv reports failures as negative integers (`UV_ECONNREFUSED`, …). At the
// boundary of the transport they become a `UVError` that names the operation
// that failed and carries libuv's own name and text for the code.

import CLibUV

/// A libuv error: the negative code, the operation that returned it, and
/// libuv's name (`uv_err_name`) and description (`uv_strerror`).
public struct UVError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The negative libuv error code.
  public let code: Int32
  /// What was being done, for example "bind /tmp/curtain-1000/default.sock".
  public let operation: String

  /// Wraps a negative libuv code.
  public init(code: Int32, operation: String) {
    self.code = code
    self.operation = operation
  }

  /// libuv's symbolic name of the code, for example "ECONNREFUSED".
  public var name: String { String(cString: uv_err_name(code)) }

  /// libuv's description of the code, for example "connection refused".
  public var message: String { String(cString: uv_strerror(code)) }

  public var description: String { "\(operation): \(message) (\(name))" }

  /// The end of a stream (`UV_EOF`).
  static let endOfFile = UV_EOF.rawValue
  /// A request cancelled because its handle closed (`UV_ECANCELED`).
  static let cancelled = UV_ECANCELED.rawValue

  /// Returns `result` when it is not negative, else throws it as a `UVError`.
  @discardableResult
  static func check(_ result: Int32, _ operation: @autoclosure () -> String) throws(UVError)
    -> Int32
  {
    guard result >= 0 else { throw UVError(code: result, operation: operation()) }
    return result
  }
}
