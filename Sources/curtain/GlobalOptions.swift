// Options every subcommand takes: where the daemon is, which session, how to
// print, whether to start a daemon, and how long to wait for an answer.

import ArgumentParser
import CurtainWire
import Glibc

/// The options shared by every subcommand.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The daemon's Unix socket.",
      discussion: """
        Defaults to $XDG_RUNTIME_DIR/curtain/default.sock, or \
        /tmp/curtain-<uid>/default.sock when XDG_RUNTIME_DIR is not set.
        """,
      valueName: "path"))
  var socket: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The session to address (default: the session named \"default\").",
      valueName: "name"))
  var session: String?

  @Flag(name: .long, help: "Print one JSON object per line instead of human text.")
  var json = false

  @Flag(
    name: .customLong("no-start"),
    help: "Fail instead of starting a daemon when none is listening.")
  var noStart = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds to wait for each answer from the daemon (0: no limit).",
      valueName: "seconds"))
  var timeout: Double = 30

  func validate() throws {
    guard timeout.isFinite, timeout >= 0 else {
      throw ValidationError("--timeout must be a number of seconds, 0 or more")
    }
    if let session, session.isEmpty {
      throw ValidationError("--session needs a name")
    }
  }

  /// The socket path: `--socket`, or the default rule.
  var socketPath: String {
    if let socket { return socket }
    let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
    return DefaultSocket.path(runtimeDirectory: runtime, uid: getuid())
  }

  /// The response timeout for the client; nil waits forever.
  var responseTimeout: Double? { timeout > 0 ? timeout : nil }
}
