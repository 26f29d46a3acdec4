// Writing the CLI's output. Lines go straight to the file descriptors with
// write(2), so a streaming command (`events --follow`) shows each line at
// once even when stdout is a pipe, and nothing depends on stdio's buffers.

import CurtainCLIKit
import CurtainWire
import Glibc

/// Where the CLI's lines go.
enum Output {
  /// Writes one line to stdout.
  static func line(_ text: String) {
    write(text + "\n", to: STDOUT_FILENO)
  }

  /// Writes one JSON object as a line to stdout.
  static func json(_ value: JSONValue) {
    line(value.rendered)
  }

  /// Writes `curtain: <message>` to stderr.
  static func error(_ message: String) {
    write("curtain: \(message)\n", to: STDERR_FILENO)
  }

  /// Says on stderr that an operation left the animator it was given
  /// unused (a presentation whose style keeps its built-in look,
  /// docs/animators.md), when it did.
  static func noteUnusedAnimator(_ operation: Curtain_V1_OperationResult) {
    guard operation.animatorNotUsed else { return }
    error(
      "the animator was not used: only presentations in the fullScreen and custom styles "
        + "(and their dismissals) take one; this one keeps its built-in look "
        + "(docs/animators.md)")
  }

  /// Writes text as it is (plus a newline) to stderr.
  static func errorText(_ text: String) {
    write(text + "\n", to: STDERR_FILENO)
  }

  /// Writes `text` as it is to a file descriptor, all of it.
  static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
