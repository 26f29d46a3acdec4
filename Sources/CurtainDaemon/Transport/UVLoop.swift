// The event loop. One thread creates a loop, runs it and owns everything on
// it; other threads reach it only through a `UVAsync`. Handles are owned by
// their Swift wrappers (`UVTimer`, `UVDeadlineTimer`, `UVAsync`,
// `UVSignal`, `UVStream`), each of which keeps itself alive through its
// handle's `data` until libuv has run the handle's close callback. A loop
// can only be closed once every handle is closed: `openHandles` lists what
// is left, and `close()` fails while anything is.

import CLibUV

/// A libuv loop owned by the thread that runs it.
final class UVLoop {
  /// The libuv loop.
  let pointer: UnsafeMutablePointer<uv_loop_t>
  /// Scratch memory for reads: a read callback consumes its bytes before the
  /// next read starts, so every stream of the loop shares one buffer.
  let readBuffer: UnsafeMutableRawBufferPointer
  private(set) var isClosed = false

  /// The size of the shared read buffer.
  static let readBufferSize = 64 << 10

  /// Creates and initialises a loop.
  init() throws(UVError) {
    pointer = .allocate(capacity: 1)
    let result = uv_loop_init(pointer)
    guard result == 0 else {
      pointer.deallocate()
      throw UVError(code: result, operation: "uv_loop_init")
    }
    readBuffer = .allocate(byteCount: Self.readBufferSize, alignment: 16)
  }

  deinit {
    // A loop that still has handles cannot be closed; its memory is then
    // leaked rather than freed under libuv's feet.
    if !isClosed, uv_loop_close(pointer) == 0 { isClosed = true }
    if isClosed { pointer.deallocate() }
    readBuffer.deallocate()
  }

  /// Runs the loop: `UV_RUN_DEFAULT` until nothing is active,
  /// `UV_RUN_ONCE` for one iteration (waiting for an event), `UV_RUN_NOWAIT`
  /// for one iteration without waiting. Returns whether anything is still
  /// active.
  @discardableResult
  func run(_ mode: uv_run_mode = UV_RUN_DEFAULT) -> Bool {
    uv_run(pointer, mode) != 0
  }

  /// Updates the loop's cached time (timers count from it).
  func updateTime() {
    uv_update_time(pointer)
  }

  /// The loop's cached time in whole milliseconds (`uv_now`: `uv_hrtime`,
  /// the monotonic clock, truncated), from which timers count.
  var now: UInt64 {
    uv_now(pointer)
  }

  /// The type names of the handles still on the loop (closing ones
  /// included), for example `["timer", "pipe"]`.
  var openHandles: [String] {
    var names: [String] = []
    withUnsafeMutablePointer(to: &names) { names in
      uv_walk(
        pointer,
        { handle, argument in
          guard let handle, let argument else { return }
          let names = argument.assumingMemoryBound(to: [String].self)
          names.pointee.append(String(cString: uv_handle_type_name(handle.pointee.type)))
        }, names)
    }
    return names
  }

  /// How many handles are still on the loop (closing ones included).
  var handleCount: Int { openHandles.count }

  /// Closes the loop; fails with `UV_EBUSY` while a handle or request is
  /// left. Closing twice does nothing.
  func close() throws(UVError) {
    guard !isClosed else { return }
    try UVError.check(uv_loop_close(pointer), "uv_loop_close (open handles: \(openHandles))")
    isClosed = true
  }
}
