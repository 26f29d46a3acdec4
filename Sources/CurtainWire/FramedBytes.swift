// A frame built in place: SwiftProtobuf's encoder sizes the message,
// asks its byte container for that many bytes and writes into them. This
// container allocates room for the varint length as well, writes it first
// and hands the encoder the rest, so a framed message is one allocation and
// no copy (`WireCodec.framed`).

import SwiftProtobuf

/// The bytes of one frame (varint length, then the payload), as a byte
/// container SwiftProtobuf serializes into: the encoder sees the payload.
struct FramedBytes: SwiftProtobufContiguousBytes {
  /// The whole frame.
  private(set) var bytes: [UInt8]
  /// Where the payload starts (the length of the varint).
  private let payloadStart: Int

  init(repeating value: UInt8, count: Int) {
    let prefix = VarInt.size(UInt64(count))
    payloadStart = prefix
    bytes = [UInt8](unsafeUninitializedCapacity: prefix + count) { buffer, initialized in
      let payload = VarInt.write(UInt64(count), at: buffer.baseAddress!)
      payload.initialize(repeating: value, count: count)
      initialized = prefix + count
    }
  }

  init<S: Sequence>(_ sequence: S) where S.Element == UInt8 {
    let payload = Array(sequence)
    self.init(repeating: 0, count: payload.count)
    bytes.replaceSubrange(payloadStart..., with: payload)
  }

  /// The payload's length.
  var count: Int { bytes.count - payloadStart }

  func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[payloadStart...])) }
  }

  mutating func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R)
    rethrows -> R
  {
    let start = payloadStart
    return try bytes.withUnsafeMutableBytes {
      try body(UnsafeMutableRawBufferPointer(rebasing: $0[start...]))
    }
  }
}
