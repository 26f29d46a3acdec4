// `ListSessions`: the sessions with their sizes; only those its token
// grants for a client limited to some sessions.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listSessions = RequestHandler.server(
    .listSessions, mutates: false,
    run: { context in
      var list = Curtain_V1_SessionList()
      let scope = context.client.scope
      list.sessions = context.server.sessions.values.filter { scope.allows(session: $0.name) }
        .sorted { $0.name < $1.name }.map(Curtain_V1_SessionList.Entry.init)
      return .ok(.sessions(list))
    })
}
