// CurtainWire's `CurtainConnection` against a real curtaind (the connection
// contract, docs/protocol.md §6): a daemon restarted mid-subscription on the
// same socket and state directory (after kill -9, and after a clean stop
// with its goodbye) is dialled again and the subscription resumes from the
// next event, none lost and none twice; a daemon that does not come back
// ends the wait after the policy's attempts. MOVED is followed in
// ClusterTests, with real nodes.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class ConnectionContractTests: XCTestCase {
  func testADaemonKilledAndRestartedMidSubscriptionResumesFromTheNextEvent() throws {
    try checkResume(stopping: { $0.kill9() })
  }

  func testADaemonStoppedAndRestartedMidSubscriptionResumesFromTheNextEvent() throws {
    try checkResume(stopping: { _ = $0.stop() })
  }

  func testADaemonThatDoesNotComeBackEndsTheWaitAfterThePolicysAttempts() throws {
    let daemon = try TempDaemon()
    let connection = try CurtainConnection(
      endpoint: .unix(path: daemon.socketPath),
      options: .init(
        clientName: "resumer", reconnect: ReconnectPolicy(attempts: 3, firstDelay: 0.01)))
    var notices: [CurtainConnection.Notice] = []
    connection.onNotice = { notices.append($0) }
    // Session-wide, live: the connection reads the windows' seqs first.
    var subscribe = Curtain_V1_Subscribe()
    subscribe.events = true
    try connection.subscribe(subscribe)
    daemon.stop()
    XCTAssertThrowsError(try connection.nextMessage(timeout: 10)) { error in
      guard case .reconnectFailed(let attempts, let lost, let last)? = error as? ClientError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(attempts, 3)
      guard case .goodbye(.shutdown, _) = lost else { return XCTFail("lost: \(lost)") }
      XCTAssertTrue(last.isNoListener, "\(last)")
      XCTAssertTrue(
        "\(error)".hasPrefix(
          "lost the daemon (the daemon closed the connection "
            + "(SHUTDOWN)"), "\(error)")
    }
    XCTAssertEqual(
      notices.map { notice -> Double in
        guard case .reconnecting(_, let delay, _) = notice else { return -1 }
        return delay
      }, [0.01, 0.02, 0.04])
  }

  /// A window with events; a connection subscribed to it reads them; more
  /// happen that it has not read; the daemon goes (`stopping`) and comes
  /// back on the same socket and state directory; more happen while the
  /// connection is away. Reading on, the connection gets every event once,
  /// gap-free, under the subscription id it was given.
  private func checkResume(stopping: (TempDaemon) -> Void) throws {
    let home = try DaemonHome()
    let socket = home.socketPath
    let first = try home.start()
    let writer = try TestClient(path: socket, name: "writer")
    let created = try writer.call { $0.createWindow.clock = .manual }
    let window = created.window.id
    try setRoot(writer, window, "A")

    let follower = try WindowFollower(
      .unix(path: socket), window: window,
      options: .init(
        clientName: "resumer", reconnect: ReconnectPolicy(attempts: 200, firstDelay: 0.02)))
    try follower.read(through: writer.lastSeq(of: window))
    try setRoot(writer, window, "B")
    writer.close()
    stopping(first)

    let second = try home.start()
    defer { second.stop() }
    let again = try TestClient(path: socket, name: "writer")
    try setRoot(again, window, "C")
    let last = try again.lastSeq(of: window)
    try follower.read(through: last)
    follower.checkGapFree(through: last)
    // They are the daemon's events: what a new subscriber replays.
    try again.call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.fromSeq = 0
    }
    try again.sync()
    let replayed = again.takeEvents()
    XCTAssertEqual(
      follower.events.map { stripped($0) }, replayed.map { stripped($0) },
      "the resumed events differ from the daemon's")
    XCTAssertTrue(
      follower.notices.contains { if case .reconnecting = $0 { true } else { false } })
    let resumed = follower.notices.compactMap { notice -> Curtain_V1_SubscribeResult? in
      guard case .resumed(let id, let result) = notice else { return nil }
      XCTAssertEqual(id, follower.subscription)
      return result
    }
    XCTAssertEqual(resumed.map(\.snapshotRequired), [false])
  }

  /// Makes content controller `name` and sets it as the window's root.
  private func setRoot(_ client: TestClient, _ window: UInt64, _ name: String) throws {
    let made = try client.call {
      $0.createController.kind = .content
      $0.createController.identifier = name
    }
    XCTAssertEqual(made.error.message, "")
    let set = try client.call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef(name)
    }
    XCTAssertEqual(set.error.message, "")
  }

  private func stripped(_ event: WireEvent) -> WireEvent {
    var event = event
    event.subscriptionID = 0
    return event
  }
}
