// `ListSessions`: the sessions with their sizes.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listSessions = RequestHandler.server(
    .listSessions, mutates: false,
    run: { context in
      var list = Curtain_V1_SessionList()
      for name in context.server.sessions.keys.sorted() {
        guard let session = context.server.sessions[name] else { continue }
        var entry = Curtain_V1_SessionList.Entry()
        entry.name = name
        entry.windows = UInt32(clamping: session.windows.count)
        entry.controllers = UInt32(clamping: session.controllers.count)
        list.sessions.append(entry)
      }
      return .ok(.sessions(list))
    })
}
