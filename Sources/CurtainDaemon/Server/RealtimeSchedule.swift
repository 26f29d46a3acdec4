// When realtime windows must move, found without visiting every window
// (issue 13). Two things make a realtime window move by itself:
//
// - Its next deadline: the clock time of the next thing that happens in it
//   by itself (a transition or animation ending, an interaction timing
//   out). The deadlines are kept in a min-heap, so that a request or a
//   tick finds the windows that are due without looking at the others.
//   A window with nothing due may stay behind the clock: moving it later
//   in one jump gives the same state, ids and events
//   (`Session.advance(_:toClock:)`), as long as every window whose
//   deadline has come moves whenever anything moves, which the heap
//   guarantees.
// - Its frame ticks: a window that animates (or owes a frame) and has at
//   least one frame subscriber ticks at its frame rate. Ticks follow an
//   ideal schedule: slot k of rate r is at clock time k / r, computed from
//   k every time (never by adding intervals, so it never drifts), and a
//   tick that comes late serves the latest slot that has passed, not every
//   slot it missed (no burst of catch-up frames). Every window of one rate
//   ticks in the same slots, so 1,000 windows at 60 Hz wake the loop 60
//   times a second, not 60,000.
//
// The schedule is a value: the server tells it what changed and asks it
// what is due; it never reads a clock.

import CurtainCore

/// The deadlines and frame ticks of the realtime windows.
struct RealtimeSchedule {
  /// A deadline in the heap; stale once the window's deadline changed.
  private struct Entry {
    let at: Double
    let key: WindowKey
  }

  /// Each window's current deadline (clock time).
  private var deadlines: [WindowKey: Double] = [:]
  /// A binary min-heap by `at`; entries whose time is no longer the
  /// window's deadline are dropped when they reach the top.
  private var heap: [Entry] = []
  /// The windows that tick, by frame rate.
  private(set) var ticking: [Int: Set<WindowKey>] = [:]
  /// The frame rate each ticking window ticks at.
  private var tickRates: [WindowKey: Int] = [:]
  /// The last slot served per frame rate (its index k).
  private var lastSlots: [Int: Int64] = [:]

  /// A tenth of a microsecond: more than half the server clock's grid step
  /// (2⁻²⁵ s, `Server.onGrid`), so that a clock time rounded to the grid
  /// never lands before a deadline or a slot it was meant to reach. A
  /// deadline is due this much early (an early advance changes nothing:
  /// the core compares model times exactly), and a wake-up for it is this
  /// much late.
  static let tolerance = 1e-7

  // MARK: Deadlines

  /// Sets (or with `nil` clears) the clock time of `key`'s next deadline.
  mutating func setDeadline(_ key: WindowKey, _ at: Double?) {
    guard deadlines[key] != at else { return }
    deadlines[key] = at
    guard let at else { return }
    heap.append(Entry(at: at, key: key))
    siftUp(heap.count - 1)
    // Stale entries of windows whose deadline keeps moving (an
    // interaction's timeout, at every update) are dropped in one pass
    // once they outnumber the live ones.
    if heap.count > 2 * deadlines.count + 64 {
      heap = deadlines.map { Entry(at: $1, key: $0) }
      for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }
  }

  /// When to wake up for the earliest deadline, if any: just after it.
  mutating func nextDeadline() -> Double? {
    dropStaleTop()
    return heap.first.map { $0.at + Self.tolerance }
  }

  /// Takes out the windows whose deadline has come by `now` (earliest
  /// first); they have none until it is set again.
  mutating func takeDue(at now: Double) -> [WindowKey] {
    var due: [WindowKey] = []
    while true {
      dropStaleTop()
      guard let top = heap.first, top.at <= now + Self.tolerance else { break }
      due.append(top.key)
      deadlines[top.key] = nil
      removeTop()
    }
    return due
  }

  // MARK: Frame ticks

  /// Makes `key` tick at `rate` frames per second, or with `nil` not at
  /// all. `now`: a rate that starts ticking serves its first slot after it.
  mutating func setTicking(_ key: WindowKey, rate: Int?, now: Double) {
    let old = tickRates[key]
    guard old != rate else { return }
    if let old {
      ticking[old]?.remove(key)
      if ticking[old]?.isEmpty == true {
        ticking[old] = nil
        lastSlots[old] = nil
      }
    }
    tickRates[key] = rate
    guard let rate else { return }
    if ticking[rate] == nil { lastSlots[rate] = Self.slot(at: now, rate: rate) }
    ticking[rate, default: []].insert(key)
  }

  /// Forgets a window (closed).
  mutating func remove(_ key: WindowKey, now: Double) {
    setDeadline(key, nil)
    setTicking(key, rate: nil, now: now)
  }

  /// The clock time of the next tick of any rate, if any window ticks.
  var nextTick: Double? {
    var earliest: Double?
    for (rate, slot) in lastSlots {
      let time = Self.time(ofSlot: slot + 1, rate: rate)
      if let current = earliest, current <= time { continue }
      earliest = time
    }
    return earliest
  }

  /// Takes the frame rates whose next slot has come by `now`: each serves
  /// the latest slot that has passed (the slots a busy loop missed are
  /// skipped, not caught up). Returns the windows that tick now.
  mutating func takeTicks(at now: Double) -> [WindowKey] {
    var due: [WindowKey] = []
    for (rate, last) in lastSlots {
      let current = Self.slot(at: now, rate: rate)
      guard current > last else { continue }
      lastSlots[rate] = current
      due += ticking[rate] ?? []
    }
    return due
  }

  /// The index of the latest slot of `rate` at or before `time` (within
  /// the tolerance).
  static func slot(at time: Double, rate: Int) -> Int64 {
    Int64(((time + tolerance) * Double(rate)).rounded(.down))
  }

  /// The clock time of slot `k` of `rate`: k / rate, exact to the double.
  static func time(ofSlot k: Int64, rate: Int) -> Double {
    Double(k) / Double(rate)
  }

  // MARK: Heap

  private mutating func dropStaleTop() {
    while let top = heap.first, deadlines[top.key] != top.at { removeTop() }
  }

  private mutating func removeTop() {
    let last = heap.removeLast()
    guard !heap.isEmpty else { return }
    heap[0] = last
    siftDown(0)
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].at < heap[parent].at else { return }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left].at < heap[smallest].at { smallest = left }
      if right < heap.count, heap[right].at < heap[smallest].at { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}
