// Where the daemon's metrics live: a swift-metrics `MetricsFactory` of the
// server's own. It is never bootstrapped as the process-wide factory, so
// each `Server` (several run in one test process) counts alone; code that
// measures something makes swift-metrics' `Counter`, `Meter`, `Timer` or
// `Recorder` with `factory:` this registry (the helpers below do), and
// GetMetrics reads `snapshot()`.
//
// Handlers are kept by label and dimensions, so making the same metric
// twice gives the same handler. A label that is not one of
// `MetricFamily.all` is still counted, under a family without help text.
// Histograms keep, per bucket, the number and the sum of its observations,
// so that a bridge can replay them exactly (curtain-web does, into
// swift-prometheus).

public import CoreMetrics
import Synchronization

/// The daemon's metrics, as a swift-metrics factory.
public final class MetricsRegistry: MetricsFactory {
  private struct Key: Hashable {
    let label: String
    let dimensions: [String]
  }

  fileprivate enum Handler {
    case counter(CounterBox)
    case gauge(GaugeBox)
    case histogram(HistogramBox)
  }

  private let families: [String: MetricFamily]
  private let handlers = Mutex<[Key: Handler]>([:])

  /// A registry of `families` (by default every family of the daemon).
  public init(families: [MetricFamily] = MetricFamily.all) {
    self.families = Dictionary(families.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    // A family without labels has its one sample from the start, at zero.
    for family in families where family.labels.isEmpty {
      switch family.kind {
      case .counter: _ = makeCounter(label: family.name, dimensions: [])
      case .gauge: _ = makeMeter(label: family.name, dimensions: [])
      case .histogram: _ = makeTimer(label: family.name, dimensions: [])
      }
    }
  }

  // MARK: Helpers for the daemon's code

  /// The counter of `family` with these label values (in the family's
  /// label order).
  func counter(_ family: MetricFamily, _ values: String...) -> Counter {
    Counter(label: family.name, dimensions: dimensions(family, values), factory: self)
  }

  /// The gauge of `family` with these label values.
  func meter(_ family: MetricFamily, _ values: String...) -> Meter {
    Meter(label: family.name, dimensions: dimensions(family, values), factory: self)
  }

  /// The histogram of `family`, observed in seconds.
  func timer(_ family: MetricFamily) -> CoreMetrics.Timer {
    CoreMetrics.Timer(label: family.name, dimensions: [], factory: self)
  }

  /// The histogram of `family`, observed in its own unit (bytes).
  func recorder(_ family: MetricFamily) -> Recorder {
    Recorder(label: family.name, dimensions: [], aggregate: true, factory: self)
  }

  private func dimensions(_ family: MetricFamily, _ values: [String]) -> [(String, String)] {
    precondition(values.count == family.labels.count, "\(family.name) takes \(family.labels)")
    return Array(zip(family.labels, values))
  }

  // MARK: MetricsFactory

  public func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
    handler(label, dimensions) { .counter(CounterBox()) }.counterBox
  }

  public func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
    handler(label, dimensions) { .gauge(GaugeBox()) }.gaugeBox
  }

  public func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool)
    -> any RecorderHandler
  {
    if aggregate {
      let buckets = families[label]?.buckets ?? MetricFamily.requestBuckets
      return handler(label, dimensions) { .histogram(HistogramBox(bounds: buckets)) }.histogramBox
    }
    return handler(label, dimensions) { .gauge(GaugeBox()) }.gaugeBox
  }

  public func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
    let buckets = families[label]?.buckets ?? MetricFamily.requestBuckets
    return handler(label, dimensions) { .histogram(HistogramBox(bounds: buckets)) }.histogramBox
  }

  public func destroyCounter(_ handler: any CounterHandler) { remove(handler) }
  public func destroyMeter(_ handler: any MeterHandler) { remove(handler) }
  public func destroyRecorder(_ handler: any RecorderHandler) { remove(handler) }
  public func destroyTimer(_ handler: any TimerHandler) { remove(handler) }

  private func handler(
    _ label: String, _ dimensions: [(String, String)], make: () -> Handler
  ) -> Handler {
    // Label values in the family's label order, whatever order the
    // dimensions came in.
    let names = families[label]?.labels ?? dimensions.map(\.0)
    let values = names.map { name in dimensions.first { $0.0 == name }?.1 ?? "" }
    let key = Key(label: label, dimensions: values)
    return handlers.withLock { handlers in
      if let existing = handlers[key] { return existing }
      let made = make()
      handlers[key] = made
      return made
    }
  }

  private func remove(_ handler: AnyObject) {
    handlers.withLock { handlers in
      handlers = handlers.filter { $0.value.object !== handler }
    }
  }

  // MARK: Reading

  /// One sample of a family.
  public struct Sample: Sendable, Equatable {
    /// Values of the family's labels, in order.
    public var labelValues: [String]
    /// Counters and gauges.
    public var value: Double
    /// Histograms: observations per bucket (the last above every bound).
    public var bucketCounts: [UInt64]
    /// Histograms: the sum of each bucket's observations.
    public var bucketSums: [Double]
  }

  /// Every family of the registry (known families in their order, then any
  /// other label seen) with its samples sorted by label values.
  public func snapshot() -> [(family: MetricFamily, samples: [Sample])] {
    let entries = handlers.withLock { $0.map { ($0.key, $0.value) } }
    var byLabel: [String: [Sample]] = [:]
    for (key, handler) in entries {
      byLabel[key.label, default: []].append(handler.sample(labelValues: key.dimensions))
    }
    var result: [(MetricFamily, [Sample])] = []
    var seen = Set<String>()
    let known = MetricFamily.all.filter { families[$0.name] != nil }
    let unknown = byLabel.keys.filter { families[$0] == nil }.sorted().map { label in
      MetricFamily(name: label, help: "", kind: .gauge, labels: [], buckets: [])
    }
    for family in known + unknown where seen.insert(family.name).inserted {
      let samples = (byLabel[family.name] ?? []).sorted {
        $0.labelValues.lexicographicallyPrecedes($1.labelValues)
      }
      result.append((family, samples))
    }
    return result
  }
}

extension MetricsRegistry.Handler {
  var object: AnyObject {
    switch self {
    case .counter(let box): return box
    case .gauge(let box): return box
    case .histogram(let box): return box
    }
  }

  var counterBox: CounterBox {
    if case .counter(let box) = self { return box }
    return CounterBox()
  }

  var gaugeBox: GaugeBox {
    if case .gauge(let box) = self { return box }
    return GaugeBox()
  }

  var histogramBox: HistogramBox {
    if case .histogram(let box) = self { return box }
    return HistogramBox(bounds: MetricFamily.requestBuckets)
  }

  func sample(labelValues: [String]) -> MetricsRegistry.Sample {
    switch self {
    case .counter(let box):
      return .init(
        labelValues: labelValues, value: Double(box.value), bucketCounts: [], bucketSums: [])
    case .gauge(let box):
      return .init(labelValues: labelValues, value: box.value, bucketCounts: [], bucketSums: [])
    case .histogram(let box):
      let buckets = box.buckets
      return .init(
        labelValues: labelValues, value: 0, bucketCounts: buckets.counts, bucketSums: buckets.sums)
    }
  }
}

/// A counter's value.
final class CounterBox: CounterHandler {
  private let total = Mutex<Int64>(0)

  func increment(by amount: Int64) {
    total.withLock { $0 &+= max(0, amount) }
  }

  func reset() {
    total.withLock { $0 = 0 }
  }

  var value: Int64 { total.withLock { $0 } }
}

/// A gauge's value (a swift-metrics meter, or a recorder that does not
/// aggregate).
final class GaugeBox: MeterHandler, RecorderHandler {
  private let current = Mutex<Double>(0)

  func set(_ value: Int64) { set(Double(value)) }
  func set(_ value: Double) { current.withLock { $0 = value } }
  func increment(by amount: Double) { current.withLock { $0 += amount } }
  func decrement(by amount: Double) { current.withLock { $0 -= amount } }
  func record(_ value: Int64) { set(Double(value)) }
  func record(_ value: Double) { set(value) }

  var value: Double { current.withLock { $0 } }
}

/// A histogram: per bucket the number and sum of its observations.
final class HistogramBox: TimerHandler, RecorderHandler {
  struct Buckets: Sendable {
    /// Upper bounds, ascending.
    let bounds: [Double]
    /// One per bound, then one above the last.
    var counts: [UInt64]
    var sums: [Double]
  }

  private let state: Mutex<Buckets>

  init(bounds: [Double]) {
    state = Mutex(
      Buckets(
        bounds: bounds, counts: Array(repeating: 0, count: bounds.count + 1),
        sums: Array(repeating: 0, count: bounds.count + 1)))
  }

  func recordNanoseconds(_ duration: Int64) {
    record(Double(duration) / 1_000_000_000)
  }

  func record(_ value: Int64) { record(Double(value)) }

  func record(_ value: Double) {
    guard value.isFinite else { return }
    state.withLock { buckets in
      let index = buckets.bounds.firstIndex { value <= $0 } ?? buckets.bounds.count
      buckets.counts[index] += 1
      buckets.sums[index] += value
    }
  }

  var buckets: Buckets { state.withLock { $0 } }
}
