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
