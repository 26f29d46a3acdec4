// An idle handle: while it is active, libuv polls for I/O without blocking
// (a zero timeout) and calls it once per loop iteration. The daemon keeps one
// active while a group commit is outstanding, so that the writer's report
// (an `uv_async_t`) is seen without the loop thread going to sleep and being
// woken again (Daemon.swift). The wrapper owns its `uv_idle_t` like every
// handle wrapper: retained through `handle.data` until the close callback.

import CLibUV

/// A libuv idle handle.
final class UVIdle {
  private let handle: UnsafeMutablePointer<uv_idle_t>
  private var onIdle: (() -> Void)?
  private var onClose: (() -> Void)?
  /// `close()` was called.
  private(set) var isClosing = false
  /// Whether it is started.
  private(set) var isActive = false

  /// Creates a stopped idle handle whose callback is `onIdle`.
  init(loop: UVLoop, onIdle: @escaping () -> Void = {}) throws(UVError) {
    handle = .allocate(capacity: 1)
    let result = uv_idle_init(loop.pointer, handle)
    guard result == 0 else {
      handle.deallocate()
      throw UVError(code: result, operation: "uv_idle_init")
    }
    self.onIdle = onIdle
    handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
  }

  /// Replaces the callback.
  func setCallback(_ callback: @escaping () -> Void) {
    guard !isClosing else { return }
    onIdle = callback
  }

  /// Starts calling the callback once per loop iteration (the loop no
  /// longer blocks while it waits for I/O).
  func start() {
    guard !isClosing, !isActive else { return }
    isActive = true
    uv_idle_start(handle) { handle in
      guard let data = handle?.pointee.data else { return }
      Unmanaged<UVIdle>.fromOpaque(data).takeUnretainedValue().idle()
    }
  }

  /// Stops it; it can be started again.
  func stop() {
    guard !isClosing, isActive else { return }
    isActive = false
    uv_idle_stop(handle)
  }

  /// Closes the handle; `completion` runs once libuv has released it.
  func close(_ completion: (() -> Void)? = nil) {
    guard !isClosing else { return }
    isClosing = true
    isActive = false
    onIdle = nil
    onClose = completion
    uv_close(UnsafeMutablePointer<uv_handle_t>(OpaquePointer(handle))) { handle in
      guard let handle, let data = handle.pointee.data else { return }
      handle.pointee.data = nil
      Unmanaged<UVIdle>.fromOpaque(data).takeRetainedValue().didClose()
    }
  }

  private func idle() {
    onIdle?()
  }

  private func didClose() {
    handle.deallocate()
    let completion = onClose
    onClose = nil
    completion?()
  }
}
