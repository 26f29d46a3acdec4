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
//
// A window in slow motion (`ClockPace.speed`, the daemon's
// SetWindowSpeed, like `CALayer.speed`) runs its model time at a fraction
// of the clock's: the same holds for it, its actions ordered by the first
// clock time at which its model time reaches them.

/// How a window's model time follows a shared clock: at clock time
/// `origin` its model time was `start`, and it moves `speed` seconds per
/// second of the clock since. At speed 1 with `start` 0 (every window that
/// was never slowed) its model time is exactly `clock − origin`.
public struct ClockPace: Sendable, Equatable {
  /// The clock time at which the window's model time was `start`.
  public var origin: Double
  /// The window's model time at `origin`.
  public var start: Double
  /// Seconds of model time per second of the clock (> 0).
  public var speed: Double

  /// A pace of `speed` from model time `start` at clock time `origin`.
  public init(origin: Double, start: Double = 0, speed: Double = 1) {
    self.origin = origin
    self.start = start
    self.speed = speed
  }

  /// Whether model time is `clock − origin` (exact on the daemon's grid).
  public var isRealTime: Bool { speed == 1 && start == 0 }

  /// The model time at clock time `clock`; never decreases as `clock`
  /// grows.
  public func time(atClock clock: Double) -> Double {
    isRealTime ? clock - origin : start + speed * (clock - origin)
  }

  /// The first clock time at which the model time reaches `time`: the
  /// least double at which `time(atClock:)` is at least `time` when the
  /// window is slowed (found by bisection, so that what is due at a clock
  /// time never depends on how the clock got there).
  public func firstClock(reaching time: Double) -> Double {
    if isRealTime {
      var at = origin + time
      while at - origin < time { at = at.nextUp }
      return at
    }
    guard time.isFinite else { return time }
    let estimate = origin + (time - start) / speed
    // A bracket: `self.time(atClock: low) < time <= self.time(atClock: high)`.
    var step = max(estimate.ulp, Double.leastNormalMagnitude)
    var high = estimate
    while self.time(atClock: high) < time {
      high = estimate + step
      step *= 2
    }
    step = max(estimate.ulp, Double.leastNormalMagnitude)
    var low = estimate
    while self.time(atClock: low) >= time {
      low = estimate - step
      step *= 2
    }
    while true {
      let middle = low + (high - low) / 2
      guard middle > low, middle < high else { return high }
      if self.time(atClock: middle) >= time { high = middle } else { low = middle }
    }
  }
}

extension Session {
  /// A window on a shared clock: its model time is clock − `origin`, or
  /// follows its `pace` when it is slowed.
  public struct ClockedWindow {
    /// The window.
    public let window: Window
    /// How its model time follows the clock.
    public let pace: ClockPace

    /// The clock time at which its model time was 0 (at speed 1), or
    /// `pace.start` (slowed).
    public var origin: Double { pace.origin }

    /// Pairs a window with its origin: model time is clock − `origin`.
    public init(_ window: Window, origin: Double) {
      self.init(window, pace: ClockPace(origin: origin))
    }

    /// Pairs a window with its pace.
    public init(_ window: Window, pace: ClockPace) {
      self.window = window
      self.pace = pace
    }

    /// When an action at model time `time` is due on the clock, exactly:
    /// actions of every window are run in this order.
    fileprivate func dueAt(_ time: Double) -> ExactSum {
      pace.isRealTime
        ? ExactSum(pace.origin, time) : ExactSum(pace.firstClock(reaching: time), 0)
    }
  }

  /// Moves every window of `windows` (windows of this session) to model time
  /// `clock − origin` (or its pace's time at `clock`), running what happens by itself on the way in clock
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
          deadline <= entry.pace.time(atClock: clock)
        else {
          continue
        }
        let at = entry.dueAt(deadline)
        if next == nil || at < next!.at { next = (at, entry.window) }
      }
      beginning = false
      guard let (_, window) = next else { break }
      window.runNextAction()
    }
    return windows.map { entry in entry.window.endStep(at: entry.pace.time(atClock: clock)) }
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
