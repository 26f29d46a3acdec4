// `curtain nodes`: a cluster's nodes with their sessions and load
// (docs/cluster.md).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Lists the nodes of the daemon's cluster.
struct Nodes: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nodes",
    abstract: "List the nodes of the daemon's cluster with their sessions and load.",
    discussion: """
      One line per node: name (the answering node marked *), address, whether \
      its lease is current, its sessions, clients, capacity and version, as the \
      answering node last read them (once per lease interval). With --json, \
      one object per line: node, address, alive, lease_remaining, sessions, \
      clients, capacity, version, answered. A daemon outside a cluster answers \
      INVALID_ARGUMENT.

      Example:
        curtain nodes --socket tcp://127.0.0.1:7001
        curtain nodes --json
      """)

  @OptionGroup var globals: GlobalOptions

  func run() throws {
    let connection = try DaemonConnection.open(globals, startIfNeeded: false)
    defer { connection.close() }
    let response = try connection.perform(.listNodes(Curtain_V1_ListNodes()))
    guard case .nodes(let list)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "nodes", got: response.resultName)
    }
    for node in list.nodes {
      if globals.json {
        Output.json(OutputFormat.json(node, answeredBy: list.answeredBy))
      } else {
        Output.line(OutputFormat.human(node, answeredBy: list.answeredBy))
      }
    }
  }
}
