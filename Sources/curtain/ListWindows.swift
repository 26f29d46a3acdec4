// `curtain list-windows`: one line per window of the session.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Lists the session's windows.
struct ListWindows: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list-windows",
    abstract: "List the session's windows: size, clock, root, revision, last event and state.",
    discussion: """
      Example:
        curtain new-window --root 'Nav=nav[Home]'
          w1
        curtain list-windows
          w1  390×844  realtime 60Hz  root c2  revision 1  seq 10  idle
      """)

  @OptionGroup var globals: GlobalOptions

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    let response = try connection.perform(.listWindows(Curtain_V1_ListWindows()))
    guard case .windows(let list)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "windows", got: response.resultName)
    }
    for window in list.windows {
      if globals.json {
        Output.json(OutputFormat.json(window))
      } else {
        Output.line(OutputFormat.human(window))
      }
    }
  }
}
