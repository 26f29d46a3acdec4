// The JSON API's answers against the mapping every client is tested with
// (Tests/Fixtures/field-cases.json): each object has the fields of its kind,
// a value in each that is never absent, over real HTTP from a real curtaind.

import CurtainTesting
import Foundation
import XCTest

final class FieldCasesWebTests: XCTestCase {
  struct Field: Decodable {
    var json: String
    var absent: String?
    var nullUnless: [String: String]?

    enum CodingKeys: String, CodingKey {
      case json, absent
      case nullUnless = "null_unless"
    }
  }

  struct Kind: Decodable {
    var kind: String
    var fields: [Field]
  }

  struct Table: Decodable {
    var kinds: [Kind]
  }

  private var kinds: [String: Kind] = [:]
  private var checked: Set<String> = []

  /// Checks that `value` is an object with the fields of `kind`.
  private func check(
    _ kind: String, _ value: Any?, file: StaticString = #filePath, line: UInt = #line
  )
    throws
  {
    let fields = try XCTUnwrap(kinds[kind], "no kind \(kind)", file: file, line: line).fields
    let object = try XCTUnwrap(value as? [String: Any], "\(kind): \(String(describing: value))")
    let always = fields.filter { $0.absent != "omitted" }.map(\.json)
    XCTAssertEqual(
      Set(object.keys).subtracting(fields.filter { $0.absent == "omitted" }.map(\.json)),
      Set(always), kind, file: file, line: line)
    for field in fields where field.absent == nil && field.nullUnless == nil {
      XCTAssertFalse(
        object[field.json] is NSNull, "\(kind).\(field.json) is null", file: file, line: line)
    }
    checked.insert(kind)
  }

  private func object(_ answer: TempWeb.Answer) throws -> [String: Any] {
    try XCTUnwrap(try answer.json() as? [String: Any], answer.body)
  }

  private func list(_ answer: TempWeb.Answer) throws -> [[String: Any]] {
    try XCTUnwrap(try answer.json() as? [[String: Any]], answer.body)
  }

  func testTheJSONAPIAnswersWithTheSharedFields() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/field-cases.json")
    let table = try JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
    kinds = Dictionary(uniqueKeysWithValues: table.kinds.map { ($0.kind, $0) })
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    try curtain(daemon.socketPath, ["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    try curtain(daemon.socketPath, ["new-controller", "content", "--id", "Detail"])
    let web = try TempWeb(socket: daemon.socketPath, arguments: ["--read-write"])
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }

    let status = try object(try web.request("/api/status"))
    try check("status", status)
    try check("storage", status["storage"])
    for session in try list(try web.request("/api/sessions")) { try check("session", session) }
    for window in try list(try web.request("/api/windows")) { try check("window", window) }
    try check("window", try object(try web.request("/api/windows/w1")))
    let controllers = try list(try web.request("/api/controllers"))
    XCTAssertEqual(controllers.count, 3)
    for controller in controllers { try check("controller", controller) }

    let tree = try object(try web.request("/api/windows/w1/tree?views=1"))
    try check("tree", tree)
    try check("window", tree["window"])
    let root = try XCTUnwrap(tree["root"] as? [String: Any])
    try check("controller node", root)
    XCTAssertTrue(root["selected_index"] is NSNull, "a navigation controller has no selected index")
    XCTAssertTrue(root["presentation"] is NSNull)
    for child in try XCTUnwrap(root["children"] as? [Any]) { try check("controller node", child) }
    try check("view", tree["views"])
    XCTAssertTrue(try object(try web.request("/api/windows/w1/tree"))["views"] is NSNull)

    let pushed = try object(
      try web.request("/api/controllers/@Nav/push", post: #"{"controller":"@Detail"}"#))
    try check("operation", pushed)
    XCTAssertFalse(pushed["transition"] is NSNull, "a push runs a transition")
    let transitions = try list(try web.request("/api/transitions"))
    XCTAssertEqual(transitions.count, 1)
    for transition in transitions { try check("transition", transition) }
    XCTAssertFalse(transitions[0]["from"] is NSNull, "a push from the top controller")
    try check(
      "clock", try object(try web.request("/api/windows/w1/advance", post: #"{"seconds":1}"#)))
    try check("error", try object(try web.request("/api/windows/w9"))["error"])

    XCTAssertEqual(
      checked,
      [
        "status", "storage", "session", "window", "controller", "tree", "controller node", "view",
        "operation", "transition", "clock", "error",
      ])
  }
}
