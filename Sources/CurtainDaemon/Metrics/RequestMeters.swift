// The request counters and the request-time histogram, made once and kept:
// every request counts itself (`Server.measureRequest`), and making a
// swift-metrics handle looks its label values up in the registry, which
// cost more than the rest of a `Sync` request's bookkeeping. The handles
// are the registry's own (it gives the same handler for the same label
// values), so GetMetrics sees the same numbers.

import CoreMetrics

/// The handles `Server.measureRequest` uses, by request kind and outcome.
final class RequestMeters {
  private struct Key: Hashable {
    let kind: RequestKind?
    let outcome: String
  }

  private let registry: MetricsRegistry
  private var counters: [Key: Counter] = [:]
  /// The counters of requests that ended OK, by kind ordinal (the last
  /// slot: no kind): nearly every request, without hashing a string.
  private var okCounters = [Counter?](repeating: nil, count: RequestKind.allCases.count + 1)
  /// The request-time histogram: the time from each request to its
  /// answer.
  let seconds: CoreMetrics.Timer

  init(registry: MetricsRegistry) {
    self.registry = registry
    seconds = registry.timer(.requestSeconds)
  }

  /// The counter of requests of `kind` that ended with `outcome`.
  func counter(_ kind: RequestKind?, _ outcome: String) -> Counter {
    if outcome == "OK" {
      let slot = kind?.ordinal ?? RequestKind.allCases.count
      if let counter = okCounters[slot] { return counter }
      let counter = registry.counter(.requests, kind?.rawValue ?? "empty", outcome)
      okCounters[slot] = counter
      return counter
    }
    let key = Key(kind: kind, outcome: outcome)
    if let counter = counters[key] { return counter }
    let counter = registry.counter(.requests, kind?.rawValue ?? "empty", outcome)
    counters[key] = counter
    return counter
  }
}
