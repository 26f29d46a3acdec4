// `WaitIdle`: answers once the window has no running transition and an empty
// operation queue (a settle barrier).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let waitIdle = RequestHandler.window(
    .waitIdle, mutates: false, { $0.waitIdle.windowID },
    run: { context in
      let window = context.window
      if window.isIdle {
        return .ok(.window(context.server.windowInfo(window)))
      }
      return .deferred(
        Waiter(for: context, key: context.server.key(of: window), condition: .idle))
    })
}
