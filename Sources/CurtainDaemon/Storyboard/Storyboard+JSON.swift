// The storyboard document format (docs/storyboards.md): one JSON object
//
//   { "name": "Shop", "initial": "Nav",
//     "scenes": [ { "id", "kind", "title", "children", "unwindActions",
//                   "style", "transition", "definesPresentationContext",
//                   "preferredContentSize": [w, h],
//                   "items", "layout", "useLayoutToLayoutNavigationTransitions" }, … ],
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
      "definesPresentationContext", "preferredContentSize", "items", "layout",
      "useLayoutToLayoutNavigationTransitions",
    ])
    let size = try object["preferredContentSize"]?.numbers(count: 2)
    let items = try object["items"]?.integer(Int.self)
    let layout = try object["layout"].map(Self.collectionLayout)
    let flag = try object["useLayoutToLayoutNavigationTransitions"]?.bool()
    var collection: CollectionOptions?
    if items != nil || layout != nil || flag != nil {
      collection = CollectionOptions(
        itemCount: items, layout: layout ?? .flow(FlowLayout()),
        usesLayoutToLayoutNavigationTransitions: flag ?? false)
    }
    return Scene(
      id: try object.required("id").string(),
      kind: try object["kind"]?.named(ControllerKind.self) ?? .content,
      title: try object["title"]?.string(),
      children: try object["children"]?.strings() ?? [],
      unwindActions: try object["unwindActions"]?.strings() ?? [],
      modalPresentationStyle: try object["style"]?.named(ModalPresentationStyle.self),
      modalTransitionStyle: try object["transition"]?.named(ModalTransitionStyle.self),
      definesPresentationContext: try object["definesPresentationContext"]?.bool(),
      preferredContentSize: size.map { Size(width: $0[0], height: $0[1]) },
      collection: collection)
  }

  /// A collection scene's `layout`: `{"frames": [[x, y, w, h], …]}` or
  /// `{"flow": {"itemSize": [w, h], "minimumInteritemSpacing",
  /// "minimumLineSpacing", "sectionInset": [top, left, bottom, right]}}`
  /// (absent numbers take UIKit's defaults).
  private static func collectionLayout(_ field: JSONField) throws -> CollectionLayout {
    let object = try field.object(keys: ["frames", "flow"])
    switch (object["frames"], object["flow"]) {
    case (let frames?, nil):
      return .frames(
        try frames.array().map { item in
          let numbers = try item.numbers(count: 4)
          return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        })
    case (nil, let flow?):
      let given = try flow.object(keys: [
        "itemSize", "minimumInteritemSpacing", "minimumLineSpacing", "sectionInset",
      ])
      let defaults = FlowLayout()
      let size = try given["itemSize"]?.numbers(count: 2)
      let inset = try given["sectionInset"]?.numbers(count: 4)
      return .flow(
        FlowLayout(
          itemSize: size.map { Size(width: $0[0], height: $0[1]) } ?? defaults.itemSize,
          interitemSpacing: try given["minimumInteritemSpacing"]?.number()
            ?? defaults.interitemSpacing,
          lineSpacing: try given["minimumLineSpacing"]?.number() ?? defaults.lineSpacing,
          sectionInset: inset.map {
            EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3])
          } ?? defaults.sectionInset))
    default:
      throw field.error("expected an object with one key, frames or flow")
    }
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
