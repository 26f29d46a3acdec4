// What the daemon keeps of a window for its trace (GetTrace,
// docs/traces.md), beside the window's event ring, which holds the rest:
// who asked for each operation and when, which client each delegate
// question went to and which answered it, the wall time at which each
// batch of events was applied, and for each frame the window produced the
// progress of its transitions and the subscriptions it was handed to.
// Every part is a ring of a fixed size (`TraceLimits`): the oldest entries
// go first, so a window's trace costs at most a few hundred KiB however
// long it lives; what the trace shows older than the ring is drawn from the
// events alone (an operation without its request, a question without its
// client).

import CurtainCore
import DequeModule

/// How many entries each ring of a window's trace keeps.
struct TraceLimits: Hashable {
  /// Requests that submitted an operation.
  var requests = 1_024
  /// Delegate questions asked and answered.
  var delegateCalls = 1_024
  /// Wall-time stamps of applied events (one per request or tick that
  /// changed the window).
  var stamps = 2_048
  /// Frames produced (with transition progress and deliveries).
  var frames = 1_024
}

/// A window's trace records.
struct WindowTrace {
  /// A request that submitted an operation of the window.
  struct Request {
    let operation: OperationID
    let requestID: UInt64
    let traceID: String
    /// The request kind (push, pop, …).
    let kind: String
    let client: TraceClient
    /// The window's time when the request arrived.
    let time: Double
    /// Wall time (Unix seconds) when the request arrived.
    let wall: Double
  }

  /// A delegate question sent to a client, or its answer from one.
  struct DelegateCall {
    let call: UInt64
    let client: TraceClient
    /// Whether this is the answer (else the question).
    let answered: Bool
  }

  /// The wall time at which the events up to `lastSeq` were applied.
  struct Stamp {
    let lastSeq: UInt64
    let wall: Double
  }

  /// A frame the window produced.
  struct Frame {
    let frameSeq: UInt64
    let time: Double
    let wall: Double
    let progress: [CurtainCore.Frame.TransitionProgress]
    /// The subscriptions it was handed to, each with its count of frames
    /// delivered so far.
    let deliveries: [Delivery]
  }

  /// A frame handed to a subscription.
  struct Delivery {
    let subscription: UInt64
    let client: TraceClient
    /// Frames handed to the subscription so far, this one included.
    let count: UInt64
  }

  let limits: TraceLimits
  private(set) var requests: Deque<Request> = []
  private(set) var delegateCalls: Deque<DelegateCall> = []
  private(set) var stamps: Deque<Stamp> = []
  private(set) var frames: Deque<Frame> = []
  /// The last seq of the newest stamp the ring dropped: older events have
  /// no wall time.
  private var droppedStamps: UInt64 = 0
  /// Frames handed to each subscription that the kept frames mention.
  private var delivered: [UInt64: UInt64] = [:]
  /// Frames recorded since `delivered` was last pruned.
  private var framesSincePrune = 0

  init(limits: TraceLimits) {
    self.limits = limits
  }

  mutating func record(_ request: Request) {
    Self.append(request, to: &requests, limit: limits.requests)
  }

  mutating func record(_ call: DelegateCall) {
    Self.append(call, to: &delegateCalls, limit: limits.delegateCalls)
  }

  /// Stamps the events up to `lastSeq` with `wall`, unless already stamped.
  mutating func stamp(upTo lastSeq: UInt64, wall: Double) {
    guard lastSeq > (stamps.last?.lastSeq ?? 0) else { return }
    if stamps.count >= max(1, limits.stamps), let oldest = stamps.first {
      droppedStamps = oldest.lastSeq
    }
    Self.append(Stamp(lastSeq: lastSeq, wall: wall), to: &stamps, limit: limits.stamps)
  }

  /// Records a frame handed to `subscriptions` (each with its client).
  mutating func recordFrame(
    time: Double, progress: [CurtainCore.Frame.TransitionProgress], frameSeq: UInt64,
    wall: Double, subscriptions: [(UInt64, TraceClient)]
  ) {
    let deliveries = subscriptions.map { subscription, client in
      let count = (delivered[subscription] ?? 0) + 1
      delivered[subscription] = count
      return Delivery(subscription: subscription, client: client, count: count)
    }
    Self.append(
      Frame(
        frameSeq: frameSeq, time: time, wall: wall, progress: progress, deliveries: deliveries),
      to: &frames, limit: limits.frames)
    // The counts of subscriptions no kept frame mentions are forgotten once
    // per turn of the ring, so they cost no more than the frames do.
    framesSincePrune += 1
    if framesSincePrune >= limits.frames {
      framesSincePrune = 0
      let kept = Set(frames.lazy.flatMap { $0.deliveries.map(\.subscription) })
      delivered = delivered.filter { kept.contains($0.key) }
    }
  }

  /// The wall time at which event `seq` was applied: that of the first
  /// stamp at or after it; `nil` when no stamp covers it.
  func wall(of seq: UInt64) -> Double? {
    var low = 0
    var high = stamps.count
    while low < high {
      let middle = (low + high) / 2
      if stamps[middle].lastSeq < seq { low = middle + 1 } else { high = middle }
    }
    guard low < stamps.count, seq > droppedStamps else { return nil }
    return stamps[low].wall
  }

  private static func append<Element>(
    _ element: Element, to ring: inout Deque<Element>, limit: Int
  ) {
    if ring.count >= max(1, limit) { ring.removeFirst() }
    ring.append(element)
  }
}

/// A client as a trace names it.
struct TraceClient: Hashable {
  let id: UInt64
  let name: String
}
