// `events --follow` and `frames --follow` end with an error when the daemon
// stops: "the daemon stopped" and exit status 1, as `watch` does (an
// interrupt is the normal end, with status 0).

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class FollowTests: XCTestCase {
  func testEventsFollowSaysTheDaemonStopped() throws {
    try checkFollower(["events", "--follow"])
  }

  func testFramesFollowSaysTheDaemonStopped() throws {
    try checkFollower(["frames", "w1", "--follow"])
  }

  /// Starts the follower, stops the daemon under it, and checks how it ends.
  private func checkFollower(_ arguments: [String]) throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath)
    try client.call { $0.createWindow = Curtain_V1_CreateWindow() }
    let follower = Process()
    follower.executableURL = try TempDaemon.cliURL()
    follower.arguments = ["--socket", daemon.socketPath, "--no-start"] + arguments
    let output = Pipe()
    follower.standardOutput = output
    follower.standardError = output
    try follower.run()
    defer { if follower.isRunning { follower.terminate() } }
    // The follower is there once the daemon counts two clients (asking,
    // and reading whatever comes for a moment between questions).
    var clients: UInt32 = 0
    for _ in 0..<500 where clients < 2 {
      clients = try client.call { $0.getStatus = Curtain_V1_GetStatus() }.status.clients
      if clients < 2 { try client.drain(timeout: 0.02) }
    }
    XCTAssertEqual(clients, 2, "the follower connected")
    _ = try? client.call { $0.shutdown = Curtain_V1_Shutdown() }
    follower.waitUntilExit()
    daemon.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(follower.terminationStatus, 1, text)
    XCTAssertTrue(text.hasSuffix("curtain: the daemon stopped\n"), text)
  }
}
