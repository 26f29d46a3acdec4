// `Release`: ends this client's lease of a window; with `force`, an admin
// client breaks another client's lease (Leases.swift).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let release = RequestHandler.window(
    .release, mutates: true, { $0.release.windowID },
    run: { context in
      try context.server.release(
        context.window, by: context.client, force: context.request.release.force)
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
