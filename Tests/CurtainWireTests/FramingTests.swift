import CurtainCore
import XCTest

@testable import CurtainWire

/// The varint-length framing, fed in every way bytes can arrive.
final class FramingTests: XCTestCase {
  private func sampleMessages() throws -> [[UInt8]] {
    var messages: [[UInt8]] = []
    for id in [1, 127, 128, 300, 70_000] as [UInt64] {
      var request = WireRequest()
      request.requestID = id
      request.traceID = String(repeating: "t", count: Int(id % 200))
      request.sync = Curtain_V1_Sync()
      var message = ClientMessage()
      message.request = request
      messages.append(try WireCodec.bytes(message))
    }
    messages.append([])  // an empty message is a valid (empty) ClientMessage
    messages.append([UInt8](repeating: 0x55, count: 20_000))
    return messages
  }

  func testVarIntEncoding() {
    XCTAssertEqual(VarInt.encode(0), [0])
    XCTAssertEqual(VarInt.encode(1), [1])
    XCTAssertEqual(VarInt.encode(127), [127])
    XCTAssertEqual(VarInt.encode(128), [0x80, 0x01])
    XCTAssertEqual(VarInt.encode(300), [0xAC, 0x02])
    XCTAssertEqual(VarInt.encode(UInt64.max).count, 10)
    for value: UInt64 in [0, 1, 127, 128, 300, 1 << 35, UInt64.max] {
      XCTAssertEqual(VarInt.size(value), VarInt.encode(value).count, "\(value)")
    }
  }

  /// The one reader: values at any offset, bytes that end inside a
  /// varint, ten-byte and eleven-byte varints, and the limit.
  func testVarIntReading() {
    for value: UInt64 in [0, 1, 127, 128, 300, 1 << 35, UInt64.max] {
      let bytes = [0xEE] + VarInt.encode(value) + [0x01]
      XCTAssertEqual(VarInt.read(bytes, at: 1), .value(value, next: bytes.count - 1), "\(value)")
      XCTAssertEqual(VarInt.read(Array(bytes.dropLast(2)), at: 1), .needsMore, "\(value)")
    }
    XCTAssertEqual(VarInt.read([], at: 0), .needsMore)
    // The tenth byte may only hold bit 63; an eleventh is never valid.
    XCTAssertEqual(VarInt.read([UInt8](repeating: 0xFF, count: 9) + [0x02], at: 0), .malformed)
    XCTAssertEqual(VarInt.read([UInt8](repeating: 0x80, count: 10) + [0x00], at: 0), .malformed)
    // Past the limit as soon as the value read so far passes it.
    XCTAssertEqual(VarInt.read([0xFF, 0xFF, 0xFF], at: 0, limit: 1000), .exceeds(16383))
    XCTAssertEqual(VarInt.read([0xE8, 0x07], at: 0, limit: 1000), .value(1000, next: 2))
  }

  /// Every producer of framed bytes gives the varint length of what
  /// follows.
  func testFramedPayloadsCarryTheirLength() {
    for count in [0, 1, 127, 128, 20_000] {
      let payload = [UInt8](repeating: 7, count: count)
      XCTAssertEqual(
        WireCodec.framed(payload: payload), VarInt.encode(UInt64(count)) + payload, "\(count)")
    }
  }

  func testOneByteAtATime() throws {
    let messages = try sampleMessages()
    let stream = messages.flatMap { WireCodec.framed(payload: $0) }
    var decoder = FrameDecoder()
    var decoded: [[UInt8]] = []
    for byte in stream {
      decoder.append([byte])
      decoded += try decoder.drain()
    }
    XCTAssertEqual(decoded, messages)
    XCTAssertEqual(decoder.bufferedByteCount, 0)
  }

  func testManyMessagesInOneBuffer() throws {
    let messages = try sampleMessages()
    var decoder = FrameDecoder()
    decoder.append(messages.flatMap { WireCodec.framed(payload: $0) })
    XCTAssertEqual(try decoder.drain(), messages)
  }

  func testAMessageSplitAtEveryOffset() throws {
    let messages = try sampleMessages()
    let stream = Array(messages.prefix(5).flatMap { WireCodec.framed(payload: $0) })
    for split in 0...stream.count {
      var decoder = FrameDecoder()
      decoder.append(stream[..<split])
      var decoded = try decoder.drain()
      decoder.append(stream[split...])
      decoded += try decoder.drain()
      XCTAssertEqual(decoded, Array(messages.prefix(5)), "split at \(split)")
    }
  }

  /// `hasFrame` says whether `next()` returns a frame (or throws) without
  /// more bytes, fed one byte at a time and with bad input.
  func testHasFrameSaysWhetherNextHasOne() throws {
    let stream = try sampleMessages().flatMap { WireCodec.framed(payload: $0) }
    var decoder = FrameDecoder()
    for byte in stream {
      decoder.append([byte])
      while decoder.hasFrame { XCTAssertNotNil(try decoder.next()) }
      var copy = decoder
      XCTAssertNil(try copy.next(), "hasFrame said none")
    }
    var oversized = FrameDecoder(maxFrameBytes: 10)
    oversized.append([11])
    XCTAssertTrue(oversized.hasFrame, "an error waits")
    var malformed = FrameDecoder()
    malformed.append([UInt8](repeating: 0xFF, count: 11))
    XCTAssertTrue(malformed.hasFrame)
    XCTAssertThrowsError(try malformed.next())
  }

  func testOversizedLengthIsRejectedBeforeThePayloadArrives() {
    var decoder = FrameDecoder(maxFrameBytes: 1024)
    decoder.append(VarInt.encode(1025))
    XCTAssertThrowsError(try decoder.next()) { error in
      XCTAssertEqual(error as? FramingError, .frameTooLarge(length: 1025, limit: 1024))
    }
    XCTAssertThrowsError(try decoder.next(), "a broken stream stays broken")
    var exact = FrameDecoder(maxFrameBytes: 1024)
    exact.append(WireCodec.framed(payload: [UInt8](repeating: 1, count: 1024)))
    XCTAssertEqual(try exact.next()?.count, 1024)
  }

  func testHugeLengthIsRejectedWhileReadingTheVarint() {
    var decoder = FrameDecoder()
    decoder.append([0xFF, 0xFF, 0xFF, 0xFF])
    XCTAssertThrowsError(try decoder.next()) { error in
      guard case .frameTooLarge = error as? FramingError else {
        return XCTFail("\(error)")
      }
    }
  }

  func testMalformedVarint() {
    var decoder = FrameDecoder(maxFrameBytes: Int.max)
    decoder.append([UInt8](repeating: 0x80, count: 10) + [0x01])
    XCTAssertThrowsError(try decoder.next()) { error in
      XCTAssertEqual(error as? FramingError, .malformedLength)
    }
    var overflow = FrameDecoder(maxFrameBytes: Int.max)
    overflow.append([UInt8](repeating: 0xFF, count: 9) + [0x02])
    XCTAssertThrowsError(try overflow.next()) { error in
      XCTAssertEqual(error as? FramingError, .malformedLength)
    }
  }

  func testIncompleteInputWaits() throws {
    var decoder = FrameDecoder()
    decoder.append([0x80])
    XCTAssertNil(try decoder.next())
    decoder.append([0x01])
    XCTAssertNil(try decoder.next())
    decoder.append([UInt8](repeating: 7, count: 127))
    XCTAssertNil(try decoder.next())
    decoder.append([7])
    XCTAssertEqual(try decoder.next(), [UInt8](repeating: 7, count: 128))
  }

  /// `WireCodec.framed` encodes in place after the length: the same bytes
  /// as the length and the payload put together, across the lengths where
  /// the varint grows from one byte to two and from two to three.
  func testFramedIsTheLengthThenThePayload() throws {
    var lengths = Set<Int>()
    for traceLength in [0, 70_000] + Array(118...130) + Array(16_372...16_386) {
      var message = ClientMessage()
      message.request.traceID = String(repeating: "t", count: traceLength)
      let payload = try WireCodec.bytes(message)
      lengths.insert(payload.count)
      XCTAssertEqual(
        try WireCodec.framed(message), WireCodec.framed(payload: payload), "trace of \(traceLength)"
      )
    }
    XCTAssertTrue(lengths.isSuperset(of: [127, 128, 16_383, 16_384]))
    XCTAssertEqual(try WireCodec.framed(ClientMessage()), [0])
  }

  func testGarbageDecodesAsAnError() {
    XCTAssertThrowsError(try WireCodec.decode(ClientMessage.self, from: [0xFF, 0xFF, 0xFF])) {
      XCTAssertTrue($0 is WireDecodingError)
    }
  }
}
