// `Sync`: answers once every request before it has been applied (i3's SYNC).
// Requests are applied in order, so answering at once is exactly that.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let sync = RequestHandler.server(
    .sync, mutates: false,
    run: { _ in
      .ok(.empty(Curtain_V1_Empty()))
    })
}
