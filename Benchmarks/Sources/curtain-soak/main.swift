// curtain-soak: the soak of `make soak` (scripts/soak.sh), against a
// release-built curtaind: the probes that found the bugs of issues 12 and
// 33, kept in the tree so that a regression shows before a release. Each
// part is bounded in time and prints one summary line; the run exits 1 when
// any part failed, naming the seed.
//
// Parts (all by default, in this order; `--parts a,b` picks some):
//   kill         four clients pipelining random mutations on a durable
//                daemon killed with SIGKILL at random moments: every
//                acknowledged change survives each restart (issue 12)
//   pipeline     one client writing durable changes without waiting:
//                the daemon's cost per request stays flat and other
//                clients are served meanwhile (issue 33 §1)
//   gone-client  clients doing random operations on shared windows and
//                disconnecting with interactive begins still queued: no
//                window stays busy (issue 33 §2)
//   wait-idle    WaitIdle requests far past the per-client limit: each
//                refusal costs O(1) and others are served (issue 33 §4)
//   cluster      three nodes on a private PostgreSQL under load while
//                PostgreSQL is stopped and started and a node is paused
//                past its lease: every acknowledged change survives
//                (issue 33 §3)
//   damage       a durable daemon's state damaged between two runs (bytes
//                flipped in the write-ahead log's middle or header, an
//                emptied database): each start says the restore came back
//                short and moves the files aside; a whole one says nothing
//                (issue 33 §4)
//
//   curtain-soak --curtaind PATH [--parts LIST] [--rounds N] [--minutes M]
//                [--part-minutes M] [--seed S] [--snapshot-records N]
//                [--max-ratio R] [--pipeline-changes N] [--keep]
//
// --keep: a part that fails (but kill) leaves its scratch directory (the
// daemons' logs, their state) behind and names it, for a post-mortem; the
// cluster part adds faults.txt (when each fault came) and store.txt (what
// PostgreSQL holds of the lost changes, who answered them and when).
//
// The kill part stops after N rounds (default 300) or M minutes (default
// 15), whichever comes first; each other part after its own work or
// --part-minutes (default 3), which is then a failure.

import BenchKit
import CurtainWire
import Foundation

struct Options {
  var curtaind = ""
  var parts = SoakPart.all.map(\.name)
  var rounds = 300
  var minutes = 15.0
  var partMinutes = 3.0
  var seed = UInt64.random(in: 0...UInt64(UInt32.max))
  var snapshotRecords = 200
  var maxRatio = 3.0
  var pipelineChanges = 100_000
  var keep = false

  static let usage =
    "usage: curtain-soak --curtaind PATH [--parts "
    + SoakPart.all.map(\.name).joined(separator: ",")
    + "] [--rounds N] [--minutes M] [--part-minutes M] [--seed S] [--snapshot-records N] "
    + "[--max-ratio R] [--pipeline-changes N] [--keep]"

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    func value() throws -> String {
      guard let text = rest.popFirst() else { throw BenchError(Self.usage) }
      return text
    }
    func number<T: LosslessStringConvertible>(_: T.Type) throws -> T {
      guard let number = T(try value()) else { throw BenchError(Self.usage) }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--curtaind": curtaind = try value()
      case "--parts":
        parts = try value().split(separator: ",").map(String.init)
        for part in parts where !SoakPart.all.contains(where: { $0.name == part }) {
          throw BenchError("unknown part '\(part)'\n\(Self.usage)")
        }
      case "--rounds": rounds = try number(Int.self)
      case "--minutes": minutes = try number(Double.self)
      case "--part-minutes": partMinutes = try number(Double.self)
      case "--seed": seed = try number(UInt64.self)
      case "--snapshot-records": snapshotRecords = try number(Int.self)
      case "--max-ratio": maxRatio = try number(Double.self)
      case "--pipeline-changes": pipelineChanges = try number(Int.self)
      case "--keep": keep = true
      case "-h", "--help":
        print(Self.usage)
        exit(0)
      default: throw BenchError("unknown argument '\(argument)'\n\(Self.usage)")
      }
    }
    guard !curtaind.isEmpty, !parts.isEmpty, rounds > 0, minutes > 0, partMinutes > 0,
      maxRatio > 0, pipelineChanges >= 10
    else {
      throw BenchError(Self.usage)
    }
  }

  /// The time a part other than `kill` may take, in seconds.
  var partSeconds: Double { partMinutes * 60 }
}

/// A small seeded generator (SplitMix64), so that a failure names its seed.
struct SplitMix {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// One part of the soak: it returns its figures, or throws what failed.
struct SoakPart: Sendable {
  let name: String
  let run: @Sendable (Options, inout SplitMix) throws -> String

  static let all: [SoakPart] = [
    SoakPart(name: "kill", run: killPart),
    SoakPart(name: "pipeline", run: pipelinePart),
    SoakPart(name: "gone-client", run: goneClientPart),
    SoakPart(name: "wait-idle", run: waitIdlePart),
    SoakPart(name: "cluster", run: clusterPart),
    SoakPart(name: "damage", run: damagePart),
  ]
}

/// A daemon of a part, started in `directory` with `arguments`, serving.
func startDaemon(
  _ options: Options, directory: String, name: String, arguments: [String]
) throws -> Daemon {
  let daemon = try Daemon(
    executable: options.curtaind, directory: directory, name: name, arguments: arguments)
  try daemon.waitUntilServing()
  return daemon
}

/// Runs `body` with a new scratch directory named `prefix`-…, removed
/// afterwards unless `body` failed and `--keep` was given (then its path
/// is printed).
func withScratch<T>(_ options: Options, _ prefix: String, _ body: (String) throws -> T) throws
  -> T
{
  let scratch = try makeScratchDirectory(prefix)
  do {
    let result = try body(scratch)
    try? FileManager.default.removeItem(atPath: scratch)
    return result
  } catch {
    if options.keep {
      print("kept the scratch directory of the failed part: \(scratch)")
    } else {
      try? FileManager.default.removeItem(atPath: scratch)
    }
    throw error
  }
}

/// Runs `body` with a daemon of its own (`arguments`) in a scratch
/// directory, stopped and removed afterwards.
func withDaemon<T>(
  _ options: Options, name: String, arguments: [String],
  _ body: (Daemon, String) throws -> T
) throws -> T {
  try withScratch(options, "curtain-soak-\(name)") { scratch in
    let daemon = try startDaemon(
      options, directory: scratch, name: "curtaind-\(name)",
      arguments: arguments.map { $0.replacingOccurrences(of: "$SCRATCH", with: scratch) })
    defer { try? daemon.stop() }
    return try body(daemon, scratch)
  }
}

/// Checks what a flood measured: the daemon's CPU per request in the
/// bigger run (`costs[1]`, µs) at most `limit` × the smaller's (it stays
/// flat, not growing with what waits), and another client's round trips
/// meanwhile (`latencies`, seconds) under a second; returns them in words.
func checkFlat(
  costs: [Double], limit: Double, latencies: Samples, what: String
) throws -> String {
  let ratio = costs[1] / max(costs[0], 1e-9)
  let worst = latencies.values.max() ?? 0
  guard ratio <= limit else {
    throw BenchError(
      "the daemon's CPU per request grew \(format(ratio, 2))× \(what) "
        + "(\(format(costs[0], 1)) → \(format(costs[1], 1)) µs)")
  }
  guard worst < 1 else {
    throw BenchError("another client waited \(format(worst, 2)) s for an answer meanwhile")
  }
  return
    "\(format(ratio, 2))× the CPU per request \(what); another client's round trip p50 "
    + "\(format(latencies.median * 1e3, 2)) ms, max \(format(worst * 1e3, 1)) ms"
}

/// `value` with `digits` decimals.
func format(_ value: Double, _ digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}

func soak(_ options: Options) -> Bool {
  print("curtain-soak: seed \(options.seed), parts \(options.parts.joined(separator: ", "))")
  var summaries: [String] = []
  var failed = false
  for part in SoakPart.all where options.parts.contains(part.name) {
    // Each part draws from a generator of its own: a part's seed does not
    // depend on which parts ran before it.
    var random = SplitMix(
      state: part.name.utf8.reduce(options.seed) { $0 &* 31 &+ UInt64($1) })
    print("\n== \(part.name)")
    let began = Clock.now()
    let line: String
    do {
      let figures = try part.run(options, &random)
      line = "soak \(part.name): ok in \(format(Clock.now() - began, 0)) s: \(figures)"
    } catch {
      failed = true
      line =
        "soak \(part.name): FAILED after \(format(Clock.now() - began, 0)) s (seed "
        + "\(options.seed)): \(error)"
    }
    print(line)
    summaries.append(line)
  }
  print("\ncurtain-soak summary (seed \(options.seed)):")
  for line in summaries { print("  \(line)") }
  return !failed
}

// A write to a killed daemon must fail, not end the soak.
signal(SIGPIPE, SIG_IGN)
do {
  exit(soak(try Options(Array(CommandLine.arguments.dropFirst()))) ? 0 : 1)
} catch {
  FileHandle.standardError.write(Data("curtain-soak: \(error)\n".utf8))
  exit(1)
}
