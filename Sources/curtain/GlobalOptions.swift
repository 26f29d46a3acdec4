// Options every subcommand takes: where the daemon is, which session, how to
// print, whether to start a daemon, and how long to wait for an answer.

import ArgumentParser
import CurtainWire

/// The options shared by every subcommand.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The daemon's Unix socket.",
      discussion: """
        Defaults to $CURTAIN_SOCKET, else $XDG_RUNTIME_DIR/curtain/default.sock, \
        else /tmp/curtain-<uid>/default.sock.
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

  /// The socket path: `--socket`, or the default rule (`SocketRule`).
  var socketPath: String { socket ?? SocketRule.processPath() }

  /// The response timeout for the client; nil waits forever.
  var responseTimeout: Double? { timeout > 0 ? timeout : nil }
}

extension GlobalOptions {
  /// Options that take a value.
  private static let valued: Set<String> = ["--socket", "--session", "--timeout"]
  /// Flags.
  private static let flags: Set<String> = ["--json", "--no-start"]

  /// Moves global options written before the subcommand (`curtain --socket
  /// S tree`, the way tmux takes them) behind it, where each subcommand
  /// parses them. Everything else keeps its order; `--` ends the options.
  static func hoisted(_ arguments: [String]) -> [String] {
    var globals: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let name = String(argument.prefix { $0 != "=" })
      if flags.contains(argument) || (valued.contains(name) && argument.contains("=")) {
        globals.append(argument)
        index += 1
      } else if valued.contains(argument), index + 1 < arguments.count {
        globals += [argument, arguments[index + 1]]
        index += 2
      } else {
        break
      }
    }
    guard !globals.isEmpty else { return arguments }
    var rest = Array(arguments[index...])
    let end = rest.firstIndex(of: "--") ?? rest.endIndex
    rest.insert(contentsOf: globals, at: end)
    return rest
  }
}
