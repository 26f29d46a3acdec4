// The monotonic clock: the one clock read above the model, for deadlines and
// elapsed times (the blocking client's timeouts, the CLI's waits, the
// daemon's clock, tests). CurtainCore never reads a clock: time comes in as
// an argument, and the daemon passes it `MonotonicClock.now`.

import Glibc

/// Seconds on the system's monotonic clock (`CLOCK_MONOTONIC`, the clock
/// libuv's `uv_hrtime` reads): it never jumps with the wall clock, and its
/// origin is arbitrary, so only differences mean something.
public enum MonotonicClock {
  /// The current time in seconds.
  public static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
