// The daemon's metrics, one declaration each. A metric is a family: a
// name, what it measures, its type in swift-metrics' vocabulary (a counter
// only goes up, a gauge is a value now, a histogram counts observations
// into buckets) and the names of its labels (swift-metrics' dimensions).
//
// Adding a metric is one line here (and its line in `all`, and its row in
// docs/metrics.md, which a test checks); the code that measures it then
// uses swift-metrics' own types through the server's registry:
//
//     server.metrics.counter(.goodbyes, reason).increment()
//     server.metrics.timer(.requestSeconds).recordSeconds(seconds)
//     server.metrics.meter(.windows).set(count)

/// A metric family: its name, meaning, type, label names and buckets.
public struct MetricFamily: Sendable, Hashable {
  /// What kind of value a family holds.
  public enum Kind: String, Sendable {
    /// Only goes up while the daemon runs (swift-metrics' `Counter`).
    case counter
    /// A value now (swift-metrics' `Meter`, `Gauge`).
    case gauge
    /// Observations counted into buckets (swift-metrics' `Timer`, in
    /// seconds, and aggregating `Recorder`).
    case histogram
  }

  /// The Prometheus-style name (`curtain_requests_total`), which is also
  /// the swift-metrics label.
  public let name: String
  /// One sentence: what it measures.
  public let help: String
  /// Counter, gauge or histogram.
  public let kind: Kind
  /// The label names (swift-metrics' dimension keys), in order.
  public let labels: [String]
  /// Histograms: the buckets' upper bounds, ascending (+Inf is implied).
  public let buckets: [Double]

  static func counter(_ name: String, _ help: String, labels: [String] = []) -> MetricFamily {
    MetricFamily(name: name, help: help, kind: .counter, labels: labels, buckets: [])
  }

  static func gauge(_ name: String, _ help: String, labels: [String] = []) -> MetricFamily {
    MetricFamily(name: name, help: help, kind: .gauge, labels: labels, buckets: [])
  }

  static func histogram(_ name: String, _ help: String, buckets: [Double]) -> MetricFamily {
    MetricFamily(name: name, help: help, kind: .histogram, labels: [], buckets: buckets)
  }
}

extension MetricFamily {
  /// Seconds from 10 µs to 60 s: how long a request holds the loop (up to
  /// 0.25 s), and how long a deferred one waits for its answer.
  static let requestBuckets: [Double] = [
    0.000_01, 0.000_025, 0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01,
    0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60,
  ]

  static let requests = counter(
    "curtain_requests_total", "Requests handled, by kind and outcome.",
    labels: ["kind", "outcome"])
  static let requestSeconds = histogram(
    "curtain_request_seconds",
    "Seconds from each request to its answer: the time it held the event loop, or for a deferred "
      + "request (wait_until STARTED or COMPLETED, WaitIdle) the time to its final answer.",
    buckets: requestBuckets)
  static let framesProduced = counter(
    "curtain_frames_produced_total", "Frames produced by windows, by clock.", labels: ["clock"])
  static let framesSent = counter(
    "curtain_frames_sent_total", "Frames queued for a subscriber, by frame policy.",
    labels: ["policy"])
  static let framesSkipped = counter(
    "curtain_frames_skipped_total",
    "Frames a subscriber did not get (replaced by a newer one, held back for want of credit, "
      + "or left out by its max_fps), by frame policy (max_fps for the last).",
    labels: ["policy"])
  static let eventsPublished = counter(
    "curtain_events_published_total", "Events sent to subscribers, by category.",
    labels: ["category"])
  static let connections = counter(
    "curtain_connections_total", "Clients that connected, by transport.", labels: ["transport"])
  static let goodbyes = counter(
    "curtain_goodbyes_total", "Goodbyes sent to clients before closing them, by reason.",
    labels: ["reason"])
  static let socketWrites = counter(
    "curtain_socket_writes_total",
    "Writes to clients' sockets: one carries what a loop callback queued for its client.")
  static let interactionTimeouts = counter(
    "curtain_interaction_timeouts_total",
    "Interactive transitions cancelled because nobody updated them within the interaction timeout."
  )
  static let delegateCalls = counter(
    "curtain_delegate_calls_total", "Questions sent to remote delegates (DelegateCall).")
  static let delegateFallbacks = counter(
    "curtain_delegate_fallbacks_total",
    "Remote delegate questions that fell back to UIKit's default, by reason.",
    labels: ["reason"])
  static let clients = gauge(
    "curtain_clients", "Connected clients, by transport.", labels: ["transport"])
  static let sessions = gauge("curtain_sessions", "Sessions.")
  static let windows = gauge("curtain_windows", "Open windows.")
  static let controllers = gauge("curtain_controllers", "View controllers, in a window or not.")
  static let subscriptions = gauge("curtain_subscriptions", "Subscriptions of connected clients.")
  static let writeQueueBytes = gauge(
    "curtain_write_queue_bytes",
    "Bytes of responses, events and goodbyes queued for clients and not yet written.")
  static let waitingRequests = gauge(
    "curtain_waiting_requests", "Requests whose answer waits for a transition or an idle window.")
  static let uptime = gauge("curtain_uptime_seconds", "Seconds since the daemon started.")
  static let journalCommitSeconds = histogram(
    "curtain_journal_commit_seconds",
    "Seconds each group commit of journal records (and snapshots) took on the writer thread.",
    buckets: [
      0.000_025, 0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05,
      0.1, 0.25, 1,
    ])
  static let journalRecords = counter(
    "curtain_journal_records_total", "Journal records committed to the state database.")
  static let snapshotBytes = histogram(
    "curtain_snapshot_bytes", "Size in bytes of each session snapshot written.",
    buckets: [1_024, 4_096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304, 16_777_216, 67_108_864])
  static let storedSnapshotBytes = gauge(
    "curtain_snapshot_stored_bytes", "Bytes of the session snapshots in the state database.")
  static let restoreMissingRecords = gauge(
    "curtain_restore_missing_records",
    "Acknowledged journal records the state database no longer held at the start.")
  static let restoreDroppedRecords = gauge(
    "curtain_restore_dropped_records",
    "Journal records the start could not replay and set aside.")

  /// Every family, in the order GetMetrics lists them.
  public static let all: [MetricFamily] = [
    requests, requestSeconds, framesProduced, framesSent, framesSkipped,
    eventsPublished,
    connections, goodbyes, socketWrites, interactionTimeouts, delegateCalls, delegateFallbacks,
    clients, sessions,
    windows, controllers,
    subscriptions, writeQueueBytes, waitingRequests, uptime, journalCommitSeconds,
    journalRecords, snapshotBytes, storedSnapshotBytes, restoreMissingRecords,
    restoreDroppedRecords,
  ]
}
