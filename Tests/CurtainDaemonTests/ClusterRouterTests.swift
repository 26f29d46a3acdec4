// The cluster router alone (ClusterRouter.swift): which requests this node
// serves, decided before dispatch from what it knows of the cluster, and
// what the cluster's news mean for the sessions here. A link in memory
// stands for PostgreSQL (ClusterTests run the real cluster).

import CurtainCore
import CurtainWire
import Logging
import XCTest

@testable import CurtainDaemon

/// A cluster link that notes what the router asks of it.
private final class NotingClusterLink: ClusterLink, @unchecked Sendable {
  let options: ClusterOptions
  var epochs: [String: Int64] = [:]
  private(set) var placed: [(session: String, node: String)] = []
  private(set) var reclaimed: [Set<String>] = []

  init(_ options: ClusterOptions) {
    self.options = options
  }

  func join() throws(StoreError) -> ClusterNews { ClusterNews() }
  func start(wake: @escaping @Sendable () -> Void) {}
  func takeNews() -> ClusterNews { ClusterNews() }
  func epoch(of session: String) -> Int64? { epochs[session] }
  func reclaim(_ sessions: Set<String>) { reclaimed.append(sessions) }
  func place(_ session: String, on node: String) { placed.append((session, node)) }
  func setLoad(clients: Int) {}
  func stop() {}
}

final class ClusterRouterTests: XCTestCase {
  private let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

  /// Node `a` of a cluster with nodes `a`, `b` (alive) and `c` (its lease
  /// expired); session `s` is on `b`, `t` on `c`; `a`'s lease was renewed
  /// at 100.
  private func router(
    placement: Placement = .asked, restored: @escaping (Set<String>) -> Void = { _ in }
  ) -> (ClusterRouter, NotingClusterLink) {
    var options = ClusterOptions(
      node: "a", advertise: "tcp://a:1", leaseInterval: 1, leaseTimeout: 5)
    options.placement = placement
    let link = NotingClusterLink(options)
    let router = ClusterRouter(
      link: link, logger: logger, restored: restored, handOver: { _, _ in 42 })
    var news = ClusterNews()
    news.renewedAt = 100
    news.map = [
      "s": SessionOwner(session: "s", node: "b", address: "tcp://b:1", epoch: 3, isAlive: true),
      "t": SessionOwner(session: "t", node: "c", address: "tcp://c:1", epoch: 1, isAlive: false),
    ]
    var nodes = Curtain_V1_NodeList()
    for (name, alive, sessions) in [("a", true, 2), ("b", true, 1), ("c", false, 1)] {
      var node = Curtain_V1_NodeList.Entry()
      node.name = name
      node.address = "tcp://\(name):1"
      node.alive = alive
      node.capacity = 10
      node.sessions = (0..<sessions).map { "\(name)\($0)" }
      nodes.nodes.append(node)
    }
    news.nodes = nodes
    _ = router.take(news)
    return (router, link)
  }

  private func request(session: String, _ build: (inout WireRequest) -> Void) -> WireRequest {
    var request = WireRequest()
    request.session = session
    build(&request)
    return request
  }

  private let tree: (inout WireRequest) -> Void = { $0.getTree.windowID = 1 }

  func testRequestsAreServedMovedOrRefusedBeforeDispatch() {
    let (router, _) = router()
    func refusal(_ session: String, recorded: Bool = false, now: Double = 101)
      -> HandlerResult?
    {
      router.refusal(of: request(session: session, tree), .getTree, recorded: recorded, now: now)
    }
    XCTAssertNil(refusal("mine"), "a session of no other node is served here")
    XCTAssertNil(
      router.refusal(
        of: request(session: "s") { $0.sync = Curtain_V1_Sync() }, .sync, recorded: false,
        now: 101),
      "a request to the node is never routed")
    guard case .failed(.moved, let message, let details)? = refusal("s") else {
      return XCTFail("\(String(describing: refusal("s")))")
    }
    XCTAssertEqual(message, "Session 's' is on node b (tcp://b:1)")
    XCTAssertEqual(details?["epoch"], "3")
    guard case .failed(.busy, let failedOver, _)? = refusal("t") else {
      return XCTFail("a session of a node whose lease expired is being failed over")
    }
    XCTAssertTrue(failedOver.contains("whose lease expired"), failedOver)
    guard case .failed(.unavailable, let lapsed, _)? = refusal("mine", now: 105.5) else {
      return XCTFail("past its lease, the node serves none of its sessions")
    }
    XCTAssertTrue(lapsed.contains("may have lapsed 0.5 s ago"), lapsed)
  }

  func testAFailedCommitRefusesChangesAndRestoresItsSessions() {
    var restored: [Set<String>] = []
    let (router, link) = router(restored: { restored.append($0) })
    XCTAssertEqual(router.unstored(["mine", "other"], failure: "gone"), ["mine", "other"])
    XCTAssertEqual(link.reclaimed, [["mine", "other"]])
    XCTAssertEqual(router.unstored(["mine"], failure: "gone"), [], "already being restored")
    let change = request(session: "x") { $0.createWindow = Curtain_V1_CreateWindow() }
    guard
      case .failed(.unavailable, _, _)? =
        router.refusal(of: change, .createWindow, recorded: true, now: 101)
    else { return XCTFail("changes are refused while PostgreSQL does not take them") }
    guard
      case .failed(.busy, _, _)? =
        router.refusal(of: request(session: "mine", tree), .getTree, recorded: false, now: 101)
    else { return XCTFail("a session being restored is busy") }
    XCTAssertNil(
      router.refusal(of: request(session: "x", tree), .getTree, recorded: false, now: 101))

    // PostgreSQL answers again; the sessions come back.
    _ = router.take(ClusterNews())
    router.restoredAgain(["mine", "other"])
    XCTAssertEqual(restored, [["mine", "other"]])
    XCTAssertNil(router.refusal(of: change, .createWindow, recorded: true, now: 101))
    XCTAssertNil(
      router.refusal(of: request(session: "mine", tree), .getTree, recorded: false, now: 101))
  }

  func testAHandedOverSessionIsBusyThenMoved() throws {
    let (router, _) = router()
    let image = SessionImage(clock: 0, session: try Session(name: "mine").snapshot(), windows: [])
    let target = try XCTUnwrap(router.node(named: "b"))
    let (owner, move, commit) = router.handOver(image, to: target, now: 101)
    XCTAssertEqual(commit, 42, "the answer waits for the hand-over's number")
    XCTAssertEqual(owner.node, "b")
    XCTAssertEqual(move.epoch, 1)
    let read = request(session: "mine", tree)
    guard case .failed(.busy, _, _)? = router.refusal(of: read, .getTree, recorded: false, now: 102)
    else { return XCTFail("busy while the new node may not hold it yet") }
    guard
      case .failed(.moved, _, _)? = router.refusal(of: read, .getTree, recorded: false, now: 104)
    else { return XCTFail("then moved") }
  }

  func testLeastLoadedPlacementSendsANewSessionToTheEmptiestNode() {
    let (router, link) = router(placement: .leastLoaded)
    let change = request(session: "new") { $0.createWindow = Curtain_V1_CreateWindow() }
    XCTAssertNil(router.refusal(of: change, .createWindow, recorded: true, now: 101))
    XCTAssertEqual(link.placed.map(\.node), ["b"], "b holds 1 session, a 2, c is down")
    XCTAssertNil(router.refusal(of: change, .createWindow, recorded: true, now: 101))
    XCTAssertEqual(link.placed.count, 1, "placed once")
    link.epochs["known"] = 1
    let known = request(session: "known") { $0.createWindow = Curtain_V1_CreateWindow() }
    XCTAssertNil(router.refusal(of: known, .createWindow, recorded: true, now: 101))
    XCTAssertEqual(link.placed.count, 1, "a session the cluster knows is not placed")
    // Its first commit there fences it here: it is dropped as placed.
    let (why, level) = router.fenced(
      SessionOwner(session: "new", node: "b", address: "tcp://b:1", epoch: 1, isAlive: true))
    XCTAssertEqual(why, "placed on node b (least loaded)")
    XCTAssertEqual(level, .info)
  }

  func testNewsSayWhichSessionsWereLostAndClaimed() {
    let (router, _) = router()
    var news = ClusterNews()
    news.lost = [
      "mine": SessionOwner(
        session: "mine", node: "b", address: "tcp://b:1", epoch: 4, isAlive: true)
    ]
    news.claimed = [ClaimedSession(name: "t", epoch: 2, snapshot: nil, records: [])]
    news.replaced = "another a"
    let consequences = router.take(news)
    XCTAssertEqual(consequences.lost.map(\.name), ["mine"])
    XCTAssertEqual(consequences.claimed.map(\.name), ["t"])
    XCTAssertEqual(consequences.replaced, "another a")
    guard
      case .failed(.moved, _, _)? =
        router.refusal(of: request(session: "mine", tree), .getTree, recorded: false, now: 101)
    else { return XCTFail("a lost session is another node's") }
    XCTAssertNil(
      router.refusal(of: request(session: "t", tree), .getTree, recorded: false, now: 101),
      "a claimed session is this node's")
  }
}
