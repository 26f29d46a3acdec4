// `/metrics`: the daemon's metrics (GetMetrics) in Prometheus' text format,
// written by swift-prometheus, and a few of curtain-web's own.
//
// swift-prometheus' collectors are made to be updated where things happen,
// while the daemon hands over totals. So the export keeps a registry per
// daemon connection and, at each scrape, brings it up to the daemon's
// totals: a counter is incremented by what it grew since the last scrape,
// a gauge is set, and a histogram is given the observations its buckets
// gained, each bucket's at their mean (the daemon reports each bucket's
// sum too), so that every bucket, the count and the sum are the daemon's.
// A new connection (the daemon may have restarted, its counters from
// zero) starts a new registry; while the daemon is unavailable, only
// curtain-web's own metrics are written, with `curtain_web_daemon_up 0`.

import CurtainWire
import Prometheus

/// Turns GetMetrics answers into Prometheus' text format.
actor PrometheusExport {
  private struct SampleKey: Hashable {
    let name: String
    let labels: [String]
  }

  private struct HistogramState {
    let histogram: ValueHistogram
    var counts: [UInt64]
    var sums: [Double]
  }

  private var daemonRegistry = PrometheusCollectorRegistry()
  private var generation: UInt64?
  private var counters: [SampleKey: (counter: Counter, total: Double)] = [:]
  private var histograms: [SampleKey: HistogramState] = [:]

  private let ownRegistry = PrometheusCollectorRegistry()
  private let daemonUp: Gauge
  private let watchedWindows: Gauge
  private let webSockets: Gauge

  init() {
    daemonUp = ownRegistry.makeGauge(
      descriptor: Self.descriptor(
        "curtain_web_daemon_up", "1 when curtain-web is connected to curtaind, else 0."))
    watchedWindows = ownRegistry.makeGauge(
      descriptor: Self.descriptor(
        "curtain_web_watched_windows", "Windows watched by browsers (one daemon subscription each)."
      ))
    webSockets = ownRegistry.makeGauge(
      descriptor: Self.descriptor(
        "curtain_web_websocket_clients",
        "Browser WebSockets watching a window or a session's thumbnails."))
  }

  /// The text of a scrape: the daemon's metrics (nil while it is
  /// unavailable) read on connection `generation`, and the bridge's counts.
  func render(
    _ metrics: Curtain_V1_Metrics?, generation: UInt64, watchedWindows: Int, webSockets: Int
  ) -> String {
    daemonUp.set(to: metrics == nil ? 0 : 1)
    self.watchedWindows.set(to: Double(watchedWindows))
    self.webSockets.set(to: Double(webSockets))
    guard let metrics else {
      reset(generation: nil)
      return ownRegistry.emitToString()
    }
    if self.generation != generation { reset(generation: generation) }
    for family in metrics.families { update(family) }
    return daemonRegistry.emitToString() + ownRegistry.emitToString()
  }

  private func reset(generation: UInt64?) {
    self.generation = generation
    daemonRegistry = PrometheusCollectorRegistry()
    counters = [:]
    histograms = [:]
  }

  private func update(_ family: Curtain_V1_MetricFamily) {
    for sample in family.samples {
      let labels = Array(zip(family.labelNames, sample.labelValues))
      let key = SampleKey(name: family.name, labels: sample.labelValues)
      switch family.type {
      case .counter:
        let entry =
          counters[key]
          ?? (
            daemonRegistry.makeCounter(
              descriptor: Self.descriptor(family.name, family.help), labels: labels), 0
          )
        if sample.value < entry.total { entry.counter.reset() }
        let added = sample.value - (sample.value < entry.total ? 0 : entry.total)
        // Whole increments keep the counter an integer in the text.
        if added == added.rounded(), abs(added) < 9e15 {
          entry.counter.increment(by: Int64(added))
        } else {
          entry.counter.increment(by: added)
        }
        counters[key] = (entry.counter, sample.value)
      case .gauge, .unspecified, .UNRECOGNIZED:
        daemonRegistry.makeGauge(
          descriptor: Self.descriptor(family.name, family.help), labels: labels
        ).set(to: sample.value)
      case .histogram:
        var state =
          histograms[key]
          ?? HistogramState(
            histogram: daemonRegistry.makeValueHistogram(
              descriptor: Self.descriptor(family.name, family.help), labels: labels,
              buckets: family.bucketBounds),
            counts: Array(repeating: 0, count: sample.bucketCounts.count),
            sums: Array(repeating: 0, count: sample.bucketSums.count))
        guard state.counts.count == sample.bucketCounts.count,
          state.sums.count == sample.bucketSums.count
        else { continue }
        for index in sample.bucketCounts.indices {
          let added = sample.bucketCounts[index] &- state.counts[index]
          guard sample.bucketCounts[index] > state.counts[index] else { continue }
          Self.replay(
            added, summing: sample.bucketSums[index] - state.sums[index], into: state.histogram)
        }
        state.counts = sample.bucketCounts
        state.sums = sample.bucketSums
        histograms[key] = state
      }
    }
  }

  /// Records `count` observations whose sum is `sum`: all at their mean,
  /// the last one taking up what rounding left over.
  private static func replay(_ count: UInt64, summing sum: Double, into histogram: ValueHistogram) {
    let mean = sum / Double(count)
    for _ in 1..<count { histogram.record(mean) }
    let last = sum - mean * Double(count - 1)
    histogram.record(abs(last - mean) <= abs(mean) * 1e-9 ? last : mean)
  }

  private static func descriptor(_ name: String, _ help: String) -> MetricNameDescriptor {
    MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
  }
}
