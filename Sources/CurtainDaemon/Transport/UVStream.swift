// A byte stream on the loop: a Unix-domain pipe or a TCP socket, listening
// or connected. The wrapper owns its `uv_pipe_t`/`uv_tcp_t` and retains
// itself through `handle.data` until the close callback, which releases it
// and frees the handle.
//
// Reads land in the loop's shared read buffer and are handed to the read
// callback as a borrowed buffer that is only valid during the call. Writes
// copy their bytes into one malloc'd buffer that a box referenced by
// `uv_write_t.data` keeps alive until the write callback; closing a stream
// with writes pending makes libuv call them back with `UV_ECANCELED` before
// the close callback, so no request outlives its stream.

import CLibUV

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A libuv stream (pipe or TCP).
final class UVStream {
  /// The kind of socket.
  enum Kind {
    /// A Unix-domain socket (`uv_pipe_t`).
    case pipe
    /// A TCP socket (`uv_tcp_t`).
    case tcp
  }

  /// What a read produced.
  enum ReadEvent {
    /// Bytes, valid only during the callback.
    case data(UnsafeRawBufferPointer)
    /// The peer closed its side.
    case endOfFile
    /// The read failed (for example `ECONNRESET`).
    case failure(UVError)
  }

  /// Keeps a request's callback (and a write's bytes) alive until libuv calls
  /// it back.
  private final class Request {
    let completion: (Int32) -> Void
    let buffer: UnsafeMutableRawBufferPointer?

    init(buffer: UnsafeMutableRawBufferPointer? = nil, completion: @escaping (Int32) -> Void) {
      self.buffer = buffer
      self.completion = completion
    }
  }

  /// Pipe or TCP.
  let kind: Kind
  /// The loop the stream belongs to.
  let loop: UVLoop
  /// The `uv_pipe_t` or `uv_tcp_t`.
  private let raw: UnsafeMutableRawPointer
  private var onConnection: ((UVError?) -> Void)?
  private var onRead: ((ReadEvent) -> Void)?
  private var onClose: (() -> Void)?
  /// `close()` was called.
  private(set) var isClosing = false

  /// Creates an unconnected stream on `loop`.
  init(loop: UVLoop, kind: Kind) throws(UVError) {
    self.kind = kind
    self.loop = loop
    let result: Int32
    switch kind {
    case .pipe:
      let pipe = UnsafeMutablePointer<uv_pipe_t>.allocate(capacity: 1)
      raw = UnsafeMutableRawPointer(pipe)
      result = uv_pipe_init(loop.pointer, pipe, 0)
    case .tcp:
      let tcp = UnsafeMutablePointer<uv_tcp_t>.allocate(capacity: 1)
      raw = UnsafeMutableRawPointer(tcp)
      result = uv_tcp_init(loop.pointer, tcp)
    }
    guard result == 0 else {
      Self.deallocate(raw, kind: kind)
      throw UVError(code: result, operation: kind == .pipe ? "uv_pipe_init" : "uv_tcp_init")
    }
    handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
  }

  private var handle: UnsafeMutablePointer<uv_handle_t> { .init(OpaquePointer(raw)) }
  private var stream: UnsafeMutablePointer<uv_stream_t> { .init(OpaquePointer(raw)) }
  private var pipe: UnsafeMutablePointer<uv_pipe_t> { .init(OpaquePointer(raw)) }
  private var tcp: UnsafeMutablePointer<uv_tcp_t> { .init(OpaquePointer(raw)) }

  private static func deallocate(_ raw: UnsafeMutableRawPointer, kind: Kind) {
    switch kind {
    case .pipe: UnsafeMutablePointer<uv_pipe_t>(OpaquePointer(raw)).deallocate()
    case .tcp: UnsafeMutablePointer<uv_tcp_t>(OpaquePointer(raw)).deallocate()
    }
  }

  private static func from(_ handle: UnsafeMutableRawPointer?) -> UVStream? {
    guard let handle else { return nil }
    let data = handle.assumingMemoryBound(to: uv_handle_t.self).pointee.data
    guard let data else { return nil }
    return Unmanaged<UVStream>.fromOpaque(data).takeUnretainedValue()
  }

  // MARK: Listening

  /// Binds a pipe to a filesystem path (the socket file is created).
  func bind(path: String) throws(UVError) {
    try UVError.check(uv_pipe_bind(pipe, path), "bind \(path)")
  }

  /// Binds a TCP socket to an address.
  func bind(_ address: TCPAddress) throws(UVError) {
    var storage = address.socketAddress()
    let result = withUnsafePointer(to: &storage) { storage in
      storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { uv_tcp_bind(tcp, $0, 0) }
    }
    try UVError.check(result, "bind \(address)")
  }

  /// The address a TCP socket is bound to (its port once bound to port 0).
  func localAddress() throws(UVError) -> TCPAddress {
    try address("getsockname") { uv_tcp_getsockname(tcp, $0, $1) }
  }

  /// The address of a connected TCP socket's peer.
  func peerAddress() throws(UVError) -> TCPAddress {
    try address("getpeername") { uv_tcp_getpeername(tcp, $0, $1) }
  }

  /// An address `read` (getsockname or getpeername) fills in.
  private func address(
    _ operation: String,
    _ read: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<Int32>) -> Int32
  ) throws(UVError) -> TCPAddress {
    var storage = sockaddr_storage()
    var length = Int32(MemoryLayout<sockaddr_storage>.size)
    let result = withUnsafeMutablePointer(to: &storage) { storage in
      storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { read($0, &length) }
    }
    try UVError.check(result, operation)
    guard let address = TCPAddress(storage) else {
      throw UVError(code: UV_EAFNOSUPPORT.rawValue, operation: operation)
    }
    return address
  }

  /// Starts listening; `onConnection` runs for every incoming connection
  /// (call `accept()` from it).
  func listen(backlog: Int32 = 128, onConnection: @escaping (UVError?) -> Void) throws(UVError) {
    self.onConnection = onConnection
    let result = uv_listen(stream, backlog) { server, status in
      guard let stream = UVStream.from(server) else { return }
      stream.onConnection?(status < 0 ? UVError(code: status, operation: "listen") : nil)
    }
    try UVError.check(result, "listen")
  }

  /// Accepts a pending connection as a new stream of the same kind.
  func accept() throws(UVError) -> UVStream {
    let client = try UVStream(loop: loop, kind: kind)
    let result = uv_accept(stream, client.stream)
    guard result == 0 else {
      client.close()
      throw UVError(code: result, operation: "accept")
    }
    return client
  }

  // MARK: Connecting

  /// Connects a pipe to the socket at `path`; `completion` gets `nil` on
  /// success.
  func connect(path: String, completion: @escaping (UVError?) -> Void) {
    let request = UnsafeMutablePointer<uv_connect_t>.allocate(capacity: 1)
    let box = Request { status in
      completion(status < 0 ? UVError(code: status, operation: "connect \(path)") : nil)
    }
    request.pointee.data = Unmanaged.passRetained(box).toOpaque()
    uv_pipe_connect(request, pipe, path) { request, status in
      guard let request else { return }
      let data = request.pointee.data
      request.deallocate()
      guard let data else { return }
      Unmanaged<Request>.fromOpaque(data).takeRetainedValue().completion(status)
    }
  }

  /// Disables Nagle's algorithm on a TCP stream (messages go out at once).
  func setNoDelay() {
    guard kind == .tcp else { return }
    uv_tcp_nodelay(tcp, 1)
  }

  // MARK: Reading

  /// Starts reading; `onRead` runs for every chunk, the end and errors.
  func startReading(_ onRead: @escaping (ReadEvent) -> Void) throws(UVError) {
    self.onRead = onRead
    let result = uv_read_start(
      stream,
      { handle, _, buffer in
        guard let buffer else { return }
        guard let stream = UVStream.from(handle), let base = stream.loop.readBuffer.baseAddress
        else {
          buffer.pointee = uv_buf_init(nil, 0)
          return
        }
        buffer.pointee = uv_buf_init(
          base.assumingMemoryBound(to: CChar.self), UInt32(stream.loop.readBuffer.count))
      },
      { handle, count, buffer in
        guard let stream = UVStream.from(handle) else { return }
        if count > 0, let base = buffer?.pointee.base {
          stream.onRead?(.data(UnsafeRawBufferPointer(start: base, count: count)))
        } else if count == Int(UVError.endOfFile) {
          stream.onRead?(.endOfFile)
        } else if count < 0 {
          stream.onRead?(.failure(UVError(code: Int32(count), operation: "read")))
        }
      })
    try UVError.check(result, "read")
  }

  /// Stops reading (`uv_read_stop`) until `startReading` is called again.
  func stopReading() {
    uv_read_stop(stream)
  }

  // MARK: Writing

  /// Writes `chunks` back to back as one request; `completion` runs when
  /// all of it has been written (or with the error). Throws, without
  /// calling `completion`, if libuv refuses the request.
  /// Writes as much of `chunks` as the socket takes now, without waiting
  /// and without copying (`uv_try_write`, which refuses while a write is
  /// queued); returns the bytes written, 0 when none could be (the caller
  /// then writes them with `write`, which also reports any error).
  func tryWrite(_ chunks: [[UInt8]]) -> Int {
    guard !chunks.isEmpty, chunks.count <= 64 else { return 0 }
    if chunks.count == 1 {
      // One message (a response): no array of buffers.
      return chunks[0].withUnsafeBytes { bytes in
        var buffer = uv_buf_init(
          UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: CChar.self)),
          UInt32(bytes.count))
        let written = uv_try_write(stream, &buffer, 1)
        return written > 0 ? Int(written) : 0
      }
    }
    return withBuffers(chunks[...], into: []) { buffers in
      buffers.withUnsafeBufferPointer { pointer in
        let written = uv_try_write(stream, pointer.baseAddress, UInt32(pointer.count))
        return written > 0 ? Int(written) : 0
      }
    }
  }

  /// Calls `body` with a `uv_buf_t` over each of `chunks`, whose bytes
  /// stay in place while it runs.
  private func withBuffers<R>(
    _ chunks: ArraySlice<[UInt8]>, into buffers: [uv_buf_t], _ body: ([uv_buf_t]) -> R
  ) -> R {
    guard let first = chunks.first else { return body(buffers) }
    return first.withUnsafeBytes { bytes in
      var buffers = buffers
      buffers.append(
        uv_buf_init(
          UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: CChar.self)),
          UInt32(bytes.count)))
      return withBuffers(chunks.dropFirst(), into: buffers, body)
    }
  }

  func write(_ chunks: [[UInt8]], completion: @escaping (UVError?) -> Void) throws(UVError) {
    let total = chunks.reduce(0) { $0 + $1.count }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(total, 1), alignment: 1)
    var offset = 0
    for chunk in chunks {
      chunk.withUnsafeBytes { bytes in
        UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + bytes.count])
          .copyMemory(from: bytes)
      }
      offset += chunk.count
    }
    let box = Request(buffer: buffer) { status in
      completion(status < 0 ? UVError(code: status, operation: "write") : nil)
    }
    let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
    let retained = Unmanaged.passRetained(box)
    request.pointee.data = retained.toOpaque()
    var descriptor = uv_buf_init(
      buffer.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(total))
    let result = uv_write(request, stream, &descriptor, 1) { request, status in
      guard let request else { return }
      let data = request.pointee.data
      request.deallocate()
      guard let data else { return }
      let box = Unmanaged<Request>.fromOpaque(data).takeRetainedValue()
      box.buffer?.deallocate()
      box.completion(status)
    }
    guard result == 0 else {
      retained.release()
      request.deallocate()
      buffer.deallocate()
      throw UVError(code: result, operation: "write")
    }
  }

  /// Shuts down the write side once pending writes are done (the peer reads
  /// end of file); `completion` gets `nil` on success.
  func shutdown(completion: @escaping (UVError?) -> Void) throws(UVError) {
    let request = UnsafeMutablePointer<uv_shutdown_t>.allocate(capacity: 1)
    let box = Request { status in
      completion(status < 0 ? UVError(code: status, operation: "shutdown") : nil)
    }
    let retained = Unmanaged.passRetained(box)
    request.pointee.data = retained.toOpaque()
    let result = uv_shutdown(request, stream) { request, status in
      guard let request else { return }
      let data = request.pointee.data
      request.deallocate()
      guard let data else { return }
      Unmanaged<Request>.fromOpaque(data).takeRetainedValue().completion(status)
    }
    guard result == 0 else {
      retained.release()
      request.deallocate()
      throw UVError(code: result, operation: "shutdown")
    }
  }

  // MARK: Closing

  /// Closes the stream; pending writes are cancelled. `completion` runs
  /// once libuv has released the handle.
  func close(_ completion: (() -> Void)? = nil) {
    guard !isClosing else { return }
    isClosing = true
    onConnection = nil
    onRead = nil
    onClose = completion
    uv_close(handle) { handle in
      guard let handle, let data = handle.pointee.data else { return }
      handle.pointee.data = nil
      Unmanaged<UVStream>.fromOpaque(data).takeRetainedValue().didClose()
    }
  }

  private func didClose() {
    Self.deallocate(raw, kind: kind)
    let completion = onClose
    onClose = nil
    completion?()
  }
}
