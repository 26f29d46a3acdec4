// The storyboard document format (docs/storyboards.md): one JSON object
//
//   { "name": "Shop", "initial": "Nav",
//     "scenes": [ { "id", "kind", "title", "children", "unwindActions",
//                   "style", "transition", "definesPresentationContext",
//                   "preferredContentSize": [w, h] }, … ],
//     "segues": [ { "identifier", "source", "destination", "kind",
//                   "style", "transition", "anchor", "animator", "action",
//                   "animates", "shouldPerform" }, … ] }
//
// Parsing checks the shape (types, required and unknown keys, names of
// kinds and styles) and reports the path of what is wrong
// (`segues[2].kind`); `Storyboard.validate` then checks the meaning when
// the session loads it. A custom segue's `animator` is the protobuf JSON
// form of `curtain.v1.AnimatorSpec`, as in docs/protocol.md.

public import CurtainCore
import CurtainWire
public import Foundation
import SwiftProtobuf

extension Storyboard {
  /// The largest document accepted, in bytes.
  public static let maxDocumentBytes = 1 << 20

  /// Parses a storyboard document of at most `maxBytes` bytes (the
  /// daemon's max-storyboard-bytes).
  public init(json data: Data, maxBytes: Int = maxDocumentBytes) throws {
    guard data.count <= maxBytes else {
      throw CurtainError.limitExceeded(
        "A storyboard document may have at most \(maxBytes) bytes, got \(data.count)",
        limit: "max-storyboard-bytes", value: maxBytes)
    }
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw CurtainError(.invalidArgument, "The storyboard is not valid JSON")
    }
    let document = try JSONField(root, path: "storyboard").object(
      keys: ["name", "initial", "scenes", "segues"])
    self.init(
      name: try document.required("name").string(),
      initialScene: try document["initial"]?.string(),
      scenes: try document.required("scenes").array().map(Self.scene),
      segues: try document["segues"]?.array().map(Self.segue) ?? [])
  }

  private static func scene(_ field: JSONField) throws -> Scene {
    let object = try field.object(keys: [
      "id", "kind", "title", "children", "unwindActions", "style", "transition",
      "definesPresentationContext", "preferredContentSize",
    ])
    let size = try object["preferredContentSize"]?.numbers(count: 2)
    return Scene(
      id: try object.required("id").string(),
      kind: try object["kind"]?.named(ControllerKind.self) ?? .content,
      title: try object["title"]?.string(),
      children: try object["children"]?.strings() ?? [],
      unwindActions: try object["unwindActions"]?.strings() ?? [],
      modalPresentationStyle: try object["style"]?.named(ModalPresentationStyle.self),
      modalTransitionStyle: try object["transition"]?.named(ModalTransitionStyle.self),
      definesPresentationContext: try object["definesPresentationContext"]?.bool(),
      preferredContentSize: size.map { Size(width: $0[0], height: $0[1]) })
  }

  private static func segue(_ field: JSONField) throws -> Segue {
    let object = try field.object(keys: [
      "identifier", "source", "destination", "kind", "style", "transition", "anchor", "animator",
      "action", "animates", "shouldPerform",
    ])
    let kindField = try object.required("kind")
    let style = try object["style"]?.named(ModalPresentationStyle.self)
    let kind: SegueKind
    var allowed: Set<String> = []
    switch try kindField.string() {
    case "show": kind = .show
    case "showDetail": kind = .showDetail
    case "present":
      kind = .present(
        style: style, transition: try object["transition"]?.named(ModalTransitionStyle.self))
      allowed = ["style", "transition"]
    case "popover":
      let anchor = try object["anchor"]?.object(keys: ["rect", "arrows"])
      let rect = try anchor?["rect"]?.numbers(count: 4)
      kind = .popover(
        anchor: PopoverAnchorSpec(
          rect: rect.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
          permittedArrowDirections: try anchor?["arrows"]?.arrowDirections() ?? .any))
      allowed = ["anchor"]
    case "custom":
      kind = .custom(animator: try object.required("animator").animator(), style: style)
      allowed = ["animator", "style"]
    case "unwind":
      kind = .unwind(action: try object.required("action").string())
      allowed = ["action"]
    case let other:
      throw kindField.error(
        "unknown segue kind '\(other)' (expected show, showDetail, present, popover, custom or "
          + "unwind)")
    }
    let kindKeys: Set<String> = ["style", "transition", "anchor", "animator", "action"]
    for key in kindKeys.subtracting(allowed).sorted() where object[key] != nil {
      throw object.error("'\(key)' does not apply to a \(kind.name) segue")
    }
    return Segue(
      identifier: try object.required("identifier").string(),
      source: try object.required("source").string(),
      destination: try object["destination"]?.string(), kind: kind,
      animates: try object["animates"]?.bool() ?? true,
      shouldPerform: try object["shouldPerform"]?.bool() ?? true)
  }
}

/// A value of a parsed JSON document and where it is, for error messages.
private struct JSONField {
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
private struct JSONObject {
  let dictionary: [String: Any]
  let path: String

  subscript(key: String) -> JSONField? {
    dictionary[key].map { JSONField($0, path: "\(path).\(key)") }
  }

  func required(_ key: String) throws -> JSONField {
    guard let field = self[key] else { throw error("missing '\(key)'") }
    return field
  }

  func error(_ message: String) -> CurtainError {
    CurtainError(.invalidArgument, "\(path): \(message)")
  }
}
