// A protobuf writer for the few messages the daemon sends so often that
// SwiftProtobuf's general encoder shows in profiles (frames: one per
// animating window and tick, docs/benchmarks.md). It writes the binary wire
// format directly (varints, 64-bit doubles, length-delimited fields), in
// the order and with the omissions SwiftProtobuf's generated `traverse`
// uses (a field is written in field-number order, a scalar only when it is
// not its default; a double only when its bit pattern is not zero, so -0.0
// is written), so that its bytes are those SwiftProtobuf would produce
// (FrameEncodingTests compares them).

/// The fields both writers write the same way, from the two ways they
/// store bytes.
protocol ProtoFieldWriting {
  /// One byte.
  mutating func byte(_ value: UInt8)
  /// Eight bytes, little-endian.
  mutating func fixed64(_ value: UInt64)
  /// Bytes as they are.
  mutating func raw(_ buffer: UnsafeBufferPointer<UInt8>)
}

extension ProtoFieldWriting {
  /// A varint.
  mutating func varint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      byte(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    byte(UInt8(value))
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

/// Writes protobuf fields into a byte array.
struct ProtoWriter: ProtoFieldWriting {
  /// What was written.
  private(set) var bytes: [UInt8]

  /// An empty writer with room for `capacity` bytes.
  init(capacity: Int = 256) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// One byte.
  mutating func byte(_ value: UInt8) {
    bytes.append(value)
  }

  /// Eight bytes, little-endian.
  mutating func fixed64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  /// Bytes as they are.
  mutating func raw(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }

  /// Bytes already encoded (fields of the message being written).
  mutating func append(_ encoded: [UInt8]) {
    bytes.append(contentsOf: encoded)
  }

  /// Starts a message field (written even when empty, as a set
  /// submessage is); its fields follow, then `end` with what this returns.
  mutating func beginMessage(_ field: UInt32) -> Int {
    key(field, 2)
    return beginLengthDelimited()
  }

  /// Starts a length-delimited run (its length is written by `end`, as a
  /// varint before it): one byte is kept for the length, moved along when
  /// the length needs more (a run of 128 bytes or more).
  mutating func beginLengthDelimited() -> Int {
    bytes.append(0)
    return bytes.count - 1
  }

  /// Ends the run or message that `mark` began, writing its length.
  mutating func end(_ mark: Int) {
    let length = bytes.count - mark - 1
    if length < 0x80 {
      bytes[mark] = UInt8(length)
      return
    }
    // The length takes more than the byte kept: the run moves along by
    // the difference, and the varint goes in front of it.
    let size = ProtoSize.varint(UInt64(length))
    bytes.insert(contentsOf: repeatElement(0, count: size - 1), at: mark + 1)
    var value = UInt64(length)
    for index in mark..<(mark + size - 1) {
      bytes[index] = UInt8(truncatingIfNeeded: value) | 0x80
      value >>= 7
    }
    bytes[mark + size - 1] = UInt8(value)
  }
}

/// The encoded sizes of protobuf fields, with the omissions `ProtoWriter`
/// makes: for messages whose length is known before their bytes are
/// written (`ProtoBufferWriter`).
enum ProtoSize {
  /// A varint's bytes.
  static func varint(_ value: UInt64) -> Int {
    value < 0x80 ? 1 : (70 - value.leadingZeroBitCount) / 7
  }

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

/// Writes protobuf fields into memory sized beforehand (`ProtoSize`): no
/// growth, no uniqueness checks and no length moved along, as `ProtoWriter`
/// must. The caller makes sure the sizes add up.
struct ProtoBufferWriter: ProtoFieldWriting {
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

  /// A message field's key and length: its fields follow.
  mutating func message(_ field: UInt32, length: Int) {
    key(field, 2)
    varint(UInt64(length))
  }
}
