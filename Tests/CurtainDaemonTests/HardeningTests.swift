import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Regression tests of the hardening issue, over the real protocol: the real
/// `curtaind` survives a stderr it cannot write, refuses near-miss tokens,
/// answers waiting requests when it stops, refuses a queued operation that
/// can no longer run as it would refuse a direct one, and sends a window's
/// frames from its ticks only.
final class HardeningTests: XCTestCase {
  private var daemons: [TempDaemon] = []

  override func tearDown() {
    for daemon in daemons {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
      XCTAssertTrue(result.socketRemoved, "the socket file is removed on SIGTERM")
    }
    daemons = []
  }

  private func start(
    _ arguments: [String] = [], standardError: TempDaemon.StandardErrorChoice = .pipe
  ) throws -> TempDaemon {
    let daemon = try TempDaemon(arguments: arguments, standardError: standardError)
    daemons.append(daemon)
    return daemon
  }

  /// Requests that each log a debug line, then a Sync that proves the
  /// daemon still serves.
  private func exercise(_ daemon: TempDaemon) throws {
    let client = try TestClient(path: daemon.socketPath)
    for _ in 0..<20 {
      let window = try client.call { $0.createWindow = Curtain_V1_CreateWindow() }.window.id
      XCTAssertNotEqual(window, 0)
    }
    try client.sync()
    let other = try TestClient(path: daemon.socketPath)
    try other.sync()
  }

  // MARK: A stderr that cannot be written

  func testTheDaemonServesWithItsStderrOnDevFull() throws {
    for format in ["text", "json"] {
      let daemon = try start(
        ["--log-level", "debug", "--log-format", format], standardError: .file("/dev/full"))
      try exercise(daemon)
    }
  }

  func testTheDaemonServesWhenTheReaderOfItsStderrLeft() throws {
    for format in ["text", "json"] {
      let daemon = try start(["--log-level", "debug", "--log-format", format])
      daemon.closeStandardErrorReader()
      try exercise(daemon)
    }
  }

  // MARK: The token

  func testTheTokenFollowedByNULsIsRefused() throws {
    // Many guesses from one address: no backoff (HelloRateLimitTests); a
    // Hello's strings count against --max-string-bytes (PrescanTests): the
    // limit is raised so that the longest guess reaches the token check.
    let daemon = try TempDaemon(
      arguments: ["--hello-failure-limit", "0", "--max-string-bytes", "131072"],
      tcpToken: "s3cret")
    daemons.append(daemon)
    let port = try XCTUnwrap(daemon.tcpPort, daemon.stderr)
    let loopback = CurtainClient.Endpoint.tcp(host: "127.0.0.1", port: port)
    // Lengths that differ by a multiple of 256 once looked equal.
    for padding in [1, 256, 512, 65_536] {
      let guess = "s3cret" + String(repeating: "\u{0}", count: padding)
      XCTAssertThrowsError(
        try CurtainClient(endpoint: loopback).hello(clientName: "guess", token: guess)
      ) { error in
        guard case .server(let refusal)? = error as? ClientError else {
          return XCTFail("not refused by the daemon (\(padding) NULs): \(error)")
        }
        XCTAssertEqual(refusal.code, .unauthenticated, "\(padding) NULs")
      }
    }
    for guess in ["", "s3cre", "s3cret\u{0}x", "s3creT"] {
      XCTAssertThrowsError(
        try CurtainClient(endpoint: loopback).hello(clientName: "guess", token: guess))
    }
    let good = try TestClient(endpoint: loopback, token: "s3cret")
    try good.sync()
  }

  // MARK: Stopping

  func testSIGTERMAnswersEveryWaitingRequestBeforeTheGoodbye() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath)
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    for (kind, name) in [
      (Curtain_V1_ControllerKind.navigation, "Nav"), (.content, "A"), (.content, "B"),
      (.content, "C"),
    ] {
      try client.call {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
    }
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A")]
    }
    try client.call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef("Nav")
    }
    let observer = try TestClient(path: daemon.socketPath, name: "observer")
    try observer.call {
      $0.subscribe.windowID = window
      $0.subscribe.frames = true
    }
    // On a manual clock nothing completes unless the clock is advanced.
    let push = client.send {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
      $0.waitUntil = .completed
    }
    let queued = client.send {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("C")
      $0.waitUntil = .started
    }
    let idle = client.send { $0.waitIdle.windowID = window }
    let advance = client.send {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.01
    }
    // The frame of the advance proves that every request before it was
    // handled (their responses wait behind the first, deferred one).
    let deadline = MonotonicClock.now() + 10
    while observer.frames.isEmpty, MonotonicClock.now() < deadline { try observer.sync() }
    XCTAssertFalse(observer.frames.isEmpty, "the advance made a frame")
    let result = daemon.stop()
    XCTAssertEqual(result.status, 0, daemon.stderr)
    for (id, unmet) in [
      (push, "in window w\(window) had not completed"),
      (queued, "in window w\(window) had not started"),
      (idle, "window w\(window) was not idle yet"),
    ] {
      let response = try XCTUnwrap(try client.response(to: id, timeout: 5), unmet)
      XCTAssertEqual(response.error.code, .busy, unmet)
      XCTAssertTrue(
        response.error.message.hasPrefix("The daemon is stopping: "), response.error.message)
      XCTAssertTrue(response.error.message.hasSuffix(unmet), response.error.message)
    }
    let advanced = try XCTUnwrap(try client.response(to: advance, timeout: 5))
    XCTAssertEqual(advanced.error.code, .unspecified, "answered, after the waiting ones")
    try client.drain(timeout: 2)
    XCTAssertEqual(client.goodbye?.reason, .shutdown)
  }

  // MARK: Queued operations

  /// A navigation controller `nav` with `stack` as root of a new manual
  /// window; returns the window id.
  private func navigationWindow(_ client: TestClient, _ nav: String, stack: [String]) throws
    -> UInt64
  {
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    for (kind, name) in [(Curtain_V1_ControllerKind.navigation, nav)]
      + stack.map({ (.content, $0) })
    {
      try client.call {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
    }
    try client.call {
      $0.setStack.navigation = controllerRef(nav)
      $0.setStack.controllers = stack.map(controllerRef)
    }
    try client.call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef(nav)
    }
    return window
  }

  func testAQueuedPushOfAControllerAnotherWindowTookGetsBusy() throws {
    let daemon = try start()
    let waiter = try TestClient(path: daemon.socketPath, name: "waiter")
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let windowA = try navigationWindow(driver, "NA", stack: ["A0"])
    let windowB = try navigationWindow(driver, "NB", stack: ["B0"])
    for name in ["A1", "B1"] {
      try driver.call {
        $0.createController.kind = .content
        $0.createController.identifier = name
      }
    }
    let running = try driver.call {
      $0.push.navigation = controllerRef("NB")
      $0.push.controller = controllerRef("B1")
    }
    XCTAssertNotEqual(running.operation.transitionID, 0, "window B is busy")
    try driver.call {
      $0.subscribe.windowID = windowB
      $0.subscribe.events = true
      $0.subscribe.categories = [.operation]
    }
    // A1 is in no window yet: the push waits in window B's queue.
    let queued = waiter.send {
      $0.push.navigation = controllerRef("NB")
      $0.push.controller = controllerRef("A1")
      $0.waitUntil = .started
    }
    let deadline = MonotonicClock.now() + 10
    while driver.events.isEmpty, MonotonicClock.now() < deadline { try driver.sync() }
    XCTAssertEqual(driver.takeEvents().count, 1, "the push was queued")
    // Window A takes A1 and holds it in an interactive pop.
    let pushed = try driver.call {
      $0.push.navigation = controllerRef("NA")
      $0.push.controller = controllerRef("A1")
      $0.push.notAnimated = true
    }
    XCTAssertEqual(pushed.error.code, .unspecified, pushed.error.message)
    let begin = try driver.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("NA")
    }
    XCTAssertEqual(begin.error.code, .unspecified, begin.error.message)
    let message = "A1 is part of a running transition in window w\(windowA)"
    let direct = try driver.call {
      $0.push.navigation = controllerRef("NB")
      $0.push.controller = controllerRef("A1")
    }
    XCTAssertEqual(direct.error.code, .busy)
    XCTAssertEqual(direct.error.message, message)
    // Window B's push ends; the queued push's turn comes.
    try driver.call {
      $0.advanceClock.windowID = windowB
      $0.advanceClock.seconds = 1
    }
    let answer = try XCTUnwrap(try waiter.response(to: queued))
    XCTAssertEqual(answer.error.code, .busy)
    XCTAssertEqual(answer.error.message, message)
    let tree = try driver.call { $0.getTree.windowID = windowB }.tree
    XCTAssertEqual(tree.root.children.map(\.identifier), ["B0", "B1"])
  }

  // MARK: Frames

  func testRequestsBetweenTicksAddNoFrames() throws {
    let daemon = try start()
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let window = try driver.call {
      $0.createWindow.clock = .realtime
      $0.createWindow.frameRate = 30
    }.window.id
    for (kind, name) in [
      (Curtain_V1_ControllerKind.navigation, "Nav"), (.content, "A"), (.content, "B"),
    ] {
      try driver.call {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
    }
    try driver.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A")]
    }
    try driver.call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef("Nav")
    }
    let watcher = try TestClient(path: daemon.socketPath, name: "watcher")
    try watcher.call {
      $0.subscribe.windowID = window
      $0.subscribe.frames = true
    }
    let pusher = try TestClient(path: daemon.socketPath, name: "pusher")
    let push = pusher.send {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
      $0.waitUntil = .completed
    }
    // Requests as fast as the daemon answers, for longer than the push.
    let start = MonotonicClock.now()
    var requests = 0
    while MonotonicClock.now() - start < 0.6 {
      try driver.call { $0.getTree.windowID = window }
      requests += 1
    }
    let answer = try XCTUnwrap(try pusher.response(to: push))
    XCTAssertTrue(answer.operation.completed)
    try watcher.sync()
    let frames = watcher.takeFrames()
    // The push lasts 0.35 s: at 30 frames per second that is 11 frames,
    // and one more for its end; a frame per request between ticks would
    // make about twice as many, at half the interval.
    XCTAssertGreaterThan(requests, 100, "requests kept coming between ticks")
    XCTAssertGreaterThanOrEqual(frames.count, 2)
    XCTAssertLessThanOrEqual(frames.count, 13, "\(frames.count) frames for a 0.35 s push at 30 Hz")
    XCTAssertEqual(frames.last?.transitions.count, 0, "the last frame shows the push ended")
    // The frames of the running push come from ticks, one per slot of
    // the frame rate (RealtimeSchedule.swift), in order. A tick the busy
    // loop serves late is followed by one on time, so two frames may be
    // closer than an interval by that lateness; the count above shows that
    // requests between ticks add none.
    let times = frames.filter { !$0.transitions.isEmpty }.map(\.modelTime)
    for (earlier, later) in zip(times, times.dropFirst()) {
      XCTAssertGreaterThan(later, earlier, "frames \(times)")
    }
  }
}
