// Where curtaind's log goes: stderr, and the file of `--log-file` besides.
// Every line of the daemon goes through one sink in one format (LogFormat):
// the log entries, the "listening on" lines and the reason it failed to
// start.

#if canImport(Glibc)
  import Glibc
#endif

/// Stderr and an optional log file, each line written whole with one write
/// per destination.
final class LogSink: Sendable {
  /// The log file opened for appending, or nil.
  private let file: Int32?

  /// Only stderr.
  init() {
    file = nil
  }

  /// Stderr and `path`, created 0600 when missing and appended to. Throws
  /// `Message` when it cannot be opened.
  init(appendingTo path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Message("cannot open the log file \(path): \(String(cString: strerror(errno)))")
    }
    file = descriptor
  }

  deinit {
    if let file { close(file) }
  }

  /// Writes `line` and a newline to stderr and to the file.
  func write(_ line: String) {
    StandardError.write(line + "\n")
    if let file { StandardError.write(line + "\n", to: file) }
  }
}
