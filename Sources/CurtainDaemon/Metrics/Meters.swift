// The daemon's metrics (docs/metrics.md): the registry GetMetrics reads,
// and the handles made once to count into it, for requests
// (RequestMeters.swift) and for frames, events and writes
// (CounterCache.swift).

/// The metrics registry and the handles that count into it.
final class Meters {
  /// Every family and its samples (GetMetrics).
  let registry = MetricsRegistry()
  /// The frame, event and write counters.
  let counters: CounterCache
  /// The request counters and histograms.
  let requests: RequestMeters
  /// Interaction timeouts already counted.
  private var interactionTimeoutsCounted = 0

  init() {
    counters = CounterCache(registry: registry)
    requests = RequestMeters(registry: registry)
  }

  /// Counts the interaction timeouts new since the last call, out of
  /// `total` (the sessions' own counts, which only grow).
  func countInteractionTimeouts(total: Int) {
    guard total > interactionTimeoutsCounted else { return }
    registry.counter(.interactionTimeouts).increment(by: total - interactionTimeoutsCounted)
    interactionTimeoutsCounted = total
  }
}
