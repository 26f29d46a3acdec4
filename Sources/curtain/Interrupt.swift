// SIGINT and SIGTERM during a streaming command (`events --follow`,
// `frames --follow`): the handler only sets a flag; the command's read loop
// waits in short slices, sees the flag and returns normally, so the command
// exits 0 after closing its connection.

import Glibc

/// Set by the signal handler; read by streaming loops.
nonisolated(unsafe) private var interruptFlag: sig_atomic_t = 0

/// Interrupt handling for streaming commands.
enum Interrupt {
  /// Installs the handler for SIGINT and SIGTERM.
  static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in interruptFlag = 1 }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    sigaction(SIGTERM, &action, nil)
  }

  /// Whether SIGINT or SIGTERM arrived since `install()`.
  static var requested: Bool { interruptFlag != 0 }
}
