// Settling a session: what Curtain does with the transitions that were
// running when a daemon stopped (docs/durability.md). A restored session is
// rebuilt by replaying its journal, which brings back the transitions that
// ran at the end exactly as they were; nobody drives them any more (their
// clients are gone), so each ends by a fixed rule and the session is idle
// before clients return.

extension Session {
  /// Settles every window (Curtain's rule for a session restored while
  /// transitions ran, docs/durability.md): an interactive transition is
  /// cancelled (as if its interaction had timed out), every other one
  /// plays to its end, and the operations waiting behind them run the same
  /// way, until no window runs a transition or waits. Windows of `clocked`
  /// move on the shared clock from `clock`; the others (manual windows)
  /// on their own. Returns the clock time at which the clocked windows are
  /// settled (at least `clock`).
  @discardableResult
  public func settle(_ clocked: [ClockedWindow], at clock: Double) -> Double {
    // No delegate outlives its connection: open questions fall back (the
    // operations waiting for them start) and registrations end.
    dropAllDelegates(.restarted)
    let shared = Set(clocked.map(\.window.id))
    for window in orderedWindows where !shared.contains(window.id) {
      while true {
        window.cancelAllInteractions()
        guard let deadline = window.nextActionTime else { break }
        window.advance(to: deadline)
      }
    }
    var now = clock
    advance(clocked, toClock: now)
    while true {
      for entry in clocked.sorted(by: { $0.window.id < $1.window.id }) {
        entry.window.cancelAllInteractions()
      }
      let due = clocked.compactMap { entry -> Double? in
        guard let deadline = entry.window.nextActionTime else { return nil }
        // The first clock time at which the deadline is due.
        return entry.pace.firstClock(reaching: deadline)
      }
      guard let next = due.min() else { break }
      now = max(now, next)
      advance(clocked, toClock: now)
    }
    return now
  }
}
