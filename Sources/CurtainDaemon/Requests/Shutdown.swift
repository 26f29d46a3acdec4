// `Shutdown`: stops the daemon once this response has been written: every
// client gets a goodbye, the socket file is removed and the process exits 0.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let shutdown = RequestHandler(
    kind: .shutdown, mutates: true, target: { _ in .server },
    run: {
      context in
      context.server.shutdownAfterResponses = true
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
