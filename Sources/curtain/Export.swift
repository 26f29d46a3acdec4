// `curtain export`: writes a session as a portable document
// (docs/session-format.md) to stdout, for `curtain import`: indented as the
// daemon wrote it, or on one line with --json (one JSON value per line, like
// every command's --json).

import ArgumentParser
import CurtainCLIKit
import CurtainWire
import Glibc

/// Writes a session's document.
struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a session (--session, default \"default\") as a portable document.",
    discussion: """
      The document (JSON, versioned: docs/session-format.md) holds every \
      window, controller, presentation, loaded storyboard and the last \
      events of each window; `curtain import` loads it into any daemon. \
      The session must be idle: run `curtain wait-idle` first while \
      transitions run. The document is indented over several lines; with \
      --json it is on one line, as every command's --json prints one JSON \
      value per line (the same document: only the blanks between its \
      tokens differ).

      Example:
        curtain --session work new-window --root 'Nav=nav[Home]'
        curtain --session work export > work.session.json
        curtain import work.session.json --as copy
      """)

  @OptionGroup var globals: GlobalOptions

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    let response = try connection.perform(.exportSession(Curtain_V1_ExportSession()))
    guard case .sessionDocument(let document)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "session_document", got: response.resultName)
    }
    if globals.json {
      Output.line(String(decoding: JSONLayout.compact(Array(document.document)), as: UTF8.self))
    } else {
      Output.write(String(decoding: document.document, as: UTF8.self), to: STDOUT_FILENO)
    }
  }
}
