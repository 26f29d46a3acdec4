// curtain-soak: the long kill -9 soak of durable sessions (issue 12), run by
// `make soak` (scripts/soak.sh) against a release-built curtaind. One state
// directory for the whole run. Each round, four clients pipeline random
// mutations (animated and interactive ones among them) on eight windows and
// read their answers while another thread kills the daemon with SIGKILL
// after a random delay; a new daemon on the same state directory must have
// every acknowledged controller (same id) and every acknowledged window
// revision, with nothing left running. Every tenth round the daemon is also
// stopped cleanly and restarted: the trees must be byte-identical, and the
// database (after the snapshot of the clean stop) must stay within
// --max-ratio times the live state's snapshot size.
//
//   curtain-soak --curtaind PATH [--rounds N] [--minutes M] [--seed S]
//                [--snapshot-records N] [--max-ratio R]
//
// It stops after N rounds (default 300) or M minutes (default 20),
// whichever comes first, and exits 1 on the first failure, naming the seed
// and the round.

import BenchKit
import CurtainWire
import Foundation

struct Options {
  var curtaind = ""
  var rounds = 300
  var minutes = 20.0
  var seed = UInt64.random(in: 0...UInt64(UInt32.max))
  var snapshotRecords = 200
  var maxRatio = 3.0

  static let usage =
    "usage: curtain-soak --curtaind PATH [--rounds N] [--minutes M] [--seed S] "
    + "[--snapshot-records N] [--max-ratio R]"

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
      case "--rounds": rounds = try number(Int.self)
      case "--minutes": minutes = try number(Double.self)
      case "--seed": seed = try number(UInt64.self)
      case "--snapshot-records": snapshotRecords = try number(Int.self)
      case "--max-ratio": maxRatio = try number(Double.self)
      case "-h", "--help":
        print(Self.usage)
        exit(0)
      default: throw BenchError("unknown argument '\(argument)'\n\(Self.usage)")
      }
    }
    guard !curtaind.isEmpty, rounds > 0, minutes > 0, maxRatio > 0 else {
      throw BenchError(Self.usage)
    }
  }
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

struct SoakWindow {
  let id: UInt64
  let navigation: String
  let manual: Bool
}

/// One request of a round and what its answer acknowledges.
struct Planned {
  let request: WireRequest
  /// The identifier of the controller it creates.
  let creates: String?
  /// The window whose revision it advances (0: none).
  let window: UInt64
}

/// What the answers acknowledged so far.
struct Acknowledged {
  var controllers: [String: UInt64] = [:]
  var revisions: [UInt64: UInt64] = [:]

  mutating func note(_ planned: Planned, _ response: WireResponse) {
    guard response.error.code == .unspecified else { return }
    if let identifier = planned.creates { controllers[identifier] = response.controller.id }
    switch response.result {
    case .operation(let result)?:
      revisions[planned.window] = max(revisions[planned.window] ?? 0, result.revision)
    case .clock(let result)?:
      revisions[planned.window] = max(revisions[planned.window] ?? 0, result.revision)
    default: break
    }
  }
}

/// The random requests of one client in one round (as the kill test of
/// `make test` sends them: creations pushed animated or not, pops,
/// resizes, clock advances on manual windows, interactive pops).
func plan(
  client: Int, round: Int, windows: [SoakWindow], random: inout SplitMix
) -> [Planned] {
  var planned: [Planned] = []
  for step in 0..<24 {
    let window = windows[client * 2 + random.int(2)]
    let animated = random.int(2) == 0
    switch random.int(6) {
    case 0, 1:
      let name = "R\(round)C\(client)S\(step)"
      planned.append(
        Planned(
          request: request {
            $0.createController.kind = .content
            $0.createController.identifier = name
          }, creates: name, window: 0))
      planned.append(
        Planned(
          request: request {
            $0.push.navigation = ref(window.navigation)
            $0.push.controller = ref(name)
            $0.push.notAnimated = !animated
          }, creates: nil, window: window.id))
    case 2:
      planned.append(
        Planned(
          request: request {
            $0.pop.navigation = ref(window.navigation)
            $0.pop.notAnimated = !animated
          }, creates: nil, window: window.id))
    case 3:
      let wide = random.int(2) == 0
      planned.append(
        Planned(
          request: request {
            $0.resizeWindow.windowID = window.id
            $0.resizeWindow.metrics.size.width = wide ? 844 : 390
            $0.resizeWindow.metrics.size.height = wide ? 390 : 844
            $0.resizeWindow.notAnimated = !animated
          }, creates: nil, window: window.id))
    case 4 where window.manual:
      let seconds = Double(random.int(5)) / 10
      planned.append(
        Planned(
          request: request {
            $0.advanceClock.windowID = window.id
            $0.advanceClock.seconds = seconds
          }, creates: nil, window: window.id))
    default:
      planned.append(
        Planned(
          request: request {
            $0.beginInteractive.kind = .pop
            $0.beginInteractive.controller = ref(window.navigation)
          }, creates: nil, window: window.id))
    }
  }
  return planned
}

/// The controllers (identifier → id) and windows of a daemon.
func state(_ connection: Connection) throws -> (
  controllers: [String: UInt64], windows: [UInt64: Curtain_V1_WindowInfo]
) {
  let controllers = try connection.call { $0.listControllers = .init() }.controllers.controllers
  let windows = try connection.call { $0.listWindows = .init() }.windows.windows
  return (
    Dictionary(controllers.map { ($0.identifier, $0.id) }) { first, _ in first },
    Dictionary(uniqueKeysWithValues: windows.map { ($0.id, $0) })
  )
}

/// Every window's tree (with views) and the controller list, serialized.
func trees(_ connection: Connection, windows: [SoakWindow]) throws -> [[UInt8]] {
  var parts: [[UInt8]] = []
  for window in windows {
    let tree = try connection.call {
      $0.getTree.windowID = window.id
      $0.getTree.includeViews = true
    }.tree
    parts.append(try WireCodec.bytes(tree))
  }
  parts.append(
    try WireCodec.bytes(try connection.call { $0.listControllers = .init() }.controllers))
  return parts
}

func soak(_ options: Options) throws {
  let scratch = try makeScratchDirectory("curtain-soak")
  defer { try? FileManager.default.removeItem(atPath: scratch) }
  let stateDirectory = scratch + "/state"
  let database = stateDirectory + "/state.sqlite3"
  var starts = 0
  func start() throws -> Daemon {
    starts += 1
    let daemon = try Daemon(
      executable: options.curtaind, directory: scratch, name: "curtaind-\(starts)",
      arguments: [
        "--state-dir", stateDirectory, "--snapshot-records", "\(options.snapshotRecords)",
      ])
    try daemon.waitUntilServing()
    return daemon
  }
  var random = SplitMix(state: options.seed)
  print(
    "curtain-soak: seed \(options.seed), up to \(options.rounds) rounds or \(options.minutes) min")
  let began = Clock.now()

  var daemon = try start()
  var windows: [SoakWindow] = []
  do {
    let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
    for index in 0..<8 {
      let manual = index % 2 == 0
      let navigation = "Nav\(index)"
      let id = try setup.call {
        $0.createWindow.clock = manual ? .manual : .realtime
        $0.createWindow.root.kind = .navigation
        $0.createWindow.root.identifier = navigation
        var root = Curtain_V1_ControllerSpec()
        root.kind = .content
        root.identifier = "Root\(index)"
        $0.createWindow.root.children = [root]
      }.window.id
      windows.append(SoakWindow(id: id, navigation: navigation, manual: manual))
    }
  }

  var acknowledged = Acknowledged()
  var largestRatio = 0.0
  var rounds = 0
  var answered = 0
  while rounds < options.rounds, Clock.now() - began < options.minutes * 60 {
    let round = rounds
    let label = "round \(round) (seed \(options.seed))"
    let plans = (0..<4).map { plan(client: $0, round: round, windows: windows, random: &random) }
    let delay = Double(random.int(40_000)) / 1e6
    let clients = try (0..<4).map {
      try Connection(socketPath: daemon.socketPath, name: "load \($0)")
    }
    let acks = Locked(acknowledged)
    let running = daemon
    // Four clients send and read; the fifth thread kills the daemon after
    // `delay` seconds, wherever they are.
    try inParallel(5) { number in
      guard number < 4 else {
        var pause = timespec(tv_sec: 0, tv_nsec: Int(delay * 1e9))
        nanosleep(&pause, nil)
        running.kill9()
        return
      }
      let client = clients[number].client
      var sent: [(UInt64, Planned)] = []
      for planned in plans[number] {
        guard let id = try? client.send(planned.request) else { break }
        sent.append((id, planned))
      }
      for (id, planned) in sent {
        guard let response = try? client.waitForResponse(to: id, timeout: 30) else { break }
        acks.withLock { $0.note(planned, response) }
      }
    }
    acknowledged = acks.withLock { $0 }
    answered = acknowledged.controllers.count

    daemon = try start()
    let checker = try Connection(socketPath: daemon.socketPath, name: "checker")
    let restored = try state(checker)
    for (identifier, id) in acknowledged.controllers where restored.controllers[identifier] != id {
      throw BenchError("\(label): acknowledged controller \(identifier) (\(id)) was lost")
    }
    for (window, revision) in acknowledged.revisions {
      guard let info = restored.windows[window] else {
        throw BenchError("\(label): window \(window) was lost")
      }
      guard info.revision >= revision, info.queuedOperations == 0 else {
        throw BenchError(
          "\(label): window \(window) has revision \(info.revision) (acknowledged \(revision)) "
            + "and \(info.queuedOperations) queued operations")
      }
    }
    // The acknowledged revisions are the restored ones from here on: a
    // later kill may lose unacknowledged changes but never these.
    for (id, info) in restored.windows { acknowledged.revisions[id] = info.revision }

    if round % 10 == 9 {
      let before = try trees(checker, windows: windows)
      try daemon.stop()
      let size = fileSize(database) + fileSize(database + "-wal")
      let images = UInt64(try sqlite(database, "SELECT sum(length(image)) FROM snapshot")) ?? 0
      let ratio = Double(size) / Double(max(images, 1))
      largestRatio = max(largestRatio, ratio)
      print(
        "\(label): \(answered) controllers acknowledged; database \(size) bytes, "
          + "snapshots \(images) bytes (×\(String(format: "%.2f", ratio)))")
      guard ratio <= options.maxRatio else {
        throw BenchError(
          "\(label): the database (\(size) bytes) is more than \(options.maxRatio) × the "
            + "snapshots (\(images) bytes)")
      }
      daemon = try start()
      let after = try trees(
        Connection(socketPath: daemon.socketPath, name: "again"), windows: windows)
      guard after == before else {
        throw BenchError("\(label): the trees differ after a clean restart")
      }
    }
    rounds += 1
  }
  try daemon.stop()
  print(
    "curtain-soak: \(rounds) kill points in \(String(format: "%.0f", Clock.now() - began)) s, "
      + "\(answered) controllers acknowledged, nothing acknowledged lost; largest database / "
      + "snapshot ratio after a clean stop \(String(format: "%.2f", largestRatio)) "
      + "(limit \(options.maxRatio))")
}

// A write to a killed daemon must fail, not end the soak.
signal(SIGPIPE, SIG_IGN)
do {
  try soak(Options(Array(CommandLine.arguments.dropFirst())))
} catch {
  FileHandle.standardError.write(Data("curtain-soak: \(error)\n".utf8))
  exit(1)
}
