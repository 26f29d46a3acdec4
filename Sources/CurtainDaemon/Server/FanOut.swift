// Who must hear of a change, found without visiting everyone (issue 11,
// bug 5): subscriptions indexed by the window they follow (or by session,
// for those that follow every window of one), and deferred requests indexed
// by what answers them (an operation's outcomes, or a window becoming idle).
// Publishing then costs in proportion to what changed — the windows whose
// logs grew, the operations with outcomes — and not to how many
// subscriptions or waiters exist.

import CurtainCore

/// The subscriptions by what they follow.
struct SubscriptionIndex {
  private var byWindow: [WindowKey: Set<UInt64>] = [:]
  private var bySession: [String: Set<UInt64>] = [:]
  /// How many subscriptions with frames follow each window, and each
  /// whole session.
  private var framesByWindow: [WindowKey: Int] = [:]
  private var framesBySession: [String: Int] = [:]

  /// Adds a subscription.
  mutating func insert(_ subscription: Subscription) {
    countFrames(of: subscription, by: 1)
    if let window = subscription.window {
      byWindow[WindowKey(session: subscription.session, window: window), default: []].insert(
        subscription.id)
    } else {
      bySession[subscription.session, default: []].insert(subscription.id)
    }
  }

  /// Removes a subscription.
  mutating func remove(_ subscription: Subscription) {
    countFrames(of: subscription, by: -1)
    if let window = subscription.window {
      let key = WindowKey(session: subscription.session, window: window)
      byWindow[key]?.remove(subscription.id)
      if byWindow[key]?.isEmpty == true { byWindow[key] = nil }
    } else {
      bySession[subscription.session]?.remove(subscription.id)
      if bySession[subscription.session]?.isEmpty == true { bySession[subscription.session] = nil }
    }
  }

  /// Whether some subscription follows the frames of `key`'s window.
  func hasFrameFollowers(_ key: WindowKey) -> Bool {
    framesByWindow[key] != nil || framesBySession[key.session] != nil
  }

  private mutating func countFrames(of subscription: Subscription, by step: Int) {
    guard subscription.frames else { return }
    if let window = subscription.window {
      let key = WindowKey(session: subscription.session, window: window)
      let count = (framesByWindow[key] ?? 0) + step
      framesByWindow[key] = count > 0 ? count : nil
    } else {
      let count = (framesBySession[subscription.session] ?? 0) + step
      framesBySession[subscription.session] = count > 0 ? count : nil
    }
  }

  /// The subscriptions that follow every window of `session`.
  func following(session: String) -> Set<UInt64> {
    bySession[session] ?? []
  }

  /// The subscriptions that follow `key`'s window: those of that window and
  /// those of its whole session.
  func following(_ key: WindowKey) -> Set<UInt64> {
    let ofSession = bySession[key.session]
    let ofWindow = byWindow[key]
    switch (ofSession, ofWindow) {
    case (let some?, nil), (nil, let some?): return some
    case (let session?, let window?): return session.union(window)
    case (nil, nil): return []
    }
  }

  /// `following(key)` in id order (the order frames go out in).
  func followingInOrder(_ key: WindowKey) -> FollowersInOrder {
    let ids = following(key)
    return ids.count <= 1 ? .few(ids) : .sorted(ids.sorted())
  }
}

/// Subscription ids in id order; the usual one (or none) without an
/// array made for it (read for every frame of every window).
enum FollowersInOrder: Sequence {
  /// At most one.
  case few(Set<UInt64>)
  /// Sorted.
  case sorted([UInt64])

  struct Iterator: IteratorProtocol {
    fileprivate var few: Set<UInt64>.Iterator?
    fileprivate var sorted: IndexingIterator<[UInt64]>?

    mutating func next() -> UInt64? {
      few != nil ? few?.next() : sorted?.next()
    }
  }

  func makeIterator() -> Iterator {
    switch self {
    case .few(let ids): Iterator(few: ids.makeIterator(), sorted: nil)
    case .sorted(let ids): Iterator(few: nil, sorted: ids.makeIterator())
    }
  }
}

/// The deferred requests by what answers them.
struct WaiterTable {
  /// An operation of a session.
  struct OperationKey: Hashable {
    let session: String
    let operation: OperationID
  }

  /// Waiters for an operation's outcomes, in the order they came.
  private var byOperation: [OperationKey: [Waiter]] = [:]
  /// WaitIdle requests by window, in the order they came, whose window
  /// was not idle when they were checked: only a change in it can answer
  /// them.
  private var idle: [WindowKey: [Waiter]] = [:]
  /// WaitIdle requests not checked yet (an idle window answers at once).
  private var fresh: [Waiter] = []

  /// How many requests wait.
  private(set) var count = 0
  /// Waiters taken to be looked at, in all: what answering them costs
  /// (FanOutTests).
  private(set) var visits = 0
  /// How many requests of each client wait (max-waiters).
  private var countByClient: [UInt64: Int] = [:]

  /// How many requests of client `id` wait.
  func count(of id: UInt64) -> Int { countByClient[id] ?? 0 }

  /// Counts `waiters` in (`by` 1) or out (`by` -1).
  private mutating func tally(_ waiters: some Sequence<Waiter>, by step: Int) {
    for waiter in waiters {
      let total = (countByClient[waiter.clientID] ?? 0) + step
      countByClient[waiter.clientID] = total > 0 ? total : nil
    }
  }

  /// Adds a waiter: an idle waiter is checked at the next publish
  /// (`takeFresh`) unless `checked` (one put back: its window was not idle).
  mutating func append(_ waiter: Waiter, checked: Bool = false) {
    count += 1
    tally(CollectionOfOne(waiter), by: 1)
    if let operation = waiter.operation {
      byOperation[OperationKey(session: waiter.key.session, operation: operation), default: []]
        .append(waiter)
    } else if checked {
      idle[waiter.key, default: []].append(waiter)
    } else {
      fresh.append(waiter)
    }
  }

  /// Takes the idle waiters not checked yet.
  /// Whether requests arrived since the last `takeFresh`.
  var hasFresh: Bool { !fresh.isEmpty }

  mutating func takeFresh() -> [Waiter] {
    defer { fresh = [] }
    visits += fresh.count
    count -= fresh.count
    tally(fresh, by: -1)
    return fresh
  }

  /// Removes the waiters `matches` picks (a client gone, a lost record);
  /// returns them.
  @discardableResult
  mutating func removeAll(where matches: (Waiter) -> Bool) -> [Waiter] {
    var removed: [Waiter] = []
    func picked(_ waiter: Waiter) -> Bool {
      guard matches(waiter) else { return false }
      removed.append(waiter)
      return true
    }
    defer { tally(removed, by: -1) }
    for key in Array(byOperation.keys) {
      byOperation[key]?.removeAll(where: picked)
      if byOperation[key]?.isEmpty == true { byOperation[key] = nil }
    }
    for key in Array(idle.keys) {
      idle[key]?.removeAll(where: picked)
      if idle[key]?.isEmpty == true { idle[key] = nil }
    }
    fresh.removeAll(where: picked)
    count =
      byOperation.values.reduce(0) { $0 + $1.count } + idle.values.reduce(0) { $0 + $1.count }
      + fresh.count
    return removed
  }

  /// Takes the waiters of an operation (the caller puts back those its
  /// outcome does not answer).
  mutating func take(_ key: OperationKey) -> [Waiter] {
    guard let waiting = byOperation.removeValue(forKey: key) else { return [] }
    visits += waiting.count
    count -= waiting.count
    tally(waiting, by: -1)
    return waiting
  }

  /// Takes the idle waiters of a window.
  mutating func takeIdle(_ key: WindowKey) -> [Waiter] {
    guard let waiting = idle.removeValue(forKey: key) else { return [] }
    visits += waiting.count
    count -= waiting.count
    tally(waiting, by: -1)
    return waiting
  }

  /// Takes every waiter, oldest request first per client (shutdown).
  mutating func takeAll() -> [Waiter] {
    let all = Array(byOperation.values.joined()) + Array(idle.values.joined()) + fresh
    byOperation = [:]
    idle = [:]
    fresh = []
    count = 0
    countByClient = [:]
    return all.sorted { ($0.clientID, $0.requestID) < ($1.clientID, $1.requestID) }
  }
}
