// `Record`: a recording of the request's session (docs/recordings.md),
// cut from what the daemon keeps of its past (Past/Server+Recording.swift):
// from the oldest input kept, from a window's event or from an input's
// number; with `mark_only`, only where the session is now (a recording
// that follows from now asks again from there). Read-only.

import CurtainCore
import CurtainWire
import Foundation

extension RequestHandler {
  static let record = RequestHandler.session(
    .record, mutates: false, window: { $0.record.windowID },
    run: { context in
      let body = context.request.record
      var answer = Curtain_V1_RecordingDocument()
      if body.markOnly {
        guard body.from == nil else {
          return .invalid("Record takes mark_only or a start (from_seq, from_input), not both")
        }
        guard let past = context.server.history else {
          return .failed(
            .notFound,
            "The daemon keeps no past of session '\(context.session.name)' (--past-records 0): "
              + "there is nothing to record")
        }
        answer.endInput = past[context.session.name]?.endInput ?? 0
        return .ok(.recording(answer))
      }
      let start: RecordingStart
      switch body.from {
      case .fromSeq(let seq):
        guard context.window != nil else {
          return .invalid("Record's from_seq counts a window's events: it needs a window_id")
        }
        start = .seq(seq)
      case .fromInput(let number): start = .input(number)
      case nil: start = .oldest
      }
      let recording = try context.server.recording(
        of: context.session, window: context.window, from: start)
      answer.document = Data(RecordingFile.encoded(recording))
      answer.endInput = recording.endInput
      answer.inputs = UInt32(clamping: recording.inputs.count)
      answer.events = UInt32(clamping: recording.steps.reduce(0) { $0 + $1.events.count })
      return .ok(.recording(answer))
    })
}
