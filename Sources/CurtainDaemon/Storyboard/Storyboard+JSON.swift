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
      let syntax = JSONSyntaxError.find(in: Array(data), root: "storyboard")
      throw CurtainError(
        .invalidArgument, "The storyboard is not valid JSON" + (syntax.map { ": \($0)" } ?? ""))
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
