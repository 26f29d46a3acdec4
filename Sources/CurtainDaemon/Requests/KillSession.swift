// `KillSession`: closes every window of a session, destroys its controllers
// and unloads its storyboards; the session is gone ("default" comes back
// empty). Subscribers still get each window's last events.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let killSession = RequestHandler.server(
    .killSession, mutates: true,
    run: { context in
      let name = context.request.killSession.name
      guard !name.isEmpty else { return .invalid("KillSession needs the name of a session") }
      guard let session = context.server.sessions[name] else {
        return .failed(.notFound, "No session '\(name)'")
      }
      try context.server.checkSessionAccess(session, for: context.client)
      try context.server.killSession(session)
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
