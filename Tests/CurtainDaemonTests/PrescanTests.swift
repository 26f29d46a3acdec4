import CurtainDaemon
import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Requests over the string and list limits are refused before they are
/// decoded (RequestPrescan.swift, issue 33 §4): SwiftProtobuf's decoding
/// of a 4 MB string was what a refusal cost. The prescan finds what the
/// decoded check finds, and a refused request is answered from its
/// skeleton, a Hello included.
final class PrescanTests: XCTestCase {
  private let small: ServerLimits = {
    var limits = ServerLimits()
    limits.maxStringBytes = 64
    limits.maxListItems = 3
    return limits
  }()

  private func payload(_ build: (inout WireRequest) -> Void) throws -> [UInt8] {
    var message = ClientMessage()
    build(&message.request)
    return try WireCodec.bytes(message)
  }

  /// What the check of the decoded request finds (nil: nothing).
  private func decodedViolation(_ payload: [UInt8], _ limits: ServerLimits) throws
    -> RequestSize.Violation?
  {
    let message = try WireCodec.decodeClientMessage(from: payload)
    do {
      try RequestSize.check(
        message.request, maxStringBytes: limits.maxStringBytes,
        maxListItems: limits.maxListItems)
      return nil
    } catch let violation as RequestSize.Violation {
      return violation
    }
  }

  func testAFourMegabyteStringIsRefusedBeforeItIsDecoded() throws {
    let bytes = try payload {
      $0.requestID = 7
      $0.traceID = "trace"
      $0.session = "work"
      $0.configureController.controller.identifier = "Home"
      $0.configureController.title = String(repeating: "x", count: 4_000_000)
    }
    var reader = ClientStreamReader(maxFrameBytes: 8 << 20, limits: ServerLimits())
    reader.append(WireCodec.framed(payload: bytes))
    guard case .oversized(let oversized, let size)? = reader.next() else {
      return XCTFail("the request was decoded")
    }
    XCTAssertEqual(size, bytes.count)
    XCTAssertEqual(oversized.violation, .string(bytes: 4_000_000))
    var skeleton = WireRequest()
    skeleton.requestID = 7
    skeleton.traceID = "trace"
    skeleton.session = "work"
    skeleton.configureController = .init()
    XCTAssertEqual(oversized.skeleton, skeleton)
    // Without limits (the reader of a replay) it is decoded.
    var plain = ClientStreamReader(maxFrameBytes: 8 << 20)
    plain.append(WireCodec.framed(payload: bytes))
    guard case .message(let message, _)? = plain.next() else { return XCTFail("not decoded") }
    XCTAssertEqual(message.request.configureController.title.utf8.count, 4_000_000)
  }

  /// The prescan and the decoded check agree, request by request: strings
  /// at and over the limit at every depth, lists at and over it (packed
  /// or not, maps), bytes fields (not strings), an oversized trace id.
  func testThePrescanFindsWhatTheDecodedCheckFinds() throws {
    let limit = String(repeating: "x", count: 64)
    let over = limit + "y"
    var cases: [(String, [UInt8])] = []
    func add(_ name: String, _ build: (inout WireRequest) -> Void) throws {
      cases.append((name, try payload(build)))
    }
    try add("identifier at the limit") {
      $0.createController.identifier = limit
      $0.createController.title = limit
    }
    try add("identifier over") { $0.createController.identifier = over }
    try add("multi-byte title over") {
      $0.createController.title = String(repeating: "é", count: 33)
    }
    try add("trace id over") {
      $0.traceID = over
      $0.sync = .init()
    }
    try add("a child's title, deep") {
      var child = Curtain_V1_ControllerSpec()
      child.kind = .content
      child.identifier = "A"
      var grandchild = child
      grandchild.identifier = over
      child.children = [grandchild]
      $0.createWindow.root.kind = .navigation
      $0.createWindow.root.identifier = limit
      $0.createWindow.root.children = [child]
    }
    try add("three controllers") {
      $0.setStack.navigation.identifier = "Nav"
      $0.setStack.controllers = ["A", "B", "C"].map { controllerRef($0) }
    }
    try add("four controllers") {
      $0.setStack.navigation.identifier = "Nav"
      $0.setStack.controllers = ["A", "B", "C", "D"].map { controllerRef($0) }
    }
    try add("a map of four") {
      $0.configureController.controller.identifier = "A"
      for name in ["a", "b", "c", "d"] { $0.configureController.shouldPerformSegue[name] = .yes }
    }
    try add("a map key over") {
      $0.configureController.controller.identifier = "A"
      $0.configureController.shouldPerformSegue[over] = .yes
    }
    try add("a big document (bytes)") {
      $0.loadStoryboard.document = Data(repeating: 0x20, count: 500)
    }
    try add("a Hello's name over") {
      $0.hello.protocolVersion = protocolVersion
      $0.hello.clientName = over
    }
    var found = 0
    for (name, bytes) in cases {
      let expected = try decodedViolation(bytes, small)
      let prescanned = RequestSize.prescan(bytes, maxStringBytes: 64, maxListItems: 3)
      XCTAssertEqual(prescanned?.violation, expected, name)
      if prescanned != nil { found += 1 }
    }
    XCTAssertEqual(found, 8)
  }

  /// Bytes the walk cannot follow are left to the decoder, which says
  /// what is wrong as it did.
  func testAPayloadThePrescanCannotFollowIsLeftToTheDecoder() throws {
    var bytes = try payload {
      $0.createController.identifier = String(repeating: "x", count: 100)
    }
    // The string's length now runs past the end.
    bytes[bytes.count - 101] = 0x7F
    XCTAssertNil(RequestSize.prescan(bytes, maxStringBytes: 64, maxListItems: 3))
  }

  /// Through a real curtaind: a 4 MB title and a 4 MiB Hello are refused
  /// with the limit named, the connection stays, and a Hello after the
  /// refused one is welcomed.
  func testARealDaemonRefusesHugeStringsAndHellosAndTheConnectionStays() throws {
    let daemon = try TempDaemon(arguments: [])
    defer { XCTAssertEqual(daemon.stop().status, 0, daemon.stderr) }
    let raw = try CurtainClient(endpoint: .unix(path: daemon.socketPath), maxFrameBytes: 8 << 20)
    var hello = WireRequest()
    hello.hello.protocolVersion = protocolVersion
    hello.hello.clientName = String(repeating: "n", count: 4 << 20 - 64)
    let refused = try raw.waitForResponse(to: try raw.send(hello), timeout: 30)
    XCTAssertEqual(refused.error.code, .limitExceeded, "\(refused)")
    XCTAssertEqual(refused.error.details["limit"], "max-string-bytes")
    try raw.hello(clientName: "second try")
    var title = WireRequest()
    title.configureController.controller.identifier = "Nobody"
    title.configureController.title = String(repeating: "t", count: 4_000_000)
    let answer = try raw.waitForResponse(to: try raw.send(title), timeout: 30)
    XCTAssertEqual(answer.error.code, .limitExceeded)
    XCTAssertEqual(
      answer.error.message,
      "A string of the request has 4000000 bytes; at most 65536 are allowed "
        + "(limit max-string-bytes = 65536)")
    var sync = WireRequest()
    sync.sync = .init()
    XCTAssertEqual(try raw.call(sync).result, .empty(.init()))
  }
}
