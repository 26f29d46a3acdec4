import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Regression tests of the hardening issue, over the real protocol: the real
/// `curtaind` survives a stderr it cannot write.
final class HardeningTests: XCTestCase {
  private var daemons: [TempDaemon] = []

  override func tearDown() {
    for daemon in daemons {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
      XCTAssertTrue(result.socketRemoved, "the socket file is removed on SIGTERM")
    }
    daemons = []
  }

  private func start(
    _ arguments: [String] = [], standardError: TempDaemon.StandardErrorChoice = .pipe
  ) throws -> TempDaemon {
    let daemon = try TempDaemon(arguments: arguments, standardError: standardError)
    daemons.append(daemon)
    return daemon
  }

  /// Requests that each log a debug line, then a Sync that proves the
  /// daemon still serves.
  private func exercise(_ daemon: TempDaemon) throws {
    let client = try TestClient(path: daemon.socketPath)
    for _ in 0..<20 {
      let window = try client.call { $0.createWindow = Curtain_V1_CreateWindow() }.window.id
      XCTAssertNotEqual(window, 0)
    }
    try client.sync()
    let other = try TestClient(path: daemon.socketPath)
    try other.sync()
  }

  // MARK: A stderr that cannot be written

  func testTheDaemonServesWithItsStderrOnDevFull() throws {
    for format in ["text", "json"] {
      let daemon = try start(
        ["--log-level", "debug", "--log-format", format], standardError: .file("/dev/full"))
      try exercise(daemon)
    }
  }

  func testTheDaemonServesWhenTheReaderOfItsStderrLeft() throws {
    for format in ["text", "json"] {
      let daemon = try start(["--log-level", "debug", "--log-format", format])
      daemon.closeStandardErrorReader()
      try exercise(daemon)
    }
  }
}
