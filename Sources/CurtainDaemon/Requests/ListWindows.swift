// `ListWindows`: the session's windows, with the holder of each lease.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listWindows = RequestHandler.session(
    .listWindows, mutates: false, catchUp: .due,
    run: { context in
      var list = Curtain_V1_WindowList()
      list.windows = context.session.orderedWindows.map { context.server.summary(of: $0) }
      return .ok(.windows(list))
    })
}
