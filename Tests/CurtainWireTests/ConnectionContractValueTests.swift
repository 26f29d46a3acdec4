// The connection contract's values, without a daemon: the reconnect
// policy's pauses, the resume cursor (from_seq, duplicates dropped), the
// MOVED redirect's reading of details and its errors, the Hello. The same
// values against real daemons: CurtainDaemonTests' ConnectionContractTests
// and ClusterTests.

import CurtainCore
import CurtainWire
import XCTest

final class ConnectionContractValueTests: XCTestCase {
  func testTheStandardPolicyDoublesItsPauseUpToASecondAndGivesUpAfterTenAttempts() {
    let policy = ReconnectPolicy.standard
    XCTAssertEqual(
      (1...10).map { policy.delay(beforeAttempt: $0) },
      [0.05, 0.1, 0.2, 0.4, 0.8, 1, 1, 1, 1, 1])
    XCTAssertNil(policy.delay(beforeAttempt: 11))
    XCTAssertEqual(policy.totalDelay ?? 0, 6.55, accuracy: 1e-9)
    XCTAssertNil(ReconnectPolicy.never.delay(beforeAttempt: 1))
    XCTAssertEqual(ReconnectPolicy.forever.delay(beforeAttempt: 1000), 1)
    XCTAssertNil(ReconnectPolicy.forever.totalDelay)
  }

  func testAWindowCursorResumesAfterItsLastEventAndDropsRepeats() {
    var request = Curtain_V1_Subscribe()
    request.windowID = 3
    request.events = true
    request.fromSeq = 4
    var cursor = ResumeCursor(request: request, result: Curtain_V1_SubscribeResult())
    XCTAssertEqual(cursor.resumeRequest.fromSeq, 4)
    XCTAssertFalse(cursor.accept(event(window: 3, seq: 4)), "at from_seq: already had")
    XCTAssertTrue(cursor.accept(event(window: 3, seq: 5)))
    XCTAssertTrue(cursor.accept(event(window: 3, seq: 6)))
    XCTAssertTrue(cursor.accept(event(window: 3, seq: 0)), "a live notice has no seq")
    XCTAssertEqual(cursor.resumeRequest.fromSeq, 6)
    XCTAssertEqual(cursor.resumeRequest.windowID, 3)
    // The replay after a reconnect starts at 7; a repeat of 6 is dropped.
    XCTAssertFalse(cursor.accept(event(window: 3, seq: 6)))
    XCTAssertTrue(cursor.accept(event(window: 3, seq: 7)))
  }

  func testAWindowCursorWithoutFromSeqStartsAtTheWindowsLastSeq() {
    var request = Curtain_V1_Subscribe()
    request.windowID = 2
    var result = Curtain_V1_SubscribeResult()
    result.lastSeq = 9
    var cursor = ResumeCursor(request: request, result: result)
    XCTAssertEqual(cursor.resumeRequest.fromSeq, 9)
    XCTAssertFalse(cursor.accept(event(window: 2, seq: 9)))
    // Resumed past the ring: the snapshot's seq is where it continues.
    var resumed = Curtain_V1_SubscribeResult()
    resumed.snapshotRequired = true
    var tree = Curtain_V1_Tree()
    tree.window.id = 2
    tree.window.lastSeq = 40
    resumed.snapshots = [tree]
    cursor.resumed(resumed)
    XCTAssertFalse(cursor.accept(event(window: 2, seq: 40)))
    XCTAssertTrue(cursor.accept(event(window: 2, seq: 41)))
  }

  func testASessionCursorResumesFromItsSmallestWindowAndDropsWhatEachHad() {
    var request = Curtain_V1_Subscribe()
    request.events = true
    request.snapshot = true
    var cursor = ResumeCursor(
      request: request, result: Curtain_V1_SubscribeResult(), baselines: [1: 10, 2: 3])
    XCTAssertEqual(cursor.resumeRequest.fromSeq, 3)
    XCTAssertFalse(cursor.resumeRequest.snapshot, "a resume asks for no snapshot")
    XCTAssertTrue(cursor.accept(event(window: 2, seq: 4)))
    XCTAssertTrue(cursor.accept(event(window: 2, seq: 5)))
    XCTAssertEqual(cursor.resumeRequest.fromSeq, 5)
    // The replay from 5 brings window 1's 6…10 again (had) and 11 (new).
    XCTAssertFalse(cursor.accept(event(window: 1, seq: 6)))
    XCTAssertFalse(cursor.accept(event(window: 1, seq: 10)))
    XCTAssertTrue(cursor.accept(event(window: 1, seq: 11)))
    // A window created meanwhile is followed from its first event.
    XCTAssertTrue(cursor.accept(event(window: 7, seq: 1)))
    XCTAssertEqual(cursor.resumeRequest.fromSeq, 1)
  }

  func testARedirectReadsTheDetailsAndRefusesWhatItCannotFollow() throws {
    let error = CurtainError(
      .moved, "Session 's' is on node b",
      details: ["session": "s", "node": "b", "address": "tcp://127.0.0.1:7070", "epoch": "2"])
    let redirect = try XCTUnwrap(SessionRedirect(error, session: "s"))
    XCTAssertEqual(
      redirect, SessionRedirect(session: "s", node: "b", address: "tcp://127.0.0.1:7070"))
    XCTAssertEqual(try redirect.endpoint(hop: 3), .tcp(host: "127.0.0.1", port: 7070))
    XCTAssertThrowsError(try redirect.endpoint(hop: 4)) {
      XCTAssertEqual($0 as? ClientError, .moved(redirect, .tooManyHops(hop: 4, limit: 3)))
    }
    XCTAssertNil(SessionRedirect(CurtainError(.busy, "moving"), session: "s"))

    let nowhere = try XCTUnwrap(
      SessionRedirect(CurtainError(.moved, "elsewhere", details: ["node": "c"]), session: ""))
    XCTAssertEqual(nowhere.session, "default")
    XCTAssertThrowsError(try nowhere.endpoint(hop: 1)) {
      XCTAssertEqual("\($0)", "session 'default' is on node c, which advertises no address")
    }
    let bad = SessionRedirect(session: "s", node: "b", address: "tcp://nowhere")
    XCTAssertThrowsError(try bad.endpoint(hop: 1)) {
      XCTAssertEqual(
        "\($0)", "session 's' is on node b at 'tcp://nowhere', which is not an address")
    }

    var goodbye = Goodbye()
    goodbye.reason = .moved
    goodbye.details = ["session": "s", "node": "b", "address": "tcp://127.0.0.1:7070"]
    XCTAssertEqual(SessionRedirect(goodbye), redirect)
    goodbye.reason = .shutdown
    XCTAssertNil(SessionRedirect(goodbye))
  }

  func testTheHandshakeSaysHelloAndReadsTheWelcomeOrTheRefusal() throws {
    let handshake = Handshake(clientName: "c", token: "t", capabilities: ["read-only"])
    guard case .hello(let hello)? = handshake.request.body else { return XCTFail() }
    XCTAssertEqual(hello.protocolVersion, protocolVersion)
    XCTAssertEqual([hello.clientName, hello.token], ["c", "t"])
    XCTAssertEqual(hello.capabilities, ["read-only"])
    var response = WireResponse()
    response.welcome.clientID = 7
    XCTAssertEqual(try Handshake.welcome(from: response).clientID, 7)
    response.error = WireError(CurtainError(.unauthenticated, "bad token"))
    XCTAssertThrowsError(try Handshake.welcome(from: response)) {
      XCTAssertEqual($0 as? ClientError, .server(CurtainError(.unauthenticated, "bad token")))
    }
  }

  private func event(window: UInt64, seq: UInt64) -> WireEvent {
    var event = WireEvent()
    event.windowID = window
    event.seq = seq
    return event
  }
}
