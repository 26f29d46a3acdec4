// `--at-seq N` and `--at TIME` of `tree` and `list-controllers`: the state
// as it was at a moment of a window's past, which the daemon replays in a
// scratch server without touching the window (docs/protocol.md, "The
// past"). `snapshot` takes `--at-seq` from here and has an `--at` of its own
// (which also moves a manual window forward).

import ArgumentParser
import CurtainWire

/// A moment of a window's past, on the command line.
struct PastOptions: ParsableArguments {
  @Option(
    name: .customLong("at-seq"),
    help: ArgumentHelp(
      "Show the state right after this event of the window (its seq, as events prints it).",
      valueName: "seq"))
  var atSeq: UInt64?

  @Option(
    help: ArgumentHelp(
      "Show the state at this earlier time of the window (seconds).", valueName: "seconds"))
  var at: Double?

  func validate() throws {
    try Self.validate(seq: atSeq, time: at)
  }

  /// Checks a seq and a time given together.
  static func validate(seq: UInt64?, time: Double?) throws {
    if seq != nil, time != nil { throw ValidationError("--at-seq and --at exclude each other") }
    if seq == 0 { throw ValidationError("--at-seq counts events from 1") }
    if let time, !(time.isFinite && time >= 0) {
      throw ValidationError("--at must be a window time in seconds, 0 or more")
    }
  }

  /// The moment for `window` (0: the request's window), if one was given.
  func point(window: UInt64 = 0) -> Curtain_V1_PastPoint? {
    Self.point(window: window, seq: atSeq, time: at)
  }

  /// The moment of `seq` or `time`, if either is given.
  static func point(window: UInt64, seq: UInt64?, time: Double?) -> Curtain_V1_PastPoint? {
    var point = Curtain_V1_PastPoint()
    point.windowID = window
    if let seq {
      point.seq = seq
    } else if let time {
      point.time = time
    } else {
      return nil
    }
    return point
  }
}
