// Framing: each message on a stream is a varint length followed by that many
// bytes of one protobuf message (protobuf's standard length-delimited form).
//
// `FrameDecoder` is incremental: feed it whatever bytes arrived (one at a
// time, many messages at once, a message split anywhere) and take out the
// complete frames. A length over the limit or a varint longer than ten bytes
// (or overflowing 64 bits) is a protocol error after which the stream cannot
// be trusted, so the connection must close.

/// Why a byte stream cannot be decoded further.
public enum FramingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The length prefix is not a valid varint.
  case malformedLength
  /// The announced length exceeds the limit.
  case frameTooLarge(length: UInt64, limit: Int)

  public var description: String {
    switch self {
    case .malformedLength: return "malformed varint length prefix"
    case .frameTooLarge(let length, let limit):
      return "frame of \(length) bytes exceeds the limit of \(limit) bytes"
    }
  }
}

/// Varint encoding of lengths.
public enum VarInt {
  /// The varint bytes of `value`.
  public static func encode(_ value: UInt64) -> [UInt8] {
    var bytes: [UInt8] = []
    var rest = value
    while rest >= 0x80 {
      bytes.append(UInt8(rest & 0x7F) | 0x80)
      rest >>= 7
    }
    bytes.append(UInt8(rest))
    return bytes
  }
}

/// Builds one frame: the varint length, then the payload.
public func frame(_ payload: [UInt8]) -> [UInt8] {
  var bytes = VarInt.encode(UInt64(payload.count))
  bytes.reserveCapacity(bytes.count + payload.count)
  bytes.append(contentsOf: payload)
  return bytes
}

/// Splits a byte stream into frames, incrementally.
public struct FrameDecoder: Sendable {
  /// The largest payload accepted (default 4 MiB).
  public let maxFrameBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var failure: FramingError?

  /// Creates a decoder with a payload limit.
  public init(maxFrameBytes: Int = 4 << 20) {
    self.maxFrameBytes = maxFrameBytes
  }

  /// Bytes received but not yet returned as frames.
  public var bufferedByteCount: Int { buffer.count - start }

  /// Whether a whole frame (or a framing error) is waiting: `next()`
  /// would return it (or throw) without more bytes.
  public var hasFrame: Bool {
    if failure != nil { return true }
    var length: UInt64 = 0
    var shift: UInt64 = 0
    var index = start
    while index < buffer.count {
      let byte = buffer[index]
      index += 1
      length |= UInt64(byte & 0x7F) << min(shift, 63)
      guard byte & 0x80 != 0 else {
        return length > UInt64(maxFrameBytes) || length <= UInt64(buffer.count - index)
      }
      shift += 7
      if shift > 63 || length > UInt64(maxFrameBytes) { return true }
    }
    return false
  }

  /// Adds received bytes.
  public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    buffer.append(contentsOf: bytes)
  }

  /// The next complete frame's payload, `nil` when more bytes are needed.
  /// Throws (and keeps throwing) once the stream is malformed.
  public mutating func next() throws -> [UInt8]? {
    if let failure { throw failure }
    var length: UInt64 = 0
    var shift: UInt64 = 0
    var index = start
    while true {
      guard index < buffer.count else { return nil }
      let byte = buffer[index]
      index += 1
      if shift == 63, byte > 1 {
        return try fail(.malformedLength)
      }
      length |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { break }
      shift += 7
      if shift > 63 { return try fail(.malformedLength) }
      if length > UInt64(maxFrameBytes) {
        return try fail(.frameTooLarge(length: length, limit: maxFrameBytes))
      }
    }
    guard length <= UInt64(maxFrameBytes) else {
      return try fail(.frameTooLarge(length: length, limit: maxFrameBytes))
    }
    let end = index + Int(length)
    guard end <= buffer.count else { return nil }
    let payload = Array(buffer[index..<end])
    start = end
    compact()
    return payload
  }

  /// Every complete frame available now.
  public mutating func drain() throws -> [[UInt8]] {
    var frames: [[UInt8]] = []
    while let payload = try next() { frames.append(payload) }
    return frames
  }

  private mutating func fail(_ error: FramingError) throws -> [UInt8]? {
    failure = error
    throw error
  }

  private mutating func compact() {
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: buffer.capacity <= 64 << 10)
      start = 0
    } else if start > 64 << 10, start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
  }
}
