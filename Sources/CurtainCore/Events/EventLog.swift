/// The last `capacity` events of one window, with gap-free sequence numbers.
///
/// Older events fall out of the ring; `events(after:)` tells a resuming
/// reader whether everything it missed is still here.
public struct EventLog: Sendable {
  /// How many events are kept.
  public let capacity: Int
  private var ring: [Event] = []
  private var head = 0
  /// The sequence number of the newest event (0 before the first).
  public private(set) var lastSeq: UInt64 = 0

  /// Creates an empty log keeping at most `capacity` events (at least 1).
  public init(capacity: Int = 10_000) {
    self.capacity = max(1, capacity)
  }

  /// A log that continues a snapshot: its newest `capacity` events are
  /// kept. The events must be consecutive and end at `lastSeq`.
  init(capacity: Int, restoring snapshot: EventLogSnapshot) throws {
    self.capacity = max(1, capacity)
    let events = snapshot.events
    guard UInt64(events.count) <= snapshot.lastSeq else {
      throw CurtainError.invalid(
        "An event log ending at seq \(snapshot.lastSeq) cannot hold \(events.count) events")
    }
    let first = snapshot.lastSeq - UInt64(events.count) + 1
    for (offset, event) in events.enumerated() where event.seq != first + UInt64(offset) {
      throw CurtainError.invalid(
        "Event seq \(event.seq) is out of order: expected \(first + UInt64(offset))")
    }
    ring = Array(events.suffix(self.capacity))
    lastSeq = snapshot.lastSeq
  }

  /// The log as a snapshot: its last seq and kept events, oldest first.
  var snapshot: EventLogSnapshot {
    EventLogSnapshot(lastSeq: lastSeq, events: events(after: firstKeptSeq - 1) ?? [])
  }

  /// The oldest sequence number still kept, or `lastSeq + 1` when empty.
  public var firstKeptSeq: UInt64 { lastSeq - UInt64(ring.count) + 1 }

  /// Appends an event built for the next sequence number.
  @discardableResult
  mutating func append(_ make: (UInt64) -> Event) -> Event {
    lastSeq += 1
    let event = make(lastSeq)
    if ring.count < capacity {
      ring.append(event)
    } else {
      ring[head] = event
      head = (head + 1) % capacity
    }
    return event
  }

  /// The events with `seq > after`, oldest first, or `nil` when some of them
  /// have already fallen out of the ring.
  public func events(after seq: UInt64) -> [Event]? {
    if seq >= lastSeq { return [] }
    if seq + 1 < firstKeptSeq { return nil }
    let skip = Int(seq + 1 - firstKeptSeq)
    return (skip..<ring.count).map { ring[(head + $0) % ring.count] }
  }

  /// Forgets the events with `seq > after` (a change that is rolled back
  /// before anyone could read them).
  mutating func discard(after seq: UInt64) {
    guard seq < lastSeq else { return }
    var linear = (0..<ring.count).map { ring[(head + $0) % ring.count] }
    linear.removeLast(min(Int(lastSeq - seq), linear.count))
    ring = linear
    head = 0
    lastSeq = seq
  }
}
