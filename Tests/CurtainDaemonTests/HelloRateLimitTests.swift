import CurtainCore
import CurtainTesting
import CurtainWire
import Foundation
import XCTest

@testable import CurtainDaemon

/// Failed Hellos back off per source address: on a hand-moved clock (the
/// exact intervals) and over real TCP (the refusal, the counts in
/// `GetStatus`), and the warning for a token file others can read.
final class HelloRateLimitTests: XCTestCase {
  /// The Hello's answer of a TCP client with `token`.
  private func hello(_ h: ServerHarness, token: String) -> (WireResponse?, MemoryLink) {
    let link = h.connect(kind: .tcp, token: token)
    return (link.takeResponses().first, link)
  }

  func testFailuresBackOffDoublingAndAGoodHelloResets() {
    let h = ServerHarness {
      $0.token = "s3cret"
      $0.helloFailures.limit = 3
      $0.helloFailures.backoff = 2
      $0.helloFailures.maxBackoff = 5
    }
    for _ in 0..<3 {
      let (answer, link) = hello(h, token: "guess")
      XCTAssertEqual(answer?.error.message, "Bad or missing token")
      XCTAssertEqual(link.closed?.reason, .unauthenticated)
    }
    // Backing off: even the right token is refused, without being looked at.
    let (refused, link) = hello(h, token: "s3cret")
    XCTAssertEqual(refused?.error.code, .unauthenticated)
    XCTAssertEqual(refused?.error.message, "Too many failed Hellos from tcp: try again in 2 s")
    XCTAssertEqual(link.closed?.reason, .unauthenticated)
    h.now += 1.5
    XCTAssertEqual(
      hello(h, token: "s3cret").0?.error.message,
      "Too many failed Hellos from tcp: try again in 1 s")
    h.now += 0.5
    // Each further failure doubles the wait, up to the maximum.
    for expected in [4, 5, 5] {
      XCTAssertEqual(hello(h, token: "guess").0?.error.message, "Bad or missing token")
      XCTAssertEqual(
        hello(h, token: "guess").0?.error.message,
        "Too many failed Hellos from tcp: try again in \(expected) s")
      h.now += Double(expected)
    }
    XCTAssertNotNil(hello(h, token: "s3cret").0?.welcome)
    // A good Hello starts afresh: three more failures before a backoff.
    for _ in 0..<2 {
      XCTAssertEqual(hello(h, token: "guess").0?.error.message, "Bad or missing token")
    }
    XCTAssertNotNil(hello(h, token: "s3cret").0?.welcome)

    let unix = h.connect()
    _ = unix.takeResponses()
    let status = h.call(unix) { $0.getStatus = Curtain_V1_GetStatus() }?.status.helloFailures
    XCTAssertEqual(status?.failed, 8)
    XCTAssertEqual(status?.refused, 5)
    XCTAssertEqual(status?.sources, [])
  }

  func testUnixClientsAreNotCounted() {
    let h = ServerHarness {
      $0.token = "s3cret"
      $0.helloFailures.limit = 1
    }
    for _ in 0..<3 { XCTAssertNil(h.connect(kind: .unix, token: "guess").closed) }
  }

  func testFailedHellosOverTCPAreRefusedThenShownInStatus() throws {
    let daemon = try TempDaemon(
      arguments: ["--hello-failure-limit", "3", "--hello-backoff", "30"], tcpToken: "s3cret")
    defer {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, daemon.stderr)
    }
    let port = try XCTUnwrap(daemon.tcpPort, daemon.stderr)
    let loopback = CurtainClient.Endpoint.tcp(host: "127.0.0.1", port: port)
    func refusal(_ token: String) throws -> CurtainError? {
      do {
        try CurtainClient(endpoint: loopback, timeout: 10).hello(clientName: "guess", token: token)
        return nil
      } catch ClientError.server(let error) {
        return error
      }
    }
    for guess in ["a", "b", "c"] {
      XCTAssertEqual(try refusal(guess)?.message, "Bad or missing token")
    }
    let refused = try XCTUnwrap(try refusal("s3cret"), "the right token is refused meanwhile")
    XCTAssertEqual(refused.code, .unauthenticated)
    XCTAssertTrue(
      refused.message.hasPrefix("Too many failed Hellos from 127.0.0.1: try again in "),
      refused.message)
    let local = try TestClient(path: daemon.socketPath)
    let status = try local.call { $0.getStatus = Curtain_V1_GetStatus() }.status
    XCTAssertEqual(status.helloFailures.failed, 3)
    XCTAssertEqual(status.helloFailures.refused, 1)
    XCTAssertEqual(status.helloFailures.sources.map(\.address), ["127.0.0.1"])
    XCTAssertEqual(status.helloFailures.sources.first?.failures, 3)
    XCTAssertGreaterThan(status.helloFailures.sources.first?.blockedFor ?? 0, 20)
    let log = daemon.standardError(containing: "address backing off after failed Hellos")
    XCTAssertTrue(log.contains("hello refused: bad or missing token"), log)
    XCTAssertTrue(log.contains("address backing off after failed Hellos"), log)
  }

  func testATokenFileOthersCanReadIsWarnedAbout() throws {
    for mode in [0o644, 0o600] as [mode_t] {
      var template = Array("/tmp/curtain-token-XXXXXX".utf8CString)
      let directory = String(cString: try XCTUnwrap(mkdtemp(&template)))
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let path = directory + "/token"
      try "s3cret\n".write(toFile: path, atomically: false, encoding: .utf8)
      XCTAssertEqual(chmod(path, mode), 0)
      let daemon = try TempDaemon(
        arguments: ["--listen", "127.0.0.1:0", "--token-file", path])
      let client = try TestClient(path: daemon.socketPath)
      let warnings = try client.call { $0.getStatus = Curtain_V1_GetStatus() }.status.warnings
      client.close()
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, daemon.stderr)
      if mode == 0o644 {
        let expected =
          "the token file \(path) is readable or writable by others (mode 0644): chmod 600 \(path)"
        XCTAssertEqual(warnings, [expected])
        XCTAssertTrue(daemon.stderr.contains(expected), daemon.stderr)
      } else {
        XCTAssertEqual(warnings, [])
        XCTAssertFalse(daemon.stderr.contains("token file"), daemon.stderr)
      }
    }
  }
}
