// What a connection still has to write, and the slow-consumer rules.
//
// Every message for a client goes through one backlog, in the order it was
// queued, and each message's bytes go out whole: the connection takes a
// batch of whole messages, hands it to one `uv_write`, and takes the next
// batch only when that write has completed. Messages come in two sorts:
//
// - Control messages (responses, events, goodbye) are never dropped. Their
//   unwritten bytes, in flight included, are counted; a message that would
//   take the count over `maxControlBytes` is refused with the decision to
//   disconnect the client as a slow consumer.
// - Frames belong to a subscription and follow its policy. `.latest` keeps
//   only the newest unsent frame: a new one removes the queued one and takes
//   its place at the end of the queue (so it still follows every message
//   queued before it), counting one more skipped frame; the count is written
//   into the frame (`frames_skipped`) when it is finally handed out.
//   `.disconnect(limit:)` lets `limit` frames of the subscription wait
//   (queued or in flight); the next one is the decision to disconnect.
//   `.pause` frames are queued as they come (the server counts credits).
//
// A frame handed out in a batch is in the kernel's hands and can no longer
// be replaced. The backlog is a pure value: no I/O, no libuv, tested alone.

import CurtainWire

/// A connection's queue of messages waiting to be written.
struct WriteBacklog {
  /// What to do after queuing a message.
  enum Decision: Equatable {
    /// The message was queued.
    case queued
    /// The frame replaced the subscription's unsent frame (`.latest`).
    case replaced
    /// The message was not queued: close the client with this goodbye.
    case disconnect(reason: Goodbye.Reason, message: String)
  }

  private enum Entry {
    case control([UInt8])
    case frame(SharedFrame, subscription: UInt64, skipped: UInt64)
  }

  /// What the batch in flight holds, settled when its write completes.
  private struct InFlight {
    var controlBytes = 0
    var frames: [UInt64: Int] = [:]
  }

  /// The most bytes of control messages that may wait.
  let maxControlBytes: Int
  /// Queued entries from `head` on; `nil` marks a replaced frame.
  private var entries: [Entry?] = []
  private var head = 0
  private var holes = 0
  /// `.latest` subscriptions: the index of their queued frame.
  private var latestIndex: [UInt64: Int] = [:]
  /// Frames per subscription queued or in flight.
  private var waitingFrames: [UInt64: Int] = [:]
  private var inFlight: InFlight?
  /// Unwritten bytes of control messages, in flight included.
  private(set) var controlBytes = 0

  /// Creates an empty backlog.
  init(maxControlBytes: Int) {
    self.maxControlBytes = maxControlBytes
  }

  /// Whether messages are queued (not counting the batch in flight).
  var hasQueued: Bool { entries.count - head - holes > 0 }
  /// Whether a batch is in flight.
  var isWriting: Bool { inFlight != nil }
  /// Nothing queued and nothing in flight.
  var isEmpty: Bool { !hasQueued && !isWriting }
  /// Messages queued (not counting the batch in flight).
  var queuedCount: Int { entries.count - head - holes }

  /// Frames of `subscription` queued or in flight.
  func waitingFrameCount(subscription: UInt64) -> Int {
    waitingFrames[subscription] ?? 0
  }

  // MARK: Queuing

  /// Queues a response or event unless the unwritten control bytes would
  /// exceed the limit.
  mutating func enqueueControl(_ bytes: [UInt8]) -> Decision {
    let total = controlBytes + bytes.count
    guard total <= maxControlBytes else {
      return .disconnect(
        reason: .slowConsumer,
        message:
          "The client does not read fast enough: \(total) bytes of responses and events would wait, over the limit of \(maxControlBytes) bytes"
      )
    }
    appendControl(bytes)
    return .queued
  }

  /// Queues a message that must go out whatever the limit (the goodbye).
  mutating func enqueueFinal(_ bytes: [UInt8]) {
    appendControl(bytes)
  }

  /// Queues a frame of `subscription` under its policy.
  mutating func enqueueFrame(_ frame: SharedFrame, subscription: UInt64, policy: FramePolicy)
    -> Decision
  {
    switch policy {
    case .latest:
      var skipped: UInt64 = 0
      var decision = Decision.queued
      if let index = latestIndex[subscription],
        case .frame(_, _, let earlier)? = entries[index]
      {
        entries[index] = nil
        holes += 1
        waitingFrames[subscription, default: 0] -= 1
        skipped = earlier + 1
        decision = .replaced
      }
      latestIndex[subscription] = entries.count
      append(.frame(frame, subscription: subscription, skipped: skipped))
      waitingFrames[subscription, default: 0] += 1
      compactIfSparse()
      return decision
    case .disconnect(let limit):
      let allowed = max(limit, 1)
      guard waitingFrameCount(subscription: subscription) < allowed else {
        return .disconnect(
          reason: .framePolicy,
          message:
            "Subscription \(subscription) fell behind: \(allowed) frames were waiting (DISCONNECT policy)"
        )
      }
      append(.frame(frame, subscription: subscription, skipped: 0))
      waitingFrames[subscription, default: 0] += 1
      return .queued
    case .pause:
      append(.frame(frame, subscription: subscription, skipped: 0))
      waitingFrames[subscription, default: 0] += 1
      return .queued
    }
  }

  // MARK: Writing

  /// Hands out the next batch: whole messages in queue order, about
  /// `maxBytes` (at least one message). `nil` when nothing is queued or a
  /// batch is still in flight. Call `completeBatch()` when it is written.
  mutating func takeBatch(maxBytes: Int = 256 << 10) -> [[UInt8]]? {
    guard inFlight == nil, hasQueued else { return nil }
    var batch: [[UInt8]] = []
    var size = 0
    var settled = InFlight()
    while head < entries.count, batch.isEmpty || size < maxBytes {
      let entry = entries[head]
      entries[head] = nil
      head += 1
      switch entry {
      case nil:
        holes -= 1
      case .control(let bytes)?:
        batch.append(bytes)
        size += bytes.count
        settled.controlBytes += bytes.count
      case .frame(let frame, let subscription, let skipped)?:
        if latestIndex[subscription] == head - 1 { latestIndex[subscription] = nil }
        let bytes = frame.bytes(subscription: subscription, skipped: skipped)
        batch.append(bytes)
        size += bytes.count
        settled.frames[subscription, default: 0] += 1
      }
    }
    compactIfConsumed()
    inFlight = settled
    return batch
  }

  /// The batch in flight has been written.
  mutating func completeBatch() {
    guard let settled = inFlight else { return }
    inFlight = nil
    controlBytes -= settled.controlBytes
    for (subscription, count) in settled.frames {
      let left = (waitingFrames[subscription] ?? 0) - count
      waitingFrames[subscription] = left > 0 ? left : nil
    }
  }

  /// Drops every queued message (the batch in flight stays in flight): the
  /// client is being disconnected and what it has not taken is lost anyway.
  mutating func discardQueued() {
    for entry in entries[head...] {
      switch entry {
      case .control(let bytes)?:
        controlBytes -= bytes.count
      case .frame(_, let subscription, _)?:
        let left = (waitingFrames[subscription] ?? 0) - 1
        waitingFrames[subscription] = left > 0 ? left : nil
      case nil:
        break
      }
    }
    entries = []
    head = 0
    holes = 0
    latestIndex = [:]
  }

  // MARK: Storage

  private mutating func appendControl(_ bytes: [UInt8]) {
    append(.control(bytes))
    controlBytes += bytes.count
  }

  private mutating func append(_ entry: Entry) {
    entries.append(entry)
  }

  /// Drops the consumed prefix once it dominates the array.
  private mutating func compactIfConsumed() {
    if head == entries.count {
      entries.removeAll(keepingCapacity: entries.capacity <= 4096)
      head = 0
      holes = 0
      latestIndex = [:]
    } else if head >= 1024, head * 2 >= entries.count {
      rebuild()
    }
  }

  /// Removes replaced frames once they outnumber the live messages (a
  /// client that does not read while frames keep replacing each other).
  private mutating func compactIfSparse() {
    if holes >= 64, holes * 2 >= entries.count - head {
      rebuild()
    }
  }

  private mutating func rebuild() {
    var live: [Entry?] = []
    live.reserveCapacity(entries.count - head - holes)
    var index: [UInt64: Int] = [:]
    for entry in entries[head...] {
      guard let entry else { continue }
      if case .frame(_, let subscription, _) = entry, latestIndex[subscription] != nil {
        // Only `.latest` subscriptions are in `latestIndex`, and they have
        // one queued frame each.
        index[subscription] = live.count
      }
      live.append(entry)
    }
    entries = live
    head = 0
    holes = 0
    latestIndex = index
  }
}
