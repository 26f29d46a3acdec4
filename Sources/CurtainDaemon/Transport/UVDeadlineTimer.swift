// A timer that fires at a time of the monotonic clock given to the
// nanosecond: what the frame ticks need (issue 13). A libuv timer counts
// whole milliseconds from the loop's cached time, itself the clock
// truncated to the millisecond, so one due at a tick fires up to about
// 2 ms after it. On Linux this is a `timerfd` (CLOCK_MONOTONIC, armed at
// an absolute time with TFD_TIMER_ABSTIME) that the loop watches with a
// `uv_poll_t`: the kernel wakes the loop at the deadline itself, and
// arming it again at the deadline it already has changes nothing (no
// system call). Elsewhere a libuv timer stands in, due at the first whole
// millisecond at or after the deadline. The wrapper retains itself through
// `handle.data` from `init` until the close callback, which releases it,
// frees the handle and closes the descriptor.

import CLibUV

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-shot timer on the loop, armed at an absolute time of the monotonic
/// clock (`MonotonicClock`, `uv_hrtime`) in nanoseconds.
final class UVDeadlineTimer {
  #if os(Linux)
    private let handle: UnsafeMutablePointer<uv_poll_t>
    private let descriptor: Int32
  #else
    private let timer: UVTimer
    private let loop: UVLoop
  #endif
  private var onFire: (() -> Void)?
  private var onClose: (() -> Void)?
  /// `close()` was called (the handle may still be waiting for its callback).
  private(set) var isClosing = false
  /// The deadline the timer is armed at (nanoseconds of the monotonic
  /// clock); nil when it is stopped or has fired.
  private(set) var deadline: UInt64?
  /// The deadline it last fired at (0: never).
  private(set) var lastFired: UInt64 = 0

  /// Creates a stopped timer whose callback is `onFire`.
  init(loop: UVLoop, onFire: @escaping () -> Void = {}) throws(UVError) {
    #if os(Linux)
      let descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
      guard descriptor >= 0 else { throw UVError(code: -errno, operation: "timerfd_create") }
      handle = .allocate(capacity: 1)
      let result = uv_poll_init(loop.pointer, handle, descriptor)
      guard result == 0 else {
        handle.deallocate()
        Glibc.close(descriptor)
        throw UVError(code: result, operation: "uv_poll_init")
      }
      self.descriptor = descriptor
      self.onFire = onFire
      handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
      let started = uv_poll_start(
        handle, Int32(UV_READABLE.rawValue),
        { handle, _, _ in
          guard let data = handle?.pointee.data else { return }
          Unmanaged<UVDeadlineTimer>.fromOpaque(data).takeUnretainedValue().expired()
        })
      if started != 0 {
        close()
        throw UVError(code: started, operation: "uv_poll_start")
      }
    #else
      self.loop = loop
      self.timer = try UVTimer(loop: loop)
      self.onFire = onFire
      timer.setCallback { [unowned self] in self.fired() }
    #endif
  }

  /// Replaces the callback.
  func setCallback(_ callback: @escaping () -> Void) {
    guard !isClosing else { return }
    onFire = callback
  }

  /// Arms the timer at `deadline` (nanoseconds of the monotonic clock, at
  /// least 1): it fires once the clock has reached it, at once if it has
  /// already. Arming it again at the same deadline changes nothing.
  func start(at deadline: UInt64) {
    guard !isClosing, deadline != self.deadline else { return }
    self.deadline = deadline
    #if os(Linux)
      var value = itimerspec()
      // A zero it_value would disarm the timer.
      let due = max(deadline, 1)
      value.it_value.tv_sec = Int(due / 1_000_000_000)
      value.it_value.tv_nsec = Int(due % 1_000_000_000)
      timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME), &value, nil)
    #else
      loop.updateTime()
      let milliseconds = (deadline + 999_999) / 1_000_000
      timer.start(afterMilliseconds: max(milliseconds, loop.now + 1) - loop.now)
    #endif
  }

  /// Stops the timer; it can be armed again.
  func stop() {
    guard !isClosing, deadline != nil else { return }
    deadline = nil
    #if os(Linux)
      // Disarming also clears an expiry not yet read.
      var value = itimerspec()
      timerfd_settime(descriptor, 0, &value, nil)
    #else
      timer.stop()
    #endif
  }

  /// Closes the timer; `completion` runs once libuv has released it.
  func close(_ completion: (() -> Void)? = nil) {
    guard !isClosing else { return }
    isClosing = true
    onFire = nil
    onClose = completion
    #if os(Linux)
      uv_close(UnsafeMutablePointer<uv_handle_t>(OpaquePointer(handle))) { handle in
        guard let handle, let data = handle.pointee.data else { return }
        handle.pointee.data = nil
        Unmanaged<UVDeadlineTimer>.fromOpaque(data).takeRetainedValue().didClose()
      }
    #else
      timer.close { [self] in didClose() }
    #endif
  }

  #if os(Linux)
    /// The descriptor is readable: the timer expired, unless it was armed
    /// again (or stopped) since, which clears the expiry (nothing to read).
    private func expired() {
      var expirations: UInt64 = 0
      guard read(descriptor, &expirations, MemoryLayout<UInt64>.size) == 8 else { return }
      fired()
    }
  #endif

  private func fired() {
    lastFired = deadline ?? lastFired
    deadline = nil
    onFire?()
  }

  private func didClose() {
    #if os(Linux)
      handle.deallocate()
      Glibc.close(descriptor)
    #endif
    let completion = onClose
    onClose = nil
    completion?()
  }
}
