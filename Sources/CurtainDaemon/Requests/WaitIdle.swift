// `WaitIdle`: answers once the window has no running transition and an empty
// operation queue (a settle barrier).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let waitIdle = RequestHandler(
    kind: .waitIdle, mutates: false,
    target: { .window($0.waitIdle.windowID) },
    run: { context in
      let window = context.window!
      if window.isIdle {
        return .ok(
          .window(Curtain_V1_WindowInfo(window, frameRate: context.server.frameRate(of: window))))
      }
      return .deferred(
        Waiter(
          clientID: context.client.id, requestID: context.request.requestID,
          traceID: context.request.traceID, key: context.server.key(of: window), condition: .idle,
          result: Curtain_V1_OperationResult(), cursor: window.log.lastSeq))
    })
}
