// A bare Unix-socket connection that sends arbitrary bytes and reads whatever
// comes back, for tests of malformed input (a real client would refuse to
// send such bytes).

public import CurtainWire

#if canImport(Glibc)
  import Glibc
#endif

/// A raw connection to a Unix socket.
public final class RawSocket {
  private var fd: Int32
  private var decoder = FrameDecoder(maxFrameBytes: 64 << 20)

  /// Connects to `path`.
  public init(path: String) throws {
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TempDaemonError(description: "socket: errno \(errno)") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      Glibc.close(fd)
      throw TempDaemonError(description: "socket path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      Glibc.close(fd)
      throw TempDaemonError(description: "connect \(path): errno \(code)")
    }
  }

  /// Connects to a TCP port on the loopback address.
  public init(loopbackPort port: UInt16) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TempDaemonError(description: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      Glibc.close(fd)
      throw TempDaemonError(description: "connect 127.0.0.1:\(port): errno \(code)")
    }
  }

  /// Closes the connection now.
  public func close() {
    if fd >= 0 { Glibc.close(fd) }
    fd = -1
  }

  deinit { if fd >= 0 { Glibc.close(fd) } }

  /// Writes bytes (all of them); false if the peer has gone.
  @discardableResult
  public func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if written <= 0 { return false }
      offset += written
    }
    return true
  }

  /// Writes one framed message.
  @discardableResult
  public func send(_ message: ClientMessage) -> Bool {
    guard let bytes = try? WireCodec.framed(message) else { return false }
    return write(bytes)
  }

  /// Sends a request with `build` applied, id `requestID`.
  @discardableResult
  public func request(_ requestID: UInt64, _ build: (inout WireRequest) -> Void) -> Bool {
    var request = WireRequest()
    request.requestID = requestID
    build(&request)
    var message = ClientMessage()
    message.request = request
    return send(message)
  }

  /// Says Hello and returns the daemon's answer.
  public func hello(token: String = "") throws -> WireResponse? {
    request(0) {
      $0.hello.protocolVersion = protocolVersion
      $0.hello.clientName = "raw"
      $0.hello.token = token
    }
    guard case .response(let response)? = try next(timeout: 10)?.kind else { return nil }
    return response
  }

  /// The next message from the daemon, `nil` on timeout or when the
  /// connection closed (see `isClosed`).
  public func next(timeout: Double) throws -> ServerMessage? {
    while true {
      if let payload = try decoder.next() {
        return try WireCodec.decode(ServerMessage.self, from: payload)
      }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(timeout * 1000))
      if ready <= 0 { return nil }
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 {
        isClosed = true
        return nil
      }
      decoder.append(buffer[0..<count])
    }
  }

  /// Reads until a response to `requestID` arrives, keeping what else came.
  public func response(to requestID: UInt64, timeout: Double = 10) throws -> WireResponse? {
    while let message = try next(timeout: timeout) {
      if case .response(let response)? = message.kind, response.requestID == requestID {
        return response
      }
      other.append(message)
    }
    return nil
  }

  /// Messages read while looking for something else.
  public var other: [ServerMessage] = []
  /// Whether the daemon closed the connection.
  public private(set) var isClosed = false

  /// Stops reading (the socket stays open but unread: a slow consumer).
  public func shutdownWrite() { Glibc.shutdown(fd, Int32(SHUT_WR)) }
}
