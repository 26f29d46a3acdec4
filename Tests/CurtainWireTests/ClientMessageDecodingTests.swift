// A client's message decoded by the request-only path
// (ClientMessageDecoding.swift) is the message SwiftProtobuf decodes, and a
// payload it cannot take gives SwiftProtobuf's own answer: requests with
// every envelope field, frame acknowledgements, two request fields (which
// merge), unknown fields, empty and malformed payloads.

import XCTest

@testable import CurtainWire

final class ClientMessageDecodingTests: XCTestCase {
  private func assertSameDecoding(
    _ payload: [UInt8], file: StaticString = #filePath, line: UInt = #line
  ) {
    let general = Result { try WireCodec.decode(ClientMessage.self, from: payload) }
    let fast = Result { try WireCodec.decodeClientMessage(from: payload) }
    switch (general, fast) {
    case (.success(let expected), .success(let decoded)):
      XCTAssertEqual(decoded, expected, file: file, line: line)
    case (.failure(let expected), .failure(let decoded)):
      XCTAssertEqual("\(decoded)", "\(expected)", file: file, line: line)
    default:
      XCTFail("\(payload): \(general) against \(fast)", file: file, line: line)
    }
  }

  func testItDecodesWhatSwiftProtobufDecodes() throws {
    var sync = ClientMessage()
    sync.request.requestID = 7
    sync.request.sync = Curtain_V1_Sync()
    var full = ClientMessage()
    full.request.requestID = .max
    full.request.traceID = String(repeating: "t", count: 300)
    full.request.expectedRevision = 3
    full.request.waitUntil = .completed
    full.request.session = "checkout"
    full.request.createController.kind = .navigation
    full.request.createController.identifier = "Nav"
    var ack = ClientMessage()
    ack.frameAck.subscriptionID = 2
    ack.frameAck.frameSeq = 9
    let payloads = try [sync, full, ack, ClientMessage()].map { try WireCodec.bytes($0) }
    for payload in payloads { assertSameDecoding(payload) }
    // Two request fields merge; a request and an unknown field; a request
    // without a body.
    assertSameDecoding(payloads[0] + payloads[1])
    assertSameDecoding(payloads[0] + [0x78, 0x01])
    assertSameDecoding([0x0A, 0x00])
    // Malformed: a length past the end, a truncated length, a body cut.
    assertSameDecoding([0x0A, 0x05, 0x08])
    assertSameDecoding([0x0A, 0x80])
    assertSameDecoding(Array(payloads[1].dropLast()))
    assertSameDecoding([0x0A, 0x02, 0x08, 0x80])
  }
}
