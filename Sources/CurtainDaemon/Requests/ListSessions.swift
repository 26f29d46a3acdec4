// `ListSessions`: the sessions with their sizes.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listSessions = RequestHandler.server(
    .listSessions, mutates: false,
    run: { context in
      var list = Curtain_V1_SessionList()
      list.sessions = context.server.sessions.values.sorted { $0.name < $1.name }.map(
        Curtain_V1_SessionList.Entry.init)
      return .ok(.sessions(list))
    })
}
