import CurtainCLIKit
import CurtainWire
import Foundation
import XCTest

/// The CLI's names against the table every client is tested with
/// (Tests/Fixtures/name-cases.json; the Python, C and web API tests read it
/// too).
final class NameCasesTests: XCTestCase {
  /// One case of the shared table (the `python` and `web` readings are
  /// those clients' own).
  struct Case: Decodable {
    var kind: String
    var text: String
    var id: UInt64?
    var identifier: String?
    var error: String?
  }

  /// The shared table.
  struct Table: Decodable {
    var cases: [Case]
  }

  static func sharedCases() throws -> [Case] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/name-cases.json")
    return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)).cases
  }

  func testTheCLIReadsEverySharedCase() throws {
    let cases = try Self.sharedCases()
    XCTAssertGreaterThanOrEqual(cases.count, 40)
    XCTAssertEqual(Set(cases.map(\.kind)), ["window", "transition", "controller"])
    for item in cases {
      let label = "\(item.kind) '\(item.text)'"
      XCTAssertEqual(
        [item.id != nil, item.identifier != nil, item.error != nil].filter { $0 }.count, 1,
        "\(label): give one of id, identifier, error")
      let read: Result<Curtain_V1_ControllerRef.OneOf_Ref, TargetNameError> = Result {
        switch item.kind {
        case "window": return .id(try TargetName.window(item.text))
        case "transition": return .id(try TargetName.transition(item.text))
        case "controller":
          let ref = try TargetName.controller(item.text)
          return try XCTUnwrap(ref.ref, label)
        default:
          XCTFail("\(label): unknown kind")
          return .id(0)
        }
      }.mapError { $0 as? TargetNameError ?? TargetNameError("\($0)") }
      switch read {
      case .success(.id(let id)):
        XCTAssertEqual(id, item.id, label)
        XCTAssertNil(item.error, "\(label) reads as id \(id)")
      case .success(.identifier(let identifier)):
        XCTAssertEqual(identifier, item.identifier, label)
        XCTAssertNil(item.error, "\(label) reads as identifier \(identifier)")
      case .failure(let error):
        XCTAssertEqual(error.description, item.error, label)
      }
    }
  }
}
