// A subscriber's frame rate (`Subscribe.max_fps`, issue 39 §2): the exact
// frames each subscriber of a window gets at its rate on a manual clock
// (a transition's first and last always, one per slot between, the frames
// left out counted in the next one and on the subscription), several
// subscribers at different rates on one window whose frames are still
// encoded once, a realtime window paced by the daemon's clock at any
// speed, and the rates refused.

import CurtainWire
import XCTest

@testable import CurtainDaemon

final class FrameRateTests: XCTestCase {
  /// Subscribes `link` to the frames of `window`, at `maxFPS` when given.
  private func subscribeFrames(
    _ h: ServerHarness, _ link: MemoryLink, window: UInt64, maxFPS: Double?,
    policy: Curtain_V1_Subscribe.FramePolicy = .latest
  ) throws -> UInt64 {
    let response = try XCTUnwrap(
      h.call(link) {
        $0.subscribe.windowID = window
        $0.subscribe.frames = true
        $0.subscribe.framePolicy = policy
        if let maxFPS { $0.subscribe.maxFps = maxFPS }
      })
    XCTAssertEqual(response.error.code, .unspecified, response.error.message)
    return response.subscribed.subscriptionID
  }

  /// Moves the manual window to k/60 s for each k of `steps` (exact
  /// times: the push of 0.35 s ends at k = 21).
  private func step(
    _ h: ServerHarness, _ link: MemoryLink, window: UInt64, _ steps: ClosedRange<Int>
  ) {
    for k in steps {
      _ = h.call(link) {
        $0.advanceClock.windowID = window
        $0.advanceClock.toTime = Double(k) / 60
      }
    }
  }

  private func push(_ h: ServerHarness, _ link: MemoryLink) {
    let response = h.call(link) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
    }
    XCTAssertEqual(response?.error.code, .unspecified, response?.error.message ?? "")
  }

  func testEachSubscriberGetsItsRateWithTheFirstAndLastFrameOfATransition() throws {
    let h = ServerHarness()
    let writer = h.connect()
    let window = h.buildNavigation(writer)
    let every = h.connect()
    let five = h.connect()
    let twenty = h.connect()
    _ = try subscribeFrames(h, every, window: window, maxFPS: nil)
    let fiveID = try subscribeFrames(h, five, window: window, maxFPS: 5)
    let twentyID = try subscribeFrames(h, twenty, window: window, maxFPS: 20)
    push(h, writer)
    step(h, writer, window: window, 1...30)

    // The window's frames: k = 1…21, the last at the push's end (its
    // transition gone, its views at their final values).
    let all = every.takeFrames()
    XCTAssertEqual(all.map(\.frameSeq), Array(1...21))
    XCTAssertEqual(all.map(\.framesSkipped), Array(repeating: 0, count: 21))
    XCTAssertEqual(all.filter { $0.transitions.isEmpty }.map(\.frameSeq), [21])

    // 5 fps, slots of 0.2 s: the first frame (the push's first), the
    // first of the slot from 0.2 s (k = 12), the push's last (k = 21).
    let slow = five.takeFrames()
    XCTAssertEqual(slow.map(\.frameSeq), [1, 12, 21])
    XCTAssertEqual(slow.map(\.framesSkipped), [0, 10, 8])
    XCTAssertEqual(slow.map(\.modelTime), [1.0 / 60, 12.0 / 60, 21.0 / 60])

    // 20 fps, slots of 0.05 s (three steps): the first of each slot.
    let fast = twenty.takeFrames()
    XCTAssertEqual(fast.map(\.frameSeq), [1, 3, 6, 9, 12, 15, 18, 21])
    XCTAssertEqual(fast.map(\.framesSkipped), [0, 1, 2, 2, 2, 2, 2, 2])

    // Counted on the subscriptions (what traces read), and encoded once.
    let subscriptions = h.server.publisher.subscriptions
    XCTAssertEqual(subscriptions[fiveID]?.framesDelivered, 3)
    XCTAssertEqual(subscriptions[fiveID]?.framesSkippedByRate, 18)
    XCTAssertEqual(subscriptions[twentyID]?.framesDelivered, 8)
    XCTAssertEqual(subscriptions[twentyID]?.framesSkippedByRate, 13)
    XCTAssertEqual(h.server.framesEncoded, 21, "one encoding per frame, whatever the rates")
  }

  func testATransitionsFirstAndLastFramesComeEvenWithinOneSlot() throws {
    let h = ServerHarness()
    let writer = h.connect()
    let window = h.buildNavigation(writer)
    let every = h.connect()
    let slow = h.connect()
    _ = try subscribeFrames(h, every, window: window, maxFPS: nil)
    let id = try subscribeFrames(h, slow, window: window, maxFPS: 1)
    push(h, writer)
    step(h, writer, window: window, 1...24)
    _ = h.call(writer) { $0.pop.navigation = ref("Nav") }
    step(h, writer, window: window, 25...60)

    // The push: k = 1…21; the pop starts at 0.4 s: its frames k = 25…45.
    let all = every.takeFrames()
    XCTAssertEqual(all.count, 42)
    XCTAssertEqual(all.map(\.modelTime).last ?? 0, 45.0 / 60, accuracy: 1e-9)
    // One second's slot holds both transitions: only their first and last.
    let frames = slow.takeFrames()
    XCTAssertEqual(frames.map(\.frameSeq), [1, 21, 22, 42])
    XCTAssertEqual(frames.map(\.framesSkipped), [0, 19, 0, 19])
    XCTAssertEqual(frames.map(\.transitions.isEmpty), [false, true, false, true])
    XCTAssertEqual(h.server.publisher.subscriptions[id]?.framesSkippedByRate, 38)
  }

  func testARateAndPauseCreditsCountTheirSkipsTogether() throws {
    let h = ServerHarness()
    let writer = h.connect()
    let window = h.buildNavigation(writer)
    let reader = h.connect()
    let subscription = try XCTUnwrap(
      h.call(reader) {
        $0.subscribe.windowID = window
        $0.subscribe.frames = true
        $0.subscribe.framePolicy = .pause
        $0.subscribe.frameCredits = 1
        $0.subscribe.maxFps = 20
      }
    ).subscribed.subscriptionID
    push(h, writer)
    step(h, writer, window: window, 1...8)
    // Frame 1 takes the only credit; 2 is left out by the rate, 3 to 8
    // (a new slot, which no frame sent has taken) for want of credit.
    XCTAssertEqual(reader.takeFrames().map(\.frameSeq), [1])
    var ack = ClientMessage()
    ack.frameAck.subscriptionID = subscription
    ack.frameAck.frameSeq = 1
    h.server.receive(ack, from: reader)
    step(h, writer, window: window, 9...9)
    let resumed = reader.takeFrames()
    XCTAssertEqual(resumed.map(\.frameSeq), [9])
    // Frame 9 reports them all.
    XCTAssertEqual(resumed.map(\.framesSkipped), [7])
  }

  func testASessionSubscriptionPacesEachWindowApart() throws {
    let h = ServerHarness()
    let writer = h.connect()
    let first = h.buildNavigation(writer)
    let reader = h.connect()
    _ = try subscribeFrames(h, reader, window: 0, maxFPS: 5)
    push(h, writer)
    step(h, writer, window: first, 1...5)
    let second = try XCTUnwrap(
      h.call(writer) {
        $0.createWindow.clock = .manual
        $0.createWindow.root.kind = .navigation
        $0.createWindow.root.identifier = "Nav2"
        var root = Curtain_V1_ControllerSpec()
        root.kind = .content
        $0.createWindow.root.children = [root]
      }
    ).window.id
    _ = h.call(writer) {
      $0.createController.kind = .content
      $0.createController.identifier = "C"
    }
    _ = h.call(writer) {
      $0.push.navigation = ref("Nav2")
      $0.push.controller = ref("C")
    }
    step(h, writer, window: second, 1...3)
    // Each window's first frame, although both are in the same slot.
    let frames = reader.takeFrames()
    XCTAssertEqual(frames.map(\.windowID), [first, second])
    XCTAssertEqual(frames.map(\.frameSeq), [1, 1])
  }

  /// A realtime window's rate counts seconds of the daemon's clock, not of
  /// the window's time: slowed to 0.5, a push lasts 0.7 s of the clock and
  /// a 5-fps subscriber gets a frame for each 0.2 s of it.
  func testARealtimeWindowIsPacedByTheDaemonsClockAtAnySpeed() throws {
    for (speed, expected) in [(1.0, 3), (0.5, 5)] {
      let h = ServerHarness()
      let link = h.connect()
      let window = try XCTUnwrap(h.realtimeWindows(1, in: "", link).first)
      let every = h.connect()
      let slow = h.connect()
      _ = try subscribeFrames(h, every, window: window, maxFPS: nil)
      _ = try subscribeFrames(h, slow, window: window, maxFPS: 5)
      if speed != 1 {
        _ = h.call(link) {
          $0.setWindowSpeed.windowID = window
          $0.setWindowSpeed.speed = speed
        }
      }
      _ = h.call(link) {
        $0.push.navigation = ref("N0")
        $0.push.controller = ref("X0")
      }
      var clocks: [Double] = []
      var ticks = 0
      while let wake = h.server.nextWakeup, ticks < 1000 {
        h.now = wake
        h.server.tick()
        ticks += 1
        clocks += slow.takeFrames().map { _ in h.now }
      }
      let all = every.takeFrames()
      XCTAssertEqual(clocks.count, expected, "speed \(speed): \(clocks)")
      // The first slot's frame, one per 0.2 s of the clock, the last.
      let slots = clocks.dropLast().map { Publisher.slot(at: $0, fps: 5) }
      XCTAssertEqual(slots, Array(slots[0]..<(slots[0] + Int64(slots.count))), "speed \(speed)")
      // Slowed, the push's end falls just after the 42nd tick of 0.7 s.
      XCTAssertEqual(all.count, speed == 1 ? 21 : 43, "speed \(speed)")
    }
  }

  func testRatesThatAreNotANumberOfFramesASecondAreRefused() throws {
    let h = ServerHarness()
    let link = h.connect()
    let window = h.buildNavigation(link)
    for rate in [0, -1, .nan, .infinity, -.infinity, 0.001, 241, 1e300] {
      let response = h.call(link) {
        $0.subscribe.windowID = window
        $0.subscribe.frames = true
        $0.subscribe.maxFps = rate
      }
      XCTAssertEqual(response?.error.code, .invalidArgument, "\(rate)")
      XCTAssertEqual(
        response?.error.message,
        "Subscribe's max_fps must be a number of frames a second from 0.01 to 240 "
          + "(leave it unset for every frame), got \(rate)")
    }
    XCTAssertEqual(h.server.publisher.subscriptions.count, 0)
    for rate in [0.01, 0.5, 240] {
      let response = h.call(link) {
        $0.subscribe.windowID = window
        $0.subscribe.frames = true
        $0.subscribe.maxFps = rate
      }
      XCTAssertEqual(response?.error.code, .unspecified, "\(rate)")
    }
  }
}
