// Real storage failures (docs/durability.md, "Damage and errors"): a
// curtaind whose database writes start failing while it runs (RLIMIT_FSIZE
// lowered: writes past it get EFBIG, as on a full disk) logs it, shows it
// in `status` and answers changes with UNAVAILABLE instead of acknowledging
// them; nothing it acknowledged is lost. A state directory that cannot be
// written, or a disk with no room for the database, stops the start with
// a clear error.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class StorageFailureTests: StateDirectoryTestCase {
  func testAWriteFailureWhileRunningIsReportedAndRefusesChanges() throws {
    // Room for the new database and some records, not for many.
    let daemon = try TempDaemon(
      arguments: ["--state-dir", stateDirectory], fileSizeLimit: 192 * 1024)
    let client = try TestClient(path: daemon.socketPath, name: "filling")
    var acknowledged: [String] = []
    var refusal: WireResponse?
    for index in 0..<5000 {
      let response = try client.call {
        $0.createController.kind = .content
        $0.createController.identifier = "C\(index)"
        $0.createController.title = String(repeating: "x", count: 200)
      }
      guard response.error.code == .unspecified else {
        refusal = response
        break
      }
      acknowledged.append("C\(index)")
    }
    let refused = try XCTUnwrap(refusal, "the writes never failed")
    XCTAssertEqual(refused.error.code, .unavailable, refused.error.message)
    XCTAssertTrue(
      refused.error.message.contains("could not be recorded; it will not survive a restart"),
      refused.error.message)
    XCTAssertGreaterThan(acknowledged.count, 0)

    // Every later change is refused; reading goes on.
    let later = try client.call {
      $0.createController.kind = .content
      $0.createController.identifier = "Later"
    }
    XCTAssertEqual(later.error.code, .unavailable)
    XCTAssertEqual(
      try client.call { $0.listControllers = .init() }.controllers.controllers.count,
      acknowledged.count + 1)
    let storage = try client.call { $0.getStatus = .init() }.status.storage
    XCTAssertFalse(storage.available)
    XCTAssertFalse(storage.error.isEmpty)
    client.close()
    XCTAssertEqual(daemon.stop().status, 0, daemon.stderr)
    XCTAssertTrue(
      daemon.stderr.contains("cannot write the state database; refusing mutating requests"),
      daemon.stderr)

    // After a restart with room, every acknowledged change is back.
    let restarted = try startDaemon()
    defer { restarted.stop() }
    let checker = try TestClient(path: restarted.socketPath, name: "checker")
    defer { checker.close() }
    let names = try checker.call { $0.listControllers = .init() }.controllers.controllers.map(
      \.identifier)
    XCTAssertEqual(Array(names.prefix(acknowledged.count)), acknowledged)
    XCTAssertLessThanOrEqual(names.count, acknowledged.count + 1)
    XCTAssertTrue(try checker.call { $0.getStatus = .init() }.status.storage.available)
  }

  func testCurtainStatusShowsAWriteFailure() throws {
    let daemon = try TempDaemon(
      arguments: ["--state-dir", stateDirectory], fileSizeLimit: 192 * 1024)
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "filling")
    defer { client.close() }
    for index in 0..<5000 {
      let response = try client.call {
        $0.createController.kind = .content
        $0.createController.identifier = "C\(index)"
        $0.createController.title = String(repeating: "x", count: 200)
      }
      if response.error.code != .unspecified { break }
    }
    let cli = try TempDaemon.cliURL().path
    let (status, output) = try runProcess(
      cli, ["--socket", daemon.socketPath, "--no-start", "status"])
    XCTAssertEqual(status, 0, output)
    XCTAssertTrue(
      output.contains("NOT RECORDING CHANGES (mutating requests are refused): "), output)
  }

  func testAStateDirectoryThatCannotBeWrittenStopsTheStart() throws {
    let directory: String
    if geteuid() == 0 {
      // Root writes through permissions: a file system that takes no new
      // files instead.
      directory = "/sys/fs"
    } else {
      XCTAssertEqual(chmod(stateDirectory, 0o500), 0)
      directory = stateDirectory
    }
    defer { chmod(stateDirectory, 0o700) }
    XCTAssertThrowsError(try TempDaemon(arguments: ["--state-dir", directory])) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("exited with status 1: "), text)
      XCTAssertTrue(text.contains("curtaind: ") && text.contains(directory), text)
    }
    XCTAssertThrowsError(try TempDaemon(arguments: ["--state-dir", directory + "/sub/dir"])) {
      error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("cannot create the state directory \(directory)/sub"), text)
    }
  }

  func testADiskWithNoRoomForTheDatabaseStopsTheStart() throws {
    XCTAssertThrowsError(
      try TempDaemon(arguments: ["--state-dir", stateDirectory], fileSizeLimit: 0)
    ) { error in
      let text = "\(error)"
      XCTAssertTrue(text.contains("exited with status 1: "), text)
      XCTAssertTrue(text.contains("cannot write the state database"), text)
    }
  }
}
