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
