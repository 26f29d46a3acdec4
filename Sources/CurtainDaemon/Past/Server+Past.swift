// A window's past, on request (docs/protocol.md, "The past"; issue 38):
// GetTree and ListControllers with a `PastPoint` answer from a scratch
// server in which the session's history (SessionHistory.swift) is replayed
// from the segment's image, through the restore path (`rebuild`,
// `install`, `replay`), up to the moment asked for. The live session is
// never touched: the scratch server is thrown away after the answer.
//
// The moment right after event N is the end of the step that emitted it: a
// request, or time passing up to the event's time (a manual window's
// AdvanceClock, a realtime window's ticks). A request whose events share
// one instant is one step: its events cannot be told apart, and the state
// after any of them is the state after all of them (WindowInfo.last_seq of
// the answer says which event the state is after). A moment at window time
// T replays every record that leaves the window at T or earlier, then moves
// the window to T.
//
// Cost: one segment's records at most (`ServerConfiguration.pastRecords /
// pastSegments`, 1,250 by default), twice when the record that holds the moment moved the window past it
// (it is replayed again up to the record before, then the window is moved
// to the moment): docs/benchmarks.md, "The past".

import CurtainCore
import CurtainWire
import Logging

/// A moment of a window's past.
enum PastMoment: Equatable {
  /// Right after the window's event with this sequence number.
  case afterEvent(UInt64)
  /// At this model time of the window.
  case time(Double)

  /// The moment a request names (`nil`: none set).
  init?(_ point: Curtain_V1_PastPoint) {
    switch point.point {
    case .seq(let seq): self = .afterEvent(seq)
    case .time(let time): self = .time(time)
    case nil: return nil
    }
  }
}

/// A session as it was at a moment of one of its windows: the scratch
/// server that holds it.
struct PastState {
  /// The scratch server (its clocks and settings of the windows).
  let server: Server
  /// The session as it was.
  let session: Session
  /// The window the moment belongs to, as it was.
  let window: Window
}

extension Server {
  /// `session` as it was at `moment` of `window` (a live window of it),
  /// replayed in a scratch server. Throws `INVALID_ARGUMENT` for a moment
  /// that is not in the past and `NOT_FOUND` for one no longer kept.
  func past(of window: Window, in session: Session, at moment: PastMoment) throws(CurtainError)
    -> PastState
  {
    let name = "w\(window.id.rawValue)"
    switch moment {
    case .afterEvent(let seq):
      guard seq >= 1 else {
        throw CurtainError(.invalidArgument, "A past moment's seq counts from 1, got 0")
      }
      guard seq <= window.log.lastSeq else {
        throw CurtainError(
          .invalidArgument,
          "\(name) has no event \(seq) yet: its newest is \(window.log.lastSeq)")
      }
    case .time(let time):
      guard time.isFinite, time >= 0 else {
        throw CurtainError(
          .invalidArgument, "A past moment's time must be 0 or more seconds, got \(time)")
      }
      let now = summary(of: window).time
      guard time <= now else {
        throw CurtainError(
          .invalidArgument,
          "\(name) is at t=\(Self.decimal(now)); t=\(Self.decimal(time)) is not in its past")
      }
    }
    guard let history = history?[session.name] else {
      throw CurtainError(
        .notFound, "The daemon keeps no past of session '\(session.name)' (--past-records 0)")
    }
    let segment: SessionHistory.Segment?
    switch moment {
    case .afterEvent(let seq): segment = history.segment(forSeq: seq, of: window.id)
    case .time(let time): segment = history.segment(forTime: time, of: window.id)
    }
    guard let segment else {
      let asked =
        switch moment {
        case .afterEvent(let seq): "event \(seq) of \(name)"
        case .time(let time): "\(name) at t=\(Self.decimal(time))"
        }
      throw Self.noLongerKept(asked, of: window.id, in: history)
    }
    do {
      return try replayPast(segment, session: session.name, window: window.id, to: moment) {
        window.log.events(after: $0 - 1)?.first?.time
      }
    } catch {
      throw doesNotReplay(session.name, error)
    }
  }

  /// `INTERNAL`: the past of session `name` does not replay (logged).
  func doesNotReplay(_ name: String, _ failure: ReplayFailure) -> CurtainError {
    logger.error(
      "the past does not replay",
      metadata: ["session": "\(name)", "error": "\(failure.description)"])
    return CurtainError(
      .internalError, "The past of session '\(name)' does not replay: \(failure.description)")
  }

  /// `NOT_FOUND`: what was `asked` for (of `window`) is older than what
  /// `history` keeps; names the oldest moment kept.
  static func noLongerKept(_ asked: String, of window: WindowID, in history: SessionHistory)
    -> CurtainError
  {
    let name = "w\(window.rawValue)"
    let oldest = history.oldest(of: window) ?? SessionHistory.Mark(seq: 0, time: 0)
    return CurtainError(
      .notFound,
      "\(asked) is no longer kept: the oldest moment kept is \(name) right after event "
        + "\(oldest.seq) (t=\(decimal(oldest.time))); ask for seq \(oldest.seq + 1) or "
        + "later, or time \(decimal(oldest.time)) or later",
      details: ["oldest_seq": "\(oldest.seq + 1)", "oldest_time": "\(oldest.time)"])
  }

  /// Replays `segment` in a scratch server up to `moment` of `window`;
  /// `liveEventTime` gives the time of an event still in the live window's
  /// ring (for an event that time passing emitted after the last record).
  private func replayPast(
    _ segment: SessionHistory.Segment, session name: String, window id: WindowID,
    to moment: PastMoment, liveEventTime: (UInt64) -> Double?
  ) throws(ReplayFailure) -> PastState {
    var scratch = try scratchServer(from: segment)
    let records = segment.records
    // The first pass: records while the window has not reached the moment.
    var passed: Int?
    var target: Double?
    for (index, record) in records.enumerated() {
      try scratch.replay(entry: record)
      guard let window = scratch.sessions[name]?.windows[id] else { continue }
      switch moment {
      case .afterEvent(let seq):
        guard window.log.lastSeq >= seq else { continue }
        let time = window.log.events(after: seq - 1)?.first?.time ?? window.time
        if window.time > time { (passed, target) = (index, time) }
      case .time(let time):
        guard window.time > time else { continue }
        (passed, target) = (index, time)
      }
      if passed == nil { return try scratch.pastState(name, id) }
      break
    }
    if let passed, let target {
      // The record moved the window past the moment: replay up to the one
      // before it, and move the window to the moment.
      scratch = try scratchServer(from: segment)
      for record in records[..<passed] { try scratch.replay(entry: record) }
      scratch.movePastWindow(name, id, to: target)
      if case .afterEvent(let seq) = moment,
        (scratch.sessions[name]?.windows[id]?.log.lastSeq ?? 0) < seq
      {
        // The record's own request emitted the event: the step is the record.
        try scratch.replay(entry: records[passed])
      }
      return try scratch.pastState(name, id)
    }
    // No record reached the moment: time passing after the last one did.
    switch moment {
    case .afterEvent(let seq):
      if let time = liveEventTime(seq) { scratch.movePastWindow(name, id, to: time) }
    case .time(let time):
      scratch.movePastWindow(name, id, to: time)
    }
    return try scratch.pastState(name, id)
  }

  /// A server with the session of `segment`'s start, to replay the rest in.
  private func scratchServer(from segment: SessionHistory.Segment) throws(ReplayFailure)
    -> Server
  {
    try scratchServer(base: segment.base)
  }

  /// A server with a session at `base` (`nil`: a fresh server), to replay
  /// records in; it keeps no past and records no trace.
  func scratchServer(base: SessionImage?) throws(ReplayFailure) -> Server {
    let scratch = Server(configuration: configuration, clock: { 0 }, logger: logger)
    scratch.history = nil
    scratch.isRestoring = true
    if let base {
      do {
        scratch.install(try scratch.rebuild(base))
      } catch {
        throw ReplayFailure(description: "its image does not restore (\(error.description))")
      }
    }
    return scratch
  }

  /// The replayed session and window.
  private func pastState(_ name: String, _ id: WindowID) throws(ReplayFailure) -> PastState {
    guard let session = sessions[name], let window = session.windows[id] else {
      throw ReplayFailure(description: "window \(id.rawValue) is not in the replayed session")
    }
    return PastState(server: self, session: session, window: window)
  }

  /// Moves a window of a scratch server to model time `time`: a manual
  /// window as AdvanceClock does, a realtime one to the first clock time at
  /// which it reaches `time`.
  private func movePastWindow(_ name: String, _ id: WindowID, to time: Double) {
    guard let window = sessions[name]?.windows[id], time > window.time else { return }
    if window.clockMode == .manual {
      pinningClock(at: replay.lastRecordClock) { _ = advanceClock(of: window, to: time) }
    } else if let clock = clocks[key(of: window)] {
      pinningClock(at: max(replay.lastRecordClock, clock.pace.firstClock(reaching: time))) {
        advanceRealtimeWindows(.sessions([name]), sendingFrames: false)
      }
    }
  }

  /// `value` with three decimals, as the CLI writes times.
  static func decimal(_ value: Double) -> String {
    let thousandths = (value * 1000).rounded()
    let sign = thousandths < 0 ? "-" : ""
    let magnitude = abs(thousandths)
    let fraction = String(Int(magnitude.truncatingRemainder(dividingBy: 1000)))
    return
      "\(sign)\(Int(magnitude / 1000)).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }
}
