import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Regression tests of the hardening issue, over the real protocol: the real
/// `curtaind` survives a stderr it cannot write and refuses near-miss
/// tokens.
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

  // MARK: The token

  func testTheTokenFollowedByNULsIsRefused() throws {
    let daemon = try TempDaemon(tcpToken: "s3cret")
    daemons.append(daemon)
    let port = try XCTUnwrap(daemon.tcpPort, daemon.stderr)
    let loopback = CurtainClient.Endpoint.tcp(host: "127.0.0.1", port: port)
    // Lengths that differ by a multiple of 256 once looked equal.
    for padding in [1, 256, 512, 65_536] {
      let guess = "s3cret" + String(repeating: "\u{0}", count: padding)
      XCTAssertThrowsError(
        try CurtainClient(endpoint: loopback).hello(clientName: "guess", token: guess)
      ) { error in
        guard case .server(let refusal)? = error as? ClientError else {
          return XCTFail("not refused by the daemon (\(padding) NULs): \(error)")
        }
        XCTAssertEqual(refusal.code, .unauthenticated, "\(padding) NULs")
      }
    }
    for guess in ["", "s3cre", "s3cret\u{0}x", "s3creT"] {
      XCTAssertThrowsError(
        try CurtainClient(endpoint: loopback).hello(clientName: "guess", token: guess))
    }
    let good = try TestClient(endpoint: loopback, token: "s3cret")
    try good.sync()
  }
}
