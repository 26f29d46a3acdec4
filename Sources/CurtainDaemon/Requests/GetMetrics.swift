// `GetMetrics`: what the daemon has counted since it started (requests,
// frames, events, clients, goodbyes, …) and its gauges now, as metric
// families (docs/metrics.md).

import CurtainWire

extension RequestHandler {
  static let getMetrics = RequestHandler.server(
    .getMetrics, mutates: false,
    run: { context in
      .ok(.metrics(context.server.metricsMessage()))
    })
}
