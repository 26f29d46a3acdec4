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
//   queued before it), counting one more skipped frame (plus those the
//   replaced frame counted itself); the count is added to the frame's own
//   (`frames_skipped`) when it is finally handed out.
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
    /// The subscription of each frame in the batch, in order.
    var frames: [UInt64] = []
  }

  /// A subscription's frames in the backlog. One dictionary entry holds
  /// both counts: a frame costs one lookup when it is queued, one when it
  /// is handed out and one when its write completes (the tick queues a
  /// frame per animating window).
  private struct FrameSlot {
    /// `.latest` subscriptions: the index of their queued frame.
    var latest: Int?
    /// Frames queued or in flight.
    var waiting = 0
  }

  /// The most bytes of control messages that may wait.
  let maxControlBytes: Int
  /// Queued entries from `head` on; `nil` marks a replaced frame.
  private var entries: [Entry?] = []
  private var head = 0
  private var holes = 0
  /// The subscriptions with frames queued or in flight.
  private var slots: [UInt64: FrameSlot] = [:]
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
    slots[subscription]?.waiting ?? 0
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
      // One lookup: the slot and the queue are distinct stored properties.
      let decision = Self.queueLatest(
        frame, subscription: subscription, slot: &slots[subscription, default: FrameSlot()],
        entries: &entries, holes: &holes, head: head)
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
      slots[subscription, default: FrameSlot()].waiting += 1
      return .queued
    case .pause:
      append(.frame(frame, subscription: subscription, skipped: 0))
      slots[subscription, default: FrameSlot()].waiting += 1
      return .queued
    }
  }

  /// Queues a frame of a `.latest` subscription at the end, removing the
  /// one it still has queued (not one handed out).
  private static func queueLatest(
    _ frame: SharedFrame, subscription: UInt64, slot: inout FrameSlot, entries: inout [Entry?],
    holes: inout Int, head: Int
  ) -> Decision {
    var skipped: UInt64 = 0
    var decision = Decision.queued
    if let index = slot.latest, index >= head, index < entries.count,
      case .frame(let replaced, let owner, let earlier)? = entries[index], owner == subscription
    {
      entries[index] = nil
      holes += 1
      slot.waiting -= 1
      // The replaced frame, and the ones it already counted (a frame
      // rate's, or frames it replaced).
      skipped = earlier + replaced.skipped + 1
      decision = .replaced
    }
    slot.latest = entries.count
    slot.waiting += 1
    entries.append(.frame(frame, subscription: subscription, skipped: skipped))
    return decision
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
        if let slot = slots.index(forKey: subscription), slots.values[slot].latest == head - 1 {
          slots.values[slot].latest = nil
        }
        let bytes = frame.bytes(subscription: subscription, skipped: skipped)
        batch.append(bytes)
        size += bytes.count
        settled.frames.append(subscription)
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
    var position = settled.frames.startIndex
    while position < settled.frames.endIndex {
      // A subscription's frames often come together: settled at once.
      let subscription = settled.frames[position]
      var count = 1
      position += 1
      while position < settled.frames.endIndex, settled.frames[position] == subscription {
        count += 1
        position += 1
      }
      release(count, of: subscription)
    }
  }

  /// `count` frames of `subscription` have left the backlog (written or
  /// dropped); a subscription with none left and none queued is forgotten.
  private mutating func release(_ count: Int, of subscription: UInt64) {
    guard let slot = slots.index(forKey: subscription) else { return }
    slots.values[slot].waiting -= count
    if slots.values[slot].waiting <= 0, slots.values[slot].latest == nil {
      slots.remove(at: slot)
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
        if let slot = slots.index(forKey: subscription) { slots.values[slot].latest = nil }
        release(1, of: subscription)
      case nil:
        break
      }
    }
    entries = []
    head = 0
    holes = 0
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
      // Every frame was handed out, so no slot names a queued one.
      entries.removeAll(keepingCapacity: entries.capacity <= 4096)
      head = 0
      holes = 0
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
    for entry in entries[head...] {
      guard let entry else { continue }
      if case .frame(_, let subscription, _) = entry,
        let slot = slots.index(forKey: subscription), slots.values[slot].latest != nil
      {
        // Only `.latest` subscriptions have a `latest` index, and they
        // have one queued frame each.
        slots.values[slot].latest = live.count
      }
      live.append(entry)
    }
    entries = live
    head = 0
    holes = 0
  }
}
