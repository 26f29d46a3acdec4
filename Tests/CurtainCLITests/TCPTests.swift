// The CLI over TCP: `--socket tcp://HOST:PORT` reaches a daemon's TCP
// listener (`curtaind --listen`) with the token from --token-file or
// $CURTAIN_TOKEN; without it the daemon refuses, and no daemon is ever
// started for a TCP address.

import CurtainTesting
import Foundation
import XCTest

final class TCPTests: XCTestCase {
  func testTheCLIConnectsOverTCPWithTheToken() throws {
    let directory = NSTemporaryDirectory() + "curtain-tcp-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tokenFile = directory + "/token"
    try "s3cret\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
    let daemon = try TempDaemon(arguments: ["--listen", "127.0.0.1:0", "--token-file", tokenFile])
    defer {
      let (status, removed) = daemon.stop()
      XCTAssertEqual(status, 0)
      XCTAssertTrue(removed)
    }
    let port = try XCTUnwrap(daemon.tcpPort, daemon.stderr)
    let address = "tcp://127.0.0.1:\(port)"
    let cli = try TempDaemon.cliURL().path

    let created = try spawnProgram(
      cli, ["--socket", address, "--token-file", tokenFile, "new-window", "--root", "Nav=nav[A]"])
    XCTAssertEqual(created.status, 0, created.output)
    XCTAssertEqual(created.output, "w1\n")

    let fromEnvironment = try spawnProgram(
      cli, ["list-controllers", "--socket", address], environment: ["CURTAIN_TOKEN": "s3cret"])
    XCTAssertEqual(fromEnvironment.status, 0, fromEnvironment.output)
    XCTAssertEqual(
      fromEnvironment.output,
      "c1  content @A  w1, parent c2  appeared\nc2  navigation @Nav  w1  appeared\n")

    let refused = try spawnProgram(
      cli, ["status", "--socket", address], environment: ["CURTAIN_TOKEN": "guess"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertTrue(refused.output.hasPrefix("curtain: UNAUTHENTICATED: "), refused.output)

    let nobody = try spawnProgram(cli, ["status", "--socket", "tcp://127.0.0.1:1"])
    XCTAssertEqual(nobody.status, 1)
    XCTAssertEqual(nobody.output, "curtain: no daemon is listening on tcp://127.0.0.1:1\n")

    let malformed = try spawnProgram(cli, ["status", "--socket", "tcp://nowhere"])
    XCTAssertEqual(malformed.status, 2)
    XCTAssertTrue(
      malformed.output.contains("'tcp://nowhere' is not a TCP address"), malformed.output)
  }

  func testTheTokenFileGivesItsFirstTokenAndBadFilesAreNamed() throws {
    let directory = NSTemporaryDirectory() + "curtain-tcp-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // The daemon's own file: comments, blank lines, tokens with options.
    let daemonFile = directory + "/tokens"
    try """

    # Who may come in.
      ci-91bd sessions=ci read-only\r
    ops-7f3a admin

    """.write(toFile: daemonFile, atomically: true, encoding: .utf8)
    let daemon = try TempDaemon(arguments: ["--listen", "127.0.0.1:0", "--token-file", daemonFile])
    defer { daemon.stop() }
    let port = try XCTUnwrap(daemon.tcpPort, daemon.stderr)
    let address = "tcp://127.0.0.1:\(port)"
    let cli = try TempDaemon.cliURL().path

    let first = try spawnProgram(
      cli, ["list-sessions", "--socket", address, "--token-file", daemonFile])
    XCTAssertEqual(first.status, 0, first.output)
    let status = try spawnProgram(cli, ["status", "--socket", address, "--token-file", daemonFile])
    XCTAssertTrue(
      status.output.contains("this client's token grants sessions=ci read-only"), status.output)

    let empty = directory + "/empty"
    try "\n  \n# only a comment\n".write(toFile: empty, atomically: true, encoding: .utf8)
    for (file, message) in [
      (empty, "the token file \(empty) holds no token (every line is blank or a # comment)"),
      (directory + "/missing", "cannot read the token file \(directory)/missing: no such file"),
      (directory, "cannot read the token file \(directory): it is a directory"),
    ] {
      let refused = try spawnProgram(cli, ["status", "--socket", address, "--token-file", file])
      XCTAssertEqual(refused.status, 1, refused.output)
      XCTAssertEqual(refused.output, "curtain: \(message)\n")
    }
  }
}
