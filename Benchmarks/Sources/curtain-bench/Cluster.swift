// `cluster`: the figures of cluster mode (issue 17, docs/cluster.md), with
// a private PostgreSQL server (CurtainTesting's TempPostgres) and real
// nodes on loopback, each also on a Unix socket of its own:
//
// - failover: 100 and 1,000 sessions (a window with 3 controllers each)
//   on node a of a, b and c; a gets SIGKILL and the time until every
//   session answers a read on b or c is measured (the default lease, 1 s
//   renewals and 5 s leases, and a short one, 0.2 s and 1 s), with how
//   long a's lease still ran at the kill: the rest is detection, claim and
//   restore. Before the kill, what the idle cluster costs: CPU and bytes
//   read per lease round with the sessions in the map;
// - overhead: a single SQLite node (`--state-dir`), a single PostgreSQL
//   node (`--store postgres://`) and a cluster of one node side by side:
//   round trip and CPU of mutating requests, of reads, and CPU per frame
//   delivered;
// - throughput: 6 clients, each pipelining mutating requests on a session
//   of its own, spread over 1, 2 and 3 nodes (a single SQLite node for
//   scale), with PostgreSQL's share of the CPU, its transactions and WAL;
// - PostgreSQL's own commit rate here (pgbench, one-row inserts).
//
// The server runs with `fsync=on` and `synchronous_commit=off`, the
// counterpart of SQLite's `--sync normal` (a crash of the server or of
// the machine loses the last fraction of a second, never consistency);
// the pgbench figures show what `synchronous_commit=on` costs.

import BenchKit
import CurtainTesting
import CurtainWire
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The private PostgreSQL server of the benchmark.
private final class PostgresServer {
  let postgres: TempPostgres
  private var databases = 0

  init() throws {
    postgres = try TempPostgres(settings: ["fsync=on", "synchronous_commit=off"])
  }

  /// A new empty database; returns its `postgres://` URL (Unix socket).
  func database(_ prefix: String) throws -> (name: String, url: String) {
    databases += 1
    let name = "\(prefix)\(databases)"
    try postgres.createDatabase(name)
    return (name, postgres.socketURL(name))
  }

  /// The CPU time of the server's processes so far, in seconds: the
  /// postmaster with the backends that ended, and those that run.
  func cpuSeconds() -> Double {
    let root = postgres.serverPID
    var ticks = 0.0
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for entry in entries {
      guard let pid = Int32(entry), let fields = processStat(pid) else { continue }
      if pid == root {
        ticks += fields.user + fields.system + fields.children
      } else if fields.parent == root {
        ticks += fields.user + fields.system
      }
    }
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// The next transaction id and the WAL position (bytes) now.
  func writeCounters(_ database: String) throws -> (transactions: Double, wal: Double) {
    let row = try postgres.sql(
      """
      SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint,
        pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint
      """, database: database)
    let values = row.split(separator: "|").compactMap { Double($0) }
    guard values.count == 2 else { throw BenchError("unexpected counters '\(row)'") }
    return (values[0], values[1])
  }
}

/// Fields of /proc/PID/stat: the parent, and CPU ticks (user, system, and
/// of the children it waited for).
private func processStat(_ pid: Int32) -> (
  parent: Int32, user: Double, system: Double, children: Double
)? {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let end = stat.lastIndex(of: ")")
  else { return nil }
  // After the command name: state (3), ppid (4), …, utime (14), stime
  // (15), cutime (16), cstime (17).
  let fields = stat[stat.index(after: end)...].split(separator: " ")
  guard fields.count > 14, let parent = Int32(fields[1]), let user = Double(fields[11]),
    let system = Double(fields[12]), let childUser = Double(fields[13]),
    let childSystem = Double(fields[14])
  else { return nil }
  return (parent, user, system, childUser + childSystem)
}

/// The bytes a process read so far through read(2) and the like
/// (`rchar` of /proc/PID/io): sockets included.
private func bytesRead(_ pid: Int32) -> Double {
  guard let io = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
    let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
    let value = Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
  else { return 0 }
  return value
}

/// Starts the curtaind of node `name` of the cluster in `url`.
private func startNode(
  _ name: String, url: String, lease: (interval: Double, timeout: Double),
  _ options: Options, scratch: Scratch, label: String
) throws -> Daemon {
  let daemon = try Daemon(
    executable: options.curtaind, directory: scratch.path, name: "\(label)-\(name)",
    arguments: [
      "--cluster", url, "--node", name, "--listen", "127.0.0.1:\(TempPostgres.freePort())",
      "--lease-interval", "\(lease.interval)", "--lease-timeout", "\(lease.timeout)",
      "--max-sessions", "2000",
    ])
  try daemon.waitUntilServing()
  return daemon
}

/// The node list as `connection`'s node sees it.
private func nodeList(_ connection: Connection) throws -> Curtain_V1_NodeList {
  let response = try connection.call { $0.listNodes = .init() }
  guard case .nodes(let list)? = response.result else {
    throw BenchError("ListNodes answered \(response)")
  }
  return list
}

/// Waits until `connection`'s node lists `count` sessions on node `node`.
private func waitForSessions(_ count: Int, on node: String, seenBy connection: Connection)
  throws
{
  let deadline = Clock.now() + 60
  while try nodeList(connection).nodes.first(where: { $0.name == node })?.sessions.count
    != count
  {
    guard Clock.now() < deadline else {
      throw BenchError("node \(node) never listed \(count) sessions")
    }
    pause(seconds: 0.02)
  }
}

func cluster(_ options: Options, scratch: Scratch) throws {
  let server = try PostgresServer()
  print(
    "## Cluster mode (issue 17)\n\nA private PostgreSQL \(server.postgres.binaryDirectory) "
      + "(`fsync=on`, `synchronous_commit=off`) on this machine, the nodes on its Unix "
      + "socket; clients on each node's Unix socket.\n")
  let commitMicros = try postgresCommits(server, options)
  for lease in [(interval: 1.0, timeout: 5.0), (interval: 0.2, timeout: 1.0)] {
    try failover(server, lease: lease, options, scratch: scratch)
  }
  try clusterOverhead(server, options, scratch: scratch, commitMicros: commitMicros)
  try clusterThroughput(server, options, scratch: scratch)
}

// MARK: PostgreSQL's commits

/// pgbench: one-row inserts, each its own transaction, by 1 and 8
/// clients, with `synchronous_commit` off (as the nodes) and on, and by
/// one client as a prepared statement (as the nodes send a change's
/// records). Returns the shortest commit of one client with
/// `synchronous_commit` off (µs): prepared or not, whichever was faster.
private func postgresCommits(_ server: PostgresServer, _ options: Options) throws -> Double {
  let (database, _) = try server.database("pgbench")
  try server.postgres.sql(
    "CREATE TABLE probe(id bigserial PRIMARY KEY, payload bytea)", database: database)
  let script = server.postgres.directory + "/insert.sql"
  try "INSERT INTO probe(payload) VALUES ('\\x00112233445566778899');\n".write(
    toFile: script, atomically: true, encoding: .utf8)
  let seconds = options.quick ? 2 : 5
  print("### PostgreSQL's commit rate (pgbench, one-row inserts, \(seconds) s each)\n")
  print("| `synchronous_commit` | clients | statements | commits/s | µs per commit |")
  print("| --- | ---: | --- | ---: | ---: |")
  var fastest = Double.infinity
  for (synchronous, clients, mode) in [
    ("off", 1, "simple"), ("off", 8, "simple"), ("on", 1, "simple"), ("on", 8, "simple"),
    ("off", 1, "prepared"),
  ] {
    setenv("PGOPTIONS", "-c synchronous_commit=\(synchronous)", 1)
    defer { unsetenv("PGOPTIONS") }
    let (status, output) = try runProgram(
      server.postgres.binaryDirectory + "/pgbench",
      [
        "-n", "-h", server.postgres.directory, "-p", "\(server.postgres.port)", "-U",
        server.postgres.user, "-c", "\(clients)", "-j", "\(min(clients, 2))", "-T",
        "\(seconds)", "-M", mode, "-f", script, database,
      ])
    guard status == 0,
      let line = output.split(separator: "\n").first(where: { $0.hasPrefix("tps = ") }),
      let rate = Double(line.dropFirst(6).prefix { $0 != " " })
    else { throw BenchError("pgbench failed (\(status)): \(output)") }
    let micros = Double(clients) / rate * 1e6
    if synchronous == "off", clients == 1 { fastest = min(fastest, micros) }
    print(
      "| \(synchronous) | \(clients) | \(mode) | \(format(rate, 0)) | \(format(micros, 0)) |")
  }
  print("")
  return fastest
}

// MARK: Failover

/// Sessions on node a of three; a is killed; the time until every session
/// answers a read on b or c.
private func failover(
  _ server: PostgresServer, lease: (interval: Double, timeout: Double), _ options: Options,
  scratch: Scratch
) throws {
  let runs = min(options.runs, 3)
  let idleSeconds = options.quick ? 1.0 : 3.0
  print(
    "### Failover: SIGKILL to the node of every session, 3 nodes, lease renewed every "
      + "\(format(lease.interval, 1)) s, lasting \(format(lease.timeout, 1)) s "
      + "(median of \(runs) runs)\n")
  print(
    "Each session: a window (a navigation controller with one in its stack) and one more "
      + "controller, made on node a. Served: the session answers `ListWindows` with its "
      + "window on b or c (every pending session asked every 20 ms, following `MOVED`, and after `BUSY` asking the other survivor). "
      + "Lease left: a's lease at the kill (from PostgreSQL); after expiry: all served "
      + "less the lease left (detection, claim and restore). Idle: over \(format(idleSeconds, 0)) "
      + "s before the kill, per lease round.\n")
  print(
    "| sessions | all served s | first served s | half served s | lease left s "
      + "| after expiry s | node CPU ms per idle round | bytes read per idle round "
      + "| PostgreSQL CPU ms per idle round |")
  print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
  for count in [100, 1000] {
    var all = Samples()
    var first = Samples()
    var half = Samples()
    var left = Samples()
    var after = Samples()
    var idleCPU = Samples()
    var idleBytes = Samples()
    var idlePostgres = Samples()
    for run in 0..<runs {
      let (database, url) = try server.database("failover")
      let label = "failover-\(count)-\(format(lease.interval, 1))-\(run)"
      // Killed when the run fails; stopped (b, c) or killed (a) when not.
      var nodes: [Daemon] = []
      defer { for node in nodes { node.kill9() } }
      for name in ["a", "b", "c"] {
        nodes.append(
          try startNode(name, url: url, lease: lease, options, scratch: scratch, label: label))
      }
      let (a, b, c) = (nodes[0], nodes[1], nodes[2])
      let survivors = try [b, c].map { try Connection(socketPath: $0.socketPath, name: "probe") }
      let setup = try Connection(socketPath: a.socketPath, name: "setup")
      try setup.pipeline(count: count * 2, depth: 64) { index in
        let (create, controller) = SteadyWindows.setup(window: 0, session: "f\(index / 2)")
        return index % 2 == 0 ? create : controller
      }
      for survivor in survivors { try waitForSessions(count, on: "a", seenBy: survivor) }

      // The idle cluster, per lease round.
      let rounds = idleSeconds / lease.interval
      let cpuBefore = [a, b, c].map { $0.preciseCPUSeconds() }
      let bytesBefore = bytesRead(b.pid)
      let postgresBefore = server.cpuSeconds()
      pause(seconds: idleSeconds)
      let nodeCPU = zip([a, b, c], cpuBefore).map { $0.preciseCPUSeconds() - $1 }
      idleCPU.add(nodeCPU.reduce(0, +) / 3 / rounds * 1000)
      idleBytes.add((bytesRead(b.pid) - bytesBefore) / rounds)
      idlePostgres.add((server.cpuSeconds() - postgresBefore) / rounds * 1000)

      let killed = Clock.now()
      a.kill9()
      let asked = Clock.now()
      let remaining = try server.postgres.sql(
        """
        SELECT extract(epoch FROM lease_until - clock_timestamp())::float8
        FROM curtain_nodes WHERE name = 'a'
        """, database: database)
      guard let leaseLeft = Double(remaining) else {
        throw BenchError("cannot read a's lease: '\(remaining)'")
      }
      let leftAtKill = leaseLeft + (Clock.now() + asked) / 2 - killed
      let served = try waitUntilServed(count, survivors: survivors, names: ["b", "c"])
        .map { $0 - killed }.sorted()
      all.add(served[served.count - 1])
      first.add(served[0])
      half.add(served[served.count / 2])
      left.add(leftAtKill)
      after.add(served[served.count - 1] - leftAtKill)
      try b.stop()
      try c.stop()
    }
    print(
      "| \(count) | \(format(all.median, 2)) | \(format(first.median, 2)) "
        + "| \(format(half.median, 2)) | \(format(left.median, 2)) | \(format(after.median, 2)) "
        + "| \(format(idleCPU.median, 2)) | \(format(idleBytes.median, 0)) "
        + "| \(format(idlePostgres.median, 2)) |")
  }
  print("")
}

/// Asks every pending session for its windows every 20 ms, on the node
/// its last `MOVED` named (first b), until each answers with its window;
/// returns when each did (monotonic seconds).
private func waitUntilServed(_ count: Int, survivors: [Connection], names: [String]) throws
  -> [Double]
{
  var served = [Double?](repeating: nil, count: count)
  var target = [Int](repeating: 0, count: count)
  let deadline = Clock.now() + 120
  while served.contains(where: { $0 == nil }) {
    let round = Clock.now()
    guard round < deadline else { throw BenchError("sessions not served after 120 s") }
    for (node, connection) in survivors.enumerated() {
      let pending = served.indices.filter { served[$0] == nil && target[$0] == node }
      guard !pending.isEmpty else { continue }
      try connection.pipeline(count: pending.count, depth: 64) { index in
        request(session: "f\(pending[index])") { $0.listWindows = .init() }
      } answered: { index, response in
        let session = pending[index]
        switch response.result {
        case .windows(let list)?:
          guard list.windows.count == 1 else {
            throw BenchError("session f\(session) has \(list.windows.count) windows")
          }
          served[session] = Clock.now()
        case .error(let error)? where error.code == .moved || error.code == .busy:
          // MOVED to a survivor: ask it. MOVED to the dead node (the
          // asked node's map is a round old) or BUSY (its lease expired,
          // not claimed yet): the other survivor next.
          target[session] =
            names.firstIndex(of: error.details["node"] ?? "")
            ?? (node + 1) % survivors.count
        default:
          throw BenchError(
            "f\(session): \(response.error.code) \(response.error.message) \(response.error.details)"
          )
        }
      }
    }
    let rest = 0.02 - (Clock.now() - round)
    if rest > 0 { pause(seconds: rest) }
  }
  return served.map { $0 ?? 0 }
}

// MARK: Overhead

/// The daemons compared: a single SQLite node, a single PostgreSQL node
/// and a cluster of one node.
private func overheadModes(_ server: PostgresServer) -> [(
  name: String, arguments: (String) throws -> [String]
)] {
  [
    ("SQLite, `--state-dir` (default)", { ["--state-dir", $0] }),
    ("PostgreSQL, `--store postgres://`", { _ in ["--store", try server.database("store").url] }),
    (
      "cluster of 1 node, `--cluster`",
      { _ in
        [
          "--cluster", try server.database("cluster").url, "--node", "a", "--listen",
          "127.0.0.1:\(TempPostgres.freePort())",
        ]
      }
    ),
    ("nothing stored, `--ephemeral` (for the floor)", { _ in ["--ephemeral"] }),
  ]
}

/// Round trips and CPU of mutating requests and of reads, and CPU per
/// frame delivered, per mode.
private func clusterOverhead(
  _ server: PostgresServer, _ options: Options, scratch: Scratch, commitMicros: Double
) throws {
  let requests = options.scaled(5_000)
  let animated = 100
  let seconds = options.quick ? 1.0 : 3.0
  let modes = overheadModes(server)
  print(
    "### Per-request cost: cluster mode against a single node (median of \(options.runs) runs)\n")
  print(
    "One client, one request at a time, in session `o` (a window with 3 controllers): "
      + "\(requests) non-animated mutating requests after 200 to warm up (push, retitle, "
      + "pop, resize in turn), then \(requests) reads (`ListWindows` and `GetTree` in turn). "
      + "Frames: \(animated) realtime windows at 60 Hz in the session, each in an hour-long "
      + "transition, one frame subscription each over 4 connections, for "
      + "\(format(seconds, 0)) s. CPU of curtaind from /proc/PID/task/*/schedstat, of "
      + "PostgreSQL from /proc (its processes, clock ticks).\n")
  var mutating = Array(repeating: Samples(), count: modes.count)
  var mutatingCPU = Array(repeating: Samples(), count: modes.count)
  var mutatingPostgres = Array(repeating: Samples(), count: modes.count)
  var reads = Array(repeating: Samples(), count: modes.count)
  var readCPU = Array(repeating: Samples(), count: modes.count)
  var frameCPU = Array(repeating: Samples(), count: modes.count)
  var frameRates = Array(repeating: Samples(), count: modes.count)
  for run in 0..<options.runs {
    for (index, mode) in modes.enumerated() {
      let state = try scratch.directory("overhead")
      let daemon = try Daemon(
        executable: options.curtaind, directory: scratch.path, name: "overhead-\(run)-\(index)",
        arguments: try mode.arguments(state))
      defer { daemon.kill9() }
      try daemon.waitUntilServing()
      let connection = try Connection(socketPath: daemon.socketPath, name: "overhead")
      let windows = try SteadyWindows(count: 1, session: "o", connection: connection)
      for step in 0..<200 { try connection.client.call(windows.request(window: 0, step: step)) }
      var latencies = Samples()
      var cpuBefore = daemon.preciseCPUSeconds()
      let postgresBefore = server.cpuSeconds()
      for step in 200..<(200 + requests) {
        let request = windows.request(window: 0, step: step)
        let start = Clock.now()
        try connection.client.call(request)
        latencies.add((Clock.now() - start) * 1e6)
      }
      mutatingCPU[index].add((daemon.preciseCPUSeconds() - cpuBefore) / Double(requests) * 1e6)
      mutatingPostgres[index].add(
        [0, 3].contains(index) ? 0 : (server.cpuSeconds() - postgresBefore) / Double(requests) * 1e6
      )
      mutating[index].add(latencies.median)

      latencies = Samples()
      cpuBefore = daemon.preciseCPUSeconds()
      for step in 0..<requests {
        let read = request(session: "o") {
          if step % 2 == 0 {
            $0.listWindows = .init()
          } else {
            $0.getTree.windowID = windows.ids[0]
          }
        }
        let start = Clock.now()
        try connection.client.call(read)
        latencies.add((Clock.now() - start) * 1e6)
      }
      readCPU[index].add((daemon.preciseCPUSeconds() - cpuBefore) / Double(requests) * 1e6)
      reads[index].add(latencies.median)

      let ids = try realtimeWindows(animated, animating: true, session: "o", on: connection)
      let drain = try Drain(
        following: ids, session: "o", over: 4, socketPath: daemon.socketPath)
      cpuBefore = daemon.preciseCPUSeconds()
      let framesBefore = drain.received
      pause(seconds: seconds)
      let frames = Double(drain.received - framesBefore)
      frameCPU[index].add((daemon.preciseCPUSeconds() - cpuBefore) / frames * 1e6)
      frameRates[index].add(frames / seconds / Double(animated))
      drain.stop()
      try daemon.stop()
      try FileManager.default.removeItem(atPath: state)
    }
  }
  print(
    "| mode | mutating median µs | ratio | curtaind CPU µs/request | PostgreSQL CPU µs/request "
      + "| read median µs | ratio | curtaind CPU µs/read | curtaind CPU µs/frame | ratio "
      + "| frames/s per window |")
  print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
  for (index, mode) in modes.enumerated() {
    print(
      "| \(mode.name) | \(format(mutating[index].median, 0)) "
        + "| \(format(mutating[index].median / mutating[0].median, 2)) "
        + "| \(format(mutatingCPU[index].median, 1)) "
        + "| \(format(mutatingPostgres[index].median, 1)) "
        + "| \(format(reads[index].median, 0)) "
        + "| \(format(reads[index].median / reads[0].median, 2)) "
        + "| \(format(readCPU[index].median, 1)) | \(format(frameCPU[index].median, 2)) "
        + "| \(format(frameCPU[index].median / frameCPU[0].median, 2)) "
        + "| \(format(frameRates[index].median, 1)) |")
  }
  let ratio = mutating[2].median / mutating[0].median
  print(
    "\nTarget: cluster mode's mutating round trip within 1.3× of a single SQLite node: "
      + (ratio <= 1.3 ? "met" : "NOT met") + " (\(format(ratio, 2))×).\n")
  // A node answers a change only once PostgreSQL committed its record: no
  // such design beats a daemon that stores nothing plus one commit.
  let floor = mutating[3].median + commitMicros
  print(
    "Floor of any node that answers a change after PostgreSQL committed it: the round trip "
      + "of a daemon that stores nothing (\(format(mutating[3].median, 0)) µs) plus one "
      + "one-row commit from one pgbench client (\(format(commitMicros, 0)) µs) = "
      + "\(format(floor, 0)) µs, \(format(floor / mutating[0].median, 2))× the SQLite node's; "
      + "the cluster node takes \(format(mutating[2].median / floor, 2))× the floor.\n")
}

// MARK: Throughput

/// 6 clients, each pipelining mutating requests 32 deep on its own
/// session (2 windows), spread over 1, 2 and 3 nodes; a single SQLite
/// node for scale.
private func clusterThroughput(_ server: PostgresServer, _ options: Options, scratch: Scratch)
  throws
{
  let clients = 6
  let perClient = options.scaled(10_000)
  let runs = min(options.runs, 3)
  print(
    "### Throughput: \(clients) clients × \(perClient) pipelined requests over 1, 2 and 3 "
      + "nodes (median of \(runs) runs)\n")
  print(
    "Each client pipelines 32 deep on its own session (2 windows; push, retitle, pop, resize "
      + "in turn); client k on node k mod N. CPU: the nodes' together and PostgreSQL's, "
      + "in cores (2 here); its share is of the two together. Transactions and WAL: "
      + "PostgreSQL's, per 1,000 requests (lease rounds included).\n")
  let configurations = [0, 1, 2, 3]
  var rates = Array(repeating: Samples(), count: configurations.count)
  var nodeCores = Array(repeating: Samples(), count: configurations.count)
  var postgresCores = Array(repeating: Samples(), count: configurations.count)
  var transactions = Array(repeating: Samples(), count: configurations.count)
  var wal = Array(repeating: Samples(), count: configurations.count)
  for run in 0..<runs {
    for (index, nodes) in configurations.enumerated() {
      var daemons: [Daemon] = []
      defer { for daemon in daemons { daemon.kill9() } }
      var database = ""
      if nodes == 0 {
        let state = try scratch.directory("cluster-throughput")
        let daemon = try Daemon(
          executable: options.curtaind, directory: scratch.path,
          name: "cluster-throughput-\(run)-sqlite", arguments: ["--state-dir", state])
        try daemon.waitUntilServing()
        daemons = [daemon]
      } else {
        let made = try server.database("throughput")
        database = made.name
        daemons = try (0..<nodes).map { node in
          try startNode(
            "n\(node)", url: made.url, lease: (1, 5), options, scratch: scratch,
            label: "cluster-throughput-\(run)-\(nodes)")
        }
      }
      let connections = try (0..<clients).map {
        try Connection(socketPath: daemons[$0 % daemons.count].socketPath, name: "load \($0)")
      }
      let windows = try (0..<clients).map {
        try SteadyWindows(count: 2, session: "t\($0)", connection: connections[$0])
      }
      let counters = nodes == 0 ? nil : try server.writeCounters(database)
      let cpuBefore = daemons.map { $0.preciseCPUSeconds() }
      let postgresBefore = server.cpuSeconds()
      let start = Clock.now()
      try inParallel(clients) { number in
        try connections[number].pipeline(count: perClient, depth: 32) { index in
          windows[number].request(window: index % 2, step: index / 2)
        }
      }
      let seconds = Clock.now() - start
      let cpu = zip(daemons, cpuBefore).map { $0.preciseCPUSeconds() - $1 }.reduce(0, +)
      let postgresCPU = server.cpuSeconds() - postgresBefore
      let total = Double(clients * perClient)
      rates[index].add(total / seconds)
      nodeCores[index].add(cpu / seconds)
      postgresCores[index].add(postgresCPU / seconds)
      if let counters {
        let now = try server.writeCounters(database)
        transactions[index].add((now.transactions - counters.transactions) / total * 1000)
        wal[index].add((now.wal - counters.wal) / total * 1000)
      }
      for daemon in daemons { try daemon.stop() }
    }
  }
  print(
    "| nodes | requests/s | ratio to 1 node | nodes' CPU (cores) | PostgreSQL CPU (cores) "
      + "| PostgreSQL's share | transactions per 1,000 requests | WAL KB per 1,000 requests |")
  print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
  for (index, nodes) in configurations.enumerated() {
    let postgres = postgresCores[index].median
    let share = postgres / (postgres + nodeCores[index].median) * 100
    print(
      "| \(nodes == 0 ? "single SQLite node" : "\(nodes)") | \(format(rates[index].median, 0)) "
        + "| \(nodes == 0 ? "" : format(rates[index].median / rates[1].median, 2)) "
        + "| \(format(nodeCores[index].median, 2)) "
        + "| \(nodes == 0 ? "" : format(postgres, 2)) "
        + "| \(nodes == 0 ? "" : format(share, 0) + " %") "
        + "| \(nodes == 0 ? "" : format(transactions[index].median, 1)) "
        + "| \(nodes == 0 ? "" : format(wal[index].median / 1000, 1)) |")
  }
  print("")
}
