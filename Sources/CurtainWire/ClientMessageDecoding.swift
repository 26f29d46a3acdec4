// The decoding of a client's message, the first thing every request costs:
// nearly every message is a `ClientMessage` holding only its request (field
// 1), so the request is decoded straight from the payload after that
// field's key and length, without SwiftProtobuf decoding the envelope
// first, and without copying the bytes (`PayloadSlice`). Anything else (a
// frame acknowledgement, unknown fields, a malformed payload) goes through
// SwiftProtobuf's general path, which gives the same message, or the same
// error, it always did.

import SwiftProtobuf

extension WireCodec {
  /// Decodes a client's message; throws `WireDecodingError` with a
  /// readable reason.
  public static func decodeClientMessage(from payload: [UInt8]) throws -> ClientMessage {
    if let request = requestOnly(in: payload) {
      var message = ClientMessage()
      message.kind = .request(request)
      return message
    }
    return try decode(ClientMessage.self, from: payload)
  }

  /// The request of a payload that is exactly one `request` field, if it
  /// decodes.
  private static func requestOnly(in payload: [UInt8]) -> WireRequest? {
    guard payload.first == 0x0A else { return nil }
    var length = 0
    var shift = 0
    var index = 1
    while index < payload.count, shift < 35 {
      let byte = payload[index]
      index += 1
      length |= Int(byte & 0x7F) << shift
      if byte & 0x80 == 0 {
        guard length == payload.count - index else { return nil }
        return try? WireRequest(serializedBytes: PayloadSlice(payload[index...]))
      }
      shift += 7
    }
    return nil
  }
}

/// Bytes of a payload, read in place by SwiftProtobuf's decoder.
private struct PayloadSlice: SwiftProtobufContiguousBytes {
  private var slice: ArraySlice<UInt8>

  init(_ slice: ArraySlice<UInt8>) {
    self.slice = slice
  }

  init(repeating value: UInt8, count: Int) {
    slice = ArraySlice(repeating: value, count: count)
  }

  init<S: Sequence>(_ sequence: S) where S.Element == UInt8 {
    slice = ArraySlice(sequence)
  }

  var count: Int { slice.count }

  func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try slice.withUnsafeBytes(body)
  }

  mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R)
    rethrows -> R
  {
    try slice.withUnsafeMutableBytes(body)
  }
}
