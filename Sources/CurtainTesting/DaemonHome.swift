// A socket and a state directory that outlive one daemon: tests of what a
// client sees when its daemon is restarted (kill -9 or a clean stop, then a
// new curtaind on the same socket and state, as a supervisor would do).

import Foundation

/// A socket path and state directory in a new temporary directory, removed
/// at deinit.
public final class DaemonHome {
  /// The temporary directory.
  public let directory: String
  /// Where every daemon started here listens.
  public var socketPath: String { directory + "/r.sock" }

  public init() throws {
    var template = Array("/tmp/curtain-home-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw TempDaemonError(description: "mkdtemp failed: errno \(errno)")
    }
    directory = String(cString: made)
  }

  /// Starts a durable curtaind on this socket and state directory.
  public func start() throws -> TempDaemon {
    try TempDaemon(arguments: ["--state-dir", directory + "/state"], socketPath: socketPath)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: directory)
  }
}
