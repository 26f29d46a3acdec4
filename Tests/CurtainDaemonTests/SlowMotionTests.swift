// Slow motion (SetWindowSpeed, issue 39 §3) on a hand-moved clock: a
// realtime window's time runs at its speed, so a push at 0.5 takes twice
// the real time, by the window's time and by the frames its ticks
// produce; a speed changed in the middle of a transition continues from
// the window's time then; what it refuses; what list-windows and the
// status say. (Across restarts of the real daemon: SlowMotionRestartTests.)

import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainDaemon

final class SlowMotionTests: XCTestCase {
  /// A push of X0 in realtime window `window` (made at clock 100) run to
  /// its end at `speed` (set at clock 100, before the push): each frame
  /// with the clock of the tick that produced it, the transition's events
  /// and the clock time at which it ended.
  private func push(at speed: Double) throws -> (
    frames: [(clock: Double, frame: WireFrame)], events: [WireEvent], endClock: Double
  ) {
    let h = ServerHarness()
    let link = h.connect()
    let window = try XCTUnwrap(h.realtimeWindows(1, in: "", link).first)
    let watcher = h.connect()
    _ = h.call(watcher) {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.frames = true
    }
    if speed != 1 {
      let info = try XCTUnwrap(
        h.call(link) {
          $0.setWindowSpeed.windowID = window
          $0.setWindowSpeed.speed = speed
        }
      ).window
      XCTAssertEqual(info.speed, speed)
    }
    _ = watcher.takeEvents()
    let response = h.call(link) {
      $0.push.navigation = ref("N0")
      $0.push.controller = ref("X0")
    }
    XCTAssertEqual(response?.error.code, .unspecified, response?.error.message ?? "")
    var frames: [(clock: Double, frame: WireFrame)] = []
    var events: [WireEvent] = []
    var endClock = 0.0
    var ticks = 0
    while let wake = h.server.nextWakeup, ticks < 1000 {
      h.now = wake
      h.server.tick()
      ticks += 1
      frames += watcher.takeFrames().map { (h.now, $0) }
      let new = watcher.takeEvents()
      if new.contains(where: { $0.text.hasSuffix(".ended(cancelled: false)") }) { endClock = h.now }
      events += new
    }
    return (frames, events, endClock)
  }

  func testAPushAtHalfSpeedTakesTwiceTheRealTimeByWindowTimeAndFrames() throws {
    let normal = try push(at: 1)
    let slow = try push(at: 0.5)

    // The same push in the window's time: it ends at 0.35 s either way.
    func ended(_ events: [WireEvent]) -> Double? {
      events.first { $0.text.hasSuffix(".ended(cancelled: false)") }?.time
    }
    XCTAssertEqual(try XCTUnwrap(ended(normal.events)), 0.35, accuracy: 1e-9)
    XCTAssertEqual(try XCTUnwrap(ended(slow.events)), 0.35, accuracy: 1e-9)
    XCTAssertEqual(normal.events.map(\.text), slow.events.map(\.text))

    // In real time it takes twice as long: 0.7 s from the push at clock 100.
    XCTAssertEqual(normal.endClock - 100, 0.35, accuracy: 1e-6)
    XCTAssertEqual(slow.endClock - 100, 0.7, accuracy: 1e-6)

    // Every frame is at the window's time of its tick (on the clock's
    // grid of 2⁻²⁴ s): half the real time elapsed at 0.5; and at 60 frames
    // a second there are twice as many.
    for (clock, frame) in slow.frames {
      XCTAssertEqual(frame.modelTime, (clock - 100) * 0.5, accuracy: 1e-7)
    }
    for (clock, frame) in normal.frames {
      XCTAssertEqual(frame.modelTime, clock - 100, accuracy: 1e-7)
    }
    XCTAssertEqual(Double(normal.frames.count), 0.35 * 60, accuracy: 1, "0.35 s at 60 Hz")
    XCTAssertEqual(Double(slow.frames.count), 0.7 * 60, accuracy: 1, "0.7 s at 60 Hz")
    XCTAssertEqual(Double(slow.frames.count), Double(2 * normal.frames.count), accuracy: 1)
    XCTAssertEqual(slow.frames.last?.frame.modelTime ?? 0, 0.35, accuracy: 1e-6)
    // The transition's progress goes the same way, at half the pace.
    let slowPercents = slow.frames.compactMap { $0.frame.transitions.first?.percent }
    XCTAssertEqual(slowPercents, slowPercents.sorted())
    XCTAssertEqual(slowPercents.last ?? 0, 1, accuracy: 1e-6)
  }

  func testASpeedChangedInATransitionGoesOnFromTheWindowsTime() throws {
    let h = ServerHarness()
    let link = h.connect()
    let window = try XCTUnwrap(h.realtimeWindows(1, in: "", link).first)
    _ = h.call(link) {
      $0.push.navigation = ref("N0")
      $0.push.controller = ref("X0")
    }
    func setSpeed(_ speed: Double) throws -> Curtain_V1_WindowInfo {
      try XCTUnwrap(
        h.call(link) {
          $0.setWindowSpeed.windowID = window
          $0.setWindowSpeed.speed = speed
        }
      ).window
    }
    func windowTime() throws -> Double {
      try XCTUnwrap(h.call(link) { $0.listWindows = Curtain_V1_ListWindows() }).windows.windows[0]
        .time
    }
    h.now = 100.1
    XCTAssertEqual(try setSpeed(0.25).time, 0.1, accuracy: 1e-6)
    h.now = 100.3
    XCTAssertEqual(try windowTime(), 0.15, accuracy: 1e-6)
    // The end of the push (0.35 s of window time) comes 1 s of real time
    // after the change, not 0.25 s.
    XCTAssertEqual(try XCTUnwrap(h.server.nextWakeup), 101.1, accuracy: 1e-6)
    // Back to real time: no jump, and the rest takes its real time.
    XCTAssertEqual(try setSpeed(1).time, 0.15, accuracy: 1e-6)
    h.now = 100.4
    XCTAssertEqual(try windowTime(), 0.25, accuracy: 1e-6)
    XCTAssertEqual(try XCTUnwrap(h.server.nextWakeup), 100.5, accuracy: 1e-6)
    h.now = 100.5
    h.server.tick()
    let tree = try XCTUnwrap(h.call(link) { $0.getTree.windowID = window }).tree
    XCTAssertEqual(tree.window.speed, 1)
    XCTAssertTrue(tree.window.idle, "the push ended at 0.35 s of window time")
  }

  func testListWindowsAndStatusShowTheSpeedAndBadRequestsAreRefused() throws {
    let h = ServerHarness()
    let link = h.connect()
    let ids = try h.realtimeWindows(2, in: "", link)
    let other = try h.realtimeWindows(1, in: "other", link)
    let manual = try XCTUnwrap(
      h.call(link) { $0.createWindow.clock = .manual }
    ).window.id
    func set(_ window: UInt64, _ speed: Double, session: String = "") -> WireResponse? {
      h.call(link, session: session) {
        $0.setWindowSpeed.windowID = window
        $0.setWindowSpeed.speed = speed
      }
    }
    XCTAssertEqual(set(ids[1], 0.1)?.window.speed, 0.1)
    XCTAssertEqual(set(other[0], 2, session: "other")?.window.speed, 2)
    let windows = try XCTUnwrap(h.call(link) { $0.listWindows = Curtain_V1_ListWindows() })
      .windows.windows
    XCTAssertEqual(windows.map(\.speed), [1, 0.1, 1])
    let status = try XCTUnwrap(h.call(link) { $0.getStatus = Curtain_V1_GetStatus() }).status
    XCTAssertEqual(
      status.windowSpeeds.map { "\($0.session) w\($0.windowID) \($0.speed)" },
      ["default w\(ids[1]) 0.1", "other w\(other[0]) 2.0"])

    for bad in [0, -1, 0.009, 100.5, .nan, .infinity, -.infinity] {
      let refused = set(ids[0], bad)
      XCTAssertEqual(refused?.error.code, .invalidArgument, "\(bad)")
      XCTAssertEqual(
        refused?.error.message,
        "SetWindowSpeed needs a speed from 0.01 to 100 (1 is real time), got \(bad)")
    }
    let refused = set(manual, 0.5)
    XCTAssertEqual(refused?.error.code, .invalidArgument)
    XCTAssertEqual(
      refused?.error.message,
      "Window w\(manual) runs on a manual clock, which moves only with AdvanceClock; "
        + "SetWindowSpeed needs a realtime window")
    XCTAssertEqual(set(99, 0.5)?.error.code, .notFound)
    XCTAssertEqual(set(ids[0], 0.01)?.window.speed, 0.01, "the bounds are in")
    XCTAssertEqual(set(ids[0], 100)?.window.speed, 100)

    // Back at 1 a window leaves the status; a closed one too.
    XCTAssertEqual(set(ids[0], 1)?.window.speed, 1)
    _ = h.call(link, session: "other") { $0.closeWindow.windowID = other[0] }
    let after = try XCTUnwrap(h.call(link) { $0.getStatus = Curtain_V1_GetStatus() }).status
    XCTAssertEqual(after.windowSpeeds.map(\.windowID), [ids[1]])
  }
}
