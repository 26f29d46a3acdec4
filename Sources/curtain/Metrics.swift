// `curtain metrics`: what the daemon has counted (requests, frames, events,
// clients, goodbyes, …), one sample per line (docs/metrics.md).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Prints the daemon's metrics.
struct Metrics: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "metrics",
    abstract: "Print the daemon's metrics: requests, frames, events, clients and more.",
    discussion: """
      One sample per line, as Prometheus' text format writes it (histograms \
      as cumulative buckets, sum and count); --json prints one object. \
      docs/metrics.md describes every metric; curtain-web serves the same \
      at /metrics for Prometheus to scrape. Never starts a daemon.

      Example:
        curtain metrics
        curtain metrics | grep curtain_requests_total
        curtain metrics --json
      """)

  @OptionGroup var globals: GlobalOptions

  func run() throws {
    let connection = try DaemonConnection.open(globals, startIfNeeded: false)
    defer { connection.close() }
    let response = try connection.perform(.getMetrics(Curtain_V1_GetMetrics()))
    guard case .metrics(let metrics)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "metrics", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(metrics))
    } else {
      Output.line(OutputFormat.human(metrics))
    }
  }
}
