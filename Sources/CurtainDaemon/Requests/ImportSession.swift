// `ImportSession`: loads a document of `ExportSession` as a session. The
// document is read and the session rebuilt before anything changes, so a
// refused import leaves the daemon as it was. The request is journalled
// like any other mutating request (under the session it makes), and its
// replay rebuilds the same session at the same clock time.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let importSession = RequestHandler.server(
    .importSession, mutates: true,
    run: { context in
      let request = context.request.importSession
      guard !request.document.isEmpty else {
        return .invalid("ImportSession needs a document (the output of ExportSession)")
      }
      guard request.name.isEmpty || Server.isValidSessionName(request.name) else {
        return .invalid(
          "'\(request.name)' is not a session name (1 to 64 letters, digits, '_', '-', '.')")
      }
      let session = try context.server.importSession(
        Array(request.document), as: request.name.isEmpty ? nil : request.name)
      return .ok(.imported(Curtain_V1_SessionList.Entry(session)))
    })
}
