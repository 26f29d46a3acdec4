// A value of a parsed JSON document (JSONSerialization's) and where it is:
// readers that check each value's type and name the path of what is wrong
// (`segues[2].kind: expected a string`). The storyboard document
// (Storyboard+JSON.swift) and the JSON snapshots of formats 1 and 2
// (LegacySnapshotJSON.swift) are read with it.

import CurtainCore
import CurtainWire
import Foundation
import SwiftProtobuf

/// A value of a parsed JSON document and where it is, for error messages.
struct JSONField {
  /// The document `data`, its numbers read exactly (as JSONDecoder reads
  /// them): Foundation's JSONSerialization on Linux reads some decimals as
  /// a neighbour of the double they name, which a snapshot's values must
  /// not become.
  static func exact(_ data: Data, path: String) throws -> JSONField {
    JSONField(try JSONDecoder().decode(ExactJSON.self, from: data).value, path: path)
  }

  let value: Any
  let path: String

  init(_ value: Any, path: String) {
    self.value = value
    self.path = path
  }

  func error(_ message: String) -> CurtainError {
    CurtainError(.invalidArgument, "\(path): \(message)")
  }

  func object(keys: Set<String>) throws -> JSONObject {
    guard let dictionary = value as? [String: Any] else { throw error("expected an object") }
    for key in dictionary.keys.sorted() where !keys.contains(key) {
      throw error("unknown key '\(key)' (expected \(keys.sorted().joined(separator: ", ")))")
    }
    return JSONObject(dictionary: dictionary, path: path)
  }

  /// An object with any keys.
  func object() throws -> JSONObject {
    guard let dictionary = value as? [String: Any] else { throw error("expected an object") }
    return JSONObject(dictionary: dictionary, path: path)
  }

  /// An integer that fits `T`.
  func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) throws -> T {
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
      throw error("expected an integer")
    }
    let integer: T?
    switch String(cString: number.objCType) {
    case "d", "f":
      integer =
        number.doubleValue.rounded() == number.doubleValue
        ? T(exactly: number.doubleValue) : nil
    case "Q": integer = T(exactly: number.uint64Value)
    default: integer = T(exactly: number.int64Value)
    }
    guard let integer else { throw error("expected an integer that fits, got \(number)") }
    return integer
  }

  /// A case of an enum with associated values in its `Codable` form: an
  /// object with one key, the case's name, whose value holds the
  /// associated values by label (`_0`, `_1` for unlabelled ones).
  func enumCase() throws -> (name: String, values: JSONObject) {
    let object = try self.object()
    guard object.dictionary.count == 1, let only = object.dictionary.first else {
      throw error("expected an object with one key, the case")
    }
    return (only.key, try JSONField(only.value, path: "\(path).\(only.key)").object())
  }

  func array() throws -> [JSONField] {
    guard let array = value as? [Any] else { throw error("expected an array") }
    return array.enumerated().map { JSONField($1, path: "\(path)[\($0)]") }
  }

  func string() throws -> String {
    guard let string = value as? String else { throw error("expected a string") }
    return string
  }

  func strings() throws -> [String] {
    try array().map { try $0.string() }
  }

  func bool() throws -> Bool {
    guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else {
      throw error("expected true or false")
    }
    return number.boolValue
  }

  func number() throws -> Double {
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
      throw error("expected a number")
    }
    return number.doubleValue
  }

  func numbers(count: Int) throws -> [Double] {
    let items = try array()
    guard items.count == count else { throw error("expected an array of \(count) numbers") }
    return try items.map { try $0.number() }
  }

  /// Arrow directions by name (`up`, `down`, `left`, `right`, `any`); an
  /// empty list permits none (the popover is centred on its source).
  func arrowDirections() throws -> PopoverArrowDirections {
    let names: [String: PopoverArrowDirections] = [
      "up": .up, "down": .down, "left": .left, "right": .right, "any": .any,
    ]
    var directions: PopoverArrowDirections = []
    for item in try array() {
      let name = try item.string()
      guard let direction = names[name] else {
        throw item.error(
          "unknown arrow direction '\(name)' (expected up, down, left, right or any)")
      }
      directions.insert(direction)
    }
    return directions
  }

  /// A case of a string enum, by its raw value.
  func named<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws -> T
  where T.RawValue == String {
    let name = try string()
    guard let value = T(rawValue: name) else {
      let names = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw error("unknown value '\(name)' (expected one of \(names))")
    }
    return value
  }

  /// A value of a string enum, by its raw value.
  func raw<T: RawRepresentable>(_ type: T.Type) throws -> T where T.RawValue == String {
    let name = try string()
    guard let value = T(rawValue: name) else { throw error("unknown value '\(name)'") }
    return value
  }

  /// A `curtain.v1.AnimatorSpec` in protobuf's JSON form.
  func animator() throws -> AnimatorSpec {
    guard JSONSerialization.isValidJSONObject(value),
      let data = try? JSONSerialization.data(withJSONObject: value)
    else { throw error("expected an AnimatorSpec object") }
    let wire: Curtain_V1_AnimatorSpec
    do {
      wire = try Curtain_V1_AnimatorSpec(jsonUTF8Data: data)
    } catch {
      throw self.error("not a curtain.v1.AnimatorSpec in protobuf JSON form (\(error))")
    }
    do {
      return try AnimatorSpec(wire)
    } catch let failure as CurtainError {
      throw error(failure.message)
    }
  }
}

/// A JSON object and where it is.
struct JSONObject {
  let dictionary: [String: Any]
  let path: String

  subscript(key: String) -> JSONField? {
    dictionary[key].map { JSONField($0, path: "\(path).\(key)") }
  }

  /// The value of `key` unless it is absent or null.
  func optional(_ key: String) -> JSONField? {
    guard let value = dictionary[key], !(value is NSNull) else { return nil }
    return JSONField(value, path: "\(path).\(key)")
  }

  func required(_ key: String) throws -> JSONField {
    guard let field = self[key] else { throw error("missing '\(key)'") }
    return field
  }

  func error(_ message: String) -> CurtainError {
    CurtainError(.invalidArgument, "\(path): \(message)")
  }
}

/// A JSON value as JSONSerialization gives it (dictionaries, arrays,
/// strings, `NSNumber`s, `NSNull`), read by JSONDecoder.
private struct ExactJSON: Swift.Decodable {
  let value: Any

  init(from decoder: any Swift.Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      value = NSNull()
    } else if let bool = try? container.decode(Bool.self) {
      value = NSNumber(value: bool)
    } else if let integer = try? container.decode(Int64.self) {
      value = NSNumber(value: integer)
    } else if let integer = try? container.decode(UInt64.self) {
      value = NSNumber(value: integer)
    } else if let number = try? container.decode(Double.self) {
      value = NSNumber(value: number)
    } else if let string = try? container.decode(String.self) {
      value = string
    } else if let array = try? container.decode([ExactJSON].self) {
      value = array.map(\.value)
    } else {
      value = try container.decode([String: ExactJSON].self).mapValues(\.value)
    }
  }
}
