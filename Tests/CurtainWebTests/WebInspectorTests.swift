// curtain-web for real: the built executable on a free port beside a real
// curtaind, its JSON API, /metrics and the window WebSocket over real HTTP.

import CurtainTesting
import CurtainWire
import Foundation
import HummingbirdWSClient
import Logging
import XCTest

final class WebInspectorTests: XCTestCase {
  private func object(_ answer: TempWeb.Answer) throws -> [String: Any] {
    try XCTUnwrap(try answer.json() as? [String: Any], answer.body)
  }

  func testTheReadAPIMirrorsTheDaemonsReadRequests() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    let web = try TempWeb(socket: daemon.socketPath)
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }

    let status = try web.request("/api/status")
    XCTAssertEqual(status.status, 200)
    XCTAssertTrue(status.type.hasPrefix("application/json"), status.type)
    XCTAssertEqual(try object(status)["windows"] as? Int, 1)

    let list = try web.request("/api/windows").json()
    let windows = try XCTUnwrap(list as? [[String: Any]])
    XCTAssertEqual(windows.map { $0["window"] as? Int }, [1])
    let one = try object(try web.request("/api/windows/w1"))
    XCTAssertEqual(one["clock"] as? String, "manual")

    let tree = try object(try web.request("/api/windows/1/tree"))
    let root = try XCTUnwrap(tree["root"] as? [String: Any])
    XCTAssertEqual(root["identifier"] as? String, "Nav")
    let children = try XCTUnwrap(root["children"] as? [[String: Any]])
    XCTAssertEqual(children.map { $0["identifier"] as? String }, ["Home"])
    // The same as `curtain tree --json`.
    let cli = try curtain(daemon.socketPath, ["tree", "w1", "--json"])
    let same = try web.request("/api/windows/w1/tree")
    XCTAssertEqual(same.body, cli)

    let home = try object(try web.request("/api/controllers/@Home"))
    XCTAssertEqual(home["kind"] as? String, "content")
    let controllerList = try web.request("/api/controllers").json()
    let controllers = try XCTUnwrap(controllerList as? [[String: Any]])
    XCTAssertEqual(Set(controllers.compactMap { $0["identifier"] as? String }), ["Nav", "Home"])
    let sessionList = try web.request("/api/sessions").json()
    let sessions = try XCTUnwrap(sessionList as? [[String: Any]])
    XCTAssertEqual(sessions.first?["session"] as? String, "default")
    XCTAssertEqual(sessions.first?["windows"] as? Int, 1)

    let svg = try web.request("/api/windows/w1/snapshot.svg")
    XCTAssertEqual(svg.status, 200)
    XCTAssertTrue(svg.type.hasPrefix("image/svg+xml"), svg.type)
    XCTAssertTrue(svg.body.contains("<svg"), svg.body)
    // The CLI's picture of the same window.
    let picture = try curtain(daemon.socketPath, ["snapshot", "w1", "--svg", "-"])
    XCTAssertEqual(svg.body.trimmingSuffixNewline, picture.trimmingSuffixNewline)
  }

  func testTheSceneAndTheTransitionRoutesShowAPushMidway() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    try curtain(daemon.socketPath, ["new-controller", "content", "--id", "Detail"])
    try curtain(daemon.socketPath, ["push", "@Nav", "@Detail", "--no-wait"])
    try curtain(daemon.socketPath, ["advance", "w1", "0.175"])
    let web = try TempWeb(socket: daemon.socketPath)
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }

    // A page opened now, before any frame, shows the push's progress.
    let scene = try object(try web.request("/api/windows/w1/scene"))
    let transitions = try XCTUnwrap(scene["transitions"] as? [[String: Any]], "\(scene)")
    XCTAssertEqual(transitions.count, 1)
    XCTAssertEqual(transitions.first?["transition"] as? Int, 1)
    XCTAssertEqual(transitions.first?["kind"] as? String, "push")
    XCTAssertEqual(transitions.first?["percent"] as? Double, 0.5)
    XCTAssertEqual(transitions.first?["interactive"] as? Bool, false)
    // The same as `curtain list-transitions --json`, one object a line.
    let cli = try curtain(daemon.socketPath, ["list-transitions", "--json"])
    for path in ["/api/transitions", "/api/windows/w1/transitions"] {
      let answer = try web.request(path)
      XCTAssertEqual(answer.status, 200, answer.body)
      let list = try XCTUnwrap(try answer.json() as? [NSDictionary], answer.body)
      XCTAssertEqual(
        list,
        [try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(cli.utf8)) as? NSDictionary)],
        path)
    }
    XCTAssertEqual(try web.request("/api/windows/w9/transitions").status, 404)
  }

  func testTheTreeSceneAndSnapshotOfAPastMoment() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    try curtain(daemon.socketPath, ["new-controller", "content", "--id", "Detail"])
    try curtain(daemon.socketPath, ["push", "@Nav", "@Detail", "--no-wait"])
    try curtain(daemon.socketPath, ["advance", "w1", "1"])
    let web = try TempWeb(socket: daemon.socketPath)
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }

    // The push midway, as the CLI shows the same past moment.
    let tree = try web.request("/api/windows/w1/tree?at=0.175&presentation=1")
    XCTAssertEqual(tree.status, 200, tree.body)
    let time = try XCTUnwrap(try object(tree)["window"] as? [String: Any])["time"] as? Double
    XCTAssertEqual(time, 0.175)
    let bySeq = try web.request("/api/windows/w1/tree?at_seq=10")
    XCTAssertEqual(
      bySeq.body, try curtain(daemon.socketPath, ["tree", "w1", "--at-seq", "10", "--json"]))
    let svg = try web.request("/api/windows/w1/snapshot.svg?at=0.175")
    XCTAssertEqual(svg.status, 200, svg.body)
    let picture = try curtain(daemon.socketPath, ["snapshot", "w1", "--svg", "-", "--at", "0.175"])
    XCTAssertEqual(svg.body.trimmingSuffixNewline, picture.trimmingSuffixNewline)
    XCTAssertTrue(svg.body.contains("<title>w1 at t=0.175</title>"), svg.body)
    let scene = try object(try web.request("/api/windows/w1/scene?at=0.175"))
    XCTAssertEqual((scene["transitions"] as? [Any])?.count, 0)
    // The live window is where it was.
    let live = try XCTUnwrap(try object(try web.request("/api/windows/w1"))["time"] as? Double)
    XCTAssertEqual(live, 1)

    for path in [
      "/api/windows/w1/tree?at_seq=0", "/api/windows/w1/tree?at=5",
      "/api/windows/w1/tree?at=x", "/api/windows/w1/tree?at=1&at_seq=2",
    ] {
      let answer = try web.request(path)
      XCTAssertEqual(answer.status, 400, "\(path): \(answer.body)")
      XCTAssertEqual(try answer.errorCode(), "INVALID_ARGUMENT", "\(path): \(answer.body)")
    }
  }

  func testUnknownIdsAndPathsAre404WithAJSONError() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual"])
    let web = try TempWeb(socket: daemon.socketPath)
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }
    for path in [
      "/api/windows/w9", "/api/windows/9/tree", "/api/windows/x/tree",
      "/api/windows/w9/snapshot.svg", "/api/controllers/@Nobody", "/api/controllers/c99",
      "/api/nothing", "/api/windows/1/tree?session=other",
    ] {
      let answer = try web.request(path)
      XCTAssertEqual(answer.status, 404, path)
      XCTAssertTrue(answer.type.hasPrefix("application/json"), "\(path): \(answer.type)")
      XCTAssertEqual(try answer.errorCode(), "NOT_FOUND", "\(path): \(answer.body)")
    }
  }

  func testChangesNeedReadWrite() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    let web = try TempWeb(socket: daemon.socketPath)
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }
    let push = try web.request("/api/controllers/@Nav/push", post: "{}")
    XCTAssertEqual(push.status, 403)
    XCTAssertEqual(try push.errorCode(), "PERMISSION_DENIED")
    let advance = try web.request("/api/windows/1/advance", post: #"{"seconds":1}"#)
    XCTAssertEqual(advance.status, 403)
    let inspector = try object(try web.request("/api/inspector"))
    XCTAssertEqual(inspector["read_write"] as? Bool, false)
  }

  func testReadWriteDrivesAPushAnInteractivePopAndTheClock() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    try curtain(daemon.socketPath, ["new-controller", "content", "--id", "Detail"])
    let web = try TempWeb(socket: daemon.socketPath, arguments: ["--read-write"])
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }

    let push = try web.request(
      "/api/controllers/@Nav/push", post: #"{"controller":"@Detail"}"#)
    XCTAssertEqual(push.status, 200, push.body)
    XCTAssertNotNil(try object(push)["transition"] as? Int)
    let advance = try web.request("/api/windows/w1/advance", post: #"{"to":1}"#)
    XCTAssertEqual(try object(advance)["time"] as? Double, 1)
    let pushed = try curtain(daemon.socketPath, ["tree", "w1"])
    XCTAssertTrue(pushed.contains("@Detail"), pushed)

    let begun = try object(
      try web.request("/api/controllers/@Nav/interactive-pop", post: ""))
    let transition = try XCTUnwrap(begun["transition"] as? Int, "\(begun)")
    let update = try web.request(
      "/api/transitions/t\(transition)/update", post: #"{"percent":0.5}"#)
    XCTAssertEqual(update.status, 200, update.body)
    XCTAssertEqual(try object(update)["percent"] as? Double, 0.5)
    let finish = try web.request("/api/transitions/\(transition)/finish", post: "{}")
    XCTAssertEqual(finish.status, 200, finish.body)
    _ = try web.request("/api/windows/1/advance", post: #"{"seconds":1}"#)
    let popped = try curtain(daemon.socketPath, ["tree", "w1"])
    XCTAssertFalse(popped.contains("@Detail"), popped)

    let bad = try web.request("/api/transitions/t1/update", post: #"{"percent":"x"}"#)
    XCTAssertEqual(bad.status, 400)
    XCTAssertEqual(try bad.errorCode(), "INVALID_ARGUMENT")
    let notJSON = try web.request("/api/windows/1/advance", post: "nope")
    XCTAssertEqual(notJSON.status, 400)
  }

  func testMetricsAreServedInPrometheusTextFormat() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual"])
    let web = try TempWeb(socket: daemon.socketPath)
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }
    let first = try web.request("/metrics")
    XCTAssertEqual(first.status, 200)
    XCTAssertTrue(first.type.hasPrefix("text/plain"), first.type)
    let lines = first.body.split(separator: "\n").map(String.init)
    XCTAssertTrue(lines.contains("# TYPE curtain_requests_total counter"), first.body)
    XCTAssertTrue(lines.contains("# TYPE curtain_request_seconds histogram"))
    XCTAssertTrue(lines.contains("# TYPE curtain_windows gauge"))
    XCTAssertTrue(lines.contains("curtain_windows 1.0"))
    XCTAssertTrue(lines.contains(#"curtain_requests_total{kind="createWindow",outcome="OK"} 1"#))
    XCTAssertTrue(lines.contains("curtain_web_daemon_up 1.0"))
    XCTAssertTrue(lines.contains { $0.hasPrefix(#"curtain_request_seconds_bucket{le="+Inf"} "#) })

    // The counters follow the daemon's totals from scrape to scrape.
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual"])
    let second = try web.request("/metrics").body.split(separator: "\n").map(String.init)
    XCTAssertTrue(second.contains(#"curtain_requests_total{kind="createWindow",outcome="OK"} 2"#))
    XCTAssertTrue(second.contains("curtain_windows 2.0"))

    // The daemon goes: curtain-web stays up and says so.
    XCTAssertEqual(daemon.stop().status, 0)
    let gone = try web.request("/metrics").body
    XCTAssertTrue(gone.contains("curtain_web_daemon_up 0.0"), gone)
    XCTAssertFalse(gone.contains("curtain_windows"), gone)
    let status = try web.request("/api/status")
    XCTAssertEqual(status.status, 503)
    XCTAssertEqual(try status.errorCode(), "UNAVAILABLE")
  }

  func testTheWindowSocketCarriesEventsAndFramesAsJSON() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    try curtain(daemon.socketPath, ["new-controller", "content", "--id", "Detail"])
    let web = try TempWeb(socket: daemon.socketPath)
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }
    let url = web.webSocketURL("/ws/windows/w1")
    let socket = daemon.socketPath
    let seen = SeenTypes()
    let ended = runToEnd(seconds: 20) {
      do {
        try await WebSocketClient.connect(url: url, logger: Logger(label: "test")) {
          inbound, outbound, _ in
          var pushed = false
          for try await message in inbound.messages(maxSize: 1 << 20) {
            guard case .text(let text) = message,
              let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
                as? [String: Any],
              let type = object["type"] as? String
            else { continue }
            seen.append(type, object)
            if type == "events", !pushed {
              // Watching (the feed subscribes from the start of the event
              // ring, so nothing is missed): now make something happen.
              pushed = true
              try curtain(socket, ["push", "@Nav", "@Detail", "--no-wait"])
              try curtain(socket, ["advance", "w1", "0.1"])
            }
            if type == "frame" {
              try await outbound.close(.normalClosure, reason: nil)
              break
            }
          }
        }
      } catch {
        seen.append("error: \(error)", [:])
      }
    }
    XCTAssertTrue(ended)
    let types = seen.types
    XCTAssertEqual(types.first, "hello", "\(types)")
    XCTAssertTrue(types.contains("events"), "\(types)")
    XCTAssertTrue(types.contains("event"), "\(types)")
    XCTAssertEqual(types.last, "frame", "\(types)")
    let frame = seen.last?["frame"] as? [String: Any]
    XCTAssertEqual(frame?["window"] as? Int, 1)
  }

  /// A tab opened after the events happened gets them all: the first tab
  /// through the subscription's replay of the event ring, and a second
  /// tab, opened while the first holds the shared subscription, in its
  /// "events" message. (The race that lost the replay, DaemonLink.swift,
  /// did not show in this test's runs; Tests/browser's
  /// test_pages_opened_after_the_events_show_them_all catches it.)
  func testTabsOpenedAfterTheEventsGetTheEventsSoFar() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    // A sheet presented and settled: some twenty events.
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    try curtain(daemon.socketPath, ["new-controller", "content", "--id", "Sheet"])
    try curtain(
      daemon.socketPath, ["present", "@Home", "@Sheet", "--style", "pageSheet", "--no-wait"])
    try curtain(daemon.socketPath, ["advance", "w1", "1"])
    let web = try TempWeb(socket: daemon.socketPath)
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }
    let window = try object(try web.request("/api/windows/w1"))
    let before = try XCTUnwrap(window["last_seq"] as? Int, "\(window)")
    XCTAssertGreaterThan(before, 10)

    let url = web.webSocketURL("/ws/windows/w1")
    let socket = daemon.socketPath
    let first = SeenSeqs()
    let second = SeenSeqs()
    let ended = runToEnd(seconds: 30) {
      do {
        // Larger frames than the client's default 16 KiB, for the second
        // tab's "events" message.
        let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 22)
        try await WebSocketClient.connect(
          url: url, configuration: configuration, logger: Logger(label: "first")
        ) {
          inbound, outbound, _ in
          for try await message in inbound.messages(maxSize: 1 << 22) {
            guard case .text(let text) = message, let type = first.take(text) else { continue }
            if type == "hello" {
              // One event more, after those so far: it comes after the
              // whole replay, so once it is here nothing else is due.
              try curtain(socket, ["new-controller", "content", "--id", "Late"])
              try curtain(socket, ["push", "@Nav", "@Late", "--no-animate"])
            }
            if (first.seqs.last ?? 0) > before { break }
          }
          // The first tab holds the window's subscription: a second opens.
          try await WebSocketClient.connect(
            url: url, configuration: configuration, logger: Logger(label: "second")
          ) {
            inbound, outbound, _ in
            for try await message in inbound.messages(maxSize: 1 << 22) {
              guard case .text(let text) = message, second.take(text) != "events" else { break }
            }
            try await outbound.close(.normalClosure, reason: nil)
          }
          try await outbound.close(.normalClosure, reason: nil)
        }
      } catch {
        first.fail("\(error)")
      }
    }
    XCTAssertTrue(ended)
    XCTAssertNil(first.failure)
    let all = try XCTUnwrap(first.seqs.last, "no event at all")
    XCTAssertGreaterThan(all, before)
    // Every event, in order, none twice.
    XCTAssertEqual(first.seqs, Array(1...all), "the first tab missed events")
    XCTAssertEqual(second.types.prefix(2), ["hello", "events"])
    XCTAssertEqual(Array(second.seqs.prefix(all)), Array(1...all), "the second tab missed events")
  }
  /// A watched window across a restart of the daemon (kill -9, then the
  /// same socket and state directory): the tab hears that the daemon is
  /// unavailable, then `resync`, then the events that happened while the
  /// link was away, each once (the link resumes from the last event it had,
  /// with CurtainWire's `ResumeCursor`).
  func testAWatchedWindowResumesAfterTheDaemonRestarts() throws {
    let home = try DaemonHome()
    let socket = home.socketPath
    let first = try home.start()
    try curtain(socket, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    try curtain(socket, ["new-controller", "content", "--id", "Detail"])
    let web = try TempWeb(socket: socket)
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }
    let before = try XCTUnwrap(
      try object(try web.request("/api/windows/w1"))["last_seq"] as? Int)

    let seen = SeenSeqs()
    let url = web.webSocketURL("/ws/windows/w1")
    let reading = Task {
      do {
        try await WebSocketClient.connect(url: url, logger: Logger(label: "tab")) {
          inbound, outbound, _ in
          for try await message in inbound.messages(maxSize: 1 << 20) {
            guard case .text(let text) = message else { continue }
            _ = seen.take(text)
            if let until = seen.until, (seen.seqs.last ?? 0) >= until { break }
          }
          try await outbound.close(.normalClosure, reason: nil)
        }
      } catch {
        seen.fail("\(error)")
      }
    }
    defer { reading.cancel() }
    let deadline = MonotonicClock.now() + 20
    while (seen.seqs.last ?? 0) < before, MonotonicClock.now() < deadline { usleep(10_000) }
    XCTAssertEqual(seen.seqs, Array(1...before), "the events before the restart")

    first.kill9()
    let second = try home.start()
    defer { second.stop() }
    try curtain(socket, ["push", "@Nav", "@Detail", "--no-animate"])
    // Asked of the daemon: curtain-web may still be dialling.
    let listed = try TestClient(path: socket).call { $0.listWindows = Curtain_V1_ListWindows() }
    let after = Int(listed.windows.windows.first?.lastSeq ?? 0)
    XCTAssertGreaterThan(after, before)
    seen.until = after
    while (seen.seqs.last ?? 0) < after, MonotonicClock.now() < deadline { usleep(10_000) }
    XCTAssertNil(seen.failure)
    XCTAssertEqual(seen.seqs, Array(1...after), "every event once, across the restart")
    XCTAssertTrue(seen.types.contains("resync"), "\(seen.types)")
  }
}

/// Runs `body` in a task (the WebSocket client is async) and waits for it
/// from the test's own, non-concurrency, thread; returns whether it ended
/// within `seconds`.
private func runToEnd(seconds: Double, _ body: @escaping @Sendable () async -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Task {
    await body()
    done.signal()
  }
  return done.wait(timeout: .now() + seconds) == .success
}

/// The event seqs (of "events" and "event" messages) and message types a
/// WebSocket test saw, from the client's task.
private final class SeenSeqs: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: (types: [String], seqs: [Int], failure: String?) = ([], [], nil)
  private var last: Int?

  /// Notes a message; returns its type.
  func take(_ text: String) -> String? {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let type = object["type"] as? String
    else { return nil }
    var events = object["events"] as? [[String: Any]] ?? []
    if let event = object["event"] as? [String: Any] { events.append(event) }
    lock.withLock {
      seen.types.append(type)
      seen.seqs += events.compactMap { $0["seq"] as? Int }
    }
    return type
  }

  func fail(_ error: String) { lock.withLock { seen.failure = error } }

  var types: [String] { lock.withLock { seen.types } }
  var seqs: [Int] { lock.withLock { seen.seqs } }
  var failure: String? { lock.withLock { seen.failure } }
  /// The seq after which the reader may stop, once known.
  var until: Int? {
    get { lock.withLock { last } }
    set { lock.withLock { last = newValue } }
  }
}

/// The messages a WebSocket test saw, from the client's task.
private final class SeenTypes: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [(String, [String: Any])] = []

  func append(_ type: String, _ object: [String: Any]) {
    lock.withLock { messages.append((type, object)) }
  }

  var types: [String] { lock.withLock { messages.map(\.0) } }
  var last: [String: Any]? { lock.withLock { messages.last?.1 } }
}

extension String {
  /// Without one trailing newline.
  fileprivate var trimmingSuffixNewline: String {
    hasSuffix("\n") ? String(dropLast()) : self
  }
}
