// A signal watcher. libuv turns the signal into an event on the loop thread,
// so the callback may do anything the loop thread may do. When the last
// watcher of a signal closes, libuv restores the default disposition.

import CLibUV

/// A libuv signal handle watching one signal.
final class UVSignal {
  private let handle: UnsafeMutablePointer<uv_signal_t>
  private var onSignal: ((Int32) -> Void)?
  private var onClose: (() -> Void)?
  /// `close()` was called.
  private(set) var isClosing = false

  /// Watches `signal` (for example `SIGTERM`), calling `onSignal` with it on
  /// the loop thread.
  init(loop: UVLoop, signal: Int32, onSignal: @escaping (Int32) -> Void) throws(UVError) {
    handle = .allocate(capacity: 1)
    let result = uv_signal_init(loop.pointer, handle)
    guard result == 0 else {
      handle.deallocate()
      throw UVError(code: result, operation: "uv_signal_init")
    }
    self.onSignal = onSignal
    handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    let started = uv_signal_start(
      handle,
      { handle, signal in
        guard let data = handle?.pointee.data else { return }
        Unmanaged<UVSignal>.fromOpaque(data).takeUnretainedValue().received(signal)
      }, signal)
    if started != 0 {
      close()
      throw UVError(code: started, operation: "uv_signal_start \(signal)")
    }
  }

  /// Replaces the callback.
  func setCallback(_ callback: @escaping (Int32) -> Void) {
    guard !isClosing else { return }
    onSignal = callback
  }

  /// Stops watching and closes the handle; `completion` runs once libuv has
  /// released it.
  func close(_ completion: (() -> Void)? = nil) {
    guard !isClosing else { return }
    isClosing = true
    onSignal = nil
    onClose = completion
    uv_close(UnsafeMutablePointer<uv_handle_t>(OpaquePointer(handle))) { handle in
      guard let handle, let data = handle.pointee.data else { return }
      handle.pointee.data = nil
      Unmanaged<UVSignal>.fromOpaque(data).takeRetainedValue().didClose()
    }
  }

  private func received(_ signal: Int32) {
    onSignal?(signal)
  }

  private func didClose() {
    handle.deallocate()
    let completion = onClose
    onClose = nil
    completion?()
  }
}
