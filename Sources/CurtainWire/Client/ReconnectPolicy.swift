// How a client comes back after losing its daemon (a restart, an upgrade,
// kill -9 and a supervisor starting it again): it dials again after a
// short pause, doubling the pause after each failed attempt up to a
// ceiling, and gives up after a number of attempts (or never, for a
// long-running service such as curtain-web). The pauses are values: the
// blocking client sleeps them, an async client awaits them.

/// When to dial again after the connection to the daemon was lost.
public struct ReconnectPolicy: Sendable, Equatable {
  /// How many times to dial before giving up; nil: never give up.
  public var attempts: Int?
  /// The pause before the first attempt, in seconds.
  public var firstDelay: Double
  /// The longest pause between two attempts, in seconds.
  public var maxDelay: Double

  public init(attempts: Int?, firstDelay: Double = 0.05, maxDelay: Double = 1) {
    self.attempts = attempts
    self.firstDelay = firstDelay
    self.maxDelay = maxDelay
  }

  /// Ten attempts over 6.55 s (pauses of 0.05 s, 0.1, 0.2, 0.4, 0.8, then
  /// 1 s each): long enough for a restarted daemon to restore its sessions,
  /// short enough that a stopped one is noticed.
  public static let standard = ReconnectPolicy(attempts: 10)
  /// Never dials again: losing the daemon is an error at once.
  public static let never = ReconnectPolicy(attempts: 0)
  /// Dials again for as long as the client runs (pauses up to 1 s).
  public static let forever = ReconnectPolicy(attempts: nil)

  /// The pause before attempt `attempt` (1 is the first), or nil when
  /// the policy has given up by then.
  public func delay(beforeAttempt attempt: Int) -> Double? {
    guard attempt >= 1 else { return 0 }
    if let attempts, attempt > attempts { return nil }
    var delay = firstDelay
    for _ in 1..<attempt where delay < maxDelay { delay *= 2 }
    return min(delay, maxDelay)
  }

  /// The seconds all the pauses add up to (nil for `forever`).
  public var totalDelay: Double? {
    guard let attempts else { return nil }
    return (0..<attempts).reduce(0) { $0 + (delay(beforeAttempt: $1 + 1) ?? 0) }
  }
}
