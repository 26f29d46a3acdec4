// The blocking client of the CLI, and of the tests (CurtainTesting's
// TestClient adds test conveniences on top of it). `CurtainConnection`
// builds the connection contract on it (following MOVED, reconnecting,
// resuming subscriptions); this type is one socket and nothing more.
//
// One `CurtainClient` is one connection to a daemon over a Unix or TCP
// socket, driven from one thread with plain POSIX calls: the socket is
// non-blocking and every wait is a `poll` with a deadline, so no call hangs
// longer than its timeout (nil means "wait as long as it takes").
//
// The daemon pushes events and frames at any time, so while `call` waits for
// the response to its request, whatever else arrives (events, frames,
// responses to other pipelined requests) is kept in arrival order and handed
// out later by `nextMessage` or `waitForResponse`. A `goodbye` from the daemon
// ends the connection: every later call throws `ClientError.goodbye`, after
// the messages that arrived before it have been taken. End of stream without
// a goodbye is `ClientError.closed`.

import CurtainCore
import Glibc

/// A blocking connection to a Curtain daemon.
public final class CurtainClient {
  /// Where a daemon listens.
  public enum Endpoint: Equatable, Sendable, CustomStringConvertible {
    /// A Unix-domain socket at a path.
    case unix(path: String)
    /// A TCP address.
    case tcp(host: String, port: UInt16)

    public var description: String {
      switch self {
      case .unix(let path): return path
      case .tcp(let host, let port):
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
      }
    }
  }

  /// The default seconds `call` and `hello` wait for their response.
  public static let defaultTimeout: Double = 30

  /// Where this client is connected.
  public let endpoint: Endpoint
  /// Seconds `call` and `hello` wait for their response; nil waits forever.
  public var responseTimeout: Double?
  /// The daemon's answer to `hello`, once received.
  public private(set) var welcome: Curtain_V1_Welcome?
  /// The daemon's goodbye, once received (its details say where a moved
  /// session went: REASON_MOVED).
  public private(set) var lastGoodbye: Goodbye?

  private var socket: Int32
  private var decoder: FrameDecoder
  /// Messages received but not yet handed out, oldest first.
  private var pending: [ServerMessage] = []
  private var pendingHead = 0
  private var nextRequestID: UInt64 = 1
  /// Set once the connection is over; thrown after `pending` is drained.
  private var terminal: ClientError?
  private var readBuffer = [UInt8](repeating: 0, count: 64 << 10)

  /// Connects to a daemon. Throws `ClientError.connectFailed` (see
  /// `isNoListener`) or `.invalidEndpoint`.
  ///
  /// - Parameters:
  ///   - endpoint: the socket to connect to.
  ///   - timeout: seconds to wait for a TCP connect, and the initial
  ///     `responseTimeout`.
  ///   - maxFrameBytes: the largest frame accepted from the daemon.
  public init(
    endpoint: Endpoint, timeout: Double? = CurtainClient.defaultTimeout,
    maxFrameBytes: Int = 4 << 20
  ) throws {
    self.endpoint = endpoint
    self.responseTimeout = timeout
    self.decoder = FrameDecoder(maxFrameBytes: maxFrameBytes)
    switch endpoint {
    case .unix(let path):
      socket = try Self.connectUnix(path: path)
    case .tcp(let host, let port):
      socket = try Self.connectTCP(
        host: host, port: port, deadline: timeout.map { MonotonicClock.now() + $0 })
    }
  }

  /// Connects to a Unix-domain socket.
  public convenience init(unixPath: String, timeout: Double? = CurtainClient.defaultTimeout)
    throws
  {
    try self.init(endpoint: .unix(path: unixPath), timeout: timeout)
  }

  deinit {
    if socket >= 0 { _ = Glibc.close(socket) }
  }

  /// Whether the connection is still usable for sending.
  public var isConnected: Bool { socket >= 0 && terminal == nil }

  /// How the connection ended, once it has (thrown by every call after
  /// the kept messages); `.notConnected` after `close()`.
  public var endedWith: ClientError? { terminal }

  /// The socket, for a `poll` loop that also waits on other descriptors
  /// (-1 once closed). Messages may already be buffered: take them with
  /// `nextMessage(timeout: 0)` until it returns nil before waiting on it.
  public var fileDescriptor: Int32 { socket }

  // MARK: Requests

  /// Performs the handshake. Throws `.server` if the daemon refuses it.
  @discardableResult
  public func hello(clientName: String, token: String = "", capabilities: [String] = [])
    throws -> Curtain_V1_Welcome
  {
    try hello(Handshake(clientName: clientName, token: token, capabilities: capabilities))
  }

  /// Performs the handshake `handshake` describes. Throws `.server` if the
  /// daemon refuses it.
  @discardableResult
  public func hello(_ handshake: Handshake) throws -> Curtain_V1_Welcome {
    let id = try send(handshake.request)
    let welcome = try Handshake.welcome(from: waitForResponse(to: id, timeout: responseTimeout))
    self.welcome = welcome
    return welcome
  }

  /// Sends a request without waiting for its response and returns its
  /// request id. A request id of 0 is replaced by the next unused one
  /// (ids increase from 1).
  @discardableResult
  public func send(_ request: WireRequest) throws -> UInt64 {
    var request = request
    if request.requestID == 0 {
      request.requestID = nextRequestID
    }
    nextRequestID = max(nextRequestID, request.requestID &+ 1)
    var message = ClientMessage()
    message.request = request
    try write(message)
    return request.requestID
  }

  /// Sends a request and waits (up to `responseTimeout`) for its response.
  /// Events, frames and other responses arriving meanwhile are kept for
  /// `nextMessage` and `waitForResponse`.
  ///
  /// An error response is thrown as `ClientError.server`; use `send` and
  /// `waitForResponse` to receive error responses as values.
  @discardableResult
  public func call(_ request: WireRequest) throws -> WireResponse {
    let id = try send(request)
    let response = try waitForResponse(to: id, timeout: responseTimeout)
    if case .error(let error)? = response.result {
      throw ClientError.server(CurtainError(error))
    }
    return response
  }

  /// Waits for the response to request `id`, error responses included,
  /// keeping other messages for later. A `timeout` of nil waits forever.
  public func waitForResponse(to id: UInt64, timeout: Double?) throws -> WireResponse {
    if let index = pending[pendingHead...].firstIndex(where: { $0.response(for: id) != nil }),
      let response = pending[index].response(for: id)
    {
      pending.remove(at: index)
      return response
    }
    let deadline = timeout.map { MonotonicClock.now() + $0 }
    while true {
      guard let message = try receive(until: deadline) else {
        throw ClientError.timedOut(
          seconds: timeout ?? 0, waitingFor: "the response to request \(id)")
      }
      if let response = message.response(for: id) { return response }
      pending.append(message)
    }
  }

  // MARK: Messages

  /// The next message from the daemon: kept ones first, then what arrives
  /// within `timeout` seconds (nil waits forever). Returns nil on timeout.
  public func nextMessage(timeout: Double?) throws -> ServerMessage? {
    if pendingHead < pending.count {
      let message = pending[pendingHead]
      pendingHead += 1
      if pendingHead == pending.count {
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
      }
      return message
    }
    return try receive(until: timeout.map { MonotonicClock.now() + $0 })
  }

  /// Closes the connection. Messages already received stay available to
  /// `nextMessage`; everything else throws `ClientError.notConnected`.
  public func close() {
    if socket >= 0 {
      _ = Glibc.close(socket)
      socket = -1
    }
    if terminal == nil { terminal = .notConnected }
  }

  // MARK: For tests of the daemon (this package only)

  /// Writes `bytes` as they are, unframed: for tests of how the daemon
  /// treats malformed input, which this client never produces otherwise.
  package func sendRawBytes(_ bytes: [UInt8]) throws {
    try write(bytes: bytes)
  }

  /// Every message until the daemon closes the connection, kept ones
  /// first, a goodbye included (it does not end the reading here): for
  /// tests of what the daemon says last and that it then closes. Nil when
  /// `timeout` seconds pass without a byte; what was read is then kept
  /// for `nextMessage` (a goodbye among it as a message).
  package func readToEndOfStream(timeout: Double) throws -> [ServerMessage]? {
    while true {
      while let message = try decodeNext() { pending.append(message) }
      if let terminal { throw terminal }
      do {
        guard try readMore(until: MonotonicClock.now() + timeout) else { return nil }
      } catch ClientError.closed {
        defer {
          pending.removeAll()
          pendingHead = 0
        }
        return Array(pending[pendingHead...])
      }
    }
  }

  // MARK: Reading

  /// Decodes the next message, reading from the socket until `deadline`
  /// (monotonic seconds; nil: no limit). Nil on timeout.
  private func receive(until deadline: Double?) throws -> ServerMessage? {
    while true {
      if let message = try decodeNext() {
        if case .goodbye(let goodbye)? = message.kind {
          lastGoodbye = goodbye
          throw finish(.goodbye(goodbye.reason, goodbye.message))
        }
        return message
      }
      if let terminal { throw terminal }
      guard try readMore(until: deadline) else { return nil }
    }
  }

  /// The next whole message already read, if any.
  private func decodeNext() throws -> ServerMessage? {
    let payload: [UInt8]?
    do {
      payload = try decoder.next()
    } catch let error as FramingError {
      throw finish(.framing(error))
    }
    guard let payload else { return nil }
    do {
      return try WireCodec.decode(ServerMessage.self, from: payload)
    } catch {
      throw finish(.decoding("\(error)"))
    }
  }

  /// Reads what the socket has; false when the deadline passed first.
  private func readMore(until deadline: Double?) throws -> Bool {
    while true {
      let count = readBuffer.withUnsafeMutableBytes { buffer in
        Glibc.read(socket, buffer.baseAddress, buffer.count)
      }
      if count > 0 {
        decoder.append(readBuffer[0..<count])
        return true
      }
      if count == 0 { throw finish(.closed) }
      let code = errno
      if code == EINTR { continue }
      guard code == EAGAIN || code == EWOULDBLOCK else {
        throw finish(.io(operation: "read", errno: code))
      }
      guard try waitFor(Int16(POLLIN), until: deadline) else { return false }
    }
  }

  // MARK: Writing

  private func write(_ message: ClientMessage) throws {
    try write(bytes: WireCodec.framed(message))
  }

  private func write(bytes: [UInt8]) throws {
    if let terminal { throw terminal }
    var offset = 0
    let deadline = responseTimeout.map { MonotonicClock.now() + $0 }
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Glibc.send(
          socket, buffer.baseAddress.map { $0 + offset }, buffer.count - offset,
          Int32(MSG_NOSIGNAL))
      }
      if count >= 0 {
        offset += count
        continue
      }
      let code = errno
      if code == EINTR { continue }
      guard code == EAGAIN || code == EWOULDBLOCK else {
        throw finish(.io(operation: "write", errno: code))
      }
      guard try waitFor(Int16(POLLOUT), until: deadline) else {
        throw ClientError.timedOut(
          seconds: responseTimeout ?? 0, waitingFor: "the socket to accept data")
      }
    }
  }

  // MARK: Helpers

  /// Polls the socket for `events`; false when the deadline passed first.
  /// Hang-ups and errors count as ready: the next read or write reports them.
  private func waitFor(_ events: Int16, until deadline: Double?) throws -> Bool {
    while true {
      var milliseconds: Int32 = -1
      if let deadline {
        let remaining = deadline - MonotonicClock.now()
        if remaining <= 0 { return false }
        milliseconds = Int32(min(remaining * 1000, 86_400_000).rounded(.up))
      }
      var descriptor = pollfd(fd: socket, events: events, revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready > 0 { return true }
      if ready == 0 { continue }
      let code = errno
      if code == EINTR { continue }
      throw finish(.io(operation: "poll", errno: code))
    }
  }

  /// Ends the connection with `error` (thrown by every later call once the
  /// kept messages are taken) and returns it.
  private func finish(_ error: ClientError) -> ClientError {
    if socket >= 0 {
      _ = Glibc.close(socket)
      socket = -1
    }
    if terminal == nil { terminal = error }
    return terminal ?? error
  }

  private static func connectUnix(path: String) throws -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count < capacity else {
      throw ClientError.invalidEndpoint(
        "socket path '\(path)' must be 1 to \(capacity - 1) bytes long")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      buffer.copyBytes(from: bytes)
      buffer[bytes.count] = 0
    }
    let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw ClientError.io(operation: "socket", errno: errno) }
    let result = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    if result != 0 {
      let code = errno
      _ = Glibc.close(fd)
      throw ClientError.connectFailed(endpoint: path, errno: code)
    }
    setNonBlocking(fd)
    return fd
  }

  private static func connectTCP(host: String, port: UInt16, deadline: Double?) throws -> Int32 {
    let endpoint = Endpoint.tcp(host: host, port: port).description
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      let reason = gai_strerror(status).map { String(cString: $0) } ?? "error \(status)"
      throw ClientError.invalidEndpoint("cannot resolve '\(host)': \(reason)")
    }
    defer { freeaddrinfo(first) }
    var lastError: Int32 = ECONNREFUSED
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      entry = info.pointee.ai_next
      let fd = Glibc.socket(
        info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
        info.pointee.ai_protocol)
      guard fd >= 0 else {
        lastError = errno
        continue
      }
      setNonBlocking(fd)
      if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
        setNoDelay(fd)
        return fd
      }
      var code = errno
      if code == EINPROGRESS {
        code = waitForConnect(fd, until: deadline)
        if code == 0 {
          setNoDelay(fd)
          return fd
        }
      }
      lastError = code
      _ = Glibc.close(fd)
    }
    throw ClientError.connectFailed(endpoint: endpoint, errno: lastError)
  }

  /// Waits for a non-blocking connect; returns 0 or the errno.
  private static func waitForConnect(_ fd: Int32, until deadline: Double?) -> Int32 {
    while true {
      var milliseconds: Int32 = -1
      if let deadline {
        let remaining = deadline - MonotonicClock.now()
        if remaining <= 0 { return ETIMEDOUT }
        milliseconds = Int32(min(remaining * 1000, 86_400_000).rounded(.up))
      }
      var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      let ready = poll(&descriptor, 1, milliseconds)
      if ready < 0, errno == EINTR { continue }
      if ready < 0 { return errno }
      if ready == 0 { continue }
      var code: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else { return errno }
      return code
    }
  }

  private static func setNonBlocking(_ fd: Int32) {
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
  }

  private static func setNoDelay(_ fd: Int32) {
    var one: Int32 = 1
    _ = setsockopt(
      fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }
}

extension ServerMessage {
  /// The message as the response to request `id`, if it is that.
  fileprivate func response(for id: UInt64) -> WireResponse? {
    guard case .response(let response)? = kind, response.requestID == id else { return nil }
    return response
  }
}

extension WireResponse {
  /// The name of the response's payload (`window`, `error`, …), for messages.
  public var resultName: String {
    switch result {
    case .none: return "empty"
    case .error: return "error"
    case .welcome: return "welcome"
    case .empty: return "empty"
    case .status: return "status"
    case .sessions: return "sessions"
    case .sessionDocument: return "session_document"
    case .imported: return "imported"
    case .metrics: return "metrics"
    case .nodes: return "nodes"
    case .moved: return "moved"
    case .window: return "window"
    case .windows: return "windows"
    case .controller: return "controller"
    case .controllers: return "controllers"
    case .operation: return "operation"
    case .transition: return "transition"
    case .transitions: return "transitions"
    case .tree: return "tree"
    case .subscribed: return "subscribed"
    case .clock: return "clock"
    case .storyboard: return "storyboard"
    case .segue: return "segue"
    case .lease: return "lease"
    case .delegateReply: return "delegate_reply"
    case .trace: return "trace"
    case .recording: return "recording"
    case .recordingCheck: return "recording_check"
    }
  }
}
