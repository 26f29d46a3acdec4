// `curtain kill-session NAME`: a session's windows close, its controllers and
// storyboards go.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Kills a session.
struct KillSession: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kill-session",
    abstract: "Close a session's windows and drop its controllers and storyboards.",
    discussion: """
      The session is gone afterwards; "default" comes back empty. \
      Subscribers of its windows get their last events (up to `window \
      closed`) first.

      Example:
        curtain --session scratch new-window --root 'Nav=nav[Home]'
        curtain kill-session scratch
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The session's name.", valueName: "name"),
    completion: .custom(Completions.sessions))
  var name: String

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var kill = Curtain_V1_KillSession()
    kill.name = name
    connection.report(try connection.perform(.killSession(kill), mutating: true))
  }
}
