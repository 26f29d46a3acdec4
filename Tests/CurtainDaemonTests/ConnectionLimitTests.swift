import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// The transport's limits over the real protocol: unfinished messages are
/// dropped by their deadline (--message-timeout) and by the global budget
/// (--max-partial-bytes) while other clients are served; a Unix client
/// that never says Hello is closed (--hello-timeout); a client over
/// --max-clients gets a goodbye saying so. Deadlines are short and the
/// tests wait for the goodbyes, never for a fixed time.
final class ConnectionLimitTests: XCTestCase {
  private var daemons: [TempDaemon] = []

  override func tearDown() {
    for daemon in daemons {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
      XCTAssertTrue(result.socketRemoved, "the socket file is removed on SIGTERM")
    }
    daemons = []
  }

  private func start(_ arguments: [String]) throws -> TempDaemon {
    let daemon = try TempDaemon(arguments: arguments)
    daemons.append(daemon)
    return daemon
  }

  /// A client that said Hello, then promised a message of `promised` bytes
  /// and sent only `sent` of them.
  private func stalledClient(_ daemon: TempDaemon, promised: Int, sent: Int) throws
    -> CurtainClient
  {
    let client = try CurtainClient(endpoint: .unix(path: daemon.socketPath), timeout: 10)
    try client.hello(clientName: "stalled")
    try client.sendRawBytes(VarInt.encode(UInt64(promised)) + [UInt8](repeating: 0x0A, count: sent))
    return client
  }

  /// The goodbye a client got before the daemon closed its connection.
  private func goodbye(of client: CurtainClient) throws -> Goodbye? {
    let messages = try XCTUnwrap(
      try client.readToEndOfStream(timeout: 10), "the daemon closes the connection")
    return messages.last?.goodbye
  }

  func testStalledMessagesAreDroppedByTheBudgetAndTheDeadlineWhileOthersAreServed() throws {
    let daemon = try start(["--message-timeout", "2", "--max-partial-bytes", "1000000"])
    let other = try TestClient(path: daemon.socketPath, name: "other")
    // 8 clients each hold 300,000 bytes of a 400,000-byte message: 2.4 MB
    // against a budget of 1 MB.
    var stalled: [CurtainClient] = []
    for _ in 0..<8 {
      stalled.append(try stalledClient(daemon, promised: 400_000, sent: 300_000))
      try other.sync()
    }
    let status = try other.call { $0.getStatus = Curtain_V1_GetStatus() }.status
    let held = try XCTUnwrap(status.limits.first { $0.name == "max-partial-bytes" })
    XCTAssertEqual(held.value, 1_000_000)
    XCTAssertLessThanOrEqual(held.used, 1_000_000, "the budget holds")
    var reasons: [Goodbye.Reason] = []
    for client in stalled {
      let goodbye = try XCTUnwrap(try goodbye(of: client), "every stalled client gets a goodbye")
      reasons.append(goodbye.reason)
      switch goodbye.reason {
      case .limitExceeded:
        XCTAssertTrue(goodbye.message.contains("max-partial-bytes"), goodbye.message)
      case .timeout:
        XCTAssertTrue(goodbye.message.contains("message-timeout"), goodbye.message)
        // The length prefix (3 bytes) and the 300,000 sent.
        XCTAssertTrue(goodbye.message.contains("300003 bytes received"), goodbye.message)
      default:
        XCTFail("unexpected goodbye \(goodbye)")
      }
    }
    // The 3 newest fit the budget and went by their deadline; the budget
    // dropped older ones (those it did not drop first went by their
    // deadline too).
    XCTAssertEqual(reasons.suffix(3), [.timeout, .timeout, .timeout], "\(reasons)")
    XCTAssertTrue(reasons.prefix(5).contains(.limitExceeded), "\(reasons)")
    try other.sync()
    let after = try other.call { $0.getStatus = Curtain_V1_GetStatus() }.status
    XCTAssertEqual(after.limits.first { $0.name == "max-partial-bytes" }?.used, 0)
    XCTAssertEqual(after.clients, 1)
  }

  func testAMessageCompletedInTimeIsServedAndTheDeadlineStartsAgainForTheNext() throws {
    let daemon = try start(["--message-timeout", "5"])
    let client = try CurtainClient(endpoint: .unix(path: daemon.socketPath), timeout: 10)
    try client.hello(clientName: "split")
    var message = ClientMessage()
    message.request.requestID = 7
    message.request.sync = Curtain_V1_Sync()
    let bytes = try WireCodec.framed(message)
    // A message in two halves, the second with the first byte of the next.
    try client.sendRawBytes(Array(bytes.prefix(2)))
    try client.sendRawBytes(Array(bytes.dropFirst(2)) + Array(bytes.prefix(1)))
    XCTAssertEqual(try client.waitForResponse(to: 7, timeout: 10).requestID, 7)
    try client.sendRawBytes(Array(bytes.dropFirst(1)))
    XCTAssertEqual(try client.waitForResponse(to: 7, timeout: 10).requestID, 7)
  }

  func testAUnixClientThatNeverSaysHelloIsClosed() throws {
    let daemon = try start(["--hello-timeout", "0.3"])
    let silent = try CurtainClient(endpoint: .unix(path: daemon.socketPath), timeout: 10)
    let goodbye = try XCTUnwrap(try goodbye(of: silent))
    XCTAssertEqual(goodbye.reason, .unauthenticated)
    XCTAssertEqual(goodbye.message, "No Hello within the time limit")
    try TestClient(path: daemon.socketPath).sync()
  }

  func testAClientOverMaxClientsIsRefusedWithAGoodbye() throws {
    let daemon = try start(["--max-clients", "2"])
    let first = try TestClient(path: daemon.socketPath, name: "first")
    let second = try TestClient(path: daemon.socketPath, name: "second")
    let third = try CurtainClient(endpoint: .unix(path: daemon.socketPath), timeout: 10)
    let refused = try XCTUnwrap(try goodbye(of: third))
    XCTAssertEqual(refused.reason, .limitExceeded)
    XCTAssertEqual(
      refused.message, "Too many clients: the daemon serves at most 2 (limit max-clients)")
    let status = try first.call { $0.getStatus = Curtain_V1_GetStatus() }.status
    let clients = try XCTUnwrap(status.limits.first { $0.name == "max-clients" })
    XCTAssertEqual(clients.value, 2)
    XCTAssertEqual(clients.used, 2)
    // Once one leaves, there is room again.
    second.close()
    let deadline = MonotonicClock.now() + 10
    while try first.call({ $0.getStatus = Curtain_V1_GetStatus() }).status.clients > 1,
      MonotonicClock.now() < deadline
    {}
    try TestClient(path: daemon.socketPath, name: "fourth").sync()
  }
}
