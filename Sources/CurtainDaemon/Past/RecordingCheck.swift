// Checking a recording (CheckRecording, docs/recordings.md): its inputs
// replayed on this build (Server+Recording.swift) and compared with its
// expectations step by step. Within a step the events come first, then
// the frames, then whether the input replayed as recorded; the trees are
// compared at the end. The first difference says which event (or frame,
// or tree), what was expected and what came, and the input that led there.

import CurtainCore
import CurtainWire
import Foundation
import SwiftProtobuf

extension Server {
  /// Replays the recording `bytes` and compares; with `update`, also the
  /// recording with this daemon's expectations. `INVALID_ARGUMENT` for
  /// bytes that are not a recording, or whose start does not restore,
  /// `UNSUPPORTED_VERSION` for a newer one.
  func checkRecording(_ bytes: [UInt8], update: Bool) throws(CurtainError)
    -> Curtain_V1_RecordingCheck
  {
    var recording: Curtain_V1_Recording
    do {
      recording = try RecordingFile.decode(bytes)
    } catch {
      switch error {
      case .invalid(let reason):
        throw CurtainError(.invalidArgument, "Cannot replay the recording: \(reason)")
      case .newer(let reason):
        throw CurtainError(.unsupportedVersion, "Cannot replay the recording: \(reason)")
      }
    }
    let run: RecordingRun
    do {
      run = try runRecording(recording)
    } catch {
      throw CurtainError(.invalidArgument, "Cannot replay the recording: \(error.description)")
    }
    var check = Curtain_V1_RecordingCheck()
    check.inputs = UInt32(clamping: recording.inputs.count)
    check.events = UInt32(clamping: recording.steps.reduce(0) { $0 + $1.events.count })
    check.frames = UInt32(clamping: recording.steps.reduce(0) { $0 + $1.frames.count })
    check.trees = UInt32(clamping: recording.trees.count)
    check.session = recording.session
    check.windowID = recording.windowID
    check.generator = "curtaind \(curtainVersion)"
    check.recordedBy = recording.generator
    if let difference = RecordingComparison.firstDifference(recording, run) {
      check.difference = difference
    } else {
      check.identical = true
    }
    if update, run.failure == nil {
      recording.steps = run.steps
      recording.trees = run.trees
      recording.generator = check.generator
      check.updated = Data(RecordingFile.encoded(recording))
    }
    return check
  }
}

/// The first difference between a recording and its replay.
enum RecordingComparison {
  /// `nil` when the replay gave exactly what `recording` expects.
  static func firstDifference(_ recording: Curtain_V1_Recording, _ run: RecordingRun)
    -> Curtain_V1_RecordingDifference?
  {
    var events = 0
    var frames = 0
    for (index, expected) in recording.steps.enumerated() {
      let got = index < run.steps.count ? run.steps[index] : Curtain_V1_RecordedStep()
      let input = describe(input: index, of: recording)
      if let mismatch = firstMismatch(expected.events, got.events) {
        let (offset, wanted, came) = mismatch
        let at = events + offset
        return difference(
          .event, index: at, input: index, inputText: input, expected: wanted, got: came,
          what: "event \(at)", summary: summary(of:))
      }
      if let mismatch = firstMismatch(expected.frames, got.frames) {
        let (offset, wanted, came) = mismatch
        let at = frames + offset
        return difference(
          .frame, index: at, input: index, inputText: input, expected: wanted, got: came,
          what: "frame \(at)", summary: summary(of:))
      }
      if let failure = run.failure, failure.input == index {
        var difference = Curtain_V1_RecordingDifference()
        difference.kind = .input
        difference.index = UInt32(clamping: events + expected.events.count)
        difference.input = UInt32(clamping: index)
        difference.inputText = input
        difference.explanation =
          "input \(index) (\(input)) no longer replays as recorded: \(failure.description)"
        return difference
      }
      events += expected.events.count
      frames += expected.frames.count
    }
    let end = recording.inputs.count
    if let mismatch = firstMismatch(recording.trees, run.trees) {
      let (offset, wanted, came) = mismatch
      let window = (wanted ?? came)?.window.id ?? 0
      return difference(
        .tree, index: offset, input: end, inputText: describe(input: end, of: recording),
        expected: wanted, got: came, what: "the tree of w\(window) at the end",
        summary: { _ in "" })
    }
    return nil
  }

  /// The first position at which two lists differ, with what each has
  /// there (`nil`: it has nothing).
  private static func firstMismatch<Value: Equatable>(_ expected: [Value], _ got: [Value])
    -> (Int, Value?, Value?)?
  {
    for offset in 0..<max(expected.count, got.count) {
      let wanted = offset < expected.count ? expected[offset] : nil
      let came = offset < got.count ? got[offset] : nil
      if wanted != came { return (offset, wanted, came) }
    }
    return nil
  }

  /// A difference of an event, a frame or a tree.
  private static func difference<Value: SwiftProtobuf.Message>(
    _ kind: Curtain_V1_RecordingDifference.Kind, index: Int, input: Int, inputText: String,
    expected: Value?, got: Value?, what: String, summary: (Value) -> String
  ) -> Curtain_V1_RecordingDifference {
    var difference = Curtain_V1_RecordingDifference()
    difference.kind = kind
    difference.index = UInt32(clamping: index)
    difference.input = UInt32(clamping: input)
    difference.inputText = inputText
    difference.expected = expected.map { $0.textFormatString() } ?? ""
    difference.got = got.map { $0.textFormatString() } ?? ""
    var explanation = "\(what) (input \(input): \(inputText)): "
    switch (expected, got) {
    case (let expected?, let got?):
      var parts: [String] = []
      let (wanted, came) = (summary(expected), summary(got))
      if !wanted.isEmpty || !came.isEmpty {
        parts.append("expected \(quoted(wanted)), got \(quoted(came))")
      }
      if let lines = firstDifferentLine(difference.expected, difference.got) {
        let (wanted, came) = lines
        parts.append("first different field: expected \(wanted), got \(came)")
      }
      explanation += parts.joined(separator: "; ")
    case (let expected?, nil):
      explanation += "expected \(quoted(summary(expected))), got nothing"
    case (nil, let got?):
      explanation += "expected nothing, got \(quoted(summary(got)))"
    case (nil, nil):
      explanation += "nothing"
    }
    difference.explanation = explanation
    return difference
  }

  /// `text` in quotes (a tree has no summary: "its tree").
  private static func quoted(_ text: String) -> String {
    text.isEmpty ? "its tree" : "\"\(text)\""
  }

  /// The first lines of two text forms that differ, trimmed.
  private static func firstDifferentLine(_ expected: String, _ got: String) -> (String, String)? {
    let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let came = got.split(separator: "\n", omittingEmptySubsequences: false)
    for offset in 0..<max(wanted.count, came.count) {
      let left = offset < wanted.count ? wanted[offset].trimmingCharacters(in: .whitespaces) : ""
      let right = offset < came.count ? came[offset].trimmingCharacters(in: .whitespaces) : ""
      if left != right {
        return (left.isEmpty ? "nothing" : "`\(left)`", right.isEmpty ? "nothing" : "`\(right)`")
      }
    }
    return nil
  }

  /// An event as a line: `w1 #7 t=0.350 B.viewDidAppear(true)`.
  static func summary(of event: WireEvent) -> String {
    "w\(event.windowID) #\(event.seq) t=\(Server.decimal(event.time)) \(event.text)"
  }

  /// A frame as a line: `w1 frame 3 t=0.100, 4 views`.
  static func summary(of frame: WireFrame) -> String {
    "w\(frame.windowID) frame \(frame.frameSeq) t=\(Server.decimal(frame.modelTime)), "
      + "\(frame.views.count) views"
  }

  /// Input `index` of `recording` as a line: its request's kind and
  /// fields (`push {window_id: 1 ...}`), or the time after the last input.
  static func describe(input index: Int, of recording: Curtain_V1_Recording) -> String {
    guard index < recording.inputs.count else {
      return "the time after the last input, to clock \(Server.decimal(recording.endClock))"
    }
    let entry = recording.inputs[index]
    switch entry.input {
    case .request(let request):
      guard let body = request.body else { return "a request without a body" }
      var fields = request
      fields.requestID = 0
      fields.traceID = ""
      fields.session = ""
      let text = fields.textFormatString().split(separator: "\n")
        .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
      let shown = text.count > 160 ? String(text.prefix(157)) + "..." : text
      return "\(RequestKind(body).rawValue) at clock \(Server.decimal(entry.clock)): \(shown)"
    case .clientGone: return "client \(entry.clientID) gone at clock \(Server.decimal(entry.clock))"
    case .settled: return "settled at clock \(Server.decimal(entry.clock))"
    case .delegateTimeout(let timeout):
      return "delegate call \(timeout.callID) timed out at clock \(Server.decimal(entry.clock))"
    case nil: return "an empty input"
    }
  }
}
