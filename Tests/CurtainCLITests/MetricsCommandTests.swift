// `curtain metrics` for real: the built CLI against a real curtaind, in
// Prometheus' text format and with --json.

import CurtainTesting
import Foundation
import XCTest

final class MetricsCommandTests: XCTestCase {
  func testMetricsPrintsTheDaemonsSamplesAsLinesAndAsJSON() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    let cli = try TempDaemon.cliURL().path
    let curtain = { (arguments: [String]) throws -> String in
      try runProgram(cli, ["--socket", daemon.socketPath, "--no-start"] + arguments)
    }
    XCTAssertEqual(try curtain(["new-window", "--clock", "manual"]), "w1\n")

    let lines = try curtain(["metrics"]).split(separator: "\n").map(String.init)
    XCTAssertTrue(lines.contains("curtain_windows 1"), lines.joined(separator: "\n"))
    XCTAssertTrue(lines.contains("curtain_sessions 1"))
    XCTAssertTrue(lines.contains(#"curtain_requests_total{kind="createWindow",outcome="OK"} 1"#))
    XCTAssertTrue(lines.contains(#"curtain_clients{transport="unix"} 1"#))
    // Every request before this GetMetrics was timed once (TempDaemon's
    // own readiness check included).
    let handled = lines.filter { $0.hasPrefix("curtain_requests_total{") }
      .compactMap { Int($0.split(separator: " ").last ?? "") }.reduce(0, +)
    XCTAssertGreaterThanOrEqual(handled, 2)
    XCTAssertTrue(lines.contains(#"curtain_request_seconds_bucket{le="+Inf"} \#(handled)"#))
    XCTAssertTrue(lines.contains("curtain_request_seconds_count \(handled)"))
    XCTAssertEqual(lines.filter { $0.hasPrefix("curtain_request_seconds_bucket") }.count, 22)

    let data = Data(try curtain(["metrics", "--json"]).utf8)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertNotNil(object["uptime"] as? Double)
    let families = try XCTUnwrap(object["metrics"] as? [[String: Any]])
    let windows = try XCTUnwrap(families.first { $0["name"] as? String == "curtain_windows" })
    XCTAssertEqual(windows["type"] as? String, "gauge")
    let samples = try XCTUnwrap(windows["samples"] as? [[String: Any]])
    XCTAssertEqual(samples.map { $0["value"] as? Double }, [1])
    let seconds = try XCTUnwrap(
      families.first { $0["name"] as? String == "curtain_request_seconds" })
    XCTAssertEqual(seconds["type"] as? String, "histogram")
    let timed = try XCTUnwrap((seconds["samples"] as? [[String: Any]])?.first)
    // Hello and GetMetrics of the first `curtain metrics` came since.
    XCTAssertEqual(timed["count"] as? Int, handled + 2)
    let buckets = try XCTUnwrap(timed["buckets"] as? [[String: Any]])
    XCTAssertEqual(buckets.last?["le"] as? String, "+Inf")
    XCTAssertEqual(buckets.last?["count"] as? Int, handled + 2)
  }

  func testMetricsWithoutADaemonFailsClearly() throws {
    let directory = NSTemporaryDirectory() + "curtain-metrics-\(getpid())"
    let (status, output) = try spawnProgram(
      try TempDaemon.cliURL().path,
      ["--socket", directory + "/none.sock", "--no-start", "metrics"])
    XCTAssertNotEqual(status, 0)
    XCTAssertTrue(output.contains("none.sock"), output)
  }
}
