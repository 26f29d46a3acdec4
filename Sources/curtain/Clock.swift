// The monotonic clock, for the CLI's own deadlines.

import Glibc

/// Seconds on the monotonic clock.
enum Clock {
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
