// Several windows on one clock. The daemon moves its realtime windows to
// the loop's clock: a window's model time is the clock minus the window's
// origin (the clock time at which its model time was 0). What happens by
// itself in those windows (a transition ending, the queued operation that
// starts then) may allocate session-scoped ids (transitions, views, the
// More controllers), so the windows of a session must run those actions in
// one order that does not depend on how often the clock was read:
// `advance(_:toClock:)` runs them by clock time (origin + model time), ties
// by window id. Moving to a clock time in one call or in many smaller
// steps therefore gives the same state, ids and events, which is what lets
// a journal of requests and the clock times at which they were applied
// rebuild a session exactly (the daemon's durability, docs/durability.md).

extension Session {
  /// A window on a shared clock: its model time is clock − `origin`.
  public struct ClockedWindow {
    /// The window.
    public let window: Window
    /// The clock time at which its model time was 0.
    public let origin: Double

    /// Pairs a window with its origin.
    public init(_ window: Window, origin: Double) {
      self.window = window
      self.origin = origin
    }
  }

  /// Moves every window of `windows` (windows of this session) to model time
  /// `clock − origin`, running what happens by itself on the way in clock
  /// order over all of them (ties by window id), and returns each window's
  /// step, in the order given.
  ///
  /// One call or many smaller steps give the same result when `clock − origin`
  /// is exact, as it is for clock times and origins on a common grid (the
  /// daemon keeps them on multiples of 2⁻²⁴ s): an action is due when its
  /// model time is at most `clock − origin`, and due actions run in the
  /// order of their exact clock times `origin + time`, compared without
  /// rounding.
  @discardableResult
  public func advance(_ windows: [ClockedWindow], toClock clock: Double) -> [Window.Step] {
    // The daemon passes them in id order already: not sorted again.
    let inOrder = windows.indices.dropFirst().allSatisfy {
      windows[$0 - 1].window.id < windows[$0].window.id
    }
    let ordered = inOrder ? windows : windows.sorted { $0.window.id < $1.window.id }
    // The first look at the windows also begins their steps: one pass
    // over them when nothing is due (most ticks).
    var beginning = true
    let timeout = configuration.interactionTimeout
    while true {
      var next: (at: ExactSum, window: Window)?
      for entry in ordered {
        if beginning { entry.window.beginStep() }
        guard let deadline = entry.window.nextDeadline(interactionTimeout: timeout),
          deadline <= clock - entry.origin
        else {
          continue
        }
        let at = ExactSum(entry.origin, deadline)
        if next == nil || at < next!.at { next = (at, entry.window) }
      }
      beginning = false
      guard let (_, window) = next else { break }
      window.runNextAction()
    }
    return windows.map { entry in entry.window.endStep(at: clock - entry.origin) }
  }
}

/// The exact sum of two doubles as an unevaluated pair `high + low`
/// (Knuth's TwoSum), so that sums compare without rounding.
struct ExactSum: Comparable {
  let high: Double
  let low: Double

  init(_ a: Double, _ b: Double) {
    let sum = a + b
    let bPart = sum - a
    let aPart = sum - bPart
    high = sum
    low = (a - aPart) + (b - bPart)
  }

  static func < (lhs: ExactSum, rhs: ExactSum) -> Bool {
    lhs.high < rhs.high || (lhs.high == rhs.high && lhs.low < rhs.low)
  }
}
