// A protobuf writer for the few messages the daemon sends so often that
// SwiftProtobuf's general encoder shows in profiles (frames: one per
// animating window and tick, docs/benchmarks.md; the envelope of every
// response). It writes the binary wire format directly (varints, 64-bit
// doubles, length-delimited fields) into memory sized beforehand
// (`ProtoSize`), in the order and with the omissions SwiftProtobuf's
// generated `traverse` uses (a field is written in field-number order, a
// scalar only when it is not its default; a double only when its bit
// pattern is not zero, so -0.0 is written), so that its bytes are those
// SwiftProtobuf would produce (FrameEncodingTests, ResponseEncodingTests).

/// Writes protobuf fields into memory sized beforehand (`ProtoSize`): no
/// growth and no uniqueness checks. The caller makes sure the sizes add
/// up (`WireCodec.framed(payloadLength:_:)` checks the total).
struct ProtoBufferWriter {
  /// Where the next byte goes.
  private(set) var cursor: UnsafeMutablePointer<UInt8>

  /// A writer at `start`.
  init(_ start: UnsafeMutablePointer<UInt8>) {
    cursor = start
  }

  /// One byte.
  mutating func byte(_ value: UInt8) {
    cursor.pointee = value
    cursor += 1
  }

  /// Eight bytes, little-endian.
  mutating func fixed64(_ value: UInt64) {
    UnsafeMutableRawPointer(cursor).storeBytes(of: value.littleEndian, as: UInt64.self)
    cursor += 8
  }

  /// Bytes as they are.
  mutating func raw(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let base = buffer.baseAddress else { return }
    cursor.update(from: base, count: buffer.count)
    cursor += buffer.count
  }

  /// A varint.
  mutating func varint(_ value: UInt64) {
    cursor = VarInt.write(value, at: cursor)
  }

  /// A message field's key and length: its fields follow.
  mutating func message(_ field: UInt32, length: Int) {
    key(field, 2)
    varint(UInt64(length))
  }

  /// A field's key: its number and wire type (0 varint, 1 64-bit, 2
  /// length-delimited).
  mutating func key(_ field: UInt32, _ wireType: UInt8) {
    varint(UInt64(field) << 3 | UInt64(wireType))
  }

  /// A `uint64` field, unless 0.
  mutating func uint64(_ field: UInt32, _ value: UInt64) {
    guard value != 0 else { return }
    key(field, 0)
    varint(value)
  }

  /// A `bool` field, unless false.
  mutating func bool(_ field: UInt32, _ value: Bool) {
    guard value else { return }
    key(field, 0)
    byte(1)
  }

  /// A `double` field, unless its bit pattern is 0 (+0.0).
  mutating func double(_ field: UInt32, _ value: Double) {
    let pattern = value.bitPattern
    guard pattern != 0 else { return }
    key(field, 1)
    fixed64(pattern)
  }

  /// A `string` field, unless empty.
  mutating func string(_ field: UInt32, _ value: String) {
    guard !value.isEmpty else { return }
    key(field, 2)
    var value = value
    value.withUTF8 { utf8 in
      varint(UInt64(utf8.count))
      raw(utf8)
    }
  }
}

/// The encoded sizes of protobuf fields, with the omissions
/// `ProtoBufferWriter` makes, for sizing a message before writing it.
enum ProtoSize {
  /// A varint's bytes.
  static func varint(_ value: UInt64) -> Int { VarInt.size(value) }

  /// A field key's bytes.
  static func key(_ field: UInt32) -> Int {
    varint(UInt64(field) << 3)
  }

  /// A `uint64` field (nothing when 0).
  static func uint64(_ field: UInt32, _ value: UInt64) -> Int {
    value == 0 ? 0 : key(field) + varint(value)
  }

  /// A `double` field (nothing when its bit pattern is 0).
  static func double(_ field: UInt32, _ value: Double) -> Int {
    value.bitPattern == 0 ? 0 : key(field) + 8
  }

  /// A `bool` field (nothing when false).
  static func bool(_ field: UInt32, _ value: Bool) -> Int {
    value ? key(field) + 1 : 0
  }

  /// A `string` field of `count` UTF-8 bytes (nothing when empty).
  static func string(_ field: UInt32, utf8Count count: Int) -> Int {
    count == 0 ? 0 : key(field) + varint(UInt64(count)) + count
  }

  /// A message field whose fields take `length` bytes (always written).
  static func message(_ field: UInt32, length: Int) -> Int {
    key(field) + varint(UInt64(length)) + length
  }
}
