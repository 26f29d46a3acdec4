import CurtainWire
import Glibc
import XCTest

/// The blocking client against a scripted server on a real Unix socket.
/// Everything runs on the test's thread: the client's connect completes in
/// the listener's backlog, and the server writes its answers before the
/// client reads them (the socket buffers hold them).
final class CurtainClientTests: XCTestCase {
  private var server: ScriptedServer!

  override func setUpWithError() throws {
    server = try ScriptedServer()
  }

  override func tearDown() {
    server.shutdown()
  }

  func testCallKeepsEventsThatArriveBeforeItsResponse() throws {
    let client = try server.connect()
    server.send(event(seq: 1))
    server.send(event(seq: 2))
    server.send(response(to: 1, window: 3))
    server.send(event(seq: 3))

    var request = WireRequest()
    request.body = .listWindows(Curtain_V1_ListWindows())
    let answer = try client.call(request)
    XCTAssertEqual(answer.requestID, 1)
    XCTAssertEqual(answer.window.id, 3)
    XCTAssertEqual(try server.receive().request.requestID, 1)

    XCTAssertEqual(try client.nextMessage(timeout: 1)?.event.seq, 1)
    XCTAssertEqual(try client.nextMessage(timeout: 1)?.event.seq, 2)
    XCTAssertEqual(try client.nextMessage(timeout: 1)?.event.seq, 3)
    XCTAssertNil(try client.nextMessage(timeout: 0.05), "nil on timeout")
  }

  func testRequestIdsIncreaseAndExplicitIdsAreKept() throws {
    let client = try server.connect()
    var request = WireRequest()
    request.body = .sync(Curtain_V1_Sync())
    XCTAssertEqual(try client.send(request), 1)
    XCTAssertEqual(try client.send(request), 2)
    request.requestID = 10
    XCTAssertEqual(try client.send(request), 10)
    request.requestID = 0
    XCTAssertEqual(try client.send(request), 11)
    XCTAssertEqual(try (0..<4).map { _ in try server.receive().request.requestID }, [1, 2, 10, 11])
  }

  func testPipelinedResponsesAreMatchedById() throws {
    let client = try server.connect()
    var request = WireRequest()
    request.body = .sync(Curtain_V1_Sync())
    let first = try client.send(request)
    let second = try client.send(request)
    server.send(response(to: first, window: 1))
    server.send(response(to: second, window: 2))
    XCTAssertEqual(try client.waitForResponse(to: second, timeout: 1).window.id, 2)
    XCTAssertEqual(try client.waitForResponse(to: first, timeout: 1).window.id, 1)
  }

  func testErrorResponsesThrowTheServersError() throws {
    let client = try server.connect()
    var answer = WireResponse()
    answer.requestID = 1
    answer.error.code = .notFound
    answer.error.message = "No window 9"
    server.send(message { $0.response = answer })
    var request = WireRequest()
    request.body = .getTree(Curtain_V1_GetTree())
    XCTAssertThrowsError(try client.call(request)) { error in
      XCTAssertEqual("\(error)", "NOT_FOUND: No window 9")
    }
  }

  func testHelloReturnsTheWelcome() throws {
    let client = try server.connect()
    var answer = WireResponse()
    answer.requestID = 1
    answer.welcome.serverVersion = "9.9"
    answer.welcome.clientID = 42
    server.send(message { $0.response = answer })
    let welcome = try client.hello(clientName: "test", capabilities: ["read-only"])
    XCTAssertEqual(welcome.clientID, 42)
    XCTAssertEqual(client.welcome?.serverVersion, "9.9")
    let hello = try server.receive().request.hello
    XCTAssertEqual(hello.clientName, "test")
    XCTAssertEqual(hello.protocolVersion, protocolVersion)
    XCTAssertEqual(hello.capabilities, ["read-only"])
  }

  func testGoodbyeComesAfterTheMessagesBeforeIt() throws {
    let client = try server.connect()
    server.send(event(seq: 1))
    server.send(
      message {
        $0.goodbye.reason = .shutdown
        $0.goodbye.message = "stopping"
      })
    server.closeConnection()
    XCTAssertEqual(try client.nextMessage(timeout: 1)?.event.seq, 1)
    for _ in 0..<2 {
      XCTAssertThrowsError(try client.nextMessage(timeout: 1)) { error in
        XCTAssertEqual(error as? ClientError, .goodbye(.shutdown, "stopping"))
        XCTAssertEqual(
          "\(error)", "the daemon closed the connection (SHUTDOWN): stopping")
      }
    }
    XCTAssertFalse(client.isConnected)
  }

  func testEndOfStreamIsClosed() throws {
    let client = try server.connect()
    server.closeConnection()
    XCTAssertThrowsError(try client.nextMessage(timeout: 1)) { error in
      XCTAssertEqual(error as? ClientError, .closed)
    }
  }

  func testRawBytesGoOutAsTheyAre() throws {
    let client = try server.connect()
    var sync = ClientMessage()
    sync.request.requestID = 7
    sync.request.sync = Curtain_V1_Sync()
    let bytes = try WireCodec.framed(sync)
    try client.sendRawBytes(Array(bytes.prefix(2)))
    try client.sendRawBytes(Array(bytes.dropFirst(2)))
    XCTAssertEqual(try server.receive(), sync)
  }

  func testReadingToTheEndOfTheStreamKeepsTheGoodbye() throws {
    let client = try server.connect()
    server.send(event(seq: 1))
    XCTAssertEqual(try client.nextMessage(timeout: 1)?.event.seq, 1)
    server.send(event(seq: 2))
    XCTAssertNil(try client.readToEndOfStream(timeout: 0.05), "nil while the stream stays open")
    server.send(message { $0.goodbye.reason = .protocolError })
    server.closeConnection()
    let rest = try client.readToEndOfStream(timeout: 1)
    XCTAssertEqual(rest?.map(\.event.seq), [2, 0])
    XCTAssertEqual(rest?.last?.goodbye.reason, .protocolError)
    XCTAssertThrowsError(try client.nextMessage(timeout: 1)) { error in
      XCTAssertEqual(error as? ClientError, .closed)
    }
  }

  func testCallTimesOut() throws {
    let client = try server.connect()
    client.responseTimeout = 0.05
    var request = WireRequest()
    request.body = .sync(Curtain_V1_Sync())
    XCTAssertThrowsError(try client.call(request)) { error in
      XCTAssertEqual(
        error as? ClientError, .timedOut(seconds: 0.05, waitingFor: "the response to request 1"))
    }
  }

  func testAnOversizedFrameFromTheServerEndsTheConnection() throws {
    let client = try server.connect()
    server.sendRaw([0xFF, 0xFF, 0xFF, 0x7F])
    XCTAssertThrowsError(try client.nextMessage(timeout: 1)) { error in
      XCTAssertEqual(
        error as? ClientError, .framing(.frameTooLarge(length: 268_435_455, limit: 4 << 20)))
    }
    XCTAssertFalse(client.isConnected)
  }

  func testUndecodableMessageFromTheServerEndsTheConnection() throws {
    let client = try server.connect()
    server.sendRaw([0x02, 0xFF, 0xFF])
    XCTAssertThrowsError(try client.nextMessage(timeout: 1)) { error in
      guard case .decoding? = error as? ClientError else {
        return XCTFail("expected a decoding error, got \(error)")
      }
    }
  }

  func testNoListenerIsRecognised() throws {
    let path = server.directory + "/nobody.sock"
    XCTAssertThrowsError(try CurtainClient(unixPath: path)) { error in
      let error = error as? ClientError
      XCTAssertEqual(error?.isNoListener, true)
      XCTAssertEqual(
        error?.description, "no daemon is listening on \(path) (No such file or directory)")
    }
    let long = "/tmp/" + String(repeating: "x", count: 200)
    XCTAssertThrowsError(try CurtainClient(unixPath: long)) { error in
      XCTAssertEqual(
        error as? ClientError,
        .invalidEndpoint("socket path '\(long)' must be 1 to 107 bytes long"))
    }
  }

  func testClosedClientRefusesToSend() throws {
    let client = try server.connect()
    client.close()
    var request = WireRequest()
    request.body = .sync(Curtain_V1_Sync())
    XCTAssertThrowsError(try client.send(request)) { error in
      XCTAssertEqual(error as? ClientError, .notConnected)
    }
  }

  // MARK: Messages

  private func message(_ configure: (inout ServerMessage) -> Void) -> ServerMessage {
    var message = ServerMessage()
    configure(&message)
    return message
  }

  private func event(seq: UInt64) -> ServerMessage {
    message {
      $0.event.windowID = 1
      $0.event.seq = seq
    }
  }

  private func response(to id: UInt64, window: UInt64) -> ServerMessage {
    message {
      $0.response.requestID = id
      $0.response.window.id = window
    }
  }
}

/// A listening Unix socket in a temporary directory, and the one connection
/// it accepts, driven by the test.
private final class ScriptedServer {
  let directory: String
  let path: String
  private var listener: Int32 = -1
  private var connection: Int32 = -1
  private var decoder = FrameDecoder()

  init() throws {
    var template = Array("/tmp/curtain-client-test-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw CLITestError("mkdtemp failed") }
    directory = String(cString: made)
    path = directory + "/test.sock"
    listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8) + [0]
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(listener, 4) == 0 else { throw CLITestError("bind/listen failed") }
  }

  /// Connects a client and accepts its connection.
  func connect() throws -> CurtainClient {
    let client = try CurtainClient(unixPath: path, timeout: 2)
    connection = accept(listener, nil, nil)
    guard connection >= 0 else { throw CLITestError("accept failed") }
    return client
  }

  func send(_ message: ServerMessage) {
    sendRaw((try? WireCodec.framed(message)) ?? [])
  }

  func sendRaw(_ bytes: [UInt8]) {
    let written = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    XCTAssertEqual(written, bytes.count)
  }

  /// Reads the next message the client sent.
  func receive() throws -> ClientMessage {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      if let payload = try decoder.next() {
        return try WireCodec.decode(ClientMessage.self, from: payload)
      }
      let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
      guard count > 0 else { throw CLITestError("the client closed the connection") }
      decoder.append(buffer[0..<count])
    }
  }

  func closeConnection() {
    if connection >= 0 { close(connection) }
    connection = -1
  }

  func shutdown() {
    closeConnection()
    if listener >= 0 { close(listener) }
    listener = -1
    unlink(path)
    rmdir(directory)
  }
}

private struct CLITestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
