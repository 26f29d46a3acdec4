// `Lease`: takes or renews the lease of a window for `ttl` seconds on the
// daemon's clock; while it holds, only this client may mutate the window
// (Leases.swift). Another client's lease is PERMISSION_DENIED naming it.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let lease = RequestHandler.window(
    .lease, mutates: true, { $0.lease.windowID },
    run: { context in
      .ok(
        .lease(
          try context.server.lease(
            context.window, for: context.client, ttl: context.request.lease.ttl)))
    })
}
