// `MoveSession` (cluster mode, docs/cluster.md): hands a session of this
// node over to another node; the answer leaves once the hand-over is
// stored (Server+Cluster.swift, `handOver`).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let moveSession = RequestHandler.server(
    .moveSession, mutates: false,
    run: { context in
      let server = context.server
      let move = context.request.moveSession
      guard !move.name.isEmpty, !move.toNode.isEmpty else {
        return .invalid("MoveSession needs the session's name and to_node")
      }
      guard let router = server.router else {
        return .invalid(
          "This curtaind is not in a cluster: only a cluster's nodes move sessions")
      }
      guard !context.client.isReadOnly, context.client.scope.isAdmin else {
        return .failed(
          .permissionDenied,
          "Moving a session needs a client with full access (not read-only, "
            + "not limited to some sessions)")
      }
      guard let session = server.sessions[move.name] else {
        return .failed(.notFound, "No session '\(move.name)' on node \(router.options.node)")
      }
      guard move.toNode != router.options.node else {
        return .invalid("Session '\(move.name)' is on node \(move.toNode) already")
      }
      guard let target = router.node(named: move.toNode) else {
        return .failed(
          .notFound, "No node '\(move.toNode)' in the cluster (`curtain nodes` lists them)")
      }
      guard target.alive else {
        return .failed(.unavailable, "Node \(target.name)'s lease expired: it is down")
      }
      let (moved, commit) = try server.handOver(session, to: target)
      return .ok(.moved(moved), waitsFor: commit)
    })
}
