// The project's own recordings (Tests/Fixtures/recordings, made by
// scripts/recordings.sh from the tour and the examples; docs/recordings.md)
// replay identical on this build, against the real curtaind. A change of
// Curtain's behaviour fails here with the first difference; an intended
// one rewrites them (`curtain replay FILE --update`).

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class RecordingFixtureTests: XCTestCase {
  func testTheCommittedRecordingsReplayIdentical() throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/recordings")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    XCTAssertEqual(
      files,
      [
        "example-bounce.json", "example-shop.json", "tour-interactive-pop.json",
        "tour-navigation.json", "tour-sheet.json", "tour-tabs.json",
      ])
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "fixtures")
    defer { client.close() }
    for file in files {
      let document = try Data(contentsOf: directory.appendingPathComponent(file))
      let checked = try client.call { $0.checkRecording.document = document }
      XCTAssertEqual(checked.error.code, .unspecified, "\(file): \(checked.error.message)")
      XCTAssertTrue(
        checked.recordingCheck.identical,
        "\(file): \(checked.recordingCheck.difference.explanation)")
      XCTAssertGreaterThan(checked.recordingCheck.inputs, 2, file)
      XCTAssertGreaterThan(checked.recordingCheck.events, 5, file)
    }
  }
}
