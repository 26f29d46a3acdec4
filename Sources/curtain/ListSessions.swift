// `curtain list-sessions`: the daemon's sessions with their sizes.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Lists the daemon's sessions.
struct ListSessions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list-sessions",
    abstract: "List the daemon's sessions with their window and controller counts.",
    discussion: """
      One line per session (with --json, one object per line: session, \
      windows, controllers); "default" always exists.

      Example:
        curtain --session scratch new-window
        curtain list-sessions
        curtain list-sessions --json
      """)

  @OptionGroup var globals: GlobalOptions

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    for session in try connection.sessions() {
      if globals.json {
        Output.json(OutputFormat.json(session))
      } else {
        Output.line(OutputFormat.human(session))
      }
    }
  }
}
