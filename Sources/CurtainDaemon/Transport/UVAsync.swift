// The only door into the loop from another thread. `uv_async_send` may be
// called from any thread; the callback runs on the loop thread (several sends
// before it runs may be coalesced into one call). The wrapper owns its
// `uv_async_t` like every handle wrapper: retained through `handle.data`
// until the close callback.

import CLibUV

/// A libuv async handle.
final class UVAsync {
  /// A thread-safe way to wake the loop. It must not be used once the
  /// handle is closed; owners guard that (see `Daemon.Stopper`).
  struct Sender: @unchecked Sendable {
    fileprivate let handle: UnsafeMutablePointer<uv_async_t>

    /// Wakes the loop; the async callback runs on the loop thread.
    func send() {
      uv_async_send(handle)
    }
  }

  private let handle: UnsafeMutablePointer<uv_async_t>
  private var onWake: (() -> Void)?
  private var onClose: (() -> Void)?
  /// `close()` was called.
  private(set) var isClosing = false

  /// Creates an async handle whose callback is `onWake`.
  init(loop: UVLoop, onWake: @escaping () -> Void = {}) throws(UVError) {
    handle = .allocate(capacity: 1)
    let result = uv_async_init(loop.pointer, handle) { handle in
      guard let data = handle?.pointee.data else { return }
      Unmanaged<UVAsync>.fromOpaque(data).takeUnretainedValue().wake()
    }
    guard result == 0 else {
      handle.deallocate()
      throw UVError(code: result, operation: "uv_async_init")
    }
    self.onWake = onWake
    handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
  }

  /// Replaces the callback.
  func setCallback(_ callback: @escaping () -> Void) {
    guard !isClosing else { return }
    onWake = callback
  }

  /// The sender to hand to other threads.
  var sender: Sender { Sender(handle: handle) }

  /// Closes the handle; `completion` runs once libuv has released it.
  func close(_ completion: (() -> Void)? = nil) {
    guard !isClosing else { return }
    isClosing = true
    onWake = nil
    onClose = completion
    uv_close(UnsafeMutablePointer<uv_handle_t>(OpaquePointer(handle))) { handle in
      guard let handle, let data = handle.pointee.data else { return }
      handle.pointee.data = nil
      Unmanaged<UVAsync>.fromOpaque(data).takeRetainedValue().didClose()
    }
  }

  private func wake() {
    onWake?()
  }

  private func didClose() {
    handle.deallocate()
    let completion = onClose
    onClose = nil
    completion?()
  }
}
