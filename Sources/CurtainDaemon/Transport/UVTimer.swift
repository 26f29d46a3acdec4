// A one-shot or repeating timer on the loop. The wrapper owns its
// `uv_timer_t`: it retains itself through `handle.data` from `init` until the
// close callback, which releases it and frees the handle.

import CLibUV

/// A libuv timer.
final class UVTimer {
  private let handle: UnsafeMutablePointer<uv_timer_t>
  private var onFire: (() -> Void)?
  private var onClose: (() -> Void)?
  /// `close()` was called (the handle may still be waiting for its callback).
  private(set) var isClosing = false

  /// Creates a stopped timer whose callback is `onFire`.
  init(loop: UVLoop, onFire: @escaping () -> Void = {}) throws(UVError) {
    handle = .allocate(capacity: 1)
    let result = uv_timer_init(loop.pointer, handle)
    guard result == 0 else {
      handle.deallocate()
      throw UVError(code: result, operation: "uv_timer_init")
    }
    self.onFire = onFire
    handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
  }

  /// Replaces the callback.
  func setCallback(_ callback: @escaping () -> Void) {
    guard !isClosing else { return }
    onFire = callback
  }

  /// Starts (or restarts) the timer: it fires after `milliseconds` counted
  /// from the loop's cached time, then every `repeat` ms if not zero.
  func start(afterMilliseconds milliseconds: UInt64, repeat interval: UInt64 = 0) {
    guard !isClosing else { return }
    uv_timer_start(
      handle,
      { handle in
        guard let data = handle?.pointee.data else { return }
        Unmanaged<UVTimer>.fromOpaque(data).takeUnretainedValue().fire()
      }, milliseconds, interval)
  }

  /// Stops the timer; it can be started again.
  func stop() {
    guard !isClosing else { return }
    uv_timer_stop(handle)
  }

  /// Whether the timer is started.
  var isActive: Bool {
    !isClosing && uv_is_active(UnsafeMutablePointer<uv_handle_t>(OpaquePointer(handle))) != 0
  }

  /// Closes the timer; `completion` runs once libuv has released it.
  func close(_ completion: (() -> Void)? = nil) {
    guard !isClosing else { return }
    isClosing = true
    onFire = nil
    onClose = completion
    uv_close(UnsafeMutablePointer<uv_handle_t>(OpaquePointer(handle))) { handle in
      guard let handle, let data = handle.pointee.data else { return }
      handle.pointee.data = nil
      Unmanaged<UVTimer>.fromOpaque(data).takeRetainedValue().didClose()
    }
  }

  private func fire() {
    onFire?()
  }

  private func didClose() {
    handle.deallocate()
    let completion = onClose
    onClose = nil
    completion?()
  }
}
