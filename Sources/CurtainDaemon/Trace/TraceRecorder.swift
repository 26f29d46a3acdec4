// The trace recorder: a part of the server that keeps, for each window,
// what its trace needs beside its event ring (WindowTrace.swift): the
// requests that submitted its operations, the clients its delegate
// questions went to and came from, the wall time of each batch of its
// events, and its frames with their deliveries. Each window's records are
// bounded rings, made on the window's first record and dropped when the
// window closes or its session leaves this node. Nothing is recorded while
// a journal is replayed (no client asked anything then).

import CurtainCore

#if canImport(Glibc)
  import Glibc
#endif

/// The windows' trace records.
final class TraceRecorder {
  /// How many entries each window keeps.
  let limits: TraceLimits
  /// Wall time (Unix seconds) minus loop time, fixed at start: wall times
  /// follow the loop's monotonic clock, so they never go back.
  private let wallOffset: Double
  private var windows: [WindowKey: WindowTrace] = [:]

  /// A recorder keeping `limits`, for a loop whose clock reads `loopNow`
  /// now.
  init(limits: TraceLimits = TraceLimits(), loopNow: Double) {
    self.limits = limits
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    wallOffset = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - loopNow
  }

  /// The wall time of loop time `loopTime`.
  func wall(atLoopTime loopTime: Double) -> Double {
    loopTime + wallOffset
  }

  /// A window's records, if it has any.
  subscript(key: WindowKey) -> WindowTrace? {
    windows[key]
  }

  /// How many windows have records.
  var count: Int { windows.count }

  /// Changes the records of `key`'s window, making them if needed.
  func update(_ key: WindowKey, _ change: (inout WindowTrace) -> Void) {
    change(&windows[key, default: WindowTrace(limits: limits)])
  }

  /// Stamps the events of `key`'s window up to `lastSeq` with `wall`;
  /// nothing for a window without records and events.
  func stamp(_ key: WindowKey, upTo lastSeq: UInt64, wall: Double) {
    guard lastSeq > 0 else { return }
    update(key) { $0.stamp(upTo: lastSeq, wall: wall) }
  }

  /// Forgets a window (closed, or its session moved away).
  func remove(_ key: WindowKey) {
    windows[key] = nil
  }
}
