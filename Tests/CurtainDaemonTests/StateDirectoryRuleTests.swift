// A socket's default state directory follows its whole path
// (StateDirectoryRule): two sockets of one file name in different
// directories run at once, each with its own sessions; the directory of the
// rule before it (the file name alone) is moved for the default socket,
// never for another socket or while a daemon holds it; and a second daemon
// on a state directory is told whose it is and which flags choose another.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

@testable import CurtainDaemon

#if canImport(Glibc)
  import Glibc
#endif

final class StateDirectoryRuleTests: XCTestCase {
  /// This test's $XDG_STATE_HOME.
  private var stateHome = ""

  override func setUpWithError() throws {
    var template = Array("/tmp/curtain-home-XXXXXX".utf8CString)
    stateHome = String(cString: try XCTUnwrap(mkdtemp(&template)))
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: stateHome)
  }

  // MARK: The rule

  func testTheDirectoryIsTheSocketsNameAndADigestOfItsWholePath() {
    let environment = ["XDG_STATE_HOME": "/state", "HOME": "/home/me"]
    let a = StateDirectoryRule.defaultDirectory(
      socketPath: "/tmp/x/a.sock", environment: environment, workingDirectory: "/")
    let b = StateDirectoryRule.defaultDirectory(
      socketPath: "/tmp/y/a.sock", environment: environment, workingDirectory: "/")
    // FNV-1a 64 of "/tmp/x/a.sock", its upper 32 bits in hex.
    XCTAssertEqual(a, "/state/curtain/a-\(Self.digest("/tmp/x/a.sock"))")
    XCTAssertNotEqual(a, b)
    XCTAssertTrue(b?.hasPrefix("/state/curtain/a-") == true, String(describing: b))
    // One socket, however it is written.
    for spelling in ["x/a.sock", "./x/a.sock", "x//a.sock"] {
      XCTAssertEqual(
        StateDirectoryRule.defaultDirectory(
          socketPath: spelling, environment: environment, workingDirectory: "/tmp/"), a,
        spelling)
    }
    XCTAssertEqual(
      StateDirectoryRule.defaultDirectory(
        socketPath: "/run/.sock", environment: ["HOME": "/home/me/"], workingDirectory: "/"),
      "/home/me/.local/state/curtain/default-\(Self.digest("/run/.sock"))")
    XCTAssertNil(
      StateDirectoryRule.defaultDirectory(
        socketPath: "/a.sock", environment: ["XDG_STATE_HOME": "relative"],
        workingDirectory: "/"))
    XCTAssertEqual(
      StateDirectoryRule.legacyDirectory(socketPath: "/tmp/x/a.sock", environment: environment),
      "/state/curtain/a")
  }

  // MARK: Daemons

  func testTwoSocketsOfOneNameInDifferentDirectoriesRunAtOnce() throws {
    let first = try TempDaemon(stateHome: stateHome)
    defer { first.stop() }
    let second = try TempDaemon(stateHome: stateHome)
    defer { second.stop() }
    XCTAssertEqual(
      (first.socketPath as NSString).lastPathComponent,
      (second.socketPath as NSString).lastPathComponent)
    var directories: [String] = []
    for (daemon, identifier) in [(first, "First"), (second, "Second")] {
      let client = try TestClient(path: daemon.socketPath)
      defer { client.close() }
      try client.make(.content, identifier)
      let storage = try client.call { $0.getStatus = .init() }.status.storage
      XCTAssertEqual(
        storage.stateDirectory,
        stateHome + "/curtain/d-" + Self.digest(daemon.socketPath))
      XCTAssertEqual(
        try String(contentsOfFile: storage.stateDirectory + "/socket", encoding: .utf8),
        daemon.socketPath + "\n", "the directory records its socket")
      let controllers = try client.call { $0.listControllers = .init() }.controllers.controllers
      XCTAssertEqual(controllers.map(\.identifier), [identifier], "each keeps its own sessions")
      directories.append(storage.stateDirectory)
    }
    XCTAssertNotEqual(directories[0], directories[1])
  }

  func testTheDefaultSocketsOldDirectoryIsMovedToItsNewPlace() throws {
    let old = stateHome + "/curtain/default"
    try makeOldDirectory(old, keeping: "Kept")
    let daemon = try TempDaemon(socket: .runtimeDirectory, stateHome: stateHome)
    defer { daemon.stop() }
    let new = stateHome + "/curtain/default-" + Self.digest(daemon.socketPath)
    let client = try TestClient(path: daemon.socketPath)
    defer { client.close() }
    XCTAssertEqual(try client.call { $0.getStatus = .init() }.status.storage.stateDirectory, new)
    let controllers = try client.call { $0.listControllers = .init() }.controllers.controllers
    XCTAssertEqual(controllers.map(\.identifier), ["Kept"], "the sessions came along")
    XCTAssertFalse(FileManager.default.fileExists(atPath: old))
    XCTAssertTrue(
      daemon.stderr.contains("moved the state directory \(old) to \(new)"), daemon.stderr)
  }

  func testAnotherSocketsOldDirectoryIsLeftWithTheCommandThatAdoptsIt() throws {
    // `d`: the old directory of every socket named d.sock, this test's
    // daemon's among them.
    let old = stateHome + "/curtain/d"
    try makeOldDirectory(old, keeping: "Elsewhere")
    let daemon = try TempDaemon(stateHome: stateHome)
    defer { daemon.stop() }
    let new = stateHome + "/curtain/d-" + Self.digest(daemon.socketPath)
    let client = try TestClient(path: daemon.socketPath)
    defer { client.close() }
    XCTAssertEqual(try client.call { $0.getStatus = .init() }.status.storage.stateDirectory, new)
    XCTAssertEqual(
      try client.call { $0.listControllers = .init() }.controllers.controllers.count, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: old + "/state.sqlite3"), "left alone")
    XCTAssertTrue(
      daemon.stderr.contains(
        "warning curtaind: \(old) holds sessions of an older curtaind, which kept one directory "
          + "for every socket named d.sock, so it may be another socket's; this daemon uses "
          + "\(new). If they are this socket's, stop this daemon and `mv \(old) \(new)`, or "
          + "start it with --state-dir \(old)"),
      daemon.stderr)
  }

  func testAnOldDirectoryADaemonHoldsIsNotMoved() throws {
    let old = stateHome + "/curtain/default"
    try makeOldDirectory(old, keeping: "Busy")
    let lock = open(old + "/lock", O_RDWR | O_CLOEXEC)
    XCTAssertGreaterThanOrEqual(lock, 0)
    defer { close(lock) }
    XCTAssertEqual(flock(lock, LOCK_EX | LOCK_NB), 0)
    let daemon = try TempDaemon(socket: .runtimeDirectory, stateHome: stateHome)
    defer { daemon.stop() }
    let new = stateHome + "/curtain/default-" + Self.digest(daemon.socketPath)
    XCTAssertTrue(FileManager.default.fileExists(atPath: old + "/state.sqlite3"))
    XCTAssertTrue(
      daemon.stderr.contains("\(old) is not moved to \(new): another curtaind uses it"),
      daemon.stderr)
  }

  func testASecondDaemonOnAStateDirectoryIsToldWhoseItIsAndWhatToDo() throws {
    let directory = stateHome + "/shared"
    let daemon = try TempDaemon(arguments: ["--state-dir", directory])
    defer { daemon.stop() }
    XCTAssertThrowsError(try TempDaemon(arguments: ["--state-dir", directory])) { error in
      XCTAssertTrue(
        "\(error)".contains(
          "curtaind: cannot lock the state directory \(directory): another curtaind uses it "
            + "(on \(daemon.socketPath)); stop it, or start this one with --state-dir DIR "
            + "(another directory) or --ephemeral"),
        "\(error)")
    }
  }

  // MARK: Helpers

  /// Eight hex digits of the FNV-1a hash of `path`, as the rule takes them.
  private static func digest(_ path: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash >> 32, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// A state directory as curtaind 0.1.0 left it at `path` (no socket
  /// recorded), holding a controller `identifier`.
  private func makeOldDirectory(_ path: String, keeping identifier: String) throws {
    let daemon = try TempDaemon(arguments: ["--state-dir", path])
    let client = try TestClient(path: daemon.socketPath)
    try client.make(.content, identifier)
    client.close()
    XCTAssertEqual(daemon.stop().status, 0)
    try FileManager.default.removeItem(atPath: path + "/socket")
  }
}
