import CurtainCLIKit
import CurtainWire
import Foundation
import SwiftProtobuf
import XCTest

/// The CLI's `--json` of every result kind against the mapping every client
/// is tested with (Tests/Fixtures/field-cases.json; the Python, C and web
/// API tests read it too), and docs/fields.md's tables against it.
final class FieldCasesTests: XCTestCase {
  /// Any JSON value of the table (an example), as the CLI's JSONValue.
  struct AnyJSON: Decodable {
    var value: JSONValue

    init(from decoder: any Swift.Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        value = .null
      } else if let bool = try? container.decode(Bool.self) {
        value = .bool(bool)
      } else if let unsigned = try? container.decode(UInt64.self) {
        value = .unsigned(unsigned)
      } else if let number = try? container.decode(Double.self) {
        value = .number(number)
      } else if let string = try? container.decode(String.self) {
        value = .string(string)
      } else if let array = try? container.decode([AnyJSON].self) {
        value = .array(array.map(\.value))
      } else {
        let object = try container.decode([String: AnyJSON].self)
        value = .object(object.sorted { $0.key < $1.key }.map { ($0.key, $0.value.value) })
      }
    }
  }

  struct Condition: Decodable {
    var field: String
    var `is`: String
  }

  struct Field: Decodable {
    var json: String
    var `protocol`: String?
    var python: String?
    var absent: String?
    var nullUnless: Condition?
    var example: AnyJSON?

    enum CodingKeys: String, CodingKey {
      case json, `protocol`, python, absent, example
      case nullUnless = "null_unless"
    }
  }

  struct Kind: Decodable {
    var kind: String
    var message: String
    var fields: [Field]
  }

  struct Table: Decodable {
    var kinds: [Kind]
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func sharedKinds() throws -> [Kind] {
    let url = repository.appendingPathComponent("Tests/Fixtures/field-cases.json")
    return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)).kinds
  }

  /// The CLI's JSON of a `message` made from protobuf JSON, through the
  /// public `OutputFormat.json` that prints it (a nested message inside the
  /// result that holds it).
  static func render(_ message: String, _ text: String) throws -> JSONValue? {
    func decode<M: SwiftProtobuf.Message>(_: M.Type = M.self) throws -> M {
      try M(jsonString: text)
    }
    var tree = Curtain_V1_Tree()
    var node = Curtain_V1_ControllerNode()
    var frame = WireFrame()
    var status = Curtain_V1_Status()
    switch message {
    case "WindowInfo": return OutputFormat.json(try decode(Curtain_V1_WindowInfo.self))
    case "WindowLease":
      var window = Curtain_V1_WindowInfo()
      window.lease = try decode()
      return member(OutputFormat.json(window), "lease")
    case "ControllerInfo": return OutputFormat.json(try decode(Curtain_V1_ControllerInfo.self))
    case "SessionList.Entry":
      return OutputFormat.json(try decode(Curtain_V1_SessionList.Entry.self))
    case "OperationResult": return OutputFormat.json(try decode(Curtain_V1_OperationResult.self))
    case "StoryboardInfo": return OutputFormat.json(try decode(Curtain_V1_StoryboardInfo.self))
    case "SegueResult": return OutputFormat.json(try decode(Curtain_V1_SegueResult.self))
    case "TransitionResult":
      return OutputFormat.json(try decode(Curtain_V1_TransitionResult.self))
    case "ClockResult": return OutputFormat.json(try decode(Curtain_V1_ClockResult.self))
    case "TransitionInfo": return OutputFormat.json(try decode(Curtain_V1_TransitionInfo.self))
    case "Tree": return OutputFormat.json(try decode(Curtain_V1_Tree.self))
    case "ControllerNode":
      tree.root = try decode()
      return member(OutputFormat.json(tree), "root")
    case "SplitInfo":
      node.kind = .split
      node.split = try decode()
    case "PageInfo":
      node.kind = .page
      node.page = try decode()
    case "CollectionInfo":
      node.kind = .collection
      node.collection = try decode()
    case "CollectionLayout":
      node.kind = .collection
      node.collection.layout = try decode()
    case "FlowLayout":
      node.kind = .collection
      node.collection.layout.flow = try decode()
    case "PresentationInfo":
      node.presentation = try decode()
    case "CustomPresentation":
      node.presentation.custom = try decode()
    case "PopoverPlacement": return OutputFormat.json(try decode(Curtain_V1_PopoverPlacement.self))
    case "ViewNode":
      tree.view = try decode()
      return member(OutputFormat.json(tree), "views")
    case "Frame": return OutputFormat.json(try decode(WireFrame.self))
    case "ViewFrame":
      frame.views = [try decode()]
      return element(member(OutputFormat.json(frame), "views"))
    case "TransitionProgress":
      frame.transitions = [try decode()]
      return element(member(OutputFormat.json(frame), "transitions"))
    case "TapHit": return OutputFormat.json(try decode(Curtain_V1_TapHit.self))
    case "LeaseResult":
      let lease = try decode(Curtain_V1_LeaseResult.self)
      return OutputFormat.json(lease, window: lease.windowID, state: "leased")
    case "NodeList.Entry":
      return OutputFormat.json(try decode(Curtain_V1_NodeList.Entry.self), answeredBy: "")
    case "SessionMove": return OutputFormat.json(try decode(Curtain_V1_SessionMove.self))
    case "Metrics": return OutputFormat.json(try decode(Curtain_V1_Metrics.self))
    case "MetricFamily":
      var metrics = Curtain_V1_Metrics()
      metrics.families = [try decode()]
      return element(member(OutputFormat.json(metrics), "metrics"))
    case "Status": return OutputFormat.json(try decode(Curtain_V1_Status.self))
    case "StorageStatus":
      status.storage = try decode()
      return member(OutputFormat.json(status), "storage")
    case "WindowSpeed":
      status.windowSpeeds = [try decode()]
      return element(member(OutputFormat.json(status), "window_speeds"))
    case "Error": return OutputFormat.json(try decode(WireError.self))
    default: return nil
    }
    tree.root = node
    let root = member(OutputFormat.json(tree), "root")
    switch message {
    case "SplitInfo": return member(root, "split")
    case "PageInfo": return member(root, "page")
    case "CollectionInfo": return member(root, "collection")
    case "CollectionLayout": return member(member(root, "collection"), "layout")
    case "FlowLayout": return member(member(member(root, "collection"), "layout"), "flow")
    case "CustomPresentation": return member(member(root, "presentation"), "custom")
    default: return member(root, "presentation")
    }
  }

  static func members(_ value: JSONValue?) -> [(String, JSONValue)]? {
    guard case .object(let members)? = value else { return nil }
    return members
  }

  static func member(_ value: JSONValue?, _ key: String) -> JSONValue? {
    members(value)?.first { $0.0 == key }?.1
  }

  static func element(_ value: JSONValue?) -> JSONValue? {
    guard case .array(let items)? = value else { return nil }
    return items.first
  }

  /// Protocol values (protobuf JSON members) that make a null_unless field
  /// read.
  static func condition(_ field: Field) -> [String] {
    guard let unless = field.nullUnless else { return [] }
    return [#""\#(unless.field)":"# + (unless.is == "set" ? "1" : #""\#(unless.is)""#)]
  }

  func testTheSharedTableCoversTheResults() throws {
    let kinds = try Self.sharedKinds()
    XCTAssertGreaterThanOrEqual(kinds.count, 20)
    for kind in kinds {
      XCTAssertEqual(Set(kind.fields.map(\.json)).count, kind.fields.count, kind.kind)
      for field in kind.fields {
        XCTAssert(["null", "omitted", nil].contains(field.absent), "\(kind.kind).\(field.json)")
      }
    }
  }

  /// Every kind prints its fields in the table's order, null where the
  /// protocol has nothing there, a value otherwise.
  func testTheCLIPrintsEveryFieldOfEveryKindAsTheTableSays() throws {
    for kind in try Self.sharedKinds() {
      let empty = try XCTUnwrap(
        Self.members(try Self.render(kind.message, "{}")), "\(kind.message) has no rendering")
      let printed = kind.fields.filter { $0.absent != "omitted" }.map(\.json)
      XCTAssertEqual(empty.map(\.0), printed, "\(kind.kind): the keys of an empty \(kind.message)")
      for field in kind.fields {
        let label = "\(kind.kind).\(field.json)"
        let value = empty.first { $0.0 == field.json }?.1
        if field.absent != nil || field.nullUnless != nil {
          XCTAssert(
            value == nil || value == .null,
            "\(label) of an empty message: \(String(describing: value))")
        } else {
          XCTAssertNotNil(value, label)
          XCTAssertNotEqual(value, .null, label)
        }
        if let unless = field.nullUnless {
          let given = try Self.render(
            kind.message, "{\(Self.condition(field).joined(separator: ","))}")
          XCTAssertNotEqual(
            Self.member(given, field.json) ?? .null, .null, "\(label) when \(unless.field)")
        }
        if field.absent == "omitted", let path = field.protocol {
          let given = try Self.render(kind.message, #"{"\#(path)":{}}"#)
          XCTAssertEqual(Self.members(given)?.map(\.0), kind.fields.map(\.json), label)
        }
      }
    }
  }

  /// Each example value of the protocol reads as it is under the field's
  /// name.
  func testTheCLIPrintsEachExampleUnderItsName() throws {
    var checked = 0
    for kind in try Self.sharedKinds() {
      for field in kind.fields {
        guard let example = field.example, let path = field.protocol else { continue }
        let members = Self.condition(field) + [#""\#(path)":\#(example.value.rendered)"#]
        let printed = try Self.render(kind.message, "{\(members.joined(separator: ","))}")
        XCTAssertEqual(
          Self.member(printed, field.json)?.rendered, example.value.rendered,
          "\(kind.kind).\(field.json) from \(path)")
        checked += 1
      }
    }
    XCTAssertGreaterThanOrEqual(checked, 100)
  }

  /// docs/fields.md's tables are the shared table.
  func testTheDocumentedTablesAreTheSharedTable() throws {
    var tables = ""
    for kind in try Self.sharedKinds() {
      tables += "### \(kind.kind) (`\(kind.message)`)\n\n"
      tables += "| JSON | protocol (C) | Python | when absent |\n| --- | --- | --- | --- |\n"
      for field in kind.fields {
        var absent = ""
        if let given = field.absent {
          absent = given == "null" ? "null" : "left out (Python: `None`)"
        } else if let unless = field.nullUnless {
          absent =
            "null unless `\(unless.field)` is " + (unless.is == "set" ? "set" : "`\(unless.is)`")
        }
        let path = field.protocol.map { "`\($0)`" } ?? "the CLI's own"
        let python = field.protocol == nil ? "—" : "`\(field.python ?? field.json)`"
        tables += "| `\(field.json)` | \(path) | \(python) | \(absent) |\n"
      }
      tables += "\n"
    }
    let document = try String(
      contentsOf: Self.repository.appendingPathComponent("docs/fields.md"), encoding: .utf8)
    let marker = "FieldCasesTests renders it; it fails when they differ. -->\n\n"
    let start = try XCTUnwrap(document.range(of: marker), "docs/fields.md lost its marker")
    XCTAssertEqual(
      String(document[start.upperBound...]), String(tables.dropLast()),
      "docs/fields.md's tables differ from Tests/Fixtures/field-cases.json; expected:\n\(tables)")
  }
}
