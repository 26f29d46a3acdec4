// `curtain lease` holds its connection for the lease's lifetime (a lease
// belongs to a connection, and a one-shot command's ends at once): it ends
// on expiry, on `curtain release` (an admin break) or on Ctrl-C, which
// releases first.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class LeaseCommandTests: XCTestCase {
  private var daemon: TempDaemon!
  private var cli = ""

  override func setUpWithError() throws {
    daemon = try TempDaemon()
    cli = try TempDaemon.cliURL().path
  }

  override func tearDown() {
    let (status, removed) = daemon.stop()
    XCTAssertEqual(status, 0)
    XCTAssertTrue(removed)
  }

  private func curtain(_ arguments: String...) throws -> (status: Int32, output: String) {
    try spawnProgram(cli, ["--socket", daemon.socketPath, "--no-start"] + arguments)
  }

  /// A window w1 `Nav=nav[A]` and a client subscribed to its window events.
  private func prepare() throws -> TestClient {
    XCTAssertEqual(try curtain("new-window", "--root", "Nav=nav[A]").output, "w1\n")
    XCTAssertEqual(try curtain("new-controller", "content", "--id", "B").output, "c3\n")
    let watcher = try TestClient(path: daemon.socketPath, name: "watcher")
    try watcher.call {
      $0.subscribe.windowID = 1
      $0.subscribe.events = true
      $0.subscribe.categories = [.window]
    }
    return watcher
  }

  /// Waits for the watcher's next lease event.
  private func nextLeaseEvent(_ watcher: TestClient) throws -> Curtain_V1_LeaseEvent {
    for _ in 0..<400 {
      try watcher.drain(timeout: 0.05)
      for event in watcher.takeEvents() {
        if case .lease(let lease)? = event.kind { return lease }
      }
    }
    throw ProgramError("no lease event")
  }

  /// Starts `curtain lease w1 --ttl 600` and waits until it holds the lease.
  private func startHolder(_ watcher: TestClient) throws -> (Process, Pipe, UInt64) {
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: cli)
    holder.arguments = ["--socket", daemon.socketPath, "--no-start", "lease", "w1", "--ttl", "600"]
    let output = Pipe()
    holder.standardOutput = output
    holder.standardError = output
    try holder.run()
    let acquired = try nextLeaseEvent(watcher)
    XCTAssertEqual(acquired.change, .acquired)
    return (holder, output, acquired.holderClientID)
  }

  func testALeaseHoldsUntilAnAdminBreaksIt() throws {
    let watcher = try prepare()
    let (holder, output, holderID) = try startHolder(watcher)
    defer { if holder.isRunning { holder.terminate() } }
    let pushed = try curtain("push", "@Nav", "@B")
    XCTAssertEqual(pushed.status, 1)
    XCTAssertTrue(
      pushed.output.hasPrefix(
        "curtain: PERMISSION_DENIED: Window w1 is leased by client \(holderID) (curtain) for "
          + "another "), pushed.output)
    XCTAssertTrue(
      try curtain("list-windows").output.hasSuffix("leased by client \(holderID) (curtain)\n"))
    XCTAssertEqual(try curtain("release", "w1").output, "")
    holder.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let broken = try nextLeaseEvent(watcher)
    XCTAssertEqual(broken.change, .released)
    XCTAssertEqual(holder.terminationStatus, 0, text)
    XCTAssertEqual(text, "w1 leased for 600 s\nw1 lease broken by client \(broken.byClientID)\n")
    XCTAssertEqual(try curtain("push", "@Nav", "@B").status, 0)
    let none = try curtain("release", "w1")
    XCTAssertEqual(none.status, 1)
    XCTAssertEqual(none.output, "curtain: NOT_FOUND: Window w1 is not leased\n")
  }

  func testAnInterruptedLeaseIsReleasedAndAShortOneExpires() throws {
    let watcher = try prepare()
    let (holder, output, holderID) = try startHolder(watcher)
    defer { if holder.isRunning { holder.terminate() } }
    holder.interrupt()
    holder.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(holder.terminationStatus, 0, text)
    XCTAssertEqual(text, "w1 leased for 600 s\nw1 released\n")
    let released = try nextLeaseEvent(watcher)
    XCTAssertEqual(released.change, .released)
    XCTAssertEqual(released.byClientID, holderID)

    let short = try curtain("lease", "w1", "--ttl", "0.2")
    XCTAssertEqual(short.status, 0, short.output)
    XCTAssertEqual(short.output, "w1 leased for 0.2 s\nw1 lease expired\n")
    let invalid = try curtain("lease", "w1", "--ttl", "0")
    XCTAssertEqual(invalid.status, 2)
  }
}
