// Counters of one label value, made once and kept (as RequestMeters.swift
// does for requests): a daemon with many animating windows counts tens of
// thousands of frames a second, a busy one thousands of events, and making
// a swift-metrics handle looks its label values up in the registry each
// time. The handles are the registry's own, so GetMetrics sees the same
// numbers.

import CoreMetrics

/// The counters of families with one label, by family and label value.
final class CounterCache {
  private struct Key: Hashable {
    let family: String
    let value: String
  }

  private let registry: MetricsRegistry
  private var counters: [Key: Counter] = [:]

  init(registry: MetricsRegistry) {
    self.registry = registry
  }

  /// Frames sent, by policy (`latest`, `pause`, `disconnect`): counted for
  /// every frame and subscriber, so kept without a lookup.
  private(set) lazy var framesSent = ["latest", "pause", "disconnect"].map {
    counter(.framesSent, $0)
  }
  /// Frames produced, realtime and manual.
  private(set) lazy var framesProduced = ["realtime", "manual"].map {
    counter(.framesProduced, $0)
  }

  /// Writes to clients' sockets: one or more per request answered, so
  /// kept without a lookup (looking it up in the registry cost a `Sync`
  /// 1,600 instructions).
  private(set) lazy var socketWrites = registry.counter(.socketWrites)
  /// Journal commits' durations and records: measured for every commit.
  private(set) lazy var journalCommitSeconds = registry.timer(.journalCommitSeconds)
  private(set) lazy var journalRecords = registry.counter(.journalRecords)

  /// The counter of `family` (which has one label) for label value
  /// `value`.
  func counter(_ family: MetricFamily, _ value: String) -> Counter {
    let key = Key(family: family.name, value: value)
    if let counter = counters[key] { return counter }
    let counter = registry.counter(family, value)
    counters[key] = counter
    return counter
  }
}
