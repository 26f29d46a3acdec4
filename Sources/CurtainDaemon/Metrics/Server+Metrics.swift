// What the server measures, and GetMetrics' answer. Counters and the
// request-time histogram are updated where things happen (requests,
// frames, events, connections, goodbyes); gauges are read off the state
// when metrics are collected, so they cost nothing in between.

import CurtainCore
import CurtainWire

extension Server {
  /// A request was handled: its kind and outcome as the log names them,
  /// and the seconds it held the loop (nil for a deferred request, timed
  /// at its final answer).
  func measureRequest(_ kind: RequestKind?, outcome: String, seconds: Double?) {
    meters.requests.counter(kind, outcome).increment()
    if let seconds { meters.requests.seconds.recordSeconds(max(0, seconds)) }
  }

  /// A connection says goodbye to its client (`Connection.close`).
  func measureGoodbye(_ reason: Goodbye.Reason) {
    metrics.counter(.goodbyes, Self.metricName(of: reason)).increment()
  }

  /// A connection handed its queued messages to the socket in one write
  /// (`Connection.pump`).
  func measureSocketWrite() {
    counters.socketWrites.increment()
  }

  /// A `.latest` frame was replaced in a connection's queue before it was
  /// written.
  func measureReplacedFrame() {
    counters.counter(.framesSkipped, "latest").increment()
  }

  /// The writer's measurements: commit times, records, snapshot sizes.
  func measureJournal(_ measurements: JournalMeasurements) {
    for seconds in measurements.commitSeconds {
      counters.journalCommitSeconds.recordSeconds(max(0, seconds))
    }
    if measurements.records > 0 {
      counters.journalRecords.increment(by: measurements.records)
    }
    for size in measurements.snapshotSizes {
      metrics.recorder(.snapshotBytes).record(size)
    }
  }

  /// Brings the gauges (and the counters read off the model) up to date.
  func collectMetrics() {
    var byTransport: [TransportKind: Int] = [.unix: 0, .tcp: 0]
    var unwritten = 0
    for client in clients.values {
      byTransport[client.link.transportKind, default: 0] += 1
      unwritten += client.link.unwrittenBytes
    }
    for (transport, count) in byTransport {
      metrics.meter(.clients, transport.rawValue).set(count)
    }
    metrics.meter(.sessions).set(sessions.count)
    metrics.meter(.windows).set(sessions.values.reduce(0) { $0 + $1.windows.count })
    metrics.meter(.controllers).set(sessions.values.reduce(0) { $0 + $1.controllers.count })
    metrics.meter(.subscriptions).set(publisher.subscriptions.count)
    metrics.meter(.writeQueueBytes).set(unwritten)
    metrics.meter(.waitingRequests).set(waiters.count)
    metrics.meter(.uptime).set(clock() - clocks.startTime)
    if let journal {
      let storage = journal.storageStatus
      metrics.meter(.storedSnapshotBytes).set(Int(clamping: storage.snapshotBytes))
      let damage = storage.restoreDamage
      metrics.meter(.restoreMissingRecords).set(Int(clamping: damage.missingRecords))
      metrics.meter(.restoreDroppedRecords).set(Int(clamping: damage.droppedRecords))
    }
    meters.countInteractionTimeouts(
      total: sessions.values.reduce(0) { $0 + $1.interactionTimeouts })
  }

  /// GetMetrics' answer: every family with its samples.
  func metricsMessage() -> Curtain_V1_Metrics {
    collectMetrics()
    var message = Curtain_V1_Metrics()
    message.uptime = clock() - clocks.startTime
    message.families = metrics.snapshot().map { family, samples in
      var wire = Curtain_V1_MetricFamily()
      wire.name = family.name
      wire.help = family.help
      switch family.kind {
      case .counter: wire.type = .counter
      case .gauge: wire.type = .gauge
      case .histogram: wire.type = .histogram
      }
      wire.labelNames = family.labels
      wire.bucketBounds = family.buckets
      wire.samples = samples.map { sample in
        var entry = Curtain_V1_MetricSample()
        entry.labelValues = sample.labelValues
        entry.value = sample.value
        entry.bucketCounts = sample.bucketCounts
        entry.bucketSums = sample.bucketSums
        entry.count = sample.bucketCounts.reduce(0, +)
        entry.sum = sample.bucketSums.reduce(0, +)
        return entry
      }
      return wire
    }
    return message
  }

  /// The label value of a frame policy.
  static func metricName(of policy: FramePolicy) -> String {
    switch policy {
    case .latest: return "latest"
    case .pause: return "pause"
    case .disconnect: return "disconnect"
    }
  }

  /// The label value of a goodbye's reason.
  static func metricName(of reason: Goodbye.Reason) -> String {
    switch reason {
    case .shutdown: return "shutdown"
    case .protocolError: return "protocol_error"
    case .slowConsumer: return "slow_consumer"
    case .unauthenticated: return "unauthenticated"
    case .framePolicy: return "frame_policy"
    case .timeout: return "timeout"
    case .limitExceeded: return "limit_exceeded"
    case .moved: return "moved"
    case .unspecified, .UNRECOGNIZED: return "unspecified"
    }
  }
}
