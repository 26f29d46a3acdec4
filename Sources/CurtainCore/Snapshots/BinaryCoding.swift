// The compact binary form of snapshots (the state database's snapshot
// format 3, docs/durability.md). Values are written in a fixed order with
// no names: unsigned integers as LEB128 varints, signed ones zigzagged
// first, doubles as their 8 IEEE bytes (little-endian, so every value comes
// back bit for bit), strings as their UTF-8 length and bytes, optionals as
// a 0/1 byte before the value, arrays as their count before the elements,
// enums with associated values as a case number before the values. A few
// rare, nested values (storyboards, split and page options, custom
// presentations, errors) are written as their `Codable` JSON inside the
// binary form: they are small and seldom present, and their JSON form is
// the one portable documents already use.
//
// A reader never traps on bad bytes: every read checks what is left and
// throws `BinaryCodingError`, so a damaged image is refused with a reason.

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value with a compact binary form.
public protocol BinaryCodable {
  /// Appends the value's bytes.
  func encode(to writer: inout BinaryWriter)
  /// Reads a value written by `encode(to:)`.
  init(from reader: inout BinaryReader) throws(BinaryCodingError)
}

/// Bytes that are not a binary form of what was asked for.
public struct BinaryCodingError: Error, CustomStringConvertible {
  /// What is wrong.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) {
    self.description = description
  }
}

/// Builds a binary form.
public struct BinaryWriter {
  /// The bytes written so far.
  public private(set) var bytes: [UInt8] = []

  /// An empty writer.
  public init() {}

  /// Appends raw bytes.
  public mutating func append(raw: some Sequence<UInt8>) {
    bytes.append(contentsOf: raw)
  }

  /// Appends a value.
  @inline(__always)
  public mutating func write<Value: BinaryCodable>(_ value: Value) {
    value.encode(to: &self)
  }

  /// Appends an optional value (a presence byte, then the value).
  @inline(__always)
  public mutating func write<Value: BinaryCodable>(_ value: Value?) {
    if let value {
      bytes.append(1)
      value.encode(to: &self)
    } else {
      bytes.append(0)
    }
  }

  /// Appends an array (its count, then its elements).
  @inline(__always)
  public mutating func write<Value: BinaryCodable>(_ values: [Value]) {
    writeVarint(UInt64(values.count))
    for value in values { value.encode(to: &self) }
  }

  /// Appends a case number.
  @inline(__always)
  public mutating func writeCase(_ number: UInt8) {
    bytes.append(number)
  }

  /// Appends an unsigned LEB128 varint.
  @inline(__always)
  public mutating func writeVarint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// Appends a value as its `Codable` JSON (for rare nested values).
  public mutating func writeJSON(_ value: some Encodable) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Snapshot values always encode (finite numbers, plain values).
    let json = (try? encoder.encode(value)) ?? Data()
    writeVarint(UInt64(json.count))
    bytes.append(contentsOf: json)
  }
}

/// Reads a binary form.
public struct BinaryReader {
  private let bytes: [UInt8]
  /// The offset of the next byte to read.
  public private(set) var position: Int

  /// A reader of `bytes` from `position`.
  public init(_ bytes: [UInt8], position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  /// Whether every byte was read.
  public var isAtEnd: Bool { position == bytes.count }

  /// Reads a value.
  @inline(__always)
  public mutating func read<Value: BinaryCodable>(_ type: Value.Type) throws(BinaryCodingError)
    -> Value
  {
    try Value(from: &self)
  }

  /// Reads an optional value.
  @inline(__always)
  public mutating func readOptional<Value: BinaryCodable>(_ type: Value.Type)
    throws(BinaryCodingError) -> Value?
  {
    switch try readCase() {
    case 0: return nil
    case 1: return try Value(from: &self)
    case let other: throw BinaryCodingError("presence byte \(other) at offset \(position - 1)")
    }
  }

  /// Reads an array.
  @inline(__always)
  public mutating func readArray<Value: BinaryCodable>(_ type: Value.Type)
    throws(BinaryCodingError) -> [Value]
  {
    let count = try readCount()
    var values: [Value] = []
    values.reserveCapacity(count)
    for _ in 0..<count { values.append(try Value(from: &self)) }
    return values
  }

  /// Reads a case number.
  @inline(__always)
  public mutating func readCase() throws(BinaryCodingError) -> UInt8 {
    guard position < bytes.count else { throw truncated() }
    defer { position += 1 }
    return bytes[position]
  }

  /// Reads an unsigned LEB128 varint.
  @inline(__always)
  public mutating func readVarint() throws(BinaryCodingError) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard position < bytes.count else { throw truncated() }
      let byte = bytes[position]
      position += 1
      guard shift < 64 else { throw BinaryCodingError("varint too long at offset \(position)") }
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// Reads a count of elements or bytes: never more than the bytes left,
  /// so that damaged bytes cannot ask for a huge allocation.
  public mutating func readCount() throws(BinaryCodingError) -> Int {
    let count = try readVarint()
    guard count <= UInt64(bytes.count - position) else {
      throw BinaryCodingError("count \(count) at offset \(position) exceeds the bytes left")
    }
    return Int(count)
  }

  /// Reads `count` raw bytes.
  public mutating func readRaw(_ count: Int) throws(BinaryCodingError) -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - position else { throw truncated() }
    defer { position += count }
    return bytes[position..<(position + count)]
  }

  /// Reads a value written by `writeJSON`.
  public mutating func readJSON<Value: Decodable>(_ type: Value.Type) throws(BinaryCodingError)
    -> Value
  {
    let json = try readRaw(try readCount())
    do {
      return try JSONDecoder().decode(Value.self, from: Data(json))
    } catch {
      throw BinaryCodingError("\(Value.self) does not decode: \(error)")
    }
  }

  private func truncated() -> BinaryCodingError {
    BinaryCodingError("the bytes end at offset \(position) in the middle of a value")
  }
}

// MARK: Plain values

extension UInt64: BinaryCodable {
  @inline(__always)
  public func encode(to writer: inout BinaryWriter) { writer.writeVarint(self) }
  @inline(__always)
  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    self = try reader.readVarint()
  }
}

extension Int: BinaryCodable {
  @inline(__always)
  public func encode(to writer: inout BinaryWriter) {
    let wide = Int64(self)
    writer.writeVarint(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
  }
  @inline(__always)
  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let zigzag = try reader.readVarint()
    let wide = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    guard let value = Int(exactly: wide) else { throw BinaryCodingError("integer \(wide)") }
    self = value
  }
}

extension UInt32: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) { writer.writeVarint(UInt64(self)) }
  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let value = try reader.readVarint()
    guard let narrow = UInt32(exactly: value) else { throw BinaryCodingError("UInt32 \(value)") }
    self = narrow
  }
}

extension Bool: BinaryCodable {
  @inline(__always)
  public func encode(to writer: inout BinaryWriter) { writer.writeCase(self ? 1 : 0) }
  @inline(__always)
  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    switch try reader.readCase() {
    case 0: self = false
    case 1: self = true
    case let other: throw BinaryCodingError("Bool \(other)")
    }
  }
}

extension Double: BinaryCodable {
  @inline(__always)
  public func encode(to writer: inout BinaryWriter) {
    var bits = bitPattern.littleEndian
    withUnsafeBytes(of: &bits) { writer.append(raw: $0) }
  }
  @inline(__always)
  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let raw = try reader.readRaw(8)
    let bits = raw.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    self = Double(bitPattern: UInt64(littleEndian: bits))
  }
}

extension String: BinaryCodable {
  public func encode(to writer: inout BinaryWriter) {
    writer.writeVarint(UInt64(utf8.count))
    writer.append(raw: utf8)
  }
  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let raw = try reader.readRaw(try reader.readCount())
    guard let text = String(validating: raw, as: UTF8.self) else {
      throw BinaryCodingError("a string that is not UTF-8")
    }
    self = text
  }
}

/// A value of a `String` raw-value enum: its raw value.
public protocol BinaryCodableByRawValue: BinaryCodable, RawRepresentable
where RawValue == String {}

extension BinaryCodableByRawValue {
  public func encode(to writer: inout BinaryWriter) { rawValue.encode(to: &writer) }
  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    let raw = try String(from: &reader)
    guard let value = Self(rawValue: raw) else {
      throw BinaryCodingError("'\(raw)' is not a \(Self.self)")
    }
    self = value
  }
}

/// A rare nested value written as its `Codable` JSON (see the header).
public protocol BinaryCodableAsJSON: BinaryCodable, Codable {}

extension BinaryCodableAsJSON {
  public func encode(to writer: inout BinaryWriter) { writer.writeJSON(self) }
  public init(from reader: inout BinaryReader) throws(BinaryCodingError) {
    self = try reader.readJSON(Self.self)
  }
}
