// `CheckRecording`: replays a recording (docs/recordings.md) in a scratch
// server of this daemon and compares what it produces with what the
// recording expects (Past/RecordingCheck.swift); with `update`, also
// answers the recording with this daemon's expectations. Touches no
// session. Read-only.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let checkRecording = RequestHandler.server(
    .checkRecording, mutates: false,
    run: { context in
      let body = context.request.checkRecording
      guard !body.document.isEmpty else {
        return .invalid("CheckRecording needs a document (a recording of `curtain record`)")
      }
      return .ok(
        .recordingCheck(
          try context.server.checkRecording(Array(body.document), update: body.update)))
    })
}
