// `curtain trace` (docs/traces.md): the file it writes is the window's whole
// trace and reads cleanly (ChromeTraceFile.problems); with --follow it is
// rewritten as the window's events come, stays whole at every moment, and
// the command ends with the window.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class TraceCommandTests: XCTestCase {
  private func read(_ path: String) throws -> ChromeTraceFile {
    let file = try ChromeTraceFile(json: try Data(contentsOf: URL(fileURLWithPath: path)))
    XCTAssertEqual(file.problems, [], path)
    return file
  }

  private func operations(_ file: ChromeTraceFile) -> [String] {
    file.events.filter { $0.phase == "X" && $0.pid == 1 && $0.category == "operation" }
      .compactMap { $0.arg("kind") }
  }

  func testTheFileIsTheWholeTraceAndAFollowRewritesItUntilTheWindowCloses() throws {
    let setup = try DaemonCLI("trace")
    defer { setup.close() }
    let (directory, cli, socket) = (setup.directory, setup.cli, setup.socket)
    _ = try setup.curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    _ = try setup.curtain("new-controller", "content", "--id", "Detail")
    _ = try setup.curtain("push", "@Nav", "@Detail", "--no-wait")
    _ = try setup.curtain("advance", "w1", "0.5")
    let path = directory + "/push.trace.json"
    let printed = try setup.curtain("trace", "w1", "-o", path)
    let whole = try read(path)
    XCTAssertEqual(operations(whole), ["push", "operation"])
    XCTAssertEqual(
      printed,
      "w1: \(whole.events.filter { $0.phase != "M" }.count) trace events, events 1-"
        + "\((whole.metadata["last_seq"] as? NSNumber)?.intValue ?? 0) → \(path)\n")

    let followed = directory + "/follow.trace.json"
    let follower = try GroupLeader(
      "exec \"$1\" --socket '\(socket)' --no-start trace w1 --follow -o '\(followed)'", cli,
      environment: [:])
    defer { follower.killGroup() }
    // The first call writes what happened so far (the root, set by
    // new-window itself, is an operation without a request of its own).
    for _ in 0..<100 where !FileManager.default.fileExists(atPath: followed) { usleep(50_000) }
    XCTAssertEqual(operations(try read(followed)), ["push", "operation"])
    _ = try setup.curtain("pop", "@Nav", "--no-wait")
    _ = try setup.curtain("advance", "w1", "1")
    var seen: [String] = []
    for _ in 0..<100 where seen.count < 3 {
      usleep(50_000)
      seen = operations(try read(followed))
    }
    XCTAssertEqual(seen, ["push", "operation", "pop"], "the pop, added once")
    _ = try setup.curtain("close-window", "w1")
    let output = try follower.read(until: nil, seconds: 10)
    let status = follower.wait()
    XCTAssertEqual(status.status, 0, output)
    XCTAssertEqual(output, "curtain: w1 was closed\n")
  }
}
