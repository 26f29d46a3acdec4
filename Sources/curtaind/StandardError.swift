// Writing the log without ever stopping the daemon. Foundation's
// `FileHandle.write` traps when the write fails, and stderr fails in
// ordinary production: a full disk under the CLI's auto-start log,
// /dev/full, a pipe whose reader has gone (SIGPIPE is ignored, so the write
// returns EPIPE). Logging must never kill the daemon, so curtaind writes its
// lines with write(2) and drops what cannot be written.

#if canImport(Glibc)
  import Glibc
#endif

/// The daemon's stderr.
enum StandardError {
  /// Writes `text` to stderr, retrying short and interrupted writes; a
  /// failing write drops the rest of `text`.
  static func write(_ text: String) {
    write(text, to: STDERR_FILENO)
  }

  /// Writes `text` to `descriptor` the same way.
  static func write(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
