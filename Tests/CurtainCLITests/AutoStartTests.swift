// The CLI starts a daemon in the background when none answers (like tmux),
// `start` reports it, and `kill-server` stops it and leaves no socket and
// no process behind.

import CurtainTesting
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class AutoStartTests: XCTestCase {
  private var directory = ""
  private var daemonPID: Int32 = 0

  override func setUpWithError() throws {
    var template = Array("/tmp/curtain-test-XXXXXX".utf8CString)
    let made = try XCTUnwrap(mkdtemp(&template))
    directory = String(cString: made)
  }

  override func tearDown() {
    if daemonPID > 0, isAlive(daemonPID) { kill(daemonPID, SIGKILL) }
    try? FileManager.default.removeItem(atPath: directory)
  }

  func testCommandsStartADaemonWhenNoneAnswersAndKillServerStopsIt() throws {
    let socket = directory + "/s.sock"
    // --no-start: nothing is started.
    let refused = try curtain(["status", "--socket", socket, "--no-start"])
    XCTAssertEqual(refused.status, 1)
    XCTAssertEqual(refused.output, "curtain: no daemon is listening on \(socket)\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: socket))

    // Any command starts one and then does its work.
    let created = try curtain(["new-window", "--socket", socket, "--root", "nav[Home]"])
    XCTAssertEqual(created.status, 0, created.output)
    XCTAssertEqual(created.output, "w1\n")
    XCTAssertTrue(FileManager.default.fileExists(atPath: socket))
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: directory + "/s.log"),
      "the daemon logs beside its socket")

    // `start` finds it running and reports its pid.
    let started = try curtain(["start", "--socket", socket])
    XCTAssertEqual(started.status, 0, started.output)
    let prefix = "curtaind already running on \(socket) (pid "
    XCTAssertTrue(started.output.hasPrefix(prefix), started.output)
    daemonPID = Int32(started.output.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
    XCTAssertGreaterThan(daemonPID, 0)
    XCTAssertTrue(isAlive(daemonPID))

    // The state is the daemon's: a second command sees the window.
    let listed = try curtain(["list-windows", "--socket", socket])
    XCTAssertTrue(listed.output.hasPrefix("w1  390×844  realtime 60Hz"), listed.output)

    let killed = try curtain(["kill-server", "--socket", socket])
    XCTAssertEqual(killed.status, 0, killed.output)
    XCTAssertEqual(killed.output, "")
    XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "the socket is removed")
    XCTAssertTrue(waitUntilGone(daemonPID), "the daemon exited")

    // kill-server never starts one.
    let again = try curtain(["kill-server", "--socket", socket])
    XCTAssertEqual(again.status, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: socket))
  }

  /// Runs the built CLI; stdout and stderr together.
  private func curtain(_ arguments: [String]) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = try TempDaemon.cliURL()
    process.arguments = arguments
    // The daemon it starts keeps its state here, not in the user's home.
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = directory + "/state"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }

  /// Whether a process runs (a zombie waiting for its reaper counts as gone).
  private func isAlive(_ pid: Int32) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    return !status.contains("State:\tZ")
  }

  /// Waits (polling /proc, up to 10 s) until the process is gone. The daemon
  /// is not our child, so there is nothing to wait on.
  private func waitUntilGone(_ pid: Int32) -> Bool {
    for _ in 0..<1000 {
      if !isAlive(pid) { return true }
      usleep(10_000)
    }
    return false
  }
}
