import CurtainWire
import Foundation
import XCTest

/// The default socket rule against the cases the C and Python ports are
/// tested with too (Tests/Fixtures/socket-rule-cases.json).
final class SocketRuleTests: XCTestCase {
  /// One case of the shared table.
  struct Case: Decodable {
    var env: [String: String]
    var uid: UInt32
    var name: String
    var path: String
  }

  /// The shared table.
  struct Table: Decodable {
    var cases: [Case]
  }

  static func sharedCases() throws -> [Case] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/socket-rule-cases.json")
    return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)).cases
  }

  func testTheRuleAnswersEverySharedCase() throws {
    let cases = try Self.sharedCases()
    XCTAssertGreaterThanOrEqual(cases.count, 10)
    for item in cases {
      XCTAssertEqual(
        SocketRule.path(environment: item.env, uid: item.uid, name: item.name), item.path,
        "\(item.env) uid \(item.uid) name \(item.name)")
    }
  }

  func testWhichPartOfTheRuleChoseThePath() {
    XCTAssertEqual(
      SocketRule.resolve(environment: ["CURTAIN_SOCKET": "/x.sock"], uid: 1).source, .curtainSocket)
    XCTAssertEqual(
      SocketRule.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/1"], uid: 1).source,
      .runtimeDirectory)
    XCTAssertEqual(
      SocketRule.resolve(environment: ["CURTAIN_SOCKET": ""], uid: 1).source, .temporaryDirectory)
  }

  func testTheProcessEnvironmentHoldsOnlyTheRulesVariables() {
    let environment = SocketRule.processEnvironment()
    XCTAssertTrue(Set(environment.keys).isSubset(of: SocketRule.variables))
    XCTAssertEqual(
      SocketRule.processPath(), SocketRule.path(environment: environment, uid: UInt32(getuid())))
  }
}
