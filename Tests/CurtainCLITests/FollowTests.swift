// `events --follow` and `frames --follow` end with an error when the daemon
// stops: "the daemon stopped" and exit status 1, as `watch` does (an
// interrupt is the normal end, with status 0). Following a window, they end
// when it is closed, saying so, with status 0.

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

  func testEventsFollowEndsWhenItsWindowIsClosed() throws {
    for extra in [[], ["--type", "lifecycle"], ["--json"]] {
      let output = try followUntilClosed(
        ["events", "w1", "--follow", "--from", "1"] + extra, ready: "Home")
      XCTAssertTrue(output.hasSuffix("curtain: w1 was closed\n"), "\(extra): \(output)")
      XCTAssertEqual(
        output.contains("window.closed"), extra != ["--type", "lifecycle"],
        "the close is printed unless --type leaves window events out: \(output)")
    }
  }

  func testFramesFollowEndsWhenItsWindowIsClosed() throws {
    // A push moved in small steps: a frame shows that the follower has
    // subscribed.
    let output = try followUntilClosed(
      ["frames", "w1", "--follow"], ready: "t=", setup: ["push", "@Nav", "@Detail", "--no-wait"]
    ) { cli, socket in
      _ = try runProgram(cli, ["--socket", socket, "advance", "w1", "0.005"])
    }
    XCTAssertTrue(output.hasSuffix("curtain: w1 was closed\n"), output)
  }

  /// `frames --fps 5` on a manual window: of a pop moved 1/60 s at a time
  /// from 1 s, the pop's first frame, the first from 1.2 s (ten left out)
  /// and its last (eight left out).
  func testFramesAtFiveASecondPrintTheFirstOfEachSlotAndTheEnds() throws {
    let output = try followUntilClosed(
      ["frames", "w1", "--follow", "--fps", "5"], ready: "t=",
      setup: ["push", "@Nav", "@Detail", "--no-wait"],
      prompt: { cli, socket in
        _ = try runProgram(cli, ["--socket", socket, "advance", "w1", "0.005"])
      },
      then: { cli, socket in
        _ = try runProgram(cli, ["--socket", socket, "advance", "w1", "--to", "1"])
        _ = try runProgram(cli, ["--socket", socket, "pop", "@Nav", "--no-wait"])
        for k in 1...30 {
          _ = try runProgram(
            cli, ["--socket", socket, "advance", "w1", "--to", "\(1 + Double(k) / 60)"])
        }
      })
    // The push's last frame is at 1 s (the step that ended it); the pop's
    // come after.
    let pop = output.split(separator: "\n").filter {
      $0.contains(" t=1.") && !$0.contains(" t=1.000")
    }
    XCTAssertEqual(pop.count, 3, output)
    let times = pop.map { $0.split(separator: " ").first { $0.hasPrefix("t=") } ?? "" }
    XCTAssertEqual(times, ["t=1.017", "t=1.200", "t=1.350"], output)
    XCTAssertEqual(
      pop.map { $0.contains("(skipped") ? String($0.suffix(12)) : "" },
      ["", "(skipped 10)", " (skipped 8)"], output)
    XCTAssertTrue(output.hasSuffix("curtain: w1 was closed\n"), output)
  }

  /// Starts `arguments` on a manual-clock window w1 (`Nav=nav[Home]`, with
  /// Detail to push, and the command `setup`), reads its output until
  /// `ready` (after `prompt`, run until then), runs `then`, closes the
  /// window and returns all it printed once it exited 0 by itself.
  private func followUntilClosed(
    _ arguments: [String], ready: String, setup: [String] = [],
    prompt: (String, String) throws -> Void = { _, _ in },
    then: (String, String) throws -> Void = { _, _ in }
  ) throws -> String {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let cli = try TempDaemon.cliURL().path
    let socket = daemon.socketPath
    _ = try runProgram(
      cli, ["--socket", socket, "new-window", "--clock", "manual", "--root", "Nav=nav[Home]"])
    _ = try runProgram(cli, ["--socket", socket, "new-controller", "content", "--id", "Detail"])
    if !setup.isEmpty { _ = try runProgram(cli, ["--socket", socket] + setup) }
    let follower = try GroupLeader(
      "exec \"$1\" --socket '\(socket)' --no-start "
        + arguments.map { "'\($0)'" }.joined(separator: " "), cli, environment: [:])
    defer { follower.killGroup() }
    var output = ""
    for _ in 0..<50 where !output.contains(ready) {
      try prompt(cli, socket)
      output += (try? follower.read(until: ready, seconds: 0.2)) ?? ""
    }
    XCTAssertTrue(output.contains(ready), output)
    try then(cli, socket)
    _ = try runProgram(cli, ["--socket", socket, "close-window", "w1"])
    output += try follower.read(until: nil, seconds: 10)
    let status = follower.wait()
    XCTAssertEqual(status.signal, 0, output)
    XCTAssertEqual(status.status, 0, output)
    return output
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
