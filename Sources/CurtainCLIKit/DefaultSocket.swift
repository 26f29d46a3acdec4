// Where the daemon listens unless told otherwise. This is the same rule as
// curtaind's; it is duplicated here on purpose because the CLI must not
// import the daemon. If one changes, change the other.
//
//     $XDG_RUNTIME_DIR/curtain/<name>.sock   when XDG_RUNTIME_DIR is an absolute path
//     /tmp/curtain-<uid>/<name>.sock         otherwise

/// The default socket path rule shared by `curtain` and `curtaind`.
public enum DefaultSocket {
  /// The socket path for `name` (normally "default").
  public static func path(name: String = "default", runtimeDirectory: String?, uid: UInt32)
    -> String
  {
    if let runtimeDirectory, runtimeDirectory.hasPrefix("/") {
      let base =
        runtimeDirectory.hasSuffix("/") ? String(runtimeDirectory.dropLast()) : runtimeDirectory
      return "\(base)/curtain/\(name).sock"
    }
    return "/tmp/curtain-\(uid)/\(name).sock"
  }

  /// The daemon's log file for a socket: beside it, `.sock` replaced by
  /// `.log` (`/tmp/curtain-1000/default.log`).
  public static func logPath(forSocket socket: String) -> String {
    socket.hasSuffix(".sock") ? String(socket.dropLast(5)) + ".log" : socket + ".log"
  }
}
