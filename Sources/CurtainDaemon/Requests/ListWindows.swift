// `ListWindows`: the session's windows.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listWindows = RequestHandler.session(
    .listWindows, mutates: false,
    run: { context in
      var list = Curtain_V1_WindowList()
      list.windows = context.session.orderedWindows.map {
        Curtain_V1_WindowInfo($0, frameRate: context.server.frameRate(of: $0))
      }
      return .ok(.windows(list))
    })
}
