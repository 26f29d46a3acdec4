// The default socket rule end to end: curtaind listens on $CURTAIN_SOCKET
// when no --socket is given, and the CLI finds it there; --socket still wins,
// and an empty CURTAIN_SOCKET is as good as none. (The rule's cases are
// SocketRuleTests', in CurtainWireTests.)

import CurtainTesting
import Foundation
import XCTest

final class DefaultSocketTests: XCTestCase {
  func testCurtaindAndTheCLIUseCurtainSocket() throws {
    let daemon = try TempDaemon(socket: .curtainSocketVariable)
    let runtime = daemon.directory + "/runtime"
    XCTAssertTrue(FileManager.default.fileExists(atPath: daemon.socketPath))
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: runtime + "/curtain/default.sock"),
      "CURTAIN_SOCKET wins over XDG_RUNTIME_DIR")

    let cli = try TempDaemon.cliURL().path
    let found = try spawnProgram(
      cli, ["status", "--no-start"],
      environment: ["CURTAIN_SOCKET": daemon.socketPath, "XDG_RUNTIME_DIR": runtime])
    XCTAssertEqual(found.status, 0, found.output)
    XCTAssertTrue(found.output.contains("listening on \(daemon.socketPath)"), found.output)

    let elsewhere = daemon.directory + "/elsewhere.sock"
    let chosen = try spawnProgram(
      cli, ["status", "--no-start", "--socket", elsewhere],
      environment: ["CURTAIN_SOCKET": daemon.socketPath])
    XCTAssertEqual(chosen.status, 1)
    XCTAssertEqual(chosen.output, "curtain: no daemon is listening on \(elsewhere)\n")

    let empty = try spawnProgram(
      cli, ["status", "--no-start"],
      environment: ["CURTAIN_SOCKET": "", "XDG_RUNTIME_DIR": runtime])
    XCTAssertEqual(empty.status, 1)
    XCTAssertEqual(
      empty.output, "curtain: no daemon is listening on \(runtime)/curtain/default.sock\n")

    let (status, removed) = daemon.stop()
    XCTAssertEqual(status, 0)
    XCTAssertTrue(removed, "curtaind removes the socket it took from CURTAIN_SOCKET")
  }
}
