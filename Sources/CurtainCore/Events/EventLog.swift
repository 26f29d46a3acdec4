/// How many bytes an event keeps in a log: its slot in the ring plus what
/// it keeps alive on the heap (its strings, lists and boxed payloads). What
/// the heap costs depends on the allocator, which the Core knows nothing
/// of: the daemon supplies its measure (`EventFootprint.glibc` of
/// CurtainDaemon); by default an event counts its slot alone.
public struct EventFootprint: Hashable, Sendable {
  /// The measure's name; configurations compare measures by it.
  public let name: String
  /// The bytes `event` keeps.
  public let bytes: @Sendable (Event) -> Int

  /// A measure called `name`.
  public init(name: String, bytes: @escaping @Sendable (Event) -> Int) {
    self.name = name
    self.bytes = bytes
  }

  /// Each event its slot in the ring.
  public static let slots = EventFootprint(name: "slots") { _ in Event.inlineBytes }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension Event {
  /// The bytes of one slot of a log's ring.
  public static let inlineBytes = MemoryLayout<Event>.stride

  /// What an empty slot holds: nothing on the heap.
  static let vacant = Event(
    seq: 0, windowID: nil, revision: 0, traceID: nil, time: 0, kind: .window(.closed))
}

/// The last events of one window, with gap-free sequence numbers: at most
/// `capacity` of them, and at most `byteLimit` bytes of them (each event
/// counted by the log's `EventFootprint`).
///
/// Older events fall out of the ring when either limit is passed, the
/// newest event always stays; `events(after:)` tells a resuming reader
/// whether everything it missed is still here. The ring's storage grows
/// with what it keeps and never past what the byte limit allows, so a
/// window's log costs at most about `byteLimit` whatever its events.
public struct EventLog: Sendable {
  /// How many events are kept at most.
  public let capacity: Int
  /// How many bytes of events are kept at most.
  public let byteLimit: Int
  /// How the events are counted against `byteLimit`.
  public let footprint: EventFootprint
  /// The slots, used as a ring from `head`; `count` of them hold events,
  /// the others a vacant placeholder (which keeps nothing alive).
  private var ring: [Event] = []
  private var head = 0
  private var count = 0
  /// The bytes of the events kept (by `footprint`).
  public private(set) var bytes = 0
  /// The sequence number of the newest event (0 before the first).
  public private(set) var lastSeq: UInt64 = 0

  /// Creates an empty log keeping at most `capacity` events (at least 1)
  /// and `byteLimit` bytes of them as `footprint` counts them (the newest
  /// event is kept whatever its size).
  public init(
    capacity: Int = 10_000, byteLimit: Int = .max, footprint: EventFootprint = .slots
  ) {
    self.capacity = max(1, capacity)
    self.byteLimit = max(0, byteLimit)
    self.footprint = footprint
  }

  /// A log that continues a snapshot: its newest events within the limits
  /// are kept. The events must be consecutive and end at `lastSeq`.
  init(
    capacity: Int, byteLimit: Int = .max, footprint: EventFootprint = .slots,
    restoring snapshot: EventLogSnapshot
  ) throws {
    self.init(capacity: capacity, byteLimit: byteLimit, footprint: footprint)
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
    let kept = events.suffix(self.capacity)
    lastSeq = snapshot.lastSeq - UInt64(kept.count)
    for event in kept { append { _ in event } }
  }

  /// The log as a snapshot: its last seq and kept events, oldest first.
  var snapshot: EventLogSnapshot {
    EventLogSnapshot(lastSeq: lastSeq, events: events(after: firstKeptSeq - 1) ?? [])
  }

  /// The oldest sequence number still kept, or `lastSeq + 1` when empty.
  public var firstKeptSeq: UInt64 { lastSeq - UInt64(count) + 1 }

  /// How many events are kept.
  public var keptCount: Int { count }

  /// The most slots the ring may have: as many events as the byte limit
  /// holds at their smallest, within the count.
  private var maxSlots: Int { max(1, min(capacity, byteLimit / Event.inlineBytes)) }

  /// Appends an event built for the next sequence number.
  @discardableResult
  mutating func append(_ make: (UInt64) -> Event) -> Event {
    lastSeq += 1
    let event = make(lastSeq)
    if count == ring.count {
      if ring.count < maxSlots {
        resize(to: min(maxSlots, max(16, ring.count * 2)))
      } else {
        dropOldest()
      }
    }
    ring[(head + count) % ring.count] = event
    count += 1
    bytes += footprint.bytes(event)
    while bytes > byteLimit, count > 1 { dropOldest() }
    return event
  }

  /// The events with `seq > after`, oldest first, or `nil` when some of them
  /// have already fallen out of the ring.
  public func events(after seq: UInt64) -> [Event]? {
    if seq >= lastSeq { return [] }
    if seq + 1 < firstKeptSeq { return nil }
    let skip = Int(seq + 1 - firstKeptSeq)
    return (skip..<count).map { ring[(head + $0) % ring.count] }
  }

  /// Forgets the events with `seq > after` (a change that is rolled back
  /// before anyone could read them).
  mutating func discard(after seq: UInt64) {
    guard seq < lastSeq else { return }
    let dropped = min(Int(lastSeq - seq), count)
    for _ in 0..<dropped {
      let slot = (head + count - 1) % ring.count
      bytes -= footprint.bytes(ring[slot])
      ring[slot] = .vacant
      count -= 1
    }
    lastSeq = seq
  }

  /// Lets the oldest event go.
  private mutating func dropOldest() {
    bytes -= footprint.bytes(ring[head])
    ring[head] = .vacant
    head = (head + 1) % ring.count
    count -= 1
  }

  /// Moves the events to storage of `size` slots, oldest first.
  private mutating func resize(to size: Int) {
    var resized: [Event] = []
    resized.reserveCapacity(size)
    for offset in 0..<count { resized.append(ring[(head + offset) % ring.count]) }
    resized.append(contentsOf: repeatElement(Event.vacant, count: size - count))
    ring = resized
    head = 0
  }
}
