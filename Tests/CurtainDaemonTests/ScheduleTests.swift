import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainDaemon

/// Issue 13: a request moves only the realtime windows it addresses and
/// those whose deadline has come (`Server.windowsAdvanced`), frames are
/// encoded only for windows with frame subscribers
/// (`Server.framesEncoded`), and frame ticks follow an ideal schedule that
/// never drifts (RealtimeSchedule.swift), all on a hand-moved clock.
final class ScheduleTests: XCTestCase {
  /// Starts an animated push (0.35 s) in window `index` of `session`.
  private func push(_ index: Int, in session: String, _ h: ServerHarness, _ link: MemoryLink) {
    let response = h.call(link, session: session) {
      $0.push.navigation = ref("N\(index)")
      $0.push.controller = ref("X\(index)")
    }
    XCTAssertEqual(response?.error.code, .unspecified, response?.error.message ?? "")
  }

  func testASyncMovesNoIdleWindowAndOnlyTheDueOnes() throws {
    let h = ServerHarness()
    let link = h.connect()
    try h.realtimeWindows(200, in: "many", link)
    push(0, in: "many", h, link)
    push(1, in: "many", h, link)
    h.now += 0.1
    var before = h.server.windowsAdvanced
    for _ in 0..<10 { _ = h.call(link) { $0.sync = Curtain_V1_Sync() } }
    XCTAssertEqual(h.server.windowsAdvanced - before, 0, "nothing is due: no window moves")

    // Past the pushes' end both are due, once.
    h.now += 0.3
    before = h.server.windowsAdvanced
    _ = h.call(link) { $0.sync = Curtain_V1_Sync() }
    XCTAssertEqual(h.server.windowsAdvanced - before, 2, "the two windows whose push ended")
    before = h.server.windowsAdvanced
    _ = h.call(link) { $0.sync = Curtain_V1_Sync() }
    XCTAssertEqual(h.server.windowsAdvanced - before, 0)
    let tree = try XCTUnwrap(
      h.call(link, session: "many") { $0.getTree.windowID = 1 }
    ).tree
    XCTAssertTrue(tree.description_p.contains("X0"), tree.description_p)
  }

  func testARequestToOneSessionMovesNoWindowOfAnother() throws {
    let h = ServerHarness()
    let link = h.connect()
    try h.realtimeWindows(100, in: "many", link)
    let solo = try h.realtimeWindows(1, in: "solo", link)
    h.now += 1
    let before = h.server.windowsAdvanced
    _ = h.call(link, session: "solo") { $0.getTree.windowID = solo[0] }
    push(0, in: "solo", h, link)
    XCTAssertEqual(h.server.windowsAdvanced - before, 2, "solo's window, once per request")
  }

  func testWindowsNobodyFollowsWithFramesEncodeNoFrameAndDoNotTick() throws {
    let h = ServerHarness()
    let link = h.connect()
    let ids = try h.realtimeWindows(20, in: "", link)
    for index in ids.indices { push(index, in: "", h, link) }
    // Nothing but the pushes' end wakes the daemon: no frame ticks.
    XCTAssertEqual(h.server.nextWakeup ?? 0, h.now + 0.35, accuracy: 1e-6)
    h.now = h.server.nextWakeup ?? h.now
    h.server.tick()
    XCTAssertNil(h.server.nextWakeup)
    XCTAssertEqual(h.server.framesEncoded, 0)

    // One window followed with frames: its frames alone are encoded, each
    // once however many subscriptions follow it.
    let watcher = h.connect()
    for _ in 0..<3 {
      _ = h.call(watcher) {
        $0.subscribe.windowID = ids[3]
        $0.subscribe.frames = true
      }
    }
    _ = h.call(link) {
      $0.pop.navigation = ref("N3")
    }
    _ = h.call(link) {
      $0.pop.navigation = ref("N4")
    }
    var ticks = 0
    while let wake = h.server.nextWakeup, ticks < 100 {
      h.now = wake
      h.server.tick()
      ticks += 1
    }
    let frames = watcher.takeFrames()
    XCTAssertEqual(frames.count % 3, 0)
    XCTAssertGreaterThanOrEqual(frames.count / 3, 21, "0.35 s at 60 Hz")
    XCTAssertTrue(frames.allSatisfy { $0.windowID == ids[3] })
    XCTAssertEqual(h.server.framesEncoded, frames.count / 3)
  }

  func testASubscriberThatComesLaterGetsTheCurrentFrame() throws {
    let h = ServerHarness()
    let link = h.connect()
    let ids = try h.realtimeWindows(1, in: "", link)
    push(0, in: "", h, link)
    h.now += 0.1
    _ = h.call(link) { $0.sync = Curtain_V1_Sync() }
    let watcher = h.connect()
    _ = h.call(watcher) {
      $0.subscribe.windowID = ids[0]
      $0.subscribe.frames = true
    }
    let wake = try XCTUnwrap(h.server.nextWakeup)
    XCTAssertLessThanOrEqual(wake - h.now, 1.0 / 60 + 1e-9, "the next slot at 60 Hz")
    h.now = wake
    h.server.tick()
    let frame = try XCTUnwrap(watcher.takeFrames().first)
    XCTAssertEqual(frame.frameSeq, 1)
    XCTAssertEqual(frame.modelTime, wake - 100, accuracy: 1e-6)
    XCTAssertEqual(frame.transitions.first?.percent ?? 0, (wake - 100) / 0.35, accuracy: 1e-6)
  }

  func testAReadOfOneWindowMovesThatWindowAlone() throws {
    let h = ServerHarness()
    let link = h.connect()
    let ids = try h.realtimeWindows(50, in: "many", link)
    for index in ids.indices { push(index, in: "many", h, link) }
    h.now += 0.1
    func moved(_ build: (inout WireRequest) -> Void) -> Int {
      let before = h.server.windowsAdvanced
      let response = h.call(link, session: "many", build: build)
      XCTAssertEqual(response?.error.code ?? .unspecified, .unspecified)
      return h.server.windowsAdvanced - before
    }
    // Reads that name a window move it alone (nothing else is due)...
    XCTAssertEqual(moved { $0.getTree.windowID = ids[7] }, 1)
    XCTAssertEqual(
      moved {
        $0.subscribe.windowID = ids[7]
        $0.subscribe.frames = true
      }, 1)
    XCTAssertEqual(moved { $0.listControllers.windowID = ids[7] }, 1)
    // (On a connection of its own: answers come in the order asked.)
    let waiter = h.connect()
    let before = h.server.windowsAdvanced
    let wait = h.send(waiter, session: "many") { $0.waitIdle.windowID = ids[7] }
    XCTAssertEqual(h.server.windowsAdvanced - before, 1, "WaitIdle, answered later")
    XCTAssertFalse(
      waiter.takeResponses().contains { $0.requestID == wait }, "the window is still pushing")
    // ... and a window that does not exist moves none.
    let missing = h.call(link, session: "many") { $0.getTree.windowID = 999 }
    XCTAssertEqual(missing?.error.code, .notFound)
    // Reads of the whole session, and changes, move all its windows; a
    // list of windows moves only those due (none: testAListOfWindows…).
    XCTAssertEqual(moved { $0.getTree.windowID = 0 }, 50, "the first window's tree")
    XCTAssertEqual(moved { $0.subscribe.events = true }, 50)
    XCTAssertEqual(moved { $0.listWindows = Curtain_V1_ListWindows() }, 0)
    XCTAssertEqual(
      moved {
        $0.resizeWindow.windowID = ids[7]
        $0.resizeWindow.metrics.size.width = 400
        $0.resizeWindow.metrics.size.height = 800
        $0.resizeWindow.notAnimated = true
      }, 50)
  }

  /// Issue 34 §1: a list of windows moves only the windows whose deadline
  /// has come, and gives each realtime window the time of its clock, the
  /// time the window has once a read of it moves it there.
  func testAListOfWindowsMovesOnlyTheDueOnesAndGivesEachItsClockTime() throws {
    let h = ServerHarness()
    let link = h.connect()
    let ids = try h.realtimeWindows(20, in: "many", link)
    for index in 0..<5 { push(index, in: "many", h, link) }
    h.now += 0.1
    func list() throws -> (moved: Int, windows: [Curtain_V1_WindowInfo]) {
      let before = h.server.windowsAdvanced
      let windows = try XCTUnwrap(
        h.call(link, session: "many") { $0.listWindows = Curtain_V1_ListWindows() }
      ).windows.windows
      return (h.server.windowsAdvanced - before, windows)
    }
    var (moved, windows) = try list()
    XCTAssertEqual(moved, 0, "nothing is due: the five pushes end at 0.35 s")
    XCTAssertEqual(windows.map(\.id), ids)
    XCTAssertEqual(windows.map(\.idle), (0..<20).map { $0 >= 5 })
    for info in windows {
      let tree = try XCTUnwrap(h.call(link, session: "many") { $0.getTree.windowID = info.id })
      XCTAssertEqual(info.time, tree.tree.window.time, "w\(info.id): its clock's time")
      XCTAssertEqual(info.lastSeq, tree.tree.window.lastSeq)
    }
    // Past the pushes' end, the five are due: the list moves them (their
    // pushes complete) and no other.
    h.now += 0.3
    (moved, windows) = try list()
    XCTAssertEqual(moved, 5)
    XCTAssertTrue(windows.allSatisfy(\.idle))
    for info in windows {
      let tree = try XCTUnwrap(h.call(link, session: "many") { $0.getTree.windowID = info.id })
      XCTAssertEqual(info.time, tree.tree.window.time, "w\(info.id)")
      XCTAssertEqual(info.lastSeq, tree.tree.window.lastSeq, "w\(info.id): the push's events")
    }
  }

  /// Issue 34 §1: a read at which nothing happened by itself leaves the
  /// schedule as it was, as a tick does; a change has it look again at
  /// the windows it moved.
  func testAReadLeavesTheScheduleAlone() throws {
    let h = ServerHarness()
    let link = h.connect()
    let ids = try h.realtimeWindows(30, in: "many", link)
    push(0, in: "many", h, link)
    h.now += 0.1
    _ = h.server.nextWakeup
    func lookedAt(_ build: (inout WireRequest) -> Void) -> Int {
      let before = h.server.windowsLookedAt
      let response = h.call(link, session: "many", build: build)
      XCTAssertEqual(response?.error.code ?? .unspecified, .unspecified)
      _ = h.server.nextWakeup
      return h.server.windowsLookedAt - before
    }
    XCTAssertEqual(lookedAt { $0.getTree.windowID = 0 }, 0, "a read of the session")
    XCTAssertEqual(lookedAt { $0.getTree.windowID = ids[0] }, 0, "of the pushing window")
    XCTAssertEqual(lookedAt { $0.listControllers = Curtain_V1_ListControllers() }, 0)
    XCTAssertEqual(
      lookedAt {
        $0.configureController.controller = ref("R3")
        $0.configureController.title = "Three"
      }, 30, "a change: every window of the session it moved")
    XCTAssertEqual(h.server.nextWakeup ?? 0, h.now + 0.25, accuracy: 1e-6, "the push's end")
  }

  func testTheSameEventsWhetherOrNotTheClockIsReadInBetween() throws {
    func run(syncEvery step: Double?, readingWindow window: UInt64? = nil) throws -> [String] {
      let h = ServerHarness()
      let link = h.connect()
      try h.realtimeWindows(4, in: "s", link)
      _ = h.call(link, session: "s") { $0.subscribe.events = true }
      for index in 0..<4 {
        push(index, in: "s", h, link)
        h.now += 0.1
      }
      let end = h.now + 1
      if let step {
        while h.now + step < end {
          h.now += step
          if let window {
            // A read of one window moves it alone: the others catch up later.
            _ = h.call(link, session: "s") { $0.getTree.windowID = window }
          } else {
            _ = h.call(link) { $0.sync = Curtain_V1_Sync() }
          }
        }
      }
      h.now = end
      _ = h.call(link, session: "s") { $0.listWindows = Curtain_V1_ListWindows() }
      // Each window's events in order (windows interleave differently
      // when they end in different publishes).
      return link.takeEvents().sorted { ($0.windowID, $0.seq) < ($1.windowID, $1.seq) }
        .map { "w\($0.windowID) \($0.seq) \($0.text)" }
    }
    let jumped = try run(syncEvery: nil)
    XCTAssertTrue(jumped.contains { $0.contains("didShow") })
    XCTAssertEqual(try run(syncEvery: 0.013), jumped)
    XCTAssertEqual(try run(syncEvery: 0.001), jumped)
    XCTAssertEqual(try run(syncEvery: 0.013, readingWindow: 2), jumped)
    XCTAssertEqual(try run(syncEvery: 0.001, readingWindow: 3), jumped)
  }

  // MARK: The tick schedule

  func testAWindowKeyIsItsSessionsNameAndWindowWhateverBuiltTheName() {
    // A name read from a request or built piece by piece, short (stored in
    // the String itself) or 64 bytes long (on the heap), is the same key.
    let long = String(repeating: "s", count: 63)
    let names = ["default", "s1", "s2", "a", long + "x", long + "y"]
    var built: [WindowKey: Int] = [:]
    for (index, name) in names.enumerated() {
      for window in 1...3 {
        built[WindowKey(session: name, window: WindowID(UInt64(window)))] = index * 10 + window
      }
    }
    XCTAssertEqual(built.count, names.count * 3, "no two sessions or windows share a key")
    for (index, name) in names.enumerated() {
      let spelled = String(name.prefix(name.count - 1)) + String(name.last!)
      for window in 1...3 {
        let key = WindowKey(session: spelled, window: WindowID(UInt64(window)))
        XCTAssertEqual(key, WindowKey(session: name, window: WindowID(UInt64(window))))
        XCTAssertEqual(built[key], index * 10 + window, "\(name) w\(window)")
      }
    }
    XCTAssertNotEqual(
      WindowKey(session: "s1", window: WindowID(2)), WindowKey(session: "s2", window: WindowID(1)))
  }

  func testTicksFallOnTheIdealScheduleWithoutDrift() {
    var schedule = RealtimeSchedule()
    let key = WindowKey(session: "default", window: WindowID(1))
    schedule.setTicking(key, rate: 60, now: 100)
    XCTAssertEqual(schedule.nextTick, 6001.0 / 60)
    // 100,000 ticks (28 minutes), each served 0.7 ms late: the schedule
    // stays on k / 60.
    for k in Int64(6001)...Int64(106_000) {
      let slot = Double(k) / 60
      XCTAssertEqual(schedule.takeTicks(at: slot - 0.000_01), [], "never before its slot")
      XCTAssertEqual(schedule.takeTicks(at: slot + 0.000_7), [key])
      guard schedule.nextTick == Double(k + 1) / 60 else {
        return XCTFail("tick \(k) drifted: \(schedule.nextTick ?? .nan)")
      }
    }
  }

  func testAMissedTickServesTheLatestSlotOnlyWithoutABurst() {
    var schedule = RealtimeSchedule()
    let key = WindowKey(session: "default", window: WindowID(1))
    schedule.setTicking(key, rate: 120, now: 10)
    XCTAssertEqual(schedule.takeTicks(at: 10 + 1.0 / 120), [key])
    // The loop was busy for half a second: one tick, then the next slot.
    XCTAssertEqual(schedule.takeTicks(at: 10.5 + 0.003), [key])
    XCTAssertEqual(schedule.takeTicks(at: 10.5 + 0.003), [])
    XCTAssertEqual(schedule.nextTick, Double(1261) / 120)
  }

  func testWindowsOfOneRateShareTheirTicks() {
    var schedule = RealtimeSchedule()
    for id in 1...1000 {
      schedule.setTicking(
        WindowKey(session: "default", window: WindowID(UInt64(id))), rate: 60,
        now: 5 + Double(id) / 1e5)
    }
    XCTAssertEqual(schedule.nextTick, 301.0 / 60)
    XCTAssertEqual(schedule.takeTicks(at: 301.0 / 60).count, 1000)
  }

  func testDeadlinesComeOutInOrderAndOnlyWhenDue() {
    var schedule = RealtimeSchedule()
    let keys = (1...5).map { WindowKey(session: "s", window: WindowID(UInt64($0))) }
    for (key, at) in zip(keys, [5.0, 1, 4, 2, 3]) { schedule.setDeadline(key, at) }
    schedule.setDeadline(keys[2], 0.5)
    schedule.setDeadline(keys[4], nil)
    XCTAssertEqual(schedule.nextDeadline(), 0.5 + RealtimeSchedule.tolerance)
    XCTAssertEqual(schedule.takeDue(at: 2), [keys[2], keys[1], keys[3]])
    XCTAssertEqual(schedule.takeDue(at: 2), [])
    XCTAssertEqual(schedule.nextDeadline(), 5 + RealtimeSchedule.tolerance)
  }

  func testATickServedLateDoesNotCostTheNextSlotItsFrame() throws {
    let h = ServerHarness()
    let link = h.connect()
    let ids = try h.realtimeWindows(1, in: "", link)
    let watcher = h.connect()
    _ = h.call(watcher) {
      $0.subscribe.windowID = ids[0]
      $0.subscribe.frames = true
    }
    push(0, in: "", h, link)
    // Ten slots at 60 Hz: every other one served 0.6 of an interval late,
    // so that the next, on time, comes 0.4 of an interval after it. Each
    // slot sends its frame.
    for k in 0..<10 {
      let slot = try XCTUnwrap(h.server.nextWakeup)
      h.now = slot + (k.isMultiple(of: 2) ? 0.6 / 60 : 0)
      h.server.tick()
    }
    let frames = watcher.takeFrames()
    XCTAssertEqual(frames.map(\.frameSeq), Array(1...10))
    XCTAssertEqual(frames.map(\.framesSkipped), Array(repeating: 0, count: 10))
  }

  func testTheWakeIsArmedAtTheTicksNanosecond() {
    // A tick at 100.016666… s wakes the loop at 100,016,666,667 ns of the
    // monotonic clock: the first nanosecond at or after it, not the first
    // whole millisecond (100.017 s).
    XCTAssertEqual(Daemon.wakeDeadline(at: 100 + 1.0 / 60, lastFired: 0), 100_016_666_667)
    XCTAssertEqual(Daemon.wakeDeadline(at: 6001.0 / 60, lastFired: 0), 100_016_666_667)
    XCTAssertEqual(Daemon.wakeDeadline(at: 100.5, lastFired: 0), 100_500_000_000)
    // Every slot of an hour at 60 and 120 Hz, 100 hours after boot: never
    // before k / rate, and at most the double's rounding (1 ns) after it.
    for rate in [60, 120] {
      let first = Int64(360_000 * rate)
      for k in first..<first + Int64(3600 * rate) {
        let exact = (UInt64(k) * 1_000_000_000 + UInt64(rate - 1)) / UInt64(rate)
        let due = Daemon.wakeDeadline(
          at: RealtimeSchedule.time(ofSlot: k, rate: rate), lastFired: 0)
        guard let due, due >= exact, due <= exact + 1 else {
          return XCTFail("slot \(k) at \(rate) Hz: \(due.map(String.init) ?? "nil"), not \(exact)")
        }
      }
    }
    // A wake-up the callback left in place (not after the deadline the
    // timer fired at) waits a millisecond rather than spin the loop.
    XCTAssertEqual(Daemon.wakeDeadline(at: 99, lastFired: 100_000_000_000), 100_001_000_000)
    XCTAssertEqual(Daemon.wakeDeadline(at: 100, lastFired: 100_000_000_000), 100_001_000_000)
    XCTAssertEqual(
      Daemon.wakeDeadline(at: 100.000_000_001, lastFired: 100_000_000_000), 100_000_000_001)
    XCTAssertNil(Daemon.wakeDeadline(at: .infinity, lastFired: 0))
  }
}
