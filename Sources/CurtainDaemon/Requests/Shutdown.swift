// `Shutdown`: stops the daemon once this response has been written: every
// client gets a goodbye, the socket file is removed and the process exits 0.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let shutdown = RequestHandler.server(
    .shutdown, mutates: true,
    run: { context in
      context.server.shutDownOnceAnswered()
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
