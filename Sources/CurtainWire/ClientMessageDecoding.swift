// The decoding of a client's message, the first thing every request costs:
// nearly every message is a `ClientMessage` holding only its request (field
// 1), so the request is decoded straight from the payload after that
// field's key and length, without SwiftProtobuf decoding the envelope
// first, and without copying the bytes (`PayloadSlice`). Anything else (a
// frame acknowledgement, unknown fields, a malformed payload) goes through
// SwiftProtobuf's general path, which gives the same message, or the same
// error, it always did. The commonest request of all, a `Sync` with
// nothing but envelope fields, is read by hand (`plainSync`): SwiftProtobuf's
// decoder was a fifth of its cost; anything unusual in it goes the
// general way.

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
    guard payload.first == 0x0A,
      case .value(let length, let index) = VarInt.read(payload, at: 1),
      length == UInt64(payload.count - index)
    else { return nil }
    if let sync = plainSync(payload, from: index) { return sync }
    return try? WireRequest(serializedBytes: PayloadSlice(payload[index...]))
  }
}

extension WireCodec {
  /// A `Request` from `payload[start...]` whose fields are only envelope
  /// fields (request id, trace id, expected revision, wait-until, session)
  /// and an empty `sync` body, as SwiftProtobuf decodes it; nil for any
  /// other field, a non-empty body, a string that is not UTF-8, a
  /// wait-until past 32 bits or bytes that do not parse (SwiftProtobuf
  /// then decodes it, or says what is wrong).
  private static func plainSync(_ payload: [UInt8], from start: Int) -> WireRequest? {
    var index = start
    func varint() -> UInt64? {
      guard case .value(let value, let next) = VarInt.read(payload, at: index) else { return nil }
      index = next
      return value
    }
    func string() -> String? {
      guard let length = varint(), length <= UInt64(payload.count - index) else { return nil }
      let end = index + Int(length)
      defer { index = end }
      return String(validating: payload[index..<end], as: UTF8.self)
    }
    var request = WireRequest()
    var isSync = false
    while index < payload.count {
      let key = payload[index]
      index += 1
      switch key {
      case 0x08:
        guard let value = varint() else { return nil }
        request.requestID = value
      case 0x12:
        guard let value = string() else { return nil }
        request.traceID = value
      case 0x18:
        guard let value = varint() else { return nil }
        request.expectedRevision = value
      case 0x20:
        guard let value = varint(), value <= UInt64(Int32.max) else { return nil }
        request.waitUntil = Curtain_V1_WaitUntil(rawValue: Int(value)) ?? .UNRECOGNIZED(Int(value))
      case 0x2A:
        guard let value = string() else { return nil }
        request.session = value
      case 0x5A:
        // `sync`, field 11: empty.
        guard index < payload.count, payload[index] == 0 else { return nil }
        index += 1
        isSync = true
      default:
        return nil
      }
    }
    guard isSync else { return nil }
    request.sync = Curtain_V1_Sync()
    return request
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
