// The JSON API's names in paths against the table every client is tested
// with (Tests/Fixtures/name-cases.json): a name that reads reaches the
// daemon (which finds nothing of that id or identifier), one that does not
// is a 404 with the CLI's message.

import CurtainTesting
import Foundation
import XCTest

final class NameCasesWebTests: XCTestCase {
  /// One case of the shared table: the CLI's reading, and curtain-web's own
  /// where it differs (`web`).
  struct Case: Decodable {
    struct Reading: Decodable {
      var id: UInt64?
      var identifier: String?
      var error: String?
    }
    var kind: String
    var text: String
    var id: UInt64?
    var identifier: String?
    var error: String?
    var web: Reading?
  }

  struct Table: Decodable {
    var cases: [Case]
  }

  func testPathsReadEverySharedCase() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/name-cases.json")
    let cases = try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)).cases
    XCTAssertGreaterThanOrEqual(cases.count, 40)
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    let web = try TempWeb(socket: daemon.socketPath, arguments: ["--read-write"])
    defer { XCTAssertEqual(web.stop(), 0, web.stderr) }
    var pathSafe = CharacterSet.urlPathAllowed
    pathSafe.remove("/")
    for item in cases where !item.text.isEmpty {
      let label = "\(item.kind) '\(item.text)'"
      let name = try XCTUnwrap(item.text.addingPercentEncoding(withAllowedCharacters: pathSafe))
      let reading =
        item.web ?? Case.Reading(id: item.id, identifier: item.identifier, error: item.error)
      let answer: TempWeb.Answer
      let found: String
      switch item.kind {
      case "window":
        answer = try web.request("/api/windows/\(name)")
        found = "No window w\(reading.id ?? 0) in session 'default'"
      case "transition":
        answer = try web.request("/api/transitions/\(name)/finish", post: "{}")
        found = "No window of the session is running transition t\(reading.id ?? 0) "
      default:
        answer = try web.request("/api/controllers/\(name)")
        let ref = reading.identifier.map { "@\($0)" } ?? "c\(reading.id ?? 0)"
        found = "No view controller \(ref) in session 'default'"
      }
      let error = try XCTUnwrap(
        (try answer.json() as? [String: Any])?["error"] as? [String: Any],
        "\(label): \(answer.body)")
      XCTAssertEqual(answer.status, 404, "\(label): \(answer.body)")
      let message = try XCTUnwrap(error["message"] as? String, label)
      if let expected = reading.error {
        XCTAssertEqual(message, expected, label)
      } else {
        XCTAssertTrue(message.hasPrefix(found), "\(label): \(message) does not start with \(found)")
      }
    }
    // An empty name is no route at all.
    for path in ["/api/windows//tree", "/api/controllers//push", "/api/transitions//finish"] {
      let answer = try web.request(path, post: path.hasSuffix("tree") ? nil : "{}")
      XCTAssertEqual(answer.status, 404, "\(path): \(answer.body)")
    }
  }
}
