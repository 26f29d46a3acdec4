// `ExportSession`: the request's session as a portable document
// (docs/session-format.md), which `ImportSession` loads into any daemon.
// Only a quiescent session has a snapshot: a busy one is refused (BUSY).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let exportSession = RequestHandler.session(
    .exportSession, mutates: false,
    run: { context in
      var document = Curtain_V1_SessionDocument()
      document.name = context.session.name
      document.document = try context.server.exportDocument(of: context.session)
      return .ok(.sessionDocument(document))
    })
}
