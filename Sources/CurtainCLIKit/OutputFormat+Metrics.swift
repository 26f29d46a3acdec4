// The daemon's metrics (`curtain metrics`): one line per sample in the
// shape of Prometheus' text format, or one JSON object.
//
//     curtain_requests_total{kind="push",outcome="OK"} 3
//     curtain_request_seconds_bucket{le="0.00001"} 2      (cumulative)
//     curtain_request_seconds_bucket{le="+Inf"} 5
//     curtain_request_seconds_sum 0.000412
//     curtain_request_seconds_count 5
//
// Families without samples are left out of the lines.

public import CurtainWire

extension OutputFormat {
  /// Every sample as a line.
  public static func human(_ metrics: Curtain_V1_Metrics) -> String {
    var lines: [String] = []
    for family in metrics.families {
      for sample in family.samples {
        let labels = Array(zip(family.labelNames, sample.labelValues))
        switch family.type {
        case .histogram:
          var cumulative: UInt64 = 0
          for (index, count) in sample.bucketCounts.enumerated() {
            cumulative += count
            let bound =
              index < family.bucketBounds.count
              ? prometheusNumber(family.bucketBounds[index]) : "+Inf"
            lines.append(
              "\(family.name)_bucket\(labelText(labels + [("le", bound)])) \(cumulative)")
          }
          lines.append(
            "\(family.name)_sum\(labelText(labels)) \(prometheusNumber(sample.sum))")
          lines.append("\(family.name)_count\(labelText(labels)) \(sample.count)")
        default:
          lines.append("\(family.name)\(labelText(labels)) \(prometheusNumber(sample.value))")
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Keys: `uptime`, `metrics` (each `name`, `type` — `counter`, `gauge`
  /// or `histogram` —, `help`, `labels`, `samples`: each `labels` (an
  /// object of label values), and `value` for counters and gauges, or
  /// `count`, `sum` and `buckets` (each `le`, a bound or `"+Inf"`, and
  /// `count`, cumulative) for histograms).
  public static func json(_ metrics: Curtain_V1_Metrics) -> JSONValue {
    .object([
      ("uptime", .number(metrics.uptime)),
      ("metrics", .array(metrics.families.map(json))),
    ])
  }

  private static func json(_ family: Curtain_V1_MetricFamily) -> JSONValue {
    let type: String
    switch family.type {
    case .counter: type = "counter"
    case .gauge: type = "gauge"
    case .histogram: type = "histogram"
    case .unspecified, .UNRECOGNIZED: type = "untyped"
    }
    return .object([
      ("name", .string(family.name)),
      ("type", .string(type)),
      ("help", .string(family.help)),
      ("labels", .array(family.labelNames.map { .string($0) })),
      (
        "samples",
        .array(
          family.samples.map { sample in
            let labels = JSONValue.object(
              zip(family.labelNames, sample.labelValues).map { ($0.0, .string($0.1)) })
            guard family.type == .histogram else {
              return .object([("labels", labels), ("value", .number(sample.value))])
            }
            var cumulative: UInt64 = 0
            let buckets = sample.bucketCounts.enumerated().map { index, count -> JSONValue in
              cumulative += count
              let bound: JSONValue =
                index < family.bucketBounds.count
                ? .number(family.bucketBounds[index]) : .string("+Inf")
              return .object([("le", bound), ("count", .unsigned(cumulative))])
            }
            return .object([
              ("labels", labels), ("count", .unsigned(sample.count)), ("sum", .number(sample.sum)),
              ("buckets", .array(buckets)),
            ])
          })
      ),
    ])
  }

  /// `{a="1",b="x"}`, or nothing without labels; values escaped as
  /// Prometheus' text format escapes them.
  private static func labelText(_ labels: [(String, String)]) -> String {
    guard !labels.isEmpty else { return "" }
    let parts = labels.map { name, value in
      var escaped = ""
      for character in value {
        switch character {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        case "\n": escaped += "\\n"
        default: escaped.append(character)
        }
      }
      return "\(name)=\"\(escaped)\""
    }
    return "{" + parts.joined(separator: ",") + "}"
  }

  /// A sample value: integral values without a fraction, others in
  /// Swift's shortest round-trip form.
  private static func prometheusNumber(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
    return JSONValue.number(value)
  }
}
