// The kill part (issue 12): one state directory for the whole part. Each
// round, four clients pipeline random mutations (animated and interactive
// ones among them) on eight windows and read their answers while another
// thread kills the daemon with SIGKILL after a random delay; a new daemon
// on the same state directory must have every acknowledged controller
// (same id) and every acknowledged window revision, with nothing left
// running. Every tenth round the daemon is also stopped cleanly and
// restarted: the trees (realtime windows settled, without their clock's
// time) must be identical, and the database (after the snapshot of the
// clean stop) must stay within --max-ratio times the live state's snapshot
// size.

import BenchKit
import CurtainWire
import Foundation

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

/// Every window's tree (with views) and the controller list, as text.
func trees(_ connection: Connection, windows: [SoakWindow]) throws -> [String] {
  var parts: [String] = []
  for window in windows {
    var tree = try connection.call {
      $0.getTree.windowID = window.id
      $0.getTree.includeViews = true
    }.tree
    // A realtime window's time is the clock's when it is read.
    if !window.manual { tree.window.time = 0 }
    parts.append("window \(window.id):\n" + tree.textFormatString())
  }
  parts.append(
    "controllers:\n"
      + (try connection.call { $0.listControllers = .init() }.controllers.textFormatString()))
  return parts
}

/// Where `after` first differs from `before`: the part and its first
/// differing line in each.
func firstDifference(_ before: [String], _ after: [String]) -> String {
  for (old, new) in zip(before, after) where old != new {
    let (oldLines, newLines) = (old.split(separator: "\n"), new.split(separator: "\n"))
    let line =
      (0..<min(oldLines.count, newLines.count)).first { oldLines[$0] != newLines[$0] }
      ?? min(oldLines.count, newLines.count)
    func at(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line]) : "(end)" }
    return "\(oldLines.first ?? "") line \(line): before '\(at(oldLines))', after '\(at(newLines))'"
  }
  return "\(before.count) parts before, \(after.count) after"
}

func killPart(_ options: Options, _ random: inout SplitMix) throws -> String {
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
  print("up to \(options.rounds) rounds or \(options.minutes) min")
  let began = Clock.now()

  var daemon = try start()
  var windows: [SoakWindow] = []
  do {
    let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
    for index in 0..<8 {
      let manual = index % 2 == 0
      let navigation = "Nav\(index)"
      let id = try setup.client.call(
        createNavigationWindow(navigation, root: "Root\(index)", manual: manual)
      ).window.id
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
      // A realtime window still animating moves on with the clock between
      // the two reads: they are compared settled, without their time.
      for window in windows where !window.manual {
        try checker.call { $0.waitIdle.windowID = window.id }
      }
      let before = try trees(checker, windows: windows)
      try daemon.stop()
      let size = fileSize(database) + fileSize(database + "-wal")
      let images = UInt64(try sqlite(database, "SELECT sum(length(image)) FROM snapshot")) ?? 0
      let ratio = Double(size) / Double(max(images, 1))
      largestRatio = max(largestRatio, ratio)
      print(
        "\(label): \(answered) controllers acknowledged; database \(size) bytes, "
          + "snapshots \(images) bytes (×\(format(ratio, 2)))")
      guard ratio <= options.maxRatio else {
        throw BenchError(
          "\(label): the database (\(size) bytes) is more than \(options.maxRatio) × the "
            + "snapshots (\(images) bytes)")
      }
      daemon = try start()
      let after = try trees(
        Connection(socketPath: daemon.socketPath, name: "again"), windows: windows)
      guard after == before else {
        throw BenchError(
          "\(label): the trees differ after a clean restart: \(firstDifference(before, after))")
      }
    }
    rounds += 1
  }
  try daemon.stop()
  return
    "\(rounds) kill points, \(answered) controllers acknowledged, nothing acknowledged lost; "
    + "largest database / snapshot ratio after a clean stop \(format(largestRatio, 2)) "
    + "(limit \(options.maxRatio))"
}
