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

  /// A `Sync` with only envelope fields is read by hand: every field, in
  /// any order, repeated, and whatever it cannot take (another body as
  /// well, a body with fields, a string that is not UTF-8, a wait-until
  /// past 32 bits, a cut) decodes as SwiftProtobuf decodes it.
  func testASyncReadByHandIsWhatSwiftProtobufDecodes() throws {
    var full = ClientMessage()
    full.request.requestID = .max
    full.request.traceID = "trace-ü"
    full.request.expectedRevision = 0
    full.request.waitUntil = .started
    full.request.session = "Ω session"
    full.request.sync = Curtain_V1_Sync()
    var odd = ClientMessage()
    odd.request.waitUntil = .UNRECOGNIZED(77)
    odd.request.sync = Curtain_V1_Sync()
    for message in [full, odd] { assertSameDecoding(try WireCodec.bytes(message)) }
    // The request's own bytes, wrapped as field 1 of the message.
    func wrapped(_ request: [UInt8]) -> [UInt8] { [0x0A, UInt8(request.count)] + request }
    let cases: [[UInt8]] = [
      [0x5A, 0x00],  // a bare Sync
      [0x5A, 0x00, 0x08, 0x05, 0x2A, 0x01, 0x73, 0x08, 0x06],  // out of order, repeated
      [0x5A, 0x00, 0x5A, 0x00],  // two bodies
      [0x08, 0x01],  // no body
      [0x5A, 0x00, 0x62, 0x00],  // and a GetStatus body (the last one wins)
      [0x5A, 0x02, 0x08, 0x01],  // a body with a field
      [0x5A, 0x00, 0x12, 0x02, 0xC3, 0x28],  // a trace id that is not UTF-8
      [0x5A, 0x00, 0x2A, 0x01, 0xFF],  // a session that is not UTF-8
      [0x5A, 0x00, 0x20, 0x80, 0x80, 0x80, 0x80, 0x10],  // wait-until 2³²
      [0x5A, 0x00, 0x20, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01],  // −1
      [0x5A, 0x00, 0x12, 0x05, 0x61],  // a string cut short
      [0x5A, 0x00, 0x08],  // a varint cut short
      [0x5A],  // a body cut short
      [0x5A, 0x00, 0x18, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01],
    ]
    for request in cases { assertSameDecoding(wrapped(request)) }
  }
}
