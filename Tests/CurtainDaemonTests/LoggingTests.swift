import CurtainTesting
import CurtainWire
import Foundation
import Logging
import XCTest

@testable import CurtainDaemon

/// Every request is logged: one debug line per request in the dispatcher
/// (client id and name, request id, kind, target, trace id, outcome,
/// whether deferred, time on the loop), a line per Hello, a warning for a
/// request that holds the loop over 10 ms; and `curtaind --log-format json`
/// writes them as JSON lines.
final class LoggingTests: XCTestCase {
  /// A harness whose server logs into `lines`.
  private func harness(_ lines: MemoryLogHandler.Lines) -> ServerHarness {
    let h = ServerHarness()
    h.logger = Logger(label: "curtaind", factory: { _ in MemoryLogHandler(lines) })
    return h
  }

  func testARefusedAndAnAcceptedRequestAreLoggedWithTheirOutcome() throws {
    let lines = MemoryLogHandler.Lines()
    let h = harness(lines)
    let link = h.connect()
    let hello = try XCTUnwrap(lines.first { $0.message == "hello" })
    XCTAssertEqual(hello.level, .debug)
    XCTAssertEqual(hello.metadata["client"], "1")
    XCTAssertEqual(hello.metadata["client_name"], "test")
    XCTAssertEqual(hello.metadata["transport"], "unix")
    XCTAssertEqual(hello.metadata["capabilities"], .array([]))
    lines.removeAll()

    h.send(link) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
      $0.traceID = "trace-1"
    }
    h.send(link) { $0.sync = Curtain_V1_Sync() }
    XCTAssertEqual(lines.all.map(\.message), ["request", "request"])
    let refused = lines.all[0]
    XCTAssertEqual(refused.level, .debug)
    XCTAssertEqual(
      refused.metadata.filter { $0.key != "loop_ms" },
      [
        "client": "1", "client_name": "test", "request_id": "2", "kind": "push",
        "target": "@Nav @B", "trace_id": "trace-1", "outcome": "NOT_FOUND", "deferred": "false",
      ])
    XCTAssertEqual(refused.metadata["loop_ms"], "0.0", "the clock did not move")
    let accepted = lines.all[1]
    XCTAssertEqual(
      accepted.metadata.filter { $0.key != "loop_ms" },
      [
        "client": "1", "client_name": "test", "request_id": "3", "kind": "sync",
        "target": "server", "outcome": "OK", "deferred": "false",
      ])
  }

  func testADeferredRequestIsLoggedWhenItIsDeferred() {
    let lines = MemoryLogHandler.Lines()
    let h = harness(lines)
    let link = h.connect()
    let window = h.buildNavigation(link)
    lines.removeAll()
    let push = h.send(link) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
      $0.waitUntil = .completed
      $0.traceID = "trace-push"
    }
    XCTAssertEqual(lines.all.first?.metadata["outcome"], "DEFERRED")
    XCTAssertEqual(lines.all.first?.metadata["deferred"], "true")
    XCTAssertEqual(lines.all.first?.metadata["target"], "@Nav @B")
    XCTAssertFalse(lines.all.contains { $0.message == "deferred answer" })
    h.now += 0.25
    h.send(link) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    let requests = lines.all.filter { $0.message == "request" }
    XCTAssertEqual(requests.last?.metadata["kind"], "advanceClock")
    XCTAssertEqual(requests.last?.metadata["target"], "w\(window)")
    // Its final answer, once the push completed: its kind, ids, outcome
    // and the time from the request to the answer.
    let answers = lines.all.filter { $0.message == "deferred answer" }
    XCTAssertEqual(answers.count, 1)
    XCTAssertEqual(answers.first?.level, .debug)
    XCTAssertEqual(
      answers.first?.metadata,
      [
        "client": "1", "request_id": "\(push)", "kind": "push", "trace_id": "trace-push",
        "outcome": "OK", "answer_ms": "250.0",
      ])
  }

  func testARequestThatHoldsTheLoopOverTenMillisecondsIsAWarning() {
    let lines = MemoryLogHandler.Lines()
    let h = harness(lines)
    let link = h.connect()
    lines.removeAll()
    // Each read of the clock moves it on: the request reads it when it
    // starts and when it ends.
    h.clockStep = 0.011
    h.send(link) { $0.sync = Curtain_V1_Sync() }
    let line = lines.all.first { $0.metadata["kind"] == "sync" }
    XCTAssertEqual(line?.level, .warning)
    XCTAssertEqual(line?.message, "slow request")
    XCTAssertEqual(line?.metadata["outcome"], "OK")
    XCTAssertGreaterThan(Double(line?.metadata["loop_ms"]?.description ?? "") ?? 0, 10)
  }

  /// The real daemon with `--log-format json`: every log line on stderr is
  /// one JSON object, and the request lines carry their metadata.
  func testTheDaemonWritesJSONLines() throws {
    let daemon = try TempDaemon(arguments: ["--log-format", "json", "--log-level", "debug"])
    let client = try TestClient(path: daemon.socketPath, name: "json-test")
    let refused = try client.call {
      $0.push.navigation = controllerRef("Nowhere")
      $0.push.controller = controllerRef("Nothing")
    }
    XCTAssertEqual(refused.error.code, .notFound)
    try client.sync()
    client.close()
    let (status, removed) = daemon.stop()
    XCTAssertEqual(status, 0)
    XCTAssertTrue(removed)

    // Every line is JSON: the "listening on" line too.
    let lines = daemon.stderr.split(separator: "\n")
    XCTAssertTrue(
      lines.contains { $0.contains("\"message\":\"listening on \(daemon.socketPath)\"") },
      daemon.stderr)
    var requests: [[String: Any]] = []
    for line in lines {
      let object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        "not a JSON object: \(line)")
      XCTAssertNotNil(object["timestamp"] as? String, String(line))
      XCTAssertNotNil(object["level"] as? String, String(line))
      XCTAssertEqual(object["label"] as? String, "curtaind", String(line))
      XCTAssertNotNil(object["message"] as? String, String(line))
      let metadata = object["metadata"] as? [String: Any]
      if object["message"] as? String == "request",
        metadata?["client_name"] as? String == "json-test"
      {
        requests.append(metadata ?? [:])
      }
    }
    XCTAssertEqual(requests.map { $0["kind"] as? String }, ["hello", "push", "sync"])
    XCTAssertEqual(requests.map { $0["outcome"] as? String }, ["OK", "NOT_FOUND", "OK"])
    XCTAssertEqual(requests[1]["target"] as? String, "@Nowhere @Nothing")
    XCTAssertEqual(requests[1]["deferred"] as? String, "false")
    XCTAssertNotNil(Double(requests[1]["loop_ms"] as? String ?? ""))
    let hello = lines.first { $0.contains("\"message\":\"hello\"") && $0.contains("json-test") }
    XCTAssertNotNil(hello, "the Hello is logged")
  }

  /// One text format for every line the daemon writes: time, level,
  /// `curtaind:`, message, metadata.
  private static var textLine: Regex<AnyRegexOutput> {
    try! Regex(
      #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (trace|debug|info|notice|warning|error|critical) curtaind: \S"#
    )
  }

  /// `curtaind --log-file PATH`: the same lines as stderr, in the one text
  /// format, "listening on" included; the file is appended to, 0600.
  func testTheLogFileHasTheLinesOfStderrInOneFormat() throws {
    let directory = FileManager.default.temporaryDirectory.path + "/curtain-log-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let logPath = directory + "/curtaind.log"

    let daemon = try TempDaemon(arguments: ["--log-file", logPath, "--log-level", "debug"])
    let client = try TestClient(path: daemon.socketPath, name: "file-test")
    try client.sync()
    client.close()
    XCTAssertEqual(daemon.stop().status, 0)

    let stderr = daemon.stderr.split(separator: "\n").map(String.init)
    XCTAssertEqual(try lines(of: logPath), stderr)
    XCTAssertTrue(
      stderr.contains { $0.hasSuffix(" info curtaind: listening on \(daemon.socketPath)") })
    XCTAssertTrue(stderr.contains { $0.hasSuffix(" info curtaind: stopped") }, daemon.stderr)
    XCTAssertTrue(
      stderr.contains { $0.contains(" debug curtaind: request ") && $0.contains(" kind=sync ") },
      daemon.stderr)
    for line in stderr {
      XCTAssertNotNil(line.firstMatch(of: Self.textLine), "not in the log format: \(line)")
      XCTAssertFalse(line.contains("[curtaind]"), line)
    }
    var info = stat()
    XCTAssertEqual(stat(logPath, &info), 0)
    XCTAssertEqual(info.st_mode & 0o777, 0o600)

    // A second daemon appends to it.
    let second = try TempDaemon(arguments: ["--log-file", logPath])
    XCTAssertEqual(second.stop().status, 0)
    XCTAssertEqual(
      try lines(of: logPath), stderr + second.stderr.split(separator: "\n").map(String.init))
  }

  private func lines(of path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  /// The reason curtaind cannot start is a log line of the same format; a
  /// log file that cannot be opened is one such reason.
  func testAFailureToStartIsALogLine() throws {
    XCTAssertThrowsError(
      try TempDaemon(arguments: ["--log-file", "/nonexistent-curtain-dir/curtaind.log"])
    ) { error in
      let text = "\(error)"
      XCTAssertNotNil(
        text.firstMatch(
          of: try! Regex(
            #"\d\dZ error curtaind: cannot open the log file /nonexistent-curtain-dir/curtaind.log: No such file or directory"#
          )), text)
    }
    XCTAssertThrowsError(
      try TempDaemon(arguments: [
        "--log-format", "json", "--listen", "127.0.0.1:0", "--token-file", "/nonexistent-token",
      ])
    ) { error in
      let text = "\(error)"
      XCTAssertTrue(
        text.contains(
          #""label":"curtaind","level":"error","message":"cannot read the token file /nonexistent-token"#
        ),
        text)
    }
  }
}

/// A log handler that keeps what is logged, for assertions.
struct MemoryLogHandler: LogHandler {
  /// One logged entry.
  struct Line {
    let level: Logger.Level
    let message: String
    let metadata: Logger.Metadata
  }

  /// The entries, shared by every copy of the handler.
  final class Lines: @unchecked Sendable {
    private(set) var all: [Line] = []

    func append(_ line: Line) { all.append(line) }
    func removeAll() { all = [] }
    func first(where predicate: (Line) -> Bool) -> Line? { all.first(where: predicate) }
  }

  let lines: Lines
  var logLevel: Logger.Level = .trace
  var metadata: Logger.Metadata = [:]

  init(_ lines: Lines) {
    self.lines = lines
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    lines.append(
      Line(
        level: event.level, message: event.message.description,
        metadata: metadata.merging(event.metadata ?? [:]) { _, new in new }))
  }
}
