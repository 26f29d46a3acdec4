// The thumbnails' WebSocket (`/ws/thumbnails`, issue 39 §2) for real: the
// built curtain-web beside a real curtaind, two tabs showing the
// thumbnails and one watching the window at full rate, on a manual clock
// moved one 60 Hz step at a time (frames counted by window time, never by
// sleeping).

import CurtainTesting
import CurtainWire
import Foundation
import HummingbirdWSClient
import Logging
import XCTest

final class ThumbnailWebTests: XCTestCase {
  func testThumbnailsComeAtTheirRateThroughOneSharedSubscription() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    let socket = daemon.socketPath
    try curtain(socket, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    try curtain(socket, ["new-controller", "content", "--id", "Detail"])
    let web = try TempWeb(socket: socket, arguments: ["--thumbnail-fps", "5"])
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }
    let client = try TestClient(path: socket)
    let skippedByRate = try metric(client, "curtain_frames_skipped_total", ["max_fps"])

    let first = Listener(web.webSocketURL("/ws/thumbnails"))
    let second = Listener(web.webSocketURL("/ws/thumbnails"))
    let full = Listener(web.webSocketURL("/ws/windows/w1"))
    defer { for tab in [first, second, full] { tab.stop() } }
    for tab in [first, second] {
      try waitUntil("a thumbnail tab lists w1") { tab.windowLists.last == [1] }
      XCTAssertEqual(tab.messages.first?["type"] as? String, "hello")
      XCTAssertEqual(tab.messages.first?["fps"] as? Double, 5)
    }
    try waitUntil("the full-rate tab's greeting") { full.types.contains("events") }
    // Three daemon subscriptions however many tabs: the full-rate one of
    // w1, and curtain-web's thumbnail link's of w1 and of the session's
    // window events.
    try waitUntil("three subscriptions") {
      try self.metric(client, "curtain_subscriptions", []) == 3
    }

    // A push of 0.35 s: the window's frames at k/60 s, k = 1…21.
    try curtain(socket, ["push", "@Nav", "@Detail", "--no-wait"])
    for k in 1...30 {
      let answer = try client.call {
        $0.advanceClock.windowID = 1
        $0.advanceClock.toTime = Double(k) / 60
      }
      XCTAssertEqual(answer.error.code, .unspecified, answer.error.message)
      if k <= 21 {
        try waitUntil("the full-rate frame \(k)") { full.frames.last?["frame_seq"] as? Int == k }
      }
    }
    XCTAssertEqual(full.frames.map { $0["frame_seq"] as? Int }, Array(1...21))

    // Each thumbnail tab: at most one frame per 0.2 s of window time (the
    // push's first, the first of the slot from 0.2 s, k = 12), and the
    // push's last, at its views' final values; the frames left out
    // counted by the daemon, which paced the subscription (max_fps 5).
    for tab in [first, second] {
      try waitUntil("the thumbnails' last frame") {
        tab.frames.last?["frame_seq"] as? Int == 21
      }
      let frames = tab.frames
      XCTAssertEqual(frames.map { $0["window"] as? Int }, [1, 1, 1])
      XCTAssertEqual(frames.map { $0["frame_seq"] as? Int }, [1, 12, 21])
      XCTAssertEqual(frames.map { $0["frames_skipped"] as? Int }, [0, 10, 8])
      // (Times as the JSON has them: the shortest text that reads back.)
      let times = frames.compactMap { $0["time"] as? Double }
      XCTAssertEqual(times.count, 3)
      for (time, k) in zip(times, [1.0, 12, 21]) { XCTAssertEqual(time, k / 60, accuracy: 1e-6) }
      XCTAssertEqual(frames.map { ($0["transitions"] as? [Any])?.isEmpty }, [false, false, true])
      // The events that change the picture, none of the others.
      let categories = Set(tab.events.compactMap { $0["type"] as? String })
      XCTAssertTrue(categories.isSuperset(of: ["hierarchy", "transition"]), "\(categories)")
      XCTAssertTrue(categories.isDisjoint(with: ["lifecycle", "operation"]), "\(categories)")
    }
    // One subscription at 5 fps left out 18 frames (two would have left 36).
    XCTAssertEqual(
      try metric(client, "curtain_frames_skipped_total", ["max_fps"]) - skippedByRate, 18)

    // Windows come and go: every tab hears the new list, and the thumbnail
    // link follows the new window with one more subscription, then drops it.
    try curtain(socket, ["new-window", "--clock", "manual", "--root", "Other=nav[There]"])
    for tab in [first, second] {
      try waitUntil("a thumbnail tab lists w2") { tab.windowLists.last == [1, 2] }
    }
    try waitUntil("four subscriptions") {
      try self.metric(client, "curtain_subscriptions", []) == 4
    }
    try curtain(socket, ["close-window", "w2"])
    for tab in [first, second] {
      try waitUntil("a thumbnail tab lists w1 alone") { tab.windowLists.last == [1] }
    }
    try waitUntil("three subscriptions again") {
      try self.metric(client, "curtain_subscriptions", []) == 3
    }

    // The last thumbnail tab gone, the thumbnail link goes with its
    // subscriptions.
    first.stop()
    second.stop()
    try waitUntil("the full-rate subscription alone") {
      try self.metric(client, "curtain_subscriptions", []) == 1
    }
  }

  func testTheThumbnailRateIsCheckedOnTheCommandLine() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    for bad in ["0", "0.001", "241", "-1", "nan"] {
      let process = Process()
      process.executableURL = try TempDaemon.executableURL().deletingLastPathComponent()
        .appendingPathComponent("curtain-web")
      process.arguments = [
        "--socket", daemon.socketPath, "--http", "127.0.0.1:0", "--thumbnail-fps=\(bad)",
      ]
      let output = Pipe()
      process.standardError = output
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertNotEqual(process.terminationStatus, 0, bad)
      XCTAssertTrue(
        text.contains("--thumbnail-fps must be a number of frames a second from 0.01 to 240"),
        "\(bad): \(text)")
    }
  }

  /// The value of a daemon metric's sample with `labels` (a counter or a
  /// gauge), 0 when it has none yet.
  private func metric(_ client: TestClient, _ name: String, _ labels: [String]) throws -> Double {
    let families = try client.call { $0.getMetrics = .init() }.metrics.families
    let family = families.first { $0.name == name }
    return family?.samples.first { $0.labelValues == labels }?.value ?? 0
  }

  /// Waits (up to 20 s, looking every 5 ms) until `condition` holds.
  private func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
    let deadline = MonotonicClock.now() + 20
    while try !condition() {
      guard MonotonicClock.now() < deadline else { throw ProgramFailure("timed out: \(what)") }
      usleep(5_000)
    }
  }
}

/// A WebSocket of curtain-web read in a task: every JSON message it
/// carried, in order.
private final class Listener: Sendable {
  private let received = Received()
  private let task: Task<Void, Never>

  init(_ url: String) {
    let received = self.received
    task = Task {
      do {
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 22)
        try await WebSocketClient.connect(
          url: url, configuration: configuration, logger: Logger(label: "tab")
        ) { inbound, _, _ in
          for try await message in inbound.messages(maxSize: 1 << 22) {
            guard case .text(let text) = message,
              let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
                as? [String: Any]
            else { continue }
            received.append(object)
          }
        }
      } catch {
        received.append(["type": "error: \(error)"])
      }
    }
  }

  /// Closes the socket.
  func stop() { task.cancel() }

  var messages: [[String: Any]] { received.all }
  var types: [String] { messages.compactMap { $0["type"] as? String } }
  /// The frames, in order.
  var frames: [[String: Any]] { messages.compactMap { $0["frame"] as? [String: Any] } }
  /// The events, in order.
  var events: [[String: Any]] { messages.compactMap { $0["event"] as? [String: Any] } }
  /// The window ids of each `windows` message.
  var windowLists: [[Int]] {
    messages.compactMap { message in
      (message["windows"] as? [[String: Any]])?.compactMap { $0["window"] as? Int }
    }
  }
}

/// The messages a `Listener` took, from its task.
private final class Received: @unchecked Sendable {
  private let lock = NSLock()
  private var objects: [[String: Any]] = []

  func append(_ object: [String: Any]) { lock.withLock { objects.append(object) } }
  var all: [[String: Any]] { lock.withLock { objects } }
}
