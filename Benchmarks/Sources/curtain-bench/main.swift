// curtain-bench: the benchmarks of durable sessions (issue 12,
// docs/benchmarks.md), run by `make bench` (scripts/bench.sh) against a
// release-built curtaind. Each benchmark starts its own daemons in a
// scratch directory under /tmp and prints its figures (medians of several
// runs, ratios, daemon CPU time) as Markdown.
//
//   curtain-bench --curtaind PATH [--quick] [BENCHMARK...]
//
// BENCHMARK is restore, throughput, roundtrip, peers, dbsize, lookup,
// memory, cli, delegate, scaling, animating, pacing (default: these;
// Peers.swift, Lookup.swift, Memory.swift, CLIStartup.swift,
// DelegateCost.swift, the last three in Windows.swift) or cluster
// (Cluster.swift: only when named, it takes about 7 minutes and needs
// PostgreSQL).
// --curtain PATH is the CLI that `cli` runs (default: beside curtaind);
// --echo PATH the echo server of `peers` (default: peers-echo beside
// curtain-bench, where scripts/bench.sh compiles it); --plot SVG makes
// `scaling` draw its figures into that file.
// --runs N sets how many runs (or interleaved rounds) each benchmark takes
// its medians over (default 3); --quick runs each with a tenth of the load,
// to try the harness out;
// --keep keeps the scratch directory (its state directories, to profile a
// restore) and prints where it is; --operations N sets the operations of
// dbsize (default 500,000).

import BenchKit
import CurtainWire
import Foundation

struct Options {
  var curtaind = ""
  var quick = false
  var benchmarks: [String] = []
  var runs = 3
  var keep = false
  var operations: Int?
  var curtain: String?
  var echo: String?
  var plot: String?

  static let all = [
    "restore", "throughput", "roundtrip", "peers", "dbsize", "lookup", "memory", "cli",
    "delegate", "scaling", "animating", "pacing", "past", "replay",
  ]
  /// Run only when named.
  static let extra = ["cluster"]
  static let usage =
    "usage: curtain-bench --curtaind PATH [--curtain PATH] [--echo PATH] [--plot SVG] [--quick] [--runs N] [--keep] [--operations N] [restore|throughput|roundtrip|peers|dbsize|lookup|memory|cli|delegate|scaling|animating|pacing|past|replay|cluster]..."

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--curtaind":
        guard let path = rest.popFirst() else { throw BenchError(Self.usage) }
        curtaind = path
      case "--curtain":
        guard let path = rest.popFirst() else { throw BenchError(Self.usage) }
        curtain = path
      case "--echo":
        guard let path = rest.popFirst() else { throw BenchError(Self.usage) }
        echo = path
      case "--plot":
        guard let path = rest.popFirst() else { throw BenchError(Self.usage) }
        plot = path
      case "--quick": quick = true
      case "--keep": keep = true
      case "--operations":
        guard let text = rest.popFirst(), let number = Int(text), number > 0 else {
          throw BenchError(Self.usage)
        }
        operations = number
      case "--runs":
        guard let text = rest.popFirst(), let number = Int(text), number > 0 else {
          throw BenchError(Self.usage)
        }
        runs = number
      case "-h", "--help":
        print(Self.usage)
        exit(0)
      case let name where (Self.all + Self.extra).contains(name): benchmarks.append(name)
      default: throw BenchError("unknown argument '\(argument)'\n\(Self.usage)")
      }
    }
    guard !curtaind.isEmpty else { throw BenchError(Self.usage) }
    if benchmarks.isEmpty { benchmarks = Self.all }
  }

  /// `full`, or a tenth of it with --quick.
  func scaled(_ full: Int) -> Int { quick ? max(1, full / 10) : full }
}

/// The scratch directory of this run.
final class Scratch {
  let path: String
  let keep: Bool
  private var count = 0

  init(keep: Bool) throws {
    path = try makeScratchDirectory("curtain-bench")
    self.keep = keep
  }

  deinit {
    if keep {
      print("Kept \(path).")
    } else {
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// A new empty directory in it.
  func directory(_ name: String) throws -> String {
    count += 1
    let directory = "\(path)/\(count)-\(name)"
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: false)
    return directory
  }
}

func format(_ value: Double, _ digits: Int = 3) -> String {
  String(format: "%.\(digits)f", value)
}

func megabytes(_ bytes: UInt64) -> String {
  String(format: "%.2f MB", Double(bytes) / 1_000_000)
}

// MARK: Restore

/// Restore of many windows with 10 controllers each (a navigation
/// controller with 9 in its stack), spread over sessions: the time from
/// starting curtaind on the state directory to its first answer, from the
/// snapshots a clean stop leaves and from the journal a SIGKILL leaves.
func restore(_ options: Options, scratch: Scratch) throws {
  let windows = options.scaled(10_000)
  let sessions = 100
  print("## Restore: \(windows) windows × 10 controllers in \(sessions) sessions\n")
  let state = try scratch.directory("restore-state")
  let build = try Daemon(
    executable: options.curtaind, directory: scratch.path, name: "restore-build",
    arguments: ["--state-dir", state, "--snapshot-records", "0", "--snapshot-interval", "0"])
  try build.waitUntilServing()
  let start = Clock.now()
  try inParallel(4) { number in
    let connection = try Connection(socketPath: build.socketPath, name: "build \(number)")
    let mine = Array(stride(from: number, to: windows, by: 4))
    try connection.pipeline(count: mine.count, depth: 64) { index in
      let window = mine[index]
      return request(session: "s\(window % sessions)") {
        $0.createWindow.clock = .manual
        $0.createWindow.root.kind = .navigation
        $0.createWindow.root.identifier = "W\(window)"
        $0.createWindow.root.children = (1..<10).map { child in
          var spec = Curtain_V1_ControllerSpec()
          spec.kind = .content
          spec.identifier = "W\(window)C\(child)"
          spec.title = "Controller \(child) of window \(window)"
          return spec
        }
      }
    }
  }
  let built = Clock.now() - start
  // A copy of the state a SIGKILL leaves (the journal, no snapshot), then
  // a clean stop, which snapshots every session.
  let killedState = try scratch.directory("restore-killed")
  build.kill9()
  for file in ["state.sqlite3", "state.sqlite3-wal"] {
    let path = state + "/" + file
    if FileManager.default.fileExists(atPath: path) {
      try FileManager.default.copyItem(atPath: path, toPath: killedState + "/" + file)
    }
  }
  let first = try Daemon(
    executable: options.curtaind, directory: scratch.path, name: "restore-first",
    arguments: ["--state-dir", state])
  try first.waitUntilServing()
  let status = try Connection(socketPath: first.socketPath, name: "check").call {
    $0.getStatus = .init()
  }.status
  guard status.windows == windows, status.sessions >= sessions else {
    throw BenchError("restored \(status.windows) windows in \(status.sessions) sessions")
  }
  try first.stop()
  let snapshotBytes = try sqlite(
    state + "/state.sqlite3", "SELECT sum(length(image)) FROM snapshot")
  print(
    "Built in \(format(built, 1)) s; after a clean stop the database is "
      + "\(megabytes(databaseSize(stateDirectory: state))) (snapshots: "
      + "\(megabytes(UInt64(snapshotBytes) ?? 0))).\n")

  var empty = Samples()
  var fromSnapshots = Samples()
  var snapshotCPU = Samples()
  var fromJournal = Samples()
  var journalCPU = Samples()
  for run in 0..<options.runs {
    let ephemeral = try Daemon(
      executable: options.curtaind, directory: scratch.path, name: "empty-\(run)",
      arguments: ["--ephemeral"])
    empty.add(try ephemeral.waitUntilServing())
    try ephemeral.stop()

    let daemon = try Daemon(
      executable: options.curtaind, directory: scratch.path, name: "restore-\(run)",
      arguments: ["--state-dir", state])
    fromSnapshots.add(try daemon.waitUntilServing())
    snapshotCPU.add(daemon.cpuSeconds())
    try daemon.stop()

    // The journal's replay, on a fresh copy each time (a restore from the
    // journal leaves a snapshot at its clean stop).
    let replayState = try scratch.directory("replay-\(run)")
    for file in try FileManager.default.contentsOfDirectory(atPath: killedState) {
      try FileManager.default.copyItem(
        atPath: killedState + "/" + file, toPath: replayState + "/" + file)
    }
    let replay = try Daemon(
      executable: options.curtaind, directory: scratch.path, name: "replay-\(run)",
      arguments: ["--state-dir", replayState])
    fromJournal.add(try replay.waitUntilServing())
    journalCPU.add(replay.cpuSeconds())
    replay.kill9()
    try FileManager.default.removeItem(atPath: replayState)
  }
  print("| start to first answer (median of \(options.runs)) | wall s | curtaind CPU s |")
  print("| --- | --- | --- |")
  print("| empty, `--ephemeral` | \(format(empty.median)) | |")
  print(
    "| from the snapshots (after a clean stop) | \(format(fromSnapshots.median)) "
      + "| \(format(snapshotCPU.median, 2)) |")
  print(
    "| from the journal (after SIGKILL, \(windows) records) | \(format(fromJournal.median)) "
      + "| \(format(journalCPU.median, 2)) |")
  print(
    "\nTarget: under 1 s from the snapshots: "
      + (fromSnapshots.median < 1 ? "met" : "NOT met") + ".\n")
}

// MARK: Throughput

/// The daemons compared: a name and the arguments for a state directory.
let durabilityModes: [(name: String, arguments: @Sendable (String) -> [String])] = [
  ("`--ephemeral`", { _ in ["--ephemeral"] }),
  ("durable, `--sync normal` (default)", { ["--state-dir", $0] }),
  ("durable, `--sync full`", { ["--state-dir", $0, "--sync", "full"] }),
]

/// Pipelined non-animated mutating requests: 4 clients, each pipelining
/// 32 deep on 2 of 8 windows, durable (default sync, and --sync full)
/// against --ephemeral.
func throughput(_ options: Options, scratch: Scratch) throws {
  let clients = 4
  let perClient = options.scaled(25_000)
  print(
    "## Pipelined throughput: \(clients) clients × \(perClient) requests, 32 in flight each, "
      + "8 windows\n")
  let modes = durabilityModes
  var rates = Array(repeating: Samples(), count: modes.count)
  var cpu = Array(repeating: Samples(), count: modes.count)
  for run in 0..<options.runs {
    for (index, mode) in modes.enumerated() {
      let state = try scratch.directory("throughput")
      let daemon = try Daemon(
        executable: options.curtaind, directory: scratch.path, name: "throughput-\(run)-\(index)",
        arguments: mode.arguments(state))
      try daemon.waitUntilServing()
      let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
      let windows = try SteadyWindows(count: 8, connection: setup)
      let cpuBefore = daemon.cpuSeconds()
      let seconds = try windows.drive(
        socketPath: daemon.socketPath, clients: clients, operations: perClient, depth: 32)
      let total = Double(clients * perClient)
      rates[index].add(total / seconds)
      cpu[index].add((daemon.cpuSeconds() - cpuBefore) / total * 1e6)
      try daemon.stop()
      try FileManager.default.removeItem(atPath: state)
    }
  }
  let base = rates[0].median
  print(
    "| mode | requests/s (median of \(options.runs)) | ratio to ephemeral | curtaind CPU µs/request |"
  )
  print("| --- | --- | --- | --- |")
  for (index, mode) in modes.enumerated() {
    print(
      "| \(mode.name) | \(format(rates[index].median, 0)) | \(format(rates[index].median / base, 2)) "
        + "| \(format(cpu[index].median, 1)) |")
  }
  let ratio = rates[1].median / base
  print(
    "\nTarget (issue 34 §2): default sync at least 0.8× `--ephemeral`'s throughput: "
      + (ratio >= 0.8 ? "met" : "NOT met") + " (\(format(ratio, 2))).\n")
  try deepPipeline(options, scratch: scratch)
}

// MARK: Round trip

/// One client, one non-animated mutating request at a time; and the
/// floor of the durable one: the `--ephemeral` round trip plus one bare
/// SQLite commit of the record the durable daemon wrote last
/// (CommitFloor.swift), measured in each run.
func roundTrip(_ options: Options, scratch: Scratch) throws {
  let requests = options.scaled(5_000)
  print("## Round trip: one client, \(requests) sequential non-animated requests\n")
  let modes = durabilityModes
  var medians = Array(repeating: Samples(), count: modes.count)
  var p90s = Array(repeating: Samples(), count: modes.count)
  var cpu = Array(repeating: Samples(), count: modes.count)
  var bareCommits = Samples()
  for run in 0..<options.runs {
    for (index, mode) in modes.enumerated() {
      let state = try scratch.directory("roundtrip")
      let daemon = try Daemon(
        executable: options.curtaind, directory: scratch.path, name: "roundtrip-\(run)-\(index)",
        arguments: mode.arguments(state))
      try daemon.waitUntilServing()
      let connection = try Connection(socketPath: daemon.socketPath, name: "roundtrip")
      let windows = try SteadyWindows(count: 1, connection: connection)
      for step in 0..<200 {
        try connection.client.call(windows.request(window: 0, step: step))
      }
      var latencies = Samples()
      let cpuBefore = daemon.cpuSeconds()
      for step in 200..<(200 + requests) {
        let request = windows.request(window: 0, step: step)
        let start = Clock.now()
        try connection.client.call(request)
        latencies.add((Clock.now() - start) * 1e6)
      }
      cpu[index].add((daemon.cpuSeconds() - cpuBefore) / Double(requests) * 1e6)
      medians[index].add(latencies.median)
      p90s[index].add(latencies.quantile(0.9))
      if index == 1 {
        let record = try lastJournalRecord(database: state + "/state.sqlite3")
        let bare = try scratch.directory("bare-commit")
        bareCommits.add(try bareSQLiteCommitMicros(record, count: requests, directory: bare))
        try FileManager.default.removeItem(atPath: bare)
      }
      try daemon.stop()
      try FileManager.default.removeItem(atPath: state)
    }
  }
  let base = medians[0].median
  print(
    "| mode | median µs (median of \(options.runs) runs) | p90 µs | ratio to ephemeral "
      + "| curtaind CPU µs/request |")
  print("| --- | --- | --- | --- | --- |")
  for (index, mode) in modes.enumerated() {
    print(
      "| \(mode.name) | \(format(medians[index].median, 0)) | \(format(p90s[index].median, 0)) "
        + "| \(format(medians[index].median / base, 2)) | \(format(cpu[index].median, 1)) |")
  }
  let ratio = medians[1].median / base
  print(
    "\nTarget: default sync within 1.5× of `--ephemeral`: "
      + (ratio <= 1.5 ? "met" : "NOT met") + " (\(format(ratio, 2))×).")
  let floor = base + bareCommits.median
  let toFloor = medians[1].median / floor
  print(
    "\nFloor: the `--ephemeral` round trip plus one bare SQLite commit of the durable daemon's "
      + "last record (WAL, synchronous=NORMAL, prepared; median \(format(bareCommits.median, 1)) µs "
      + "over \(options.runs) runs) = \(format(floor, 0)) µs. Target (issue 34 §2): default sync "
      + "within 1.2× of the floor: " + (toFloor <= 1.2 ? "met" : "NOT met")
      + " (\(format(toFloor, 2))×).\n")
}

// MARK: Database size

/// The database's size during and after many operations on 100 windows
/// with the default snapshot policy, and after a clean stop (the final
/// snapshot and the truncated write-ahead log).
func databaseGrowth(_ options: Options, scratch: Scratch) throws {
  let operations = options.operations ?? options.scaled(500_000)
  let clients = 4
  print("## Database size: \(operations) operations on 100 windows (default snapshot policy)\n")
  let state = try scratch.directory("dbsize")
  let daemon = try Daemon(
    executable: options.curtaind, directory: scratch.path, name: "dbsize",
    arguments: ["--state-dir", state])
  try daemon.waitUntilServing()
  let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
  let windows = try SteadyWindows(count: 100, connection: setup)
  let largest = Locked<UInt64>(0)
  let running = Locked(true)
  let sampler = Thread {
    while running.withLock({ $0 }) {
      let size = databaseSize(stateDirectory: state)
      largest.withLock { $0 = max($0, size) }
      var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
      nanosleep(&pause, nil)
    }
  }
  sampler.start()
  let seconds = try windows.drive(
    socketPath: daemon.socketPath, clients: clients, operations: operations / clients, depth: 32)
  running.withLock { $0 = false }
  let storage = try setup.call { $0.getStatus = .init() }.status.storage
  let before = databaseSize(stateDirectory: state)
  try daemon.stop()
  let after = databaseSize(stateDirectory: state)
  let database = state + "/state.sqlite3"
  let snapshots = UInt64(try sqlite(database, "SELECT sum(length(image)) FROM snapshot")) ?? 0
  let records = try sqlite(database, "SELECT count(*) FROM journal")
  _ = try sqlite(database, "VACUUM")
  let vacuumed = databaseSize(stateDirectory: state)
  print("\(operations) operations in \(format(seconds, 1)) s.\n")
  print("| when | database + WAL |")
  print("| --- | --- |")
  print(
    "| largest seen while running (sampled every 50 ms) | \(megabytes(largest.withLock { $0 })) |")
  print(
    "| at the end, running (\(storage.journalRecords) records since the last snapshot) "
      + "| \(megabytes(before)) |")
  print(
    "| after a clean stop (snapshot, WAL truncated; \(records) records left) | \(megabytes(after)) |"
  )
  print("| the same after `VACUUM` (free pages returned) | \(megabytes(vacuumed)) |")
  print("| the live state: the sessions' snapshot images | \(megabytes(snapshots)) |\n")
}

do {
  let options = try Options(Array(CommandLine.arguments.dropFirst()))
  let scratch = try Scratch(keep: options.keep)
  let began = Clock.now()
  for benchmark in options.benchmarks {
    let start = Clock.now()
    defer { print("(`\(benchmark)` took \(format(Clock.now() - start, 0)) s.)\n") }
    switch benchmark {
    case "restore": try restore(options, scratch: scratch)
    case "throughput": try throughput(options, scratch: scratch)
    case "roundtrip": try roundTrip(options, scratch: scratch)
    case "peers": try peers(options, scratch: scratch)
    case "lookup": try lookup(options, scratch: scratch)
    case "memory": try memory(options, scratch: scratch)
    case "cli": try cliStartup(options, scratch: scratch)
    case "delegate": try delegateCost(options, scratch: scratch)
    case "scaling": try scaling(options, scratch: scratch)
    case "animating": try animating(options, scratch: scratch)
    case "pacing": try pacing(options, scratch: scratch)
    case "past": try past(options, scratch: scratch)
    case "replay": try recordingReplay(options, scratch: scratch)
    case "cluster": try cluster(options, scratch: scratch)
    default: try databaseGrowth(options, scratch: scratch)
    }
  }
  if options.benchmarks.count > 1 {
    print("(All of them took \(format(Clock.now() - began, 0)) s.)\n")
  }
} catch {
  FileHandle.standardError.write(Data("curtain-bench: \(error)\n".utf8))
  exit(1)
}
