// `curtain move-session NAME --to NODE`: hands a session over to another
// node of the daemon's cluster (docs/cluster.md).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Moves a session to another node.
struct MoveSession: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "move-session",
    abstract: "Hand a session over to another node of the daemon's cluster.",
    discussion: """
      The request goes to the session's node (the command follows MOVED \
      there): the session is snapshotted and handed over once every change \
      before it is stored; its subscribers are sent to the new node, and \
      requests for it are answered BUSY for a moment, then MOVED. Prints \
      the node and its address (with --json: session, node, address, \
      epoch). A session whose transition runs is BUSY: move it when it is \
      idle. To empty a node before stopping it, start it with --drain.

      Example:
        curtain move-session checkout --to b
        curtain nodes
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The session's name.", valueName: "name"),
    completion: .custom(Completions.sessions))
  var name: String

  @Option(name: .customLong("to"), help: ArgumentHelp("The node to move it to.", valueName: "node"))
  var node: String

  func run() throws {
    // The request is routed by the session it moves.
    var globals = globals
    globals.session = name
    let connection = try DaemonConnection.open(globals, startIfNeeded: false)
    defer { connection.close() }
    var move = Curtain_V1_MoveSession()
    move.name = name
    move.toNode = node
    let response = try connection.perform(.moveSession(move), mutating: true)
    guard case .moved(let moved)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "moved", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(moved))
    } else {
      Output.line("\(moved.session) -> \(moved.node) \(moved.address)")
    }
  }
}
