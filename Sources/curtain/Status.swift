// `curtain status`: what the daemon says about itself.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Shows the daemon's version, pid, uptime, clients, listeners and sessions.
struct Status: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show the daemon's version, pid, uptime, clients, listeners, limits and sessions.",
    discussion: """
      Then its warnings (a token file others can read), every limit with \
      its use (for a limit per session or per client, the largest use; \
      docs/protocol.md says what each protects) and the failed Hellos by \
      source address. Ends with one line per session and its window and controller counts \
      (with --json, `session_list`). Never starts a daemon: when none \
      listens, it says so and exits 1.

      Example:
        curtain status
        curtain status --json
      """)

  @OptionGroup var globals: GlobalOptions

  func run() throws {
    let connection = try DaemonConnection.open(globals, startIfNeeded: false)
    defer { connection.close() }
    let response = try connection.perform(.getStatus(Curtain_V1_GetStatus()))
    guard case .status(let status)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "status", got: response.resultName)
    }
    let sessions = try connection.sessions()
    if globals.json {
      Output.json(OutputFormat.json(status, sessions: sessions))
    } else {
      Output.line(OutputFormat.human(status, sessions: sessions))
    }
  }
}
