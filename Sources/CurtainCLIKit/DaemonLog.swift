// Where a daemon the CLI starts in the background writes its log: beside
// its socket, so that each socket has its own log.

/// The log file of a daemon the CLI starts.
public enum DaemonLog {
  /// The log beside a socket: `.sock` replaced by `.log`
  /// (`/tmp/curtain-1000/default.log`), else `.log` appended.
  public static func path(forSocket socket: String) -> String {
    socket.hasSuffix(".sock") ? String(socket.dropLast(5)) + ".log" : socket + ".log"
  }
}
