// Sessions stored by curtaind versions before the protobuf session image
// (docs/durability.md, "Snapshots"), with the real daemon: the state
// database of snapshot format 3 (binary) and the version 1 portable
// document (a JSON snapshot of format 2) that the same sessions gave, both
// written by the curtaind of main at 70e48a5
// (Tests/Fixtures/snapshot-format-3, made by its make.sh). Each restores to
// exactly what that daemon showed (expected.jsonl: every window's tree and
// kept events, every controller, by id), and is written again in the
// current format, which restores the same. (Formats 1 and 2:
// SnapshotCompactionTests; a version 1 document of format 1:
// SessionDocumentTests.)

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class OldFormatTests: StateDirectoryTestCase {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/snapshot-format-3")

  private var expected: [SessionFixtureState.Line] {
    get throws {
      SessionFixtureState.lines(
        try String(
          contentsOf: Self.fixtures.appendingPathComponent("expected.jsonl"), encoding: .utf8))
    }
  }

  func testAFormat3DatabaseRestoresExactlyAndIsWrittenAgainInTheCurrentFormat() throws {
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent("state.sqlite3"),
      to: URL(fileURLWithPath: stateDirectory + "/state.sqlite3"))
    XCTAssertEqual(try formats(), ["03", "03"], "the fixture holds two sessions in format 3")
    let daemon = try startDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "format 3")
    try SessionFixtureState.assertEqual(
      try SessionFixtureState.dump(client), try expected, "restored from format 3")
    client.close()
    XCTAssertEqual(daemon.stop().status, 0, daemon.stderr)
    XCTAssertEqual(try formats(), ["04", "04"], "a clean stop writes the current format")

    let again = try startDaemon()
    let reader = try TestClient(path: again.socketPath, name: "format 4")
    try SessionFixtureState.assertEqual(
      try SessionFixtureState.dump(reader), try expected, "restored from format 4")
    reader.close()
    XCTAssertEqual(again.stop().status, 0, again.stderr)
  }

  func testAVersion1DocumentOfFormat2ImportsExactly() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "importer")
    defer { client.close() }
    let document = try Data(contentsOf: Self.fixtures.appendingPathComponent("export.json"))
    let imported = try client.call { $0.importSession.document = document }
    XCTAssertEqual(imported.imported.name, "default", imported.error.message)
    let ofDefault = { (lines: [SessionFixtureState.Line]) in
      lines.filter { $0.label.hasPrefix("default ") }
    }
    let expectedDefault = ofDefault(try expected)
    XCTAssertFalse(expectedDefault.isEmpty)
    try SessionFixtureState.assertEqual(
      ofDefault(try SessionFixtureState.dump(client)), expectedDefault, "imported")
    // Exported again, it is a document of version 2 that imports the same.
    let exported = try client.call(session: "default") { $0.exportSession = .init() }
    let again = try client.call {
      $0.importSession.document = exported.sessionDocument.document
      $0.importSession.name = "copy"
    }
    XCTAssertEqual(again.imported.name, "copy", again.error.message)
    let copy = try SessionFixtureState.dump(client).filter { $0.label.hasPrefix("copy ") }
    XCTAssertEqual(
      copy.map { String($0.label.dropFirst("copy ".count)) },
      expectedDefault.map { String($0.label.dropFirst("default ".count)) })
  }

  /// The format of each stored snapshot, by session.
  private func formats() throws -> [String] {
    let rows = try stateSQL(
      "SELECT CASE WHEN substr(image, 1, 1) = x'89' THEN hex(substr(image, 5, 1)) "
        + "WHEN substr(image, 1, 1) = x'08' THEN hex(substr(image, 2, 1)) ELSE '' END "
        + "FROM snapshot ORDER BY session",
      database: stateDirectory + "/state.sqlite3")
    return rows.split(separator: "\n").map(String.init)
  }
}
