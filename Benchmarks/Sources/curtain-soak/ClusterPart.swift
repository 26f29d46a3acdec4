// The cluster part (issue 33 §3): three curtaind nodes on a private
// PostgreSQL (CurtainTesting's TempPostgres: an unprivileged user, a
// temporary directory, a private port), twelve writers creating
// controllers in twelve sessions one at a time (following MOVED, waiting
// out UNAVAILABLE and BUSY), while PostgreSQL is stopped for a lease and a
// half and started again, and a node is paused (SIGSTOP) past its lease and
// resumed, in turn, until the part's time is mostly spent. Every change a
// writer was told OK must then be on the node that serves its session, and
// in the store: a fourth node claims every session once the three are
// killed and must have them all. A failure names the first lost changes;
// with --keep, a failed run leaves its scratch directory: the nodes' logs,
// faults.txt (when each fault came, wall clock as the logs have it) and
// store.txt (which node answered each lost change and when, and what the
// store holds of it).

import BenchKit
import CurtainTesting
import CurtainWire
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

func clusterPart(_ options: Options, _ random: inout SplitMix) throws -> String {
  guard TempPostgres.binaryDirectory() != nil else {
    throw BenchError("PostgreSQL's binaries are not installed (apt-get install postgresql)")
  }
  return try withScratch(options, "curtain-soak-cluster") { scratch in
    try clusterPart(options, &random, scratch: scratch)
  }
}

/// The cluster part in `scratch`.
private func clusterPart(_ options: Options, _ random: inout SplitMix, scratch: String) throws
  -> String
{
  var faults = ""
  /// Notes a fault in faults.txt.
  func note(_ what: String) {
    faults += "\(Date()) \(what)\n"
    try? faults.write(toFile: scratch + "/faults.txt", atomically: true, encoding: .utf8)
  }
  let postgres = try TempPostgres()
  defer { postgres.stop() }
  try postgres.createDatabase("cluster")
  let leaseTimeout = 1.0
  var nodes: [Daemon] = []
  defer { for node in nodes { node.kill9() } }
  func startNode(_ name: String) throws -> (Daemon, Int) {
    let port = TempPostgres.freePort()
    let node = try startDaemon(
      options, directory: scratch, name: "node-\(name)",
      arguments: [
        "--cluster", postgres.socketURL("cluster"), "--node", name,
        "--listen", "127.0.0.1:\(port)", "--lease-interval", "0.2",
        "--lease-timeout", "\(leaseTimeout)", "--snapshot-interval", "0",
      ])
    nodes.append(node)
    return (node, port)
  }
  var sockets: [Int: String] = [:]
  for name in ["a", "b", "c"] {
    let (node, port) = try startNode(name)
    sockets[port] = node.socketPath
  }
  let homes = nodes.map(\.socketPath)
  let writers = (0..<12).map { index in
    AcknowledgedWriter(
      session: String(format: "s%02d", index), home: homes[index % homes.count],
      sockets: sockets)
  }
  for writer in writers { writer.start() }
  defer { for writer in writers { writer.finish() } }
  func awaitProgress(_ count: Int, _ what: String) throws {
    try AcknowledgedWriter.awaitProgress(writers, count, what)
  }
  func pause(_ seconds: Double) { usleep(UInt32(seconds * 1e6)) }

  let began = Clock.now()
  try awaitProgress(20, "before the first fault")
  var stops = 0
  var pauses = 0
  while Clock.now() - began < options.partSeconds * 0.6 {
    if (stops + pauses) % 2 == 0 {
      note("PostgreSQL stop \(stops + 1)")
      postgres.stop()
      // Down for a lease and a half: the nodes' leases lapse too.
      pause(leaseTimeout * 1.5)
      try postgres.start()
      note("PostgreSQL started")
      stops += 1
      try awaitProgress(5, "after PostgreSQL's stop \(stops)")
    } else {
      let index = random.int(3)
      let node = nodes[index]
      note("node \(["a", "b", "c"][index]) paused (pause \(pauses + 1))")
      kill(node.pid, SIGSTOP)
      // Paused past its lease: the others take its sessions over, and it
      // must not acknowledge anything it cannot keep once it resumes.
      pause(leaseTimeout * 2.5)
      kill(node.pid, SIGCONT)
      note("resumed")
      pauses += 1
      try awaitProgress(5, "after node pause \(pauses)")
    }
  }
  for writer in writers { writer.finish() }
  if let failure = writers.lazy.compactMap(\.failure).first { throw BenchError(failure) }
  let acknowledged = writers.map(\.acknowledgedCount).reduce(0, +)
  // On the nodes that serve them now.
  for writer in writers {
    let present = Set(try writer.identifiers())
    let lost = writer.acknowledged.filter { !present.contains($0) }
    guard lost.isEmpty else {
      if options.keep { dumpStore(postgres, writer: writer, lost: lost, scratch: scratch) }
      throw BenchError(
        "\(writer.session): \(lost.count) acknowledged changes lost on its node (\(lost.prefix(5)))"
      )
    }
  }
  // In the store: a fourth node claims every session once the three die.
  let (last, lastPort) = try startNode("d")
  for node in nodes.prefix(3) { node.kill9() }
  for writer in writers {
    let reader = AcknowledgedWriter(
      session: writer.session, home: last.socketPath, sockets: [lastPort: last.socketPath])
    // Until its lease of the session is granted, the fourth node sends
    // the reader to the dead node that held it.
    let deadline = Clock.now() + 30
    var present: Set<String>?
    while present == nil {
      do {
        present = Set(try reader.identifiers())
      } catch {
        guard Clock.now() < deadline else { throw error }
        pause(0.1)
      }
    }
    let lost = writer.acknowledged.filter { !present!.contains($0) }
    guard lost.isEmpty else {
      throw BenchError(
        "\(writer.session): \(lost.count) acknowledged changes lost in the store "
          + "(\(lost.prefix(5)))")
    }
  }
  return
    "\(stops) PostgreSQL stops and \(pauses) node pauses under 12 writers on 3 nodes: "
    + "\(acknowledged) changes acknowledged, none lost (on the nodes, and in the store read by a "
    + "fourth node)"
}

/// `--keep`: what the store holds of `session` and of the `lost` changes
/// (the records naming them, by epoch and number), in store.txt.
private func dumpStore(
  _ postgres: TempPostgres, writer: AcknowledgedWriter, lost: [String], scratch: String
) {
  let session = writer.session
  var text = ""
  for name in lost.prefix(5) {
    if let (socket, time) = writer.acknowledgement(of: name) {
      text += "\(name) acknowledged by \(socket) at \(Date(timeIntervalSince1970: time))\n"
    }
  }
  let quoted = "'\(session)'"
  var queries: [String] = [
    "SELECT session, node, epoch FROM curtain_sessions WHERE session = " + quoted,
    "SELECT epoch, seq, taken_at FROM cluster_snapshot WHERE session = " + quoted,
    "SELECT epoch, min(seq), max(seq), count(*) FROM cluster_journal WHERE session = " + quoted
      + " GROUP BY epoch ORDER BY epoch",
  ]
  for name in lost.prefix(5) {
    let found = "position('" + name + "'::bytea IN "
    queries.append(
      "SELECT epoch, seq FROM cluster_journal WHERE session = " + quoted + " AND " + found
        + "entry) > 0")
    queries.append(
      "SELECT epoch, seq FROM cluster_snapshot WHERE session = " + quoted + " AND " + found
        + "image) > 0")
  }
  for query in queries {
    text += "> \(query)\n" + ((try? postgres.sql(query, database: "cluster")) ?? "(failed)") + "\n"
  }
  try? text.write(toFile: scratch + "/store.txt", atomically: true, encoding: .utf8)
}
