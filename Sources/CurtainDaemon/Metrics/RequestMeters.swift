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
  /// The request-time histogram.
  let seconds: CoreMetrics.Timer

  init(registry: MetricsRegistry) {
    self.registry = registry
    seconds = registry.timer(.requestSeconds)
  }

  /// The counter of requests of `kind` that ended with `outcome`.
  func counter(_ kind: RequestKind?, _ outcome: String) -> Counter {
    let key = Key(kind: kind, outcome: outcome)
    if let counter = counters[key] { return counter }
    let counter = registry.counter(.requests, kind?.rawValue ?? "empty", outcome)
    counters[key] = counter
    return counter
  }
}
