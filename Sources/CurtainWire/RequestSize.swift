// The size of a request's fields: every string (in UTF-8 bytes) and every
// list or map (in entries), at any depth, against the daemon's
// --max-string-bytes and --max-list-items. Bytes fields (documents) are
// not strings here: their own limits and the frame size bound them.

public import SwiftProtobuf

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Checks the strings and lists of a message against limits.
public enum RequestSize {
  /// The first field over a limit.
  public enum Violation: Error, Equatable {
    /// A string of this many UTF-8 bytes.
    case string(bytes: Int)
    /// A list or map of this many entries.
    case list(count: Int)
  }

  /// Throws the first `Violation` found in `message`.
  public static func check(
    _ message: some SwiftProtobuf.Message, maxStringBytes: Int, maxListItems: Int
  ) throws {
    var visitor = SizeVisitor(maxStringBytes: maxStringBytes, maxListItems: maxListItems)
    try message.traverse(visitor: &visitor)
  }
}

/// Visits every field; throws at the first one over a limit.
private struct SizeVisitor: SwiftProtobuf.Visitor {
  let maxStringBytes: Int
  let maxListItems: Int

  func string(_ value: String) throws {
    let bytes = value.utf8.count
    if bytes > maxStringBytes { throw RequestSize.Violation.string(bytes: bytes) }
  }

  func list(_ count: Int) throws {
    if count > maxListItems { throw RequestSize.Violation.list(count: count) }
  }

  mutating func visitSingularDoubleField(value: Double, fieldNumber: Int) throws {}
  mutating func visitSingularInt64Field(value: Int64, fieldNumber: Int) throws {}
  mutating func visitSingularUInt64Field(value: UInt64, fieldNumber: Int) throws {}
  mutating func visitSingularBoolField(value: Bool, fieldNumber: Int) throws {}
  mutating func visitSingularBytesField(value: Data, fieldNumber: Int) throws {}
  mutating func visitSingularEnumField<E: Enum>(value: E, fieldNumber: Int) throws {}
  mutating func visitUnknown(bytes: Data) throws {}

  mutating func visitSingularStringField(value: String, fieldNumber: Int) throws {
    try string(value)
  }

  mutating func visitSingularMessageField<M: Message>(value: M, fieldNumber: Int) throws {
    try value.traverse(visitor: &self)
  }

  mutating func visitRepeatedStringField(value: [String], fieldNumber: Int) throws {
    try list(value.count)
    for element in value { try string(element) }
  }

  mutating func visitRepeatedMessageField<M: Message>(value: [M], fieldNumber: Int) throws {
    try list(value.count)
    for element in value { try element.traverse(visitor: &self) }
  }

  mutating func visitRepeatedBytesField(value: [Data], fieldNumber: Int) throws {
    try list(value.count)
  }

  mutating func visitRepeatedEnumField<E: Enum>(value: [E], fieldNumber: Int) throws {
    try list(value.count)
  }

  mutating func visitPackedEnumField<E: Enum>(value: [E], fieldNumber: Int) throws {
    try list(value.count)
  }

  mutating func visitRepeatedDoubleField(value: [Double], fieldNumber: Int) throws {
    try list(value.count)
  }

  mutating func visitPackedDoubleField(value: [Double], fieldNumber: Int) throws {
    try list(value.count)
  }

  mutating func visitRepeatedUInt64Field(value: [UInt64], fieldNumber: Int) throws {
    try list(value.count)
  }

  mutating func visitPackedUInt64Field(value: [UInt64], fieldNumber: Int) throws {
    try list(value.count)
  }

  mutating func visitRepeatedUInt32Field(value: [UInt32], fieldNumber: Int) throws {
    try list(value.count)
  }

  mutating func visitPackedUInt32Field(value: [UInt32], fieldNumber: Int) throws {
    try list(value.count)
  }

  mutating func visitMapField<KeyType, ValueType: MapValueType>(
    fieldType: _ProtobufMap<KeyType, ValueType>.Type,
    value: _ProtobufMap<KeyType, ValueType>.BaseType, fieldNumber: Int
  ) throws {
    try list(value.count)
    for (key, entry) in value {
      if let key = key as? String { try string(key) }
      if let entry = entry as? String { try string(entry) }
    }
  }

  mutating func visitMapField<KeyType, ValueType>(
    fieldType: _ProtobufEnumMap<KeyType, ValueType>.Type,
    value: _ProtobufEnumMap<KeyType, ValueType>.BaseType, fieldNumber: Int
  ) throws where ValueType.RawValue == Int {
    try list(value.count)
    for key in value.keys { if let key = key as? String { try string(key) } }
  }

  mutating func visitMapField<KeyType, ValueType>(
    fieldType: _ProtobufMessageMap<KeyType, ValueType>.Type,
    value: _ProtobufMessageMap<KeyType, ValueType>.BaseType, fieldNumber: Int
  ) throws {
    try list(value.count)
    for (key, entry) in value {
      if let key = key as? String { try string(key) }
      try entry.traverse(visitor: &self)
    }
  }
}
