import CoreMetrics
import CurtainCore
import CurtainTesting
import CurtainWire
import Foundation
import XCTest

@testable import CurtainDaemon

/// GetMetrics: what the daemon counts (requests, frames by policy, events,
/// goodbyes, interaction timeouts) and its gauges, with exact values.
final class MetricsTests: XCTestCase {
  /// The samples of a GetMetrics answer by family and label values.
  private struct Reading {
    let families: [String: Curtain_V1_MetricFamily]

    init(_ metrics: Curtain_V1_Metrics) {
      families = Dictionary(uniqueKeysWithValues: metrics.families.map { ($0.name, $0) })
    }

    func value(_ name: String, _ labels: String...) -> Double? {
      families[name]?.samples.first { $0.labelValues == labels }?.value
    }

    func histogram(_ name: String) -> Curtain_V1_MetricSample? {
      families[name]?.samples.first
    }
  }

  private func metrics(_ h: ServerHarness, _ link: MemoryLink) -> Reading {
    Reading(h.call(link) { $0.getMetrics = Curtain_V1_GetMetrics() }!.metrics)
  }

  func testEveryFamilyIsListedInItsOrderWithItsTypeAndLabels() {
    let h = ServerHarness()
    let link = h.connect()
    let families = h.call(link) { $0.getMetrics = Curtain_V1_GetMetrics() }!.metrics.families
    XCTAssertEqual(families.map(\.name), MetricFamily.all.map(\.name))
    let requests = families.first { $0.name == "curtain_requests_total" }
    XCTAssertEqual(requests?.type, .counter)
    XCTAssertEqual(requests?.labelNames, ["kind", "outcome"])
    let seconds = families.first { $0.name == "curtain_request_seconds" }
    XCTAssertEqual(seconds?.type, .histogram)
    XCTAssertEqual(seconds?.bucketBounds, MetricFamily.requestBuckets)
    XCTAssertEqual(families.first { $0.name == "curtain_windows" }?.type, .gauge)
    XCTAssertTrue(families.allSatisfy { !$0.help.isEmpty })
  }

  func testRequestsFramesEventsAndGaugesAreCountedExactly() {
    let h = ServerHarness()
    let writer = h.connect()
    let reader = h.connect(readOnly: true)
    let window = h.buildNavigation(writer)
    _ = h.call(reader) {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.frames = true
      $0.subscribe.framePolicy = .pause
      $0.subscribe.frameCredits = 2
    }
    _ = h.call(writer) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
    }
    for _ in 0..<3 {
      _ = h.call(writer) {
        $0.advanceClock.windowID = window
        $0.advanceClock.seconds = 0.05
      }
    }
    _ = h.call(reader) { $0.push.navigation = ref("Nav") }
    _ = h.call(writer) { $0.getTree.windowID = 99 }
    let events = reader.takeEvents()
    let reading = metrics(h, writer)

    XCTAssertEqual(reading.value("curtain_requests_total", "push", "OK"), 1)
    XCTAssertEqual(reading.value("curtain_requests_total", "advanceClock", "OK"), 3)
    XCTAssertEqual(reading.value("curtain_requests_total", "hello", "OK"), 2)
    XCTAssertEqual(reading.value("curtain_requests_total", "push", "PERMISSION_DENIED"), 1)
    XCTAssertEqual(reading.value("curtain_requests_total", "getTree", "NOT_FOUND"), 1)
    // The frames of three steps: two within the subscriber's credit, one
    // held back.
    XCTAssertEqual(reading.value("curtain_frames_produced_total", "manual"), 3)
    XCTAssertEqual(reading.value("curtain_frames_sent_total", "pause"), 2)
    XCTAssertEqual(reading.value("curtain_frames_skipped_total", "pause"), 1)
    for category in EventCategory.allCases {
      let sent = events.filter { $0.category == category.wire }.count
      XCTAssertEqual(
        reading.value("curtain_events_published_total", category.rawValue) ?? 0, Double(sent),
        "\(category)")
    }
    XCTAssertGreaterThan(events.count, 0)
    XCTAssertEqual(reading.value("curtain_clients", "unix"), 2)
    XCTAssertEqual(reading.value("curtain_clients", "tcp"), 0)
    XCTAssertEqual(reading.value("curtain_connections_total", "unix"), 2)
    XCTAssertEqual(reading.value("curtain_sessions"), 1)
    XCTAssertEqual(reading.value("curtain_windows"), 1)
    XCTAssertEqual(reading.value("curtain_controllers"), 3)
    XCTAssertEqual(reading.value("curtain_subscriptions"), 1)
    XCTAssertEqual(reading.value("curtain_write_queue_bytes"), 0)
    XCTAssertEqual(reading.value("curtain_waiting_requests"), 0)
    // Every request before GetMetrics was timed once.
    let handled = reading.families["curtain_requests_total"]!.samples.reduce(0) { $0 + $1.value }
    let timed = reading.histogram("curtain_request_seconds")
    XCTAssertEqual(Double(timed?.count ?? 0), handled)
    XCTAssertEqual(timed?.bucketCounts.count, MetricFamily.requestBuckets.count + 1)
  }

  func testRequestTimesFallIntoTheirBuckets() {
    let h = ServerHarness()
    let link = h.connect()
    // From here every clock read moves time by 3 ms: a request's time on
    // the loop is a whole number of steps.
    h.clockStep = 0.003
    _ = h.call(link) { $0.sync = Curtain_V1_Sync() }
    h.clockStep = 0
    let seconds = metrics(h, link).histogram("curtain_request_seconds")!
    let bucket = { (bound: Double) in MetricFamily.requestBuckets.firstIndex(of: bound)! }
    // Hello took no time; Sync more than 2.5 ms and at most 10 ms.
    XCTAssertEqual(seconds.count, 2)
    XCTAssertEqual(seconds.bucketCounts[bucket(0.000_01)], 1)
    let slow =
      seconds.bucketCounts[bucket(0.005)] + seconds.bucketCounts[bucket(0.01)]
    XCTAssertEqual(slow, 1)
    XCTAssertEqual(seconds.sum, seconds.bucketSums.reduce(0, +))
  }

  func testADeferredRequestIsTimedOnceFromTheRequestToItsFinalAnswer() throws {
    let h = ServerHarness()
    let link = h.connect()
    let window = h.buildNavigation(link)
    let before = metrics(h, link).histogram("curtain_request_seconds")!
    let push = h.send(link) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
      $0.waitUntil = .completed
    }
    XCTAssertTrue(link.takeResponses().allSatisfy { $0.requestID != push })
    // Deferred: counted, not yet timed (another client asks: this one's
    // answers leave in order, after the push's). GetMetrics itself is
    // timed after its answer is built; the other client's Hello is timed.
    let waiting = metrics(h, h.connect())
    XCTAssertEqual(waiting.value("curtain_requests_total", "push", "DEFERRED"), 1)
    XCTAssertEqual(waiting.histogram("curtain_request_seconds")!.count, before.count + 2)
    h.now += 1.5
    h.send(link) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    let answer = try XCTUnwrap(link.takeResponses().first { $0.requestID == push })
    guard case .operation = answer.result else { return XCTFail("\(answer)") }
    let seconds = metrics(h, link).histogram("curtain_request_seconds")!
    let bucket = { (bound: Double) in MetricFamily.requestBuckets.firstIndex(of: bound)! }
    // The other client's Hello and GetMetrics, AdvanceClock, GetMetrics
    // and the push: the push once, 1.5 s after it was sent, in the bucket
    // up to 2.5 s; every other request took no time on this clock.
    XCTAssertEqual(seconds.count, before.count + 5)
    XCTAssertEqual(seconds.bucketCounts[bucket(2.5)], 1)
    XCTAssertEqual(seconds.bucketCounts[bucket(0.000_01)], seconds.count - 1)
    XCTAssertEqual(seconds.sum, 1.5)
  }

  func testAnInteractionLeftAloneTimesOutAndIsCounted() {
    let h = ServerHarness { $0.interactionTimeout = 1 }
    // Only an interaction nobody owns (a one-shot CLI's) times out.
    let link = h.connect(capabilities: ["unowned-interactions"])
    let window = h.buildNavigation(link)
    _ = h.call(link) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
      $0.push.notAnimated = true
    }
    let begun = h.call(link) {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = ref("Nav")
    }
    XCTAssertNotEqual(begun?.operation.transitionID ?? 0, 0, "\(String(describing: begun))")
    XCTAssertEqual(metrics(h, link).value("curtain_interaction_timeouts_total"), 0)
    _ = h.call(link) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 2
    }
    XCTAssertEqual(metrics(h, link).value("curtain_interaction_timeouts_total"), 1)
    XCTAssertEqual(metrics(h, link).value("curtain_interaction_timeouts_total"), 1)
  }

  func testTheRegistryIsASwiftMetricsFactory() {
    let registry = MetricsRegistry()
    Counter(
      label: "curtain_goodbyes_total", dimensions: [("reason", "shutdown")], factory: registry
    )
    .increment(by: 2)
    registry.counter(.goodbyes, "shutdown").increment()
    Meter(label: "curtain_windows", factory: registry).set(4)
    Recorder(label: "curtain_sessions", aggregate: false, factory: registry).record(3)
    CoreMetrics.Timer(label: "curtain_request_seconds", factory: registry).recordMilliseconds(2)
    Counter(label: "curtain_other_total", factory: registry).increment()
    let snapshot = registry.snapshot()
    let byName = Dictionary(uniqueKeysWithValues: snapshot.map { ($0.family.name, $0.samples) })
    XCTAssertEqual(byName["curtain_goodbyes_total"]?.map(\.value), [3])
    XCTAssertEqual(byName["curtain_goodbyes_total"]?.first?.labelValues, ["shutdown"])
    XCTAssertEqual(byName["curtain_windows"]?.map(\.value), [4])
    XCTAssertEqual(byName["curtain_sessions"]?.map(\.value), [3])
    let timer = byName["curtain_request_seconds"]?.first
    XCTAssertEqual(timer?.bucketCounts[MetricFamily.requestBuckets.firstIndex(of: 0.0025)!], 1)
    XCTAssertEqual(timer?.bucketSums.reduce(0, +) ?? 0, 0.002, accuracy: 1e-12)
    // A label the daemon does not declare is still counted, after the
    // known families.
    XCTAssertEqual(snapshot.last?.family.name, "curtain_other_total")
    XCTAssertEqual(snapshot.last?.samples.map(\.value), [1])
  }

  func testGoodbyesAreCountedByReason() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    let bad = try CurtainClient(unixPath: daemon.socketPath, timeout: 10)
    try bad.sendRawBytes(VarInt.encode(UInt64(1) << 40))
    let rest = try bad.readToEndOfStream(timeout: 10)
    XCTAssertEqual(rest?.last?.goodbye.reason, .protocolError)
    let client = try TestClient(path: daemon.socketPath)
    let response = try client.call { $0.getMetrics = Curtain_V1_GetMetrics() }
    let goodbyes = response.metrics.families.first { $0.name == "curtain_goodbyes_total" }
    XCTAssertEqual(goodbyes?.samples.map(\.labelValues), [["protocol_error"]])
    XCTAssertEqual(goodbyes?.samples.map(\.value), [1])
  }

  func testTheAnswersToTheRequestsOfOneReadGoOutInOneWrite() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    let client = try CurtainClient(unixPath: daemon.socketPath, timeout: 10)
    try client.hello(clientName: "pipelining")
    func writes() throws -> Double? {
      var request = WireRequest()
      request.getMetrics = Curtain_V1_GetMetrics()
      let families = try client.call(request).metrics.families
      return families.first { $0.name == "curtain_socket_writes_total" }?.samples.first?.value
    }
    let before = try XCTUnwrap(writes())
    // Fifty Syncs in one write of the client's: one read of the daemon's.
    try client.sendRawBytes(pipelinedRequests(ids: 1_000..<1_050) { $0.sync = Curtain_V1_Sync() })
    for id in UInt64(1_000)..<1_050 {
      XCTAssertEqual(try client.waitForResponse(to: id, timeout: 10).requestID, id)
    }
    // The answer to the first GetMetrics, then the fifty answers in one.
    XCTAssertEqual(try writes(), before + 2)
  }

  func testDocsDescribeEveryMetric() throws {
    let docs = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/metrics.md"), encoding: .utf8)
    for family in MetricFamily.all {
      XCTAssertTrue(docs.contains("`\(family.name)`"), "docs/metrics.md lacks \(family.name)")
      for label in family.labels {
        XCTAssertTrue(docs.contains("`\(label)`"), "docs/metrics.md lacks label \(label)")
      }
    }
  }
}
