// `curtain watch` for real: the built CLI runs in a detached tmux session of
// a fixed size (its own tmux server on a socket in the test's temporary
// directory) against a real curtaind. The test pushes a controller on a
// manual-clock window, steps the clock, and reads the pane with
// `capture-pane` until the picture it expects appears; the terminal is the
// one thing here that cannot be synchronised with, so the reads poll with a
// deadline. Then it types `q` and checks that the program exited with 0.
// The tmux server, the daemon and both sockets are gone at the end.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class WatchTests: XCTestCase {
  func testWatchAnimatesAPushAndQuitsOnQ() throws {
    let daemon = try TempDaemon()
    defer {
      let (status, removed) = daemon.stop()
      XCTAssertEqual(status, 0, "curtaind exit status")
      XCTAssertTrue(removed, "curtaind removed its socket")
    }
    let cli = try TempDaemon.cliURL().path
    let curtain = { (arguments: [String]) throws -> String in
      try runProgram(cli, ["--socket", daemon.socketPath, "--no-start"] + arguments)
    }
    XCTAssertEqual(
      try curtain(["new-window", "--clock", "manual", "--root", "Nav=nav[Home]"]), "w1\n")
    _ = try curtain(["new-controller", "content", "--id", "Detail"])

    let tmux = try Tmux(directory: daemon.directory, columns: 80, rows: 30)
    defer { tmux.stop() }
    try tmux.start([cli, "--socket", daemon.socketPath, "--no-start", "watch", "w1"])

    let still = try tmux.waitForPane { $0.last == "w1 390×844 manual t=0.000 · idle · q quits" }
    let home = try XCTUnwrap(column(of: "│Home", in: still))
    XCTAssertNil(column(of: "│De", in: still))

    _ = try curtain(["push", "@Nav", "@Detail", "--no-wait"])
    _ = try curtain(["advance", "w1", "0.1"])
    let early = try tmux.waitForPane {
      $0.last?.contains("t=0.100 · t1 push Home → Detail") == true
    }
    XCTAssertEqual(early.last, "w1 390×844 manual t=0.100 · t1 push Home → Detail 29% · q quits")
    let first = try XCTUnwrap(column(of: "│De", in: early), early.joined(separator: "\n"))

    _ = try curtain(["advance", "w1", "0.1"])
    let later = try tmux.waitForPane { $0.last?.contains("t=0.200") == true }
    XCTAssertEqual(later.last, "w1 390×844 manual t=0.200 · t1 push Home → Detail 57% · q quits")
    let second = try XCTUnwrap(column(of: "│De", in: later), later.joined(separator: "\n"))
    XCTAssertLessThan(second, first, "Detail slides in from the right")
    XCTAssertGreaterThan(second, home)

    _ = try curtain(["advance", "w1", "1"])
    let done = try tmux.waitForPane { $0.last == "w1 390×844 manual t=1.200 · idle · q quits" }
    XCTAssertEqual(column(of: "│Detail", in: done), home, "Detail is where Home was")
    XCTAssertNil(column(of: "│Home", in: done))

    try tmux.sendKeys("q")
    let status = try tmux.waitForExit()
    XCTAssertEqual(status, 0, "watch exits 0 on q")
    let after = try tmux.capture()
    XCTAssertFalse(after.contains { $0.contains("q quits") }, "the alternate screen is gone")
  }

  /// The column where `text` starts on the first line holding it.
  private func column(of text: String, in lines: [String]) -> Int? {
    for line in lines {
      let characters = Array(line)
      let needle = Array(text)
      guard characters.count >= needle.count else { continue }
      for start in 0...(characters.count - needle.count)
      where Array(characters[start..<(start + needle.count)]) == needle {
        return start
      }
    }
    return nil
  }
}

/// A private tmux server with one detached session of a fixed size.
final class Tmux {
  private let socket: String
  private let configuration: String
  private let statusFile: String
  private let columns: Int
  private let rows: Int
  private var running = false

  init(directory: String, columns: Int, rows: Int) throws {
    socket = directory + "/tmux.sock"
    statusFile = directory + "/status"
    configuration = directory + "/tmux.conf"
    self.columns = columns
    self.rows = rows
    // A dead pane stays, so that what the program left on screen can be read.
    try "set -g remain-on-exit on\n".write(
      toFile: configuration, atomically: true, encoding: .utf8)
  }

  /// Starts the server with a session running `command`, through a shell
  /// that writes the command's exit status to `statusFile`.
  func start(_ command: [String]) throws {
    running = true
    let wrapper = ["/bin/sh", "-c", "\"$@\"; echo $? > '\(statusFile)'", "sh"]
    _ = try tmux(
      ["new-session", "-d", "-s", "watch", "-x", "\(columns)", "-y", "\(rows)"] + wrapper
        + command)
  }

  /// The pane's lines, trailing spaces removed, trailing empty lines kept
  /// out.
  func capture() throws -> [String] {
    let text = try tmux(["capture-pane", "-p", "-t", "watch"])
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop(while: { $0 == " " }).reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Reads the pane until `condition` holds (30 s at most: a loaded CI
  /// machine can be slow to start or redraw the program).
  func waitForPane(_ condition: ([String]) -> Bool) throws -> [String] {
    let deadline = MonotonicClock.now() + 30
    var lines = try capture()
    while !condition(lines) {
      guard MonotonicClock.now() < deadline else {
        throw ProgramError(
          "the pane never showed what was expected:\n\(lines.joined(separator: "\n"))")
      }
      usleep(20_000)
      lines = try capture()
    }
    return lines
  }

  /// Types keys into the pane.
  func sendKeys(_ keys: String) throws {
    _ = try tmux(["send-keys", "-t", "watch", keys])
  }

  /// Waits for the pane's program to exit and returns its status (from
  /// the file the wrapping shell writes: tmux's `pane_dead_status` is
  /// sometimes empty for a pane it already reports dead).
  func waitForExit() throws -> Int32 {
    let deadline = MonotonicClock.now() + 30
    while true {
      if let text = try? String(contentsOfFile: statusFile, encoding: .utf8),
        text.hasSuffix("\n"),
        let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return status
      }
      guard MonotonicClock.now() < deadline else {
        throw ProgramError("the program in the pane did not exit")
      }
      usleep(20_000)
    }
  }

  /// Stops the server (and with it anything still running in the pane).
  func stop() {
    guard running else { return }
    running = false
    _ = try? tmux(["kill-server"])
  }

  private func tmux(_ arguments: [String]) throws -> String {
    try runProgram("tmux", ["-S", socket, "-f", configuration] + arguments)
  }
}
