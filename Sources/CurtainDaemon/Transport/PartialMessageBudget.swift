// The bytes the daemon holds for messages that clients started and have
// not finished, all connections together (`--max-partial-bytes`). A client
// may announce a message of up to --max-frame-bytes and send it slowly, or
// never finish it: alone, --message-timeout bounds how long; together,
// many such clients could still hold a lot of memory for that long. Past
// the budget, the oldest unfinished messages are dropped (their clients
// get goodbye `LIMIT_EXCEEDED`) until the rest fits: the client that has
// held memory the longest is the likeliest to be stalled, and new clients
// are still served (Curtain's choice; refusing new connections would let
// a few stalled ones shut everyone else out).

/// The unfinished messages of all connections.
struct PartialMessageBudget {
  /// One connection's unfinished message.
  private struct Holding {
    var bytes: Int
    /// When its first byte arrived (monotonic seconds).
    var since: Double
  }

  /// The most bytes held at once.
  let limit: Int
  /// Bytes held now.
  private(set) var total = 0
  private var holdings: [UInt64: Holding] = [:]

  init(limit: Int) {
    self.limit = limit
  }

  /// Records that connection `id` holds `bytes` of a message begun at
  /// `since` (0 bytes: none). Returns the connections to drop, oldest
  /// message first, so that the rest fits the budget.
  mutating func update(_ id: UInt64, bytes: Int, since: Double) -> [UInt64] {
    total -= holdings[id]?.bytes ?? 0
    if bytes > 0 {
      holdings[id] = Holding(bytes: bytes, since: since)
      total += bytes
    } else {
      holdings[id] = nil
    }
    guard total > limit else { return [] }
    var excess = total - limit
    var dropped: [UInt64] = []
    let oldestFirst = holdings.sorted { ($0.value.since, $0.key) < ($1.value.since, $1.key) }
    for (holder, holding) in oldestFirst where excess > 0 {
      dropped.append(holder)
      excess -= holding.bytes
    }
    return dropped
  }
}
