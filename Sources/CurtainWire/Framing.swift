// Framing: each message on a stream is a varint length followed by that many
// bytes of one protobuf message (protobuf's standard length-delimited form).
//
// `FrameDecoder` is incremental: feed it whatever bytes arrived (one at a
// time, many messages at once, a message split anywhere) and take out the
// complete frames. A length over the limit or a varint longer than ten bytes
// (or overflowing 64 bits) is a protocol error after which the stream cannot
// be trusted, so the connection must close.
//
// Every framed byte the library produces comes from one place,
// `WireCodec.framed(payloadLength:_:)`, which allocates the frame once at
// its exact size: a SwiftProtobuf message (`framed(_:)`, encoded in place
// after its length, FramedBytes.swift), bytes already encoded
// (`framed(payload:)`), and the two fast paths written field by field, a
// response envelope (`framedResponse`) and a model frame
// (`framed(_:frameSeq:framesSkipped:)`). `VarInt` is the one varint writer
// and reader.

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

/// Protobuf's varints (base-128, seven bits a byte, least significant
/// first): the one writer and the one reader of the wire library, for
/// frame lengths and message fields alike.
public enum VarInt {
  /// The bytes `value` takes.
  @inline(__always)
  public static func size(_ value: UInt64) -> Int {
    value < 0x80 ? 1 : (70 - value.leadingZeroBitCount) / 7
  }

  /// Writes `value` at `start` (`size(value)` bytes); returns where the
  /// next byte goes.
  @inline(__always)
  public static func write(_ value: UInt64, at start: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    var cursor = start
    var rest = value
    while rest >= 0x80 {
      cursor.pointee = UInt8(truncatingIfNeeded: rest) | 0x80
      cursor += 1
      rest >>= 7
    }
    cursor.pointee = UInt8(rest)
    return cursor + 1
  }

  /// The varint bytes of `value`.
  public static func encode(_ value: UInt64) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: size(value)) { buffer, count in
      count = write(value, at: buffer.baseAddress!) - buffer.baseAddress!
    }
  }

  /// What `read` found.
  public enum Reading: Equatable, Sendable {
    /// A whole varint, and the index of the byte after it.
    case value(UInt64, next: Int)
    /// The bytes end inside the varint.
    case needsMore
    /// Longer than ten bytes, or past 64 bits.
    case malformed
    /// The value read so far already passed the `limit` given to `read`
    /// (more bytes could only make it larger).
    case exceeds(UInt64)
  }

  /// Reads the varint that starts at `bytes[index]`.
  @inline(__always)
  public static func read(_ bytes: [UInt8], at index: Int, limit: UInt64 = .max) -> Reading {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    var index = index
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      // The tenth byte holds bit 63 alone.
      if shift == 63, byte > 1 { return .malformed }
      value |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return .value(value, next: index) }
      shift += 7
      if shift > 63 { return .malformed }
      if value > limit { return .exceeds(value) }
    }
    return .needsMore
  }
}

extension WireCodec {
  /// The one way the wire library frames bytes: room for the varint
  /// length and exactly `length` payload bytes, which `body` writes (it
  /// must write exactly that many). The fast paths (`framedResponse`, a
  /// model frame's `framed(_:frameSeq:framesSkipped:)`) size their
  /// message first and write it here; `framed(payload:)` copies bytes in.
  static func framed(payloadLength length: Int, _ body: (inout ProtoBufferWriter) -> Void)
    -> [UInt8]
  {
    let total = VarInt.size(UInt64(length)) + length
    return [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
      guard let start = buffer.baseAddress else { return }
      var writer = ProtoBufferWriter(start)
      writer.varint(UInt64(length))
      body(&writer)
      count = writer.cursor - start
      precondition(count == total, "framed \(count) bytes, sized \(total)")
    }
  }

  /// One frame of bytes already encoded: the varint length, then `payload`.
  public static func framed(payload: [UInt8]) -> [UInt8] {
    framed(payloadLength: payload.count) { writer in
      payload.withUnsafeBufferPointer { writer.raw($0) }
    }
  }
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
    switch VarInt.read(buffer, at: start, limit: UInt64(maxFrameBytes)) {
    case .value(let length, let next):
      return length > UInt64(maxFrameBytes) || length <= UInt64(buffer.count - next)
    case .needsMore: return false
    case .malformed, .exceeds: return true
    }
  }

  /// Adds received bytes.
  public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    buffer.append(contentsOf: bytes)
  }

  /// The next complete frame's payload, `nil` when more bytes are needed.
  /// Throws (and keeps throwing) once the stream is malformed.
  public mutating func next() throws -> [UInt8]? {
    if let failure { throw failure }
    let (length, index): (UInt64, Int)
    switch VarInt.read(buffer, at: start, limit: UInt64(maxFrameBytes)) {
    case .value(let value, let next): (length, index) = (value, next)
    case .needsMore: return nil
    case .malformed: return try fail(.malformedLength)
    case .exceeds(let value):
      return try fail(.frameTooLarge(length: value, limit: maxFrameBytes))
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
