// The benchmarks of issue 13 about many windows and frame pacing:
//
// - scaling: the daemon's CPU per no-op Sync (from /proc, in nanoseconds)
//   with 1, 10, 100 and 1,000 idle realtime windows and with 1,000
//   animating ones (nobody subscribed), as ratios to 1 window;
// - animating: 1,000 windows animating at 60 Hz, the daemon's share of a
//   core without subscribers and with one frame subscriber per window;
// - pacing: what a frame subscriber sees of one window animating at 60 and
//   120 Hz with 1, 10 and 100 subscribers (5 s each with 1 and 10, 30 s
//   with 100): frames per second and the 99th percentile of the interval
//   between frames, from arrival times.
//
// Each configuration runs on its own `--ephemeral` daemon; the daemons of
// `scaling` run side by side and are measured in interleaved rounds.

import BenchKit
import CurtainWire
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Creates `count` realtime windows (each a content controller) at
/// `frameRate` in `session`; with `animating`, each runs an hour-long size
/// transition.
func realtimeWindows(
  _ count: Int, frameRate: UInt32 = 60, animating: Bool, session: String = "",
  on connection: Connection
) throws -> [UInt64] {
  var ids: [UInt64] = []
  try connection.pipeline(count: count, depth: 64) { _ in
    request(session: session) {
      $0.createWindow.clock = .realtime
      $0.createWindow.frameRate = frameRate
      $0.createWindow.root.kind = .content
    }
  } answered: { _, response in
    guard case .window(let window)? = response.result else {
      throw BenchError("CreateWindow failed: \(response.error.message)")
    }
    ids.append(window.id)
  }
  if animating {
    try connection.pipeline(count: ids.count, depth: 64) { index in
      request(session: session) {
        $0.resizeWindow.windowID = ids[index]
        $0.resizeWindow.metrics.size.width = 844
        $0.resizeWindow.metrics.size.height = 390
        $0.resizeWindow.duration = 3600
      }
    }
  }
  return ids
}

/// Pauses the calling thread.
func pause(seconds: Double) {
  var time = timespec(
    tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
  nanosleep(&time, nil)
}

// MARK: Scaling

/// Daemon CPU per no-op Sync against the number of windows it holds.
func scaling(_ options: Options, scratch: Scratch) throws {
  let seconds = options.quick ? 0.3 : 1.5
  let configurations: [(name: String, windows: Int, animating: Bool)] = [
    ("1 idle window", 1, false), ("10 idle windows", 10, false),
    ("100 idle windows", 100, false), ("1,000 idle windows", 1000, false),
    ("1,000 animating windows", 1000, true),
  ]
  print(
    "## Scaling: daemon CPU per no-op `Sync` against the windows it holds\n\n"
      + "One client, sequential `Sync`s for \(seconds) s per round, \(options.runs) "
      + "interleaved rounds; realtime windows in the default session (animating: an "
      + "hour-long size transition each, no subscriber). The client and the daemons run on "
      + "CPU 0 (`taskset`).\n")
  var daemons: [(Daemon, Connection)] = []
  defer { for (daemon, _) in daemons { try? daemon.stop() } }
  for (index, configuration) in configurations.enumerated() {
    let daemon = try Daemon(
      executable: options.curtaind, directory: scratch.path, name: "scaling-\(index)",
      arguments: ["--ephemeral"])
    try daemon.waitUntilServing()
    let connection = try Connection(socketPath: daemon.socketPath, name: "scaling")
    _ = try realtimeWindows(
      configuration.windows, animating: configuration.animating, on: connection)
    daemons.append((daemon, connection))
  }
  // The client and the daemons on CPU 0, as in `peers` (Peers.swift): where
  // the scheduler puts a daemon relative to the client decides its CPU per
  // `Sync` (a wake-up across cores costs it tens of µs on this VM), and it
  // puts them anywhere: unpinned, the same build measured 10–15 µs in one
  // run and 33–42 µs in the next, with ratios from 1.07× to 1.26×.
  let pinned = pinToFirstCPU(daemons.map(\.0.pid), log: "\(scratch.path)/taskset.log")
  defer { if pinned { unpinThisThread(log: "\(scratch.path)/taskset.log") } }
  var perRequest = Array(repeating: Samples(), count: configurations.count)
  for _ in 0..<options.runs {
    for (index, (daemon, connection)) in daemons.enumerated() {
      for _ in 0..<200 { try connection.sync() }
      let cpuBefore = daemon.preciseCPUSeconds()
      let start = Clock.now()
      var count = 0
      while Clock.now() - start < seconds {
        try connection.sync()
        count += 1
      }
      perRequest[index].add((daemon.preciseCPUSeconds() - cpuBefore) / Double(count) * 1e6)
    }
  }
  let base = perRequest[0].median
  print("| windows | curtaind CPU µs per `Sync` (median) | ratio to 1 window |")
  print("| --- | ---: | ---: |")
  for (index, configuration) in configurations.enumerated() {
    print(
      "| \(configuration.name) | \(format(perRequest[index].median, 1)) "
        + "| \(format(perRequest[index].median / base, 2)) |")
  }
  let idle = perRequest[3].median / base
  let animating = perRequest[4].median / base
  print(
    "\nTargets: 1,000 idle windows within 1.2× of 1: "
      + (idle <= 1.2 ? "met" : "NOT met") + " (\(format(idle, 2))×); 1,000 animating "
      + "within 2×: " + (animating <= 2 ? "met" : "NOT met") + " (\(format(animating, 2))×).\n")
  try thinCalls(options, daemons: daemons, configurations: configurations.map(\.name))
  if let plot = options.plot {
    let series = ScalingSeries(
      label: "this run (median of \(options.runs) rounds)",
      idle: (0..<4).map { (configurations[$0].windows, perRequest[$0].median) },
      animating: perRequest[4].median, color: "#1f6fb2", dashed: false)
    let date = ISO8601DateFormatter.string(
      from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
    let subtitle =
      "\(date), \(ProcessInfo.processInfo.activeProcessorCount) cores, `curtain-bench scaling`, "
      + "one client, sequential Syncs, \(seconds) s per round"
    try scalingPlot(
      [series, scalingBefore], subtitle: subtitle.replacingOccurrences(of: "`", with: "")
    )
    .write(toFile: plot, atomically: true, encoding: .utf8)
    print("The plot: \(plot).\n")
  }
}

/// The connection-per-request mode of `scaling` (issue 34): what a thin
/// client (the CLI) costs the daemon per call, a new connection each time
/// (connect, Hello without owning interactions, one request, close), on
/// the daemons of `scaling` with 1 window, 1,000 idle and 1,000 animating
/// windows, in interleaved rounds.
private func thinCalls(
  _ options: Options, daemons: [(Daemon, Connection)], configurations: [String]
) throws {
  let seconds = options.quick ? 0.2 : 0.6
  let chosen = [0, 3, 4]
  let commands: [(name: String, build: (inout WireRequest) -> Void)] = [
    ("`status`", { $0.getStatus = .init() }),
    ("`list-sessions`", { $0.listSessions = .init() }),
    ("`tree w1`", { $0.getTree.windowID = 1 }),
    ("`list-windows`", { $0.listWindows = .init() }),
  ]
  print(
    "Connection per request (the CLI's way): each call a new connection, Hello (with "
      + "`unowned-interactions`, as the CLI), one request, close; \(seconds) s per command, "
      + "daemon and round, \(options.runs) interleaved rounds; the daemon's CPU per call.\n")
  var perCall = Array(
    repeating: Array(repeating: Samples(), count: chosen.count), count: commands.count)
  for _ in 0..<options.runs {
    for (command, entry) in commands.enumerated() {
      for (column, index) in chosen.enumerated() {
        let daemon = daemons[index].0
        let cpuBefore = daemon.preciseCPUSeconds()
        let start = Clock.now()
        var count = 0
        while Clock.now() - start < seconds {
          let client = try CurtainClient(unixPath: daemon.socketPath, timeout: 30)
          try client.hello(clientName: "thin", capabilities: ["unowned-interactions"])
          var request = WireRequest()
          entry.build(&request)
          let response = try client.call(request)
          if case .error(let error)? = response.result {
            throw BenchError("\(entry.name) failed: \(error.message)")
          }
          client.close()
          count += 1
        }
        // The daemon notices the last close after the call returns.
        pause(seconds: 0.05)
        perCall[command][column].add(
          (daemon.preciseCPUSeconds() - cpuBefore) / Double(count) * 1e6)
      }
    }
  }
  print(
    "| command | " + chosen.map { "\(configurations[$0]) µs/call" }.joined(separator: " | ")
      + " | ratios to 1 window |")
  print("| --- |" + String(repeating: " ---: |", count: chosen.count + 1))
  var worst = 0.0
  var perWindow = 0.0
  for (command, entry) in commands.enumerated() {
    let medians = perCall[command].map(\.median)
    let ratios = medians.dropFirst().map { $0 / medians[0] }
    if entry.name == "`list-windows`" {
      perWindow = ((medians.dropFirst().max() ?? 0) - medians[0]) / 999
    } else {
      worst = max(worst, ratios.max() ?? 0)
    }
    print(
      "| \(entry.name) | " + medians.map { format($0, 1) }.joined(separator: " | ") + " | "
        + ratios.map { format($0, 2) + "×" }.joined(separator: ", ") + " |")
  }
  print(
    "\nTargets (issue 34): a thin call with 1,000 idle and with 1,000 animating windows "
      + "within 1.2× of 1 window: " + (worst <= 1.2 ? "met" : "NOT met")
      + " (worst \(format(worst, 2))×); `list-windows` at most 1 µs per listed window: "
      + (perWindow <= 1 ? "met" : "NOT met") + " (\(format(perWindow, 2)) µs).\n")
}

// MARK: Animating

/// Receives what arrives on `connections` until stopped, a thread per
/// connection, counting the frames. It holds the connections (one that
/// nothing used any more would close) and reads through their clients,
/// which may already hold part of a frame read with an answer.
final class Drain: @unchecked Sendable {
  private let connections: [Connection]
  private let running = Locked(true)
  private let frames: Locked<[Int]>
  private let done = DispatchGroup()

  init(_ connections: [Connection]) {
    self.connections = connections
    frames = Locked(Array(repeating: 0, count: connections.count))
    for index in connections.indices {
      done.enter()
      Thread { [self] in
        receive(index)
        done.leave()
      }.start()
    }
  }

  /// Subscribes to the frames of the windows `ids` of `session` (at
  /// `maxFPS` frames a second when given) over `count` new connections to
  /// `socketPath` (window k on connection k mod count), drains them, and
  /// lets half a second settle.
  convenience init(
    following ids: [UInt64], session: String = "", over count: Int, socketPath: String,
    maxFPS: Double? = nil
  )
    throws
  {
    let subscribers = try (0..<count).map {
      try Connection(socketPath: socketPath, name: "frames \($0)")
    }
    for (index, id) in ids.enumerated() {
      try subscribers[index % count].call(session: session) {
        $0.subscribe.windowID = id
        $0.subscribe.frames = true
        if let maxFPS { $0.subscribe.maxFps = maxFPS }
      }
    }
    self.init(subscribers)
    pause(seconds: 0.5)
  }

  /// Frames received so far, in all.
  var received: Int { frames.withLock { $0.reduce(0, +) } }

  func stop() {
    running.withLock { $0 = false }
    done.wait()
  }

  private func receive(_ index: Int) {
    let client = connections[index].client
    while running.withLock({ $0 }) {
      let message: ServerMessage?
      do {
        message = try client.nextMessage(timeout: 0.05)
      } catch {
        return
      }
      if case .frame? = message?.kind { frames.withLock { $0[index] += 1 } }
    }
  }
}

/// 1,000 windows animating at 60 Hz: the daemon's share of a core without
/// subscribers, with one frame subscriber per window, and with one per
/// window at 5 frames a second (`max_fps`, issue 39 §2).
func animating(_ options: Options, scratch: Scratch) throws {
  let count = 1000
  let seconds = options.quick ? 2.0 : 3.0
  let connections = 4
  print(
    "## Animating: \(count) windows at 60 Hz\n\n"
      + "Each window runs an hour-long size transition; the daemon's CPU over "
      + "\(format(seconds, 0)) s per run, median of \(options.runs) runs. With subscribers: "
      + "one frame subscription per window (`LATEST`), spread over \(connections) connections "
      + "each read by a thread that counts the frames; every frame (60 fps), then, on new "
      + "connections once those closed, at most 5 a second (`max_fps: 5`).\n")
  var idle = Samples()
  var everyFrame = Samples()
  var rates = Samples()
  var slowFollowed = Samples()
  var slowRates = Samples()
  for run in 0..<options.runs {
    let daemon = try Daemon(
      executable: options.curtaind, directory: scratch.path, name: "animating-\(run)",
      arguments: ["--ephemeral"])
    try daemon.waitUntilServing()
    let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
    let ids = try realtimeWindows(count, animating: true, on: setup)
    pause(seconds: 0.5)
    let before = daemon.preciseCPUSeconds()
    pause(seconds: seconds)
    idle.add((daemon.preciseCPUSeconds() - before) / seconds * 100)

    // One subscriber per window at every frame, then (once those
    // connections closed) at 5 frames a second: the daemon's share of a
    // core and the frames each window delivered a second.
    func followed(maxFPS: Double?) throws -> (cpu: Double, rate: Double) {
      let drain = try Drain(
        following: ids, over: connections, socketPath: daemon.socketPath, maxFPS: maxFPS)
      defer { drain.stop() }
      let before = daemon.preciseCPUSeconds()
      let framesBefore = drain.received
      pause(seconds: seconds)
      return (
        (daemon.preciseCPUSeconds() - before) / seconds * 100,
        Double(drain.received - framesBefore) / seconds / Double(count)
      )
    }
    let every = try followed(maxFPS: nil)
    everyFrame.add(every.cpu)
    rates.add(every.rate)
    pause(seconds: 0.5)
    let five = try followed(maxFPS: 5)
    slowFollowed.add(five.cpu)
    slowRates.add(five.rate)
    try daemon.stop()
  }
  print("| subscribers | curtaind CPU (% of a core, median) | frames/s per window received |")
  print("| --- | ---: | ---: |")
  print("| none | \(format(idle.median, 1)) % | |")
  print("| one per window | \(format(everyFrame.median, 1)) % | \(format(rates.median, 1)) |")
  print(
    "| one per window at `max_fps` 5 | \(format(slowFollowed.median, 1)) % "
      + "| \(format(slowRates.median, 1)) |")
  print(
    "\nTargets: under 25 % without subscribers: "
      + (idle.median < 25 ? "met" : "NOT met") + "; under 35 % with one per window: "
      + (everyFrame.median < 35 ? "met" : "NOT met") + ".")
  print(
    "5-fps subscribers against 60-fps ones: "
      + "\(format(slowFollowed.median / everyFrame.median, 2))× the CPU "
      + "(\(format(slowFollowed.median - idle.median, 1)) against "
      + "\(format(everyFrame.median - idle.median, 1)) points above no subscriber).\n")
}

// MARK: Pacing

/// Frame arrival times of one subscriber.
private final class FrameTimes: @unchecked Sendable {
  let connection: Connection
  private let times = Locked<[Double]>([])

  init(connection: Connection) { self.connection = connection }

  /// Receives frames until `until` (monotonic seconds), noting when each
  /// arrives when `recording`.
  func receive(until end: Double, recording: Bool) {
    while Clock.now() < end {
      guard let message = try? connection.client.nextMessage(timeout: end - Clock.now())
      else { continue }
      if recording, case .frame? = message.kind {
        let now = Clock.now()
        times.withLock { $0.append(now) }
      }
    }
  }

  /// Frames per second and the intervals, in seconds.
  var figures: (rate: Double, intervals: [Double]) {
    let times = times.withLock { $0 }
    guard times.count > 1, let first = times.first, let last = times.last else {
      return (0, [])
    }
    let intervals = zip(times.dropFirst(), times).map { $0 - $1 }
    return (Double(times.count - 1) / (last - first), intervals)
  }
}

/// One window animating at 60 and 120 Hz, watched by 1, 10 and 100
/// frame subscribers on their own connections.
func pacing(_ options: Options, scratch: Scratch) throws {
  // The target is about 30 s with 100 subscribers; 1 and 10 get 5 s (about
  // 300 and 600 intervals each), which keeps `make bench` within its 10
  // minutes.
  func seconds(_ subscribers: Int) -> Double {
    options.quick || subscribers < 100 ? 5 : 30
  }
  print(
    "## Frame pacing: one window, \(format(seconds(1), 0)) s per configuration with 1 and 10 "
      + "subscribers, \(format(seconds(100), 0)) s with 100\n\n"
      + "Each subscriber has its own connection and thread and notes when each frame "
      + "arrives: frames per second over the run (median over the subscribers, and the "
      + "lowest and highest) and the 99th percentile of the interval between two "
      + "frames (the largest over the subscribers).\n")
  print(
    "| frame rate | subscribers | frames/s (median) | lowest | highest | p99 interval ms | nominal ms |"
  )
  print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
  var met = true
  for rate in [60, 120] {
    for count in [1, 10, 100] {
      let daemon = try Daemon(
        executable: options.curtaind, directory: scratch.path, name: "pacing-\(rate)-\(count)",
        arguments: ["--ephemeral"])
      try daemon.waitUntilServing()
      let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
      let window = try realtimeWindows(
        1, frameRate: UInt32(rate), animating: true, on: setup)[0]
      let watchers = try (0..<count).map { number in
        let connection = try Connection(socketPath: daemon.socketPath, name: "watch \(number)")
        try connection.call {
          $0.subscribe.windowID = window
          $0.subscribe.frames = true
        }
        return FrameTimes(connection: connection)
      }
      // The first second settles (threads start, connections warm up).
      let start = Clock.now() + 1
      let end = start + seconds(count)
      try inParallel(count) { index in
        watchers[index].receive(until: start, recording: false)
        watchers[index].receive(until: end, recording: true)
      }
      try daemon.stop()
      let figures = watchers.map(\.figures)
      var rates = Samples()
      for figure in figures { rates.add(figure.rate) }
      let p99 =
        figures.map { figure -> Double in
          var intervals = Samples()
          for interval in figure.intervals { intervals.add(interval) }
          return intervals.quantile(0.99) * 1000
        }.max() ?? .nan
      let nominal = 1000 / Double(rate)
      let lowest = rates.values.min() ?? 0
      let highest = rates.values.max() ?? 0
      let tolerance = rate == 60 ? 0.1 : 0.2
      if abs(lowest - Double(rate)) > tolerance || abs(highest - Double(rate)) > tolerance
        || p99 > nominal + 2
      {
        met = false
      }
      print(
        "| \(rate) | \(count) | \(format(rates.median, 2)) | \(format(lowest, 2)) "
          + "| \(format(highest, 2)) | \(format(p99, 2)) | \(format(nominal, 2)) |")
    }
  }
  print(
    "\nTarget: every subscriber 60.0 ± 0.1 frames/s at 60 Hz and 120.0 ± 0.2 at 120 Hz, "
      + "p99 interval within 2 ms of nominal: " + (met ? "met" : "NOT met") + ".\n")
}
