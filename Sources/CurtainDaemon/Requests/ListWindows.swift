// `ListWindows`: the session's windows, with the holder of each lease.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listWindows = RequestHandler.session(
    .listWindows, mutates: false,
    run: { context in
      var list = Curtain_V1_WindowList()
      list.windows = context.session.orderedWindows.map { window in
        var info = Curtain_V1_WindowInfo(window, frameRate: context.server.frameRate(of: window))
        if let lease = context.server.wireLease(of: window) { info.lease = lease }
        return info
      }
      return .ok(.windows(list))
    })
}
