// Recordings (docs/recordings.md; issue 38 §2): a session's past cut into
// a regression test, and such a test replayed.
//
// A recording is cut from the session's history (SessionHistory.swift):
// its start is an image of the session at a moment between two inputs at
// which the session was quiescent (an image needs it), the last such
// moment at or before the point asked for (the oldest input kept, a
// window's event, an input's number); its inputs are the records after it,
// across segments. Its expectations are what replaying those inputs from
// that image gives in a scratch server (the restore path, as the past is
// computed): the events and frames of each input, the events of the time
// after the last input up to the clock of the cut, and each window's tree
// at the end. The model is deterministic, so that is what the live
// session showed (RecordingTests compare it with a live subscription).
//
// Checking a recording replays its inputs the same way, on this build, and
// compares step by step: an input's events, then its frames, then whether
// it replayed as recorded (its answer's error code and the id counters,
// the journal's check), and at the end the trees. The first difference is
// reported with the input that led to it.

import CurtainCore
import CurtainWire
import Foundation
import SwiftProtobuf

/// Where a recording starts.
enum RecordingStart: Equatable {
  /// The oldest input the daemon keeps of the session.
  case oldest
  /// A window's event (with `window`).
  case seq(UInt64)
  /// An input's number as the session's history counts them.
  case input(UInt64)
}

/// What replaying a recording's inputs produced.
struct RecordingRun {
  /// One step per input replayed, then one for the time after the last.
  var steps: [Curtain_V1_RecordedStep] = []
  /// The expected windows' trees at the end.
  var trees: [Curtain_V1_Tree] = []
  /// The input that did not replay as recorded, and why; the replay
  /// stopped after its step.
  var failure: (input: Int, description: String)?
}

extension Server {
  /// A recording of `session` (of `window`'s events, frames and tree, or of
  /// every window's) from `start` to now. `NOT_FOUND` for a start no longer
  /// kept, `INVALID_ARGUMENT` for one not yet reached.
  func recording(of session: Session, window: Window?, from start: RecordingStart)
    throws(CurtainError) -> Curtain_V1_Recording
  {
    guard let past = history else {
      throw CurtainError(
        .notFound,
        "The daemon keeps no past of session '\(session.name)' (--past-records 0): there is "
          + "nothing to record")
    }
    // A fresh daemon's "default" has a history once its first input comes.
    let history = past[session.name] ?? SessionHistory(base: nil, marks: [:])
    let index: Int
    switch start {
    case .oldest:
      index = 0
    case .input(let number):
      guard number <= history.endInput else {
        throw CurtainError(
          .invalidArgument,
          "Session '\(session.name)' has had \(history.endInput) inputs; input \(number) is "
            + "not in its past")
      }
      guard let found = history.segmentIndex(forInput: number) else {
        throw CurtainError(
          .notFound,
          "input \(number) of session '\(session.name)' is no longer kept: the oldest input "
            + "kept is \(history.firstInput)",
          details: ["oldest_input": "\(history.firstInput)"])
      }
      index = found
    case .seq(let seq):
      guard let window else {
        throw CurtainError(.invalidArgument, "A recording from an event needs its window")
      }
      let name = "w\(window.id.rawValue)"
      guard seq >= 1 else {
        throw CurtainError(.invalidArgument, "A recording's from_seq counts from 1, got 0")
      }
      guard seq <= window.log.lastSeq + 1 else {
        throw CurtainError(
          .invalidArgument,
          "\(name) has no event \(seq) yet: its newest is \(window.log.lastSeq) (from_seq "
            + "\(window.log.lastSeq + 1) records from now)")
      }
      guard let found = history.segmentIndex(forSeq: seq, of: window.id) else {
        throw Self.noLongerKept("event \(seq) of \(name)", of: window.id, in: history)
      }
      index = found
    }
    let base = history.segments[index].base
    let records = history.records(fromSegment: index)
    var recording = Curtain_V1_Recording()
    recording.generator = "curtaind \(curtainVersion)"
    recording.session = session.name
    recording.windowID = window?.id.rawValue ?? 0
    recording.endClock = clock()
    recording.endInput = history.endInput
    do throws(ReplayFailure) {
      let boundary = try startBoundary(
        of: start, in: records, from: base, first: history.firstInput(ofSegment: index),
        session: session.name, window: window?.id)
      if let image = try startImage(
        base: base, records: records[..<boundary], session: session.name)
      {
        recording.start = image.message
      }
      recording.inputs = Array(records[boundary...])
      let run = try runRecording(recording)
      if let failure = run.failure {
        throw ReplayFailure(description: "input \(failure.input): \(failure.description)")
      }
      recording.steps = run.steps
      recording.trees = run.trees
    } catch {
      throw doesNotReplay(session.name, error)
    }
    return recording
  }

  /// Where among `records` (after `base`, the first numbered `first`) a
  /// recording from `start` begins: the last boundary between two records
  /// before the point at which the session was quiescent.
  private func startBoundary(
    of start: RecordingStart, in records: [Curtain_V1_JournalEntry], from base: SessionImage?,
    first: UInt64, session name: String, window id: WindowID?
  ) throws(ReplayFailure) -> Int {
    if start == .oldest { return 0 }
    let scratch = try scratchServer(base: base)
    var boundary = 0
    for index in 0...records.count {
      let reached: Bool
      switch start {
      case .oldest: reached = true
      case .input(let number): reached = first + UInt64(index) > number
      case .seq(let seq):
        let window = id.flatMap { scratch.sessions[name]?.windows[$0] }
        reached = (window?.log.lastSeq ?? 0) >= seq
      }
      if reached { break }
      if scratch.sessions[name]?.isQuiescent ?? true { boundary = index }
      if index < records.count { _ = try scratch.replay(entry: records[index]) }
    }
    return boundary
  }

  /// The image of session `name` after `records` from `base` (`nil`: the
  /// session does not exist then, or is a fresh server's "default"),
  /// without its events.
  private func startImage(
    base: SessionImage?, records: ArraySlice<Curtain_V1_JournalEntry>, session name: String
  ) throws(ReplayFailure) -> SessionImage? {
    guard !records.isEmpty else { return base }
    let scratch = try scratchServer(base: base)
    for record in records { _ = try scratch.replay(entry: record) }
    guard scratch.sessions[name] != nil else { return nil }
    let image = scratch.pinningClock(at: scratch.replay.lastRecordClock) {
      scratch.image(of: name)
    }
    guard let image else {
      throw ReplayFailure(description: "session '\(name)' is not quiescent where it starts")
    }
    return PastHistory.withoutEvents(image)
  }

  /// Replays `recording`'s inputs from its start in a scratch server and
  /// collects what they produce in its windows (the one it names, or
  /// every one). Throws when its start does not restore.
  func runRecording(_ recording: Curtain_V1_Recording) throws(ReplayFailure) -> RecordingRun {
    var base: SessionImage?
    if recording.hasStart {
      do {
        base = try SessionImage(message: recording.start)
      } catch {
        throw ReplayFailure(description: "its start does not restore (\(error.description))")
      }
    }
    let scratch = try scratchServer(base: base)
    let name = recording.session
    let only = recording.windowID == 0 ? nil : WindowID(recording.windowID)
    let collector = RecordingCollector(session: name, window: only)
    scratch.publisher.frameRecorder = { key, frame, frameSeq, _ in
      collector.frame(frame, frameSeq: frameSeq, of: key)
    }
    collector.start(at: scratch.sessions[name])
    var run = RecordingRun()
    for (index, input) in recording.inputs.enumerated() {
      do {
        _ = try scratch.replay(entry: input)
      } catch {
        run.steps.append(try collector.step(scratch))
        run.failure = (index, error.description)
        return run
      }
      run.steps.append(try collector.step(scratch))
    }
    if recording.endClock > scratch.replay.lastRecordClock {
      scratch.pinningClock(at: recording.endClock) {
        scratch.advanceRealtimeWindows(.sessions([name]), sendingFrames: false)
      }
    }
    run.steps.append(try collector.step(scratch))
    for window in scratch.sessions[name]?.orderedWindows ?? []
    where only.map({ $0 == window.id }) ?? true {
      run.trees.append(scratch.tree(of: window, includeViews: true))
    }
    return run
  }
}

/// What a replayed recording's windows produce, step by step, in the
/// order a subscriber gets it (Publisher.swift): the events each window's
/// log gained (windows by id, a window closed by the step included), then
/// those of controllers in no window (unless the recording expects one
/// window), and the frames its clock steps made.
private final class RecordingCollector {
  let session: String
  let window: WindowID?
  /// Each window's newest event taken, by window (a session killed and
  /// made again under its name has windows of the same ids).
  private var cursors: [ObjectIdentifier: UInt64] = [:]
  /// The newest event taken of controllers in no window, and whose.
  private var detached: (session: ObjectIdentifier, seq: UInt64)?
  private var frames: [WireFrame] = []

  init(session: String, window: WindowID?) {
    self.session = session
    self.window = window
  }

  /// The events up to now are the start's.
  func start(at session: Session?) {
    guard let session else { return }
    for window in session.orderedWindows {
      cursors[ObjectIdentifier(window)] = window.log.lastSeq
    }
    detached = (ObjectIdentifier(session), session.detachedLog.lastSeq)
  }

  /// A frame the scratch server's publisher made.
  func frame(_ frame: Frame, frameSeq: UInt64, of key: WindowKey) {
    guard key.session == session, window.map({ $0 == key.window }) ?? true else { return }
    frames.append(WireFrame(frame, frameSeq: frameSeq))
  }

  /// What came since the last step in `server`.
  func step(_ server: Server) throws(ReplayFailure) -> Curtain_V1_RecordedStep {
    var step = Curtain_V1_RecordedStep()
    step.frames = frames
    frames = []
    guard let session = server.sessions[session] else { return step }
    var windows: [WindowID: Window] = [:]
    for (key, closed) in server.publisher.closedWindows where key.session == self.session {
      windows[key.window] = closed
    }
    for open in session.orderedWindows { windows[open.id] = open }
    for (id, each) in windows.sorted(by: { $0.key < $1.key })
    where window.map({ $0 == id }) ?? true {
      let cursor = cursors[ObjectIdentifier(each)] ?? 0
      guard each.log.lastSeq > cursor else { continue }
      guard let events = each.log.events(after: cursor) else {
        throw ReplayFailure(
          description:
            "w\(id.rawValue) made more events in one step than its ring keeps (--event-ring)")
      }
      step.events += events.map { WireEvent($0, session: session) }
      cursors[ObjectIdentifier(each)] = each.log.lastSeq
    }
    guard window == nil else { return step }
    let log = session.detachedLog
    let cursor = detached?.session == ObjectIdentifier(session) ? detached?.seq ?? 0 : 0
    if log.lastSeq > cursor {
      guard let events = log.events(after: cursor) else {
        throw ReplayFailure(
          description: "controllers in no window made more events in one step than are kept")
      }
      step.events += events.map { WireEvent($0, session: session) }
    }
    detached = (ObjectIdentifier(session), log.lastSeq)
    return step
  }
}
