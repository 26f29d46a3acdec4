// `curtain start`: make sure a daemon listens on the socket.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Starts a daemon unless one already listens.
struct Start: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "start",
    abstract: "Start a daemon on the socket unless one is already listening.",
    discussion: """
      Other commands start a daemon by themselves when needed; `start` only \
      does that and reports the daemon's pid. With --json it prints the \
      daemon's status, as `curtain status --json` does (without its \
      session_list), and says whether it started the daemon on stderr only \
      with --verbose. The daemon runs detached, logging to a file beside its \
      socket (default.sock → default.log).

      Example:
        curtain start                  # on $CURTAIN_SOCKET, or the default socket
        curtain start --socket other.sock     # a second daemon, on its own socket
        curtain kill-server --socket other.sock
      """)

  @OptionGroup var globals: GlobalOptions

  func run() throws {
    var options = globals
    options.noStart = false
    let connection = try DaemonConnection.open(options)
    defer { connection.close() }
    let response = try connection.perform(.getStatus(Curtain_V1_GetStatus()))
    guard case .status(let status)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "status", got: response.resultName)
    }
    let verb = connection.startedDaemon ? "started" : "already running"
    let said = "curtaind \(verb) on \(globals.socketPath) (pid \(status.pid))"
    if globals.json {
      // The result of its request, like every command's --json; stderr
      // carries only errors unless --verbose.
      Output.json(OutputFormat.json(status))
      if globals.verbose { Output.error(said) }
    } else {
      Output.line(said)
    }
  }
}
