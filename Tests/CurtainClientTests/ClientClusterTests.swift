// The async client in a cluster (docs/cluster.md) of real curtaind nodes
// on a private PostgreSQL (TempPostgres): a request for a session another
// node owns is answered MOVED and sent again there, by the connection
// contract CurtainWire's CurtainConnection keeps, and requests pipelined
// with it still get their answers.

import Curtain
import CurtainCore
import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class ClientClusterTests: XCTestCase {
  private var postgres: TempPostgres?
  private var nodes: [TempDaemon] = []

  override func setUpWithError() throws {
    try super.setUpWithError()
    guard TempPostgres.binaryDirectory() != nil else {
      throw XCTSkip("PostgreSQL is not installed (apt-get install postgresql)")
    }
    let postgres = try TempPostgres()
    self.postgres = postgres
    try postgres.createDatabase("cluster")
  }

  override func tearDown() {
    for node in nodes { _ = node.stop() }
    nodes = []
    postgres?.stop()
    postgres = nil
    super.tearDown()
  }

  func testARequestAnsweredMovedIsSentAgainOnTheSessionsNode() throws {
    let a = try nodeAWithSessionWebOnB()
    let configuration = ClientConfiguration(endpoint: .unix(path: a.socketPath))
    try blocking {
      try await withCurtainClient(configuration) { client in
        // A request of the default session (on a) and two of "web" (on b),
        // in flight together.
        async let local = client.createWindow()
        async let listed = client.listControllers(session: "web")
        async let made = client.createController(.content, identifier: "Y", session: "web")
        // Every one is answered: those after the first MOVED answer on a's
        // connection are read before the connection moves. (The tasks send
        // in any order: Y may be listed.)
        let (web, y, window) = try await (listed, made, local)
        XCTAssertEqual(web.first?.identifier, "X")
        XCTAssertEqual(y.identifier, "Y")
        XCTAssertEqual(window.clock, .manual)
        // The connection is on b now.
        let again = try await client.listControllers(session: "web")
        XCTAssertEqual(Set(again.map(\.identifier)), ["X", "Y"])
      }
    }
  }

  func testMovedPastTheHopLimitSaysWhereTheSessionIs() throws {
    let a = try nodeAWithSessionWebOnB()
    let configuration = ClientConfiguration(endpoint: .unix(path: a.socketPath), maxMovedHops: 0)
    try blocking {
      try await withCurtainClient(configuration) { client in
        do {
          _ = try await client.listControllers(session: "web")
          XCTFail("followed MOVED past a limit of 0 hops")
        } catch ClientError.moved(let redirect, let failure) {
          XCTAssertEqual(redirect.node, "b")
          XCTAssertEqual(failure, .tooManyHops(hop: 1, limit: 0))
        }
      }
    }
  }

  // MARK: Helpers

  /// Nodes a and b, b owning session "web" (a controller X) and a knowing
  /// it; returns a.
  private func nodeAWithSessionWebOnB() throws -> TempDaemon {
    let a = try startNode("a")
    let b = try startNode("b")
    let onB = try TestClient(path: b.socketPath, name: "on-b")
    let made = try onB.call(session: "web") {
      $0.createController.kind = .content
      $0.createController.identifier = "X"
    }
    XCTAssertEqual(made.error.message, "")
    try waitUntilMoved(session: "web", on: a.socketPath)
    return a
  }

  private func startNode(_ name: String) throws -> TempDaemon {
    guard let postgres else { throw XCTSkip("no PostgreSQL") }
    let daemon = try TempDaemon(arguments: [
      "--cluster", postgres.socketURL("cluster"), "--node", name,
      "--listen", "127.0.0.1:\(TempPostgres.freePort())", "--lease-interval", "0.2",
      "--lease-timeout", "1", "--snapshot-interval", "0",
    ])
    nodes.append(daemon)
    return daemon
  }

  /// Waits until node `socket` knows that node `owner` owns `session`.
  private func waitUntilMoved(session: String, on socket: String, owner: String = "b") throws {
    let client = try TestClient(path: socket, name: "probe")
    defer { client.close() }
    let deadline = MonotonicClock.now() + 10
    while true {
      let list = try client.call { $0.listNodes = Curtain_V1_ListNodes() }.nodes
      if list.nodes.first(where: { $0.name == owner })?.sessions.contains(session) == true {
        return
      }
      if MonotonicClock.now() > deadline {
        throw TempDaemonError(description: "node never learnt where \(session) is: \(list)")
      }
      usleep(50_000)
    }
  }
}
