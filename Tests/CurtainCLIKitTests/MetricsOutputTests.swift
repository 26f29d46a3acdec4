import CurtainCLIKit
import CurtainWire
import XCTest

/// `curtain metrics`' lines and JSON, built from a GetMetrics answer and
/// compared with golden strings.
final class MetricsOutputTests: XCTestCase {
  private func sample(_ labels: [String], value: Double) -> Curtain_V1_MetricSample {
    var sample = Curtain_V1_MetricSample()
    sample.labelValues = labels
    sample.value = value
    return sample
  }

  private func example() -> Curtain_V1_Metrics {
    var counter = Curtain_V1_MetricFamily()
    counter.name = "curtain_goodbyes_total"
    counter.type = .counter
    counter.labelNames = ["reason"]
    counter.samples = [sample(["say \"bye\"\\\n"], value: 2)]
    var gauge = Curtain_V1_MetricFamily()
    gauge.name = "curtain_write_queue_bytes"
    gauge.type = .gauge
    gauge.samples = [sample([], value: 0.25)]
    var empty = Curtain_V1_MetricFamily()
    empty.name = "curtain_clients"
    empty.type = .gauge
    empty.labelNames = ["transport"]
    var histogram = Curtain_V1_MetricFamily()
    histogram.name = "curtain_request_seconds"
    histogram.type = .histogram
    histogram.bucketBounds = [0.001, 0.01]
    var timed = Curtain_V1_MetricSample()
    timed.bucketCounts = [2, 0, 1]
    timed.bucketSums = [0.001, 0, 0.5]
    timed.count = 3
    timed.sum = 0.501
    histogram.samples = [timed]
    var metrics = Curtain_V1_Metrics()
    metrics.uptime = 12.5
    metrics.families = [counter, gauge, empty, histogram]
    return metrics
  }

  func testLinesAreInPrometheusTextFormatWithCumulativeBuckets() {
    XCTAssertEqual(
      OutputFormat.human(example()),
      """
      curtain_goodbyes_total{reason="say \\"bye\\"\\\\\\n"} 2
      curtain_write_queue_bytes 0.25
      curtain_request_seconds_bucket{le="0.001"} 2
      curtain_request_seconds_bucket{le="0.01"} 2
      curtain_request_seconds_bucket{le="+Inf"} 3
      curtain_request_seconds_sum 0.501
      curtain_request_seconds_count 3
      """)
  }

  func testJSONHasEveryFamilyWithItsSamples() {
    XCTAssertEqual(
      OutputFormat.json(example()).rendered,
      #"{"uptime":12.5,"metrics":["#
        + #"{"name":"curtain_goodbyes_total","type":"counter","help":"","labels":["reason"],"#
        + #""samples":[{"labels":{"reason":"say \"bye\"\\\n"},"value":2}]},"#
        + #"{"name":"curtain_write_queue_bytes","type":"gauge","help":"","labels":[],"#
        + #""samples":[{"labels":{},"value":0.25}]},"#
        + #"{"name":"curtain_clients","type":"gauge","help":"","labels":["transport"],"samples":[]},"#
        + #"{"name":"curtain_request_seconds","type":"histogram","help":"","labels":[],"#
        + #""samples":[{"labels":{},"count":3,"sum":0.501,"buckets":["#
        + #"{"le":0.001,"count":2},{"le":0.01,"count":2},{"le":"+Inf","count":3}]}]}]}"#)
  }
}
