// `curtain import FILE [--as NAME]`: loads a document of `curtain export`
// as a session.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Loads a session's document.
struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Load a session written by `curtain export`.",
    discussion: """
      The session gets the name in the document, or --as NAME. An existing \
      session of that name must be empty (a fresh "default" is); otherwise \
      nothing changes and the command fails (CONFLICT). A document that is \
      not a session document, is damaged, or was written by a newer \
      curtaind is refused and nothing changes. Prints the session like \
      list-sessions.

      Example:
        curtain --session work new-window --root 'Nav=nav[Home]'
        curtain --session work export > work.session.json
        curtain import work.session.json --as copy
          copy  1 window  2 controllers
        curtain --session copy list-windows
          w1  390×844  realtime 60Hz  root c2  revision 1  seq 10  idle
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(help: ArgumentHelp("The document, or - for stdin.", valueName: "file"))
  var file: String

  @Option(
    name: .customLong("as"),
    help: ArgumentHelp("The session's name (default: the name in the document).", valueName: "name")
  )
  var name: String?

  func run() throws {
    let document = try InputFile.read(file)
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var request = Curtain_V1_ImportSession()
    request.document = document
    request.name = name ?? ""
    let response = try connection.perform(.importSession(request), mutating: true)
    guard case .imported(let session)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "imported", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(session))
    } else {
      Output.line(OutputFormat.human(session))
    }
  }
}
