// A request's strings and lists checked against the limits before it is
// decoded. Decoding is what a refused request used to cost: SwiftProtobuf
// validates every string's UTF-8 as it makes the message, so a request
// with a 4 MB string took seconds of a debug build's loop (and a 4 MiB
// Hello as long, even from an address in backoff) only to be refused with
// LIMIT_EXCEEDED afterwards (issue 33 §4). The prescan walks the payload's
// wire format with the protocol's descriptors (descriptors.pb.swift, from
// scripts/generate-proto.sh), which say which length-delimited field is a
// string, bytes or a message: a string's length is read and its bytes
// skipped, a message is walked, repeated fields are counted. What it finds
// over a limit is the same `RequestSize.Violation` the decoded check finds,
// and the request is answered from a skeleton of it (its envelope and its
// body's kind, the body empty), so a refusal costs no more than reading
// it. A payload no longer than the smaller limit cannot hold a string or a
// list over either (each list item takes a byte at least) and is not
// walked; a payload the walk cannot follow is left to SwiftProtobuf, which
// says what is wrong with it as it always did.

import SwiftProtobuf

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A request over a limit, found before it was decoded.
public struct OversizedRequest: Sendable {
  /// The first field over a limit, in wire order.
  public let violation: RequestSize.Violation
  /// The request's envelope (id, trace id, session, expected revision,
  /// wait-until; a trace id or session over the limit left out) and its
  /// body's kind with an empty body: what the refusal is answered and
  /// logged from.
  public let skeleton: WireRequest
}

extension RequestSize {
  /// The request of `payload` (a `ClientMessage` holding only a request)
  /// when one of its strings or lists is over a limit, without decoding
  /// it; `nil` when none is, or when the payload is not such a message or
  /// cannot be followed (the decoder then handles it).
  public static func prescan(_ payload: [UInt8], maxStringBytes: Int, maxListItems: Int)
    -> OversizedRequest?
  {
    guard payload.count > min(maxStringBytes, maxListItems), payload.first == 0x0A,
      case .value(let length, let start) = VarInt.read(payload, at: 1),
      length == UInt64(payload.count - start)
    else { return nil }
    let walk = PrescanWalk(
      payload: payload, maxStringBytes: maxStringBytes, maxListItems: maxListItems)
    guard let violation = walk.violation(in: start..<payload.count, of: WireSchema.request),
      let skeleton = walk.skeleton(of: start..<payload.count)
    else { return nil }
    return OversizedRequest(violation: violation, skeleton: skeleton)
  }
}

/// The protocol's messages as the prescan needs them: for each message
/// (by full name), what each field number holds.
struct WireSchema: Sendable {
  /// What a field holds.
  enum Field: Sendable {
    /// A string (UTF-8, checked against max-string-bytes).
    case string(repeated: Bool)
    /// A message of this full name (a map's entries are messages too).
    case message(String, repeated: Bool)
    /// Bytes, or a scalar: skipped (a packed list is counted).
    case other(repeated: Bool, elementBytes: Int?)

    var isRepeated: Bool {
      switch self {
      case .string(let repeated), .message(_, let repeated), .other(let repeated, _):
        return repeated
      }
    }
  }

  /// Fields by message full name (`.curtain.v1.Request`) and number.
  let messages: [String: [Int: Field]]

  /// `.curtain.v1.Request`.
  static let request = ".curtain.v1.Request"

  /// The protocol's schema, from its descriptors (made once).
  static let protocolSchema: WireSchema = {
    guard let bytes = Data(base64Encoded: protocolDescriptorSet),
      let set = try? Google_Protobuf_FileDescriptorSet(serializedBytes: bytes)
    else {
      preconditionFailure("descriptors.pb.swift does not hold a FileDescriptorSet")
    }
    var messages: [String: [Int: Field]] = [:]
    func add(_ message: Google_Protobuf_DescriptorProto, prefix: String) {
      let name = prefix + "." + message.name
      var fields: [Int: Field] = [:]
      for field in message.field {
        let repeated = field.label == .repeated
        switch field.type {
        case .string: fields[Int(field.number)] = .string(repeated: repeated)
        case .message: fields[Int(field.number)] = .message(field.typeName, repeated: repeated)
        case .double, .fixed64, .sfixed64:
          fields[Int(field.number)] = .other(repeated: repeated, elementBytes: 8)
        case .float, .fixed32, .sfixed32:
          fields[Int(field.number)] = .other(repeated: repeated, elementBytes: 4)
        case .bytes, .group:
          fields[Int(field.number)] = .other(repeated: repeated, elementBytes: nil)
        default:
          // Varints: a packed list's elements are the bytes ending one.
          fields[Int(field.number)] = .other(repeated: repeated, elementBytes: 0)
        }
      }
      messages[name] = fields
      for nested in message.nestedType { add(nested, prefix: name) }
    }
    for file in set.file {
      for message in file.messageType { add(message, prefix: "." + file.package) }
    }
    return WireSchema(messages: messages)
  }()
}

/// One walk of a payload.
private struct PrescanWalk {
  let payload: [UInt8]
  let maxStringBytes: Int
  let maxListItems: Int
  let schema = WireSchema.protocolSchema

  /// A field's key: its number and wire type, and where its value starts.
  private func key(at index: Int) -> (field: Int, wireType: UInt64, next: Int)? {
    guard case .value(let key, let next) = VarInt.read(payload, at: index),
      key >> 3 > 0, key >> 3 <= 536_870_911
    else { return nil }
    return (Int(key >> 3), key & 7, next)
  }

  /// Where the value of wire type `wireType` at `index` ends, and the
  /// range of a length-delimited one's bytes; `nil` past `end` or for a
  /// wire type the protocol does not use.
  private func skip(_ wireType: UInt64, at index: Int, end: Int) -> (
    next: Int, contents: Range<Int>?
  )? {
    switch wireType {
    case 0:
      guard case .value(_, let next) = VarInt.read(payload, at: index), next <= end else {
        return nil
      }
      return (next, nil)
    case 1: return index + 8 <= end ? (index + 8, nil) : nil
    case 5: return index + 4 <= end ? (index + 4, nil) : nil
    case 2:
      guard case .value(let length, let start) = VarInt.read(payload, at: index),
        length <= UInt64(end - start)
      else { return nil }
      let stop = start + Int(length)
      return (stop, start..<stop)
    default: return nil
    }
  }

  /// The first violation in the message `type` held by `range`, in wire
  /// order: a string's length, a repeated field's count (packed elements
  /// included) once the message's fields are read; `nil` when none, or
  /// when the bytes cannot be followed.
  func violation(in range: Range<Int>, of type: String) -> RequestSize.Violation? {
    let fields = schema.messages[type] ?? [:]
    var counts: [Int: Int] = [:]
    var index = range.lowerBound
    while index < range.upperBound {
      guard let (number, wireType, valueStart) = key(at: index),
        let (next, contents) = skip(wireType, at: valueStart, end: range.upperBound)
      else { return nil }
      index = next
      guard let field = fields[number] else { continue }
      if field.isRepeated {
        var items = 1
        if case .other(_, let elementBytes?) = field, let contents {
          items = packedCount(contents, elementBytes: elementBytes)
        }
        counts[number, default: 0] += items
        if counts[number]! > maxListItems { return .list(count: counts[number]!) }
      }
      guard let contents else { continue }
      switch field {
      case .string:
        if contents.count > maxStringBytes { return .string(bytes: contents.count) }
      case .message(let name, _):
        if contents.count > min(maxStringBytes, maxListItems),
          let found = violation(in: contents, of: name)
        {
          return found
        }
      case .other:
        break
      }
    }
    return nil
  }

  /// The elements of a packed list of elements of `elementBytes` bytes
  /// (0: varints, each ending with a byte under 0x80).
  private func packedCount(_ contents: Range<Int>, elementBytes: Int) -> Int {
    guard elementBytes == 0 else { return contents.count / elementBytes }
    return payload[contents].reduce(0) { $0 + ($1 < 0x80 ? 1 : 0) }
  }

  /// The request in `range` with its envelope's fields that are within
  /// the string limit and its body's first field emptied; `nil` when it
  /// cannot be made.
  func skeleton(of range: Range<Int>) -> WireRequest? {
    var bytes: [UInt8] = []
    var index = range.lowerBound
    while index < range.upperBound {
      guard let (number, wireType, valueStart) = key(at: index),
        let (next, contents) = skip(wireType, at: valueStart, end: range.upperBound)
      else { return nil }
      defer { index = next }
      if number < 10 {
        if let contents, contents.count > maxStringBytes { continue }
        bytes += payload[index..<next]
      } else if wireType == 2 {
        // The body (a oneof of messages from field 10 on): its kind, empty.
        bytes += payload[index..<valueStart] + [0]
      }
    }
    return try? WireRequest(serializedBytes: bytes)
  }
}
