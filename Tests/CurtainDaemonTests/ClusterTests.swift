// Cluster mode (docs/cluster.md) with a real PostgreSQL (TempPostgres) and
// real curtaind nodes on loopback: routing (MOVED with the owner's
// address, nothing changed on the node that refused), the node list,
// failover after kill -9 (another node owns every session within the
// lease + 1 s, with every acknowledged change), and fencing of a node
// that was stopped past its lease (its writes fail, its session has one
// owner). Leases are short here (0.2 s renewals, 1 s leases) to keep the
// tests fast; the timing rules are the same.

import CurtainTesting
import CurtainWire
import Foundation
import Synchronization
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

final class ClusterTests: XCTestCase {
  private var postgres: TempPostgres?
  private var nodes: [TempDaemon] = []
  private let leaseTimeout = 1.0

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

  /// Starts node `name` on a free loopback port; returns it and its port.
  private func startNode(_ name: String, _ extra: [String] = []) throws -> (
    daemon: TempDaemon, port: Int
  ) {
    guard let postgres else { throw XCTSkip("no PostgreSQL") }
    let port = TempPostgres.freePort()
    let daemon = try TempDaemon(
      arguments: [
        "--cluster", postgres.socketURL("cluster"), "--node", name,
        "--listen", "127.0.0.1:\(port)", "--lease-interval", "0.2",
        "--lease-timeout", "\(leaseTimeout)", "--snapshot-interval", "0",
      ] + extra)
    nodes.append(daemon)
    return (daemon, port)
  }

  /// The node list as `client`'s node sees it.
  private func nodeList(_ client: TestClient) throws -> Curtain_V1_NodeList {
    let response = try client.call { $0.listNodes = Curtain_V1_ListNodes() }
    guard case .nodes(let list)? = response.result else {
      throw TempDaemonError(description: "ListNodes answered \(response)")
    }
    return list
  }

  /// Waits (up to `timeout` seconds) until `condition` holds of the node
  /// list `client` sees.
  private func waitForNodes(
    _ client: TestClient, timeout: Double = 10, _ condition: (Curtain_V1_NodeList) -> Bool
  ) throws -> Curtain_V1_NodeList {
    let deadline = MonotonicClock.now() + timeout
    while true {
      let list = try nodeList(client)
      if condition(list) { return list }
      if MonotonicClock.now() > deadline {
        throw TempDaemonError(description: "the node list never got there: \(list)")
      }
      usleep(50_000)
    }
  }

  private func sessions(of node: String, in list: Curtain_V1_NodeList) -> [String] {
    list.nodes.first { $0.name == node }?.sessions ?? []
  }

  private func controllerCount(_ client: TestClient, session: String) throws -> Int? {
    let response = try client.call(session: session) {
      $0.listControllers = Curtain_V1_ListControllers()
    }
    guard case .controllers(let list)? = response.result else { return nil }
    return list.controllers.count
  }

  // MARK: Routing

  func testRequestsForAnotherNodesSessionAreMovedAndChangeNothing() throws {
    let (a, portA) = try startNode("a")
    let (b, _) = try startNode("b")
    let clientA = try TestClient(path: a.socketPath, name: "on-a")
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    try clientA.make(.content, "First", session: "s1")
    let list = try waitForNodes(clientB) { self.sessions(of: "a", in: $0).contains("s1") }
    XCTAssertEqual(list.answeredBy, "b")
    XCTAssertEqual(list.nodes.map(\.name), ["a", "b"])
    XCTAssertEqual(list.nodes.map(\.alive), [true, true])
    XCTAssertEqual(list.nodes.first?.address, "tcp://127.0.0.1:\(portA)")

    for mutating in [false, true] {
      let response = try clientB.call(session: "s1") {
        if mutating {
          $0.createController.kind = .content
          $0.createController.identifier = "Second"
        } else {
          $0.listControllers = Curtain_V1_ListControllers()
        }
      }
      guard case .error(let error)? = response.result else {
        return XCTFail("expected MOVED, got \(response)")
      }
      XCTAssertEqual(error.code, .moved)
      XCTAssertEqual(
        error.details,
        ["session": "s1", "node": "a", "address": "tcp://127.0.0.1:\(portA)", "epoch": "1"])
      XCTAssertEqual(error.message, "Session 's1' is on node a (tcp://127.0.0.1:\(portA))")
    }
    // Nothing was made on b, and a has only its own controller.
    XCTAssertEqual(try controllerCount(clientA, session: "s1"), 1)
    let sessionsB = try clientB.call { $0.listSessions = Curtain_V1_ListSessions() }
    guard case .sessions(let listed)? = sessionsB.result else { return XCTFail("\(sessionsB)") }
    XCTAssertFalse(listed.sessions.contains { $0.name == "s1" })
  }

  func testTheCLIFollowsMovedAndListsTheNodes() throws {
    let (a, portA) = try startNode("a")
    let (b, portB) = try startNode("b")
    let cli = try TempDaemon.cliURL().path
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    // Made through b, which owns nothing yet: the session is b's.
    var (status, output) = try runProgram(
      cli, ["--socket", b.socketPath, "--session", "web", "new-controller", "content", "--id", "X"])
    XCTAssertEqual(status, 0, output)
    XCTAssertEqual(
      output, "curtain: created durable session 'web' (curtain kill-session web)\nc1\n")
    _ = try waitForNodes(clientB) { self.sessions(of: "b", in: $0) == ["web"] }
    // Asked through a: one hop to b, said with --verbose only.
    (status, output) = try runProgram(
      cli, ["list-controllers", "--socket", a.socketPath, "--session", "web", "--verbose"])
    XCTAssertEqual(status, 0, output)
    XCTAssertEqual(
      output,
      "curtain: following MOVED: session 'web' is on node b at tcp://127.0.0.1:\(portB)\n"
        + "c1  content @X  no window  disappeared\n")
    (status, output) = try runProgram(
      cli, ["--socket", a.socketPath, "--session", "web", "new-controller", "content", "--id", "Y"])
    XCTAssertEqual(status, 0, output)
    XCTAssertEqual(output, "c2\n")
    (status, output) = try runProgram(cli, ["--socket", a.socketPath, "nodes"])
    XCTAssertEqual(status, 0, output)
    let lines = output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 2, output)
    XCTAssertTrue(lines[0].hasPrefix("*a  tcp://127.0.0.1:\(portA)  alive (lease "), lines[0])
    XCTAssertTrue(lines[0].contains("  0 sessions  "), lines[0])
    XCTAssertTrue(lines[1].hasPrefix(" b  tcp://127.0.0.1:\(portB)  alive (lease "), lines[1])
    XCTAssertTrue(lines[1].hasSuffix("  [web]"), lines[1])
  }

  func testNodesStartingTogetherOnAFreshDatabaseAllJoin() throws {
    guard let postgres else { throw XCTSkip("no PostgreSQL") }
    try postgres.createDatabase("fresh")
    let started = Mutex<[Result<TempDaemon, any Error>]>([])
    // Threads of their own: TempDaemon waits on Dispatch's pool.
    let done = DispatchSemaphore(value: 0)
    for index in 0..<3 {
      Thread {
        let result = Result {
          try TempDaemon(arguments: [
            "--cluster", postgres.socketURL("fresh"), "--node", "n\(index)",
            "--listen", "127.0.0.1:\(TempPostgres.freePort())",
          ])
        }
        started.withLock { $0.append(result) }
        done.signal()
      }.start()
    }
    for _ in 0..<3 { done.wait() }
    for result in started.withLock({ $0 }) {
      switch result {
      case .success(let daemon): nodes.append(daemon)
      case .failure(let error): XCTFail("a node did not start: \(error)")
      }
    }
    XCTAssertEqual(nodes.count, 3)
    guard let first = nodes.first else { return }
    let client = try TestClient(path: first.socketPath)
    let list = try waitForNodes(client) { $0.nodes.count == 3 }
    XCTAssertEqual(list.nodes.map(\.name), ["n0", "n1", "n2"])
  }

  func testListNodesOutsideAClusterIsRefused() throws {
    let daemon = try TempDaemon()
    defer { _ = daemon.stop() }
    let client = try TestClient(path: daemon.socketPath)
    let response = try client.call { $0.listNodes = Curtain_V1_ListNodes() }
    guard case .error(let error)? = response.result else { return XCTFail("\(response)") }
    XCTAssertEqual(error.code, .invalidArgument)
    XCTAssertTrue(error.message.hasPrefix("This curtaind is not in a cluster"), error.message)
  }

  // MARK: Failover

  func testKill9FailsOverEverySessionWithEveryAcknowledgedChange() throws {
    let (a, _) = try startNode("a")
    let (b, _) = try startNode("b")
    let clientA = try TestClient(path: a.socketPath, name: "on-a")
    let names = (1...6).map { "f\($0)" }
    var acknowledged: [String: Int] = [:]
    for (index, session) in names.enumerated() {
      for number in 0...index {
        let response = try clientA.call(session: session) {
          $0.createController.kind = .content
          $0.createController.identifier = "C\(number)"
        }
        guard case .controller? = response.result else { return XCTFail("\(response)") }
        acknowledged[session, default: 0] += 1
      }
    }
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    _ = try waitForNodes(clientB) { self.sessions(of: "a", in: $0).count == names.count }
    a.kill9()
    let killed = MonotonicClock.now()
    let list = try waitForNodes(clientB, timeout: 15) {
      self.sessions(of: "b", in: $0).count == names.count
    }
    let failover = MonotonicClock.now() - killed
    // The lease, one renewal period of b, and the time to read the list.
    XCTAssertLessThan(failover, leaseTimeout + 1 + 0.5, "failover took \(failover) s")
    XCTAssertEqual(list.nodes.first { $0.name == "a" }?.alive, false)
    for session in names {
      XCTAssertEqual(try controllerCount(clientB, session: session), acknowledged[session])
    }
    // The claimed sessions take new changes on b.
    let response = try clientB.call(session: "f1") {
      $0.createController.kind = .content
      $0.createController.identifier = "AfterFailover"
    }
    guard case .controller? = response.result else { return XCTFail("\(response)") }
  }

  /// Four clients pipeline mutations on four sessions of a, each watched
  /// by a subscriber; a is killed with answers outstanding. b and c must
  /// split the sessions between them (one claim each: epoch 2), within
  /// the lease + 1 s, with every acknowledged change, and each watcher
  /// resumes on the new owner with exactly the events it missed.
  func testKill9UnderPipelinedLoadFailsOverGapFree() throws {
    let (a, _) = try startNode("a")
    let (b, _) = try startNode("b")
    let (c, _) = try startNode("c")
    let names = ["p0", "p1", "p2", "p3"]
    var clients: [TestClient] = []
    var watchers: [TestClient] = []
    var windows: [UInt64] = []
    for name in names {
      let client = try TestClient(path: a.socketPath, name: "load-\(name)")
      let window = try client.call(session: name) { $0.createWindow.clock = .manual }.window.id
      try client.make(.navigation, "Nav", session: name)
      try client.make(.content, "Home", session: name)
      try client.call(session: name) {
        $0.setRoot.windowID = window
        $0.setRoot.controller = controllerRef("Nav")
      }
      try client.call(session: name) {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef("Home")
        $0.push.notAnimated = true
      }
      let watcher = try TestClient(path: a.socketPath, name: "watch-\(name)")
      try watcher.call(session: name) {
        $0.subscribe.windowID = window
        $0.subscribe.events = true
      }
      clients.append(client)
      watchers.append(watcher)
      windows.append(window)
    }
    // 40 requests in flight per client: create C1, push C1, create C2, …
    var sent: [[(id: UInt64, controller: String, push: Bool)]] = []
    for (client, name) in zip(clients, names) {
      var ids: [(UInt64, String, Bool)] = []
      for number in 1...20 {
        let created = client.send(session: name) {
          $0.createController.kind = .content
          $0.createController.identifier = "C\(number)"
        }
        let pushed = client.send(session: name) {
          $0.push.navigation = controllerRef("Nav")
          $0.push.controller = controllerRef("C\(number)")
          $0.push.notAnimated = true
        }
        ids += [(created, "C\(number)", false), (pushed, "C\(number)", true)]
      }
      sent.append(ids)
    }
    // Some answers arrive, then a dies with the rest outstanding.
    for (client, ids) in zip(clients, sent) { _ = try client.response(to: ids[9].id) }
    a.kill9()
    let killed = MonotonicClock.now()
    var acknowledged: [[String]] = []
    for (client, ids) in zip(clients, sent) {
      var made: [String] = []
      for request in ids where !request.push {
        if case .controller? = try client.response(to: request.id, timeout: 0.5)?.result {
          made.append(request.controller)
        }
      }
      acknowledged.append(made)
    }
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    let clientC = try TestClient(path: c.socketPath, name: "on-c")
    let list = try waitForNodes(clientB, timeout: 15) {
      Set(self.sessions(of: "b", in: $0) + self.sessions(of: "c", in: $0)) == Set(names)
    }
    let failover = MonotonicClock.now() - killed
    XCTAssertLessThan(failover, leaseTimeout + 1 + 1, "failover took \(failover) s")
    let epochs = try postgres?.sql(
      "SELECT string_agg(session || ':' || epoch, ',' ORDER BY session) FROM curtain_sessions",
      database: "cluster")
    XCTAssertEqual(epochs, names.map { "\($0):2" }.joined(separator: ","))
    for (index, name) in names.enumerated() {
      let owner = sessions(of: "b", in: list).contains(name) ? clientB : clientC
      let onOwner = try identifiers(owner, session: name)
      for made in acknowledged[index] {
        XCTAssertTrue(onOwner.contains(made), "\(name): acknowledged \(made) was lost")
      }
      // The watcher resumes where it was.
      try watchers[index].drain(timeout: 0.2)
      let seen = watchers[index].takeEvents()
      let last = seen.last?.seq ?? 0
      let resumed = try TestClient(path: owner === clientB ? b.socketPath : c.socketPath)
      try resumed.call(session: name) {
        $0.subscribe.windowID = windows[index]
        $0.subscribe.events = true
        $0.subscribe.fromSeq = 0
      }
      try resumed.drain(timeout: 0.3)
      let all = resumed.takeEvents()
      // What a delivered is in the new owner's ring, as it was.
      let first = seen.first?.seq ?? 1
      XCTAssertEqual(
        all.filter { $0.seq >= first && $0.seq <= last }.map { "\($0.seq) \($0.text)" },
        seen.map { "\($0.seq) \($0.text)" }, "\(name): the events a delivered")
      // Resuming after the last one seen gives the rest, consecutive.
      let rest = try TestClient(path: owner === clientB ? b.socketPath : c.socketPath)
      try rest.call(session: name) {
        $0.subscribe.windowID = windows[index]
        $0.subscribe.events = true
        $0.subscribe.fromSeq = last
      }
      try rest.drain(timeout: 0.3)
      let missed = rest.takeEvents().map(\.seq)
      XCTAssertEqual(
        missed, (0..<missed.count).map { last + 1 + UInt64($0) }, "\(name): a gap")
      XCTAssertEqual(missed, all.map(\.seq).filter { $0 > last }, "\(name): resumed events")
      rest.close()
      resumed.close()
    }
  }

  /// Two survivors claim a dead node's sessions at the same time: each
  /// session is claimed exactly once (epoch 2), by one of them, which
  /// serves it with everything it had while the other sends its clients
  /// there.
  func testTwoSurvivorsRacingForADeadNodesSessionsClaimEachOnce() throws {
    let (a, _) = try startNode("a")
    let (b, portB) = try startNode("b")
    let (c, portC) = try startNode("c")
    let clientA = try TestClient(path: a.socketPath, name: "on-a")
    let names = (1...24).map { String(format: "r%02d", $0) }
    for name in names { try clientA.make(.content, "In" + name, session: name) }
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    let clientC = try TestClient(path: c.socketPath, name: "on-c")
    _ = try waitForNodes(clientB) { self.sessions(of: "a", in: $0).count == names.count }
    a.kill9()
    let list = try waitForNodes(clientB, timeout: 15) {
      Set(self.sessions(of: "b", in: $0) + self.sessions(of: "c", in: $0)) == Set(names)
    }
    let onB = Set(sessions(of: "b", in: list))
    XCTAssertTrue(onB.isDisjoint(with: sessions(of: "c", in: list)))
    let epochs = try postgres?.sql(
      "SELECT string_agg(session || ':' || epoch, ',' ORDER BY session) FROM curtain_sessions",
      database: "cluster")
    XCTAssertEqual(epochs, names.map { "\($0):2" }.joined(separator: ","))
    for name in names {
      let (owner, other, port) =
        onB.contains(name) ? (clientB, clientC, portB) : (clientC, clientB, portC)
      XCTAssertEqual(try identifiers(owner, session: name), ["In" + name])
      let response = try other.call(session: name) {
        $0.listControllers = Curtain_V1_ListControllers()
      }
      // The other survivor reads the map at its next round.
      if case .error(let error)? = response.result, error.code == .moved {
        XCTAssertEqual(error.details["address"], "tcp://127.0.0.1:\(port)")
      } else if case .error(let error)? = response.result, error.code == .busy {
        continue
      } else {
        XCTFail("\(name) answered on both survivors: \(response)")
      }
    }
  }

  // MARK: PostgreSQL restarted

  /// Creates controller `name` in `session`; returns whether it was
  /// acknowledged, and fails the test on an answer that is neither that
  /// nor a clear refusal (UNAVAILABLE, BUSY).
  private func create(
    _ client: TestClient, _ name: String, session: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> Bool {
    let response = try client.call(session: session) {
      $0.createController.kind = .content
      $0.createController.identifier = name
    }
    switch response.result {
    case .controller?: return true
    case .error(let error)? where error.code == .unavailable || error.code == .busy:
      return false
    default:
      XCTFail("unexpected answer \(response)", file: file, line: line)
      return false
    }
  }

  func testPostgreSQLRestartedUnderLoadLosesNothingAcknowledged() throws {
    let (a, _) = try startNode("a")
    let (b, _) = try startNode("b")
    let clientA = try TestClient(path: a.socketPath, name: "on-a")
    var acknowledged: [String] = []
    var refused = 0
    var number = 0
    func step() throws {
      number += 1
      if try create(clientA, "C\(number)", session: "pg") {
        acknowledged.append("C\(number)")
      } else {
        refused += 1
      }
    }
    for _ in 0..<20 { try step() }
    postgres?.stop()
    let downUntil = MonotonicClock.now() + 2 * leaseTimeout
    while MonotonicClock.now() < downUntil { try step() }
    try postgres?.start()
    // Changes are taken again within a few lease periods.
    let deadline = MonotonicClock.now() + 20
    var acknowledgedAgain = 0
    while acknowledgedAgain < 10, MonotonicClock.now() < deadline {
      let before = acknowledged.count
      try step()
      if acknowledged.count > before { acknowledgedAgain += 1 } else { usleep(50_000) }
    }
    XCTAssertEqual(acknowledgedAgain, 10, "a never took changes again")
    XCTAssertGreaterThan(refused, 0, "nothing was refused while PostgreSQL was down")
    let listed = try clientA.call(session: "pg") {
      $0.listControllers = Curtain_V1_ListControllers()
    }
    guard case .controllers(let controllers)? = listed.result else {
      return XCTFail("\(listed)")
    }
    XCTAssertEqual(controllers.controllers.map(\.identifier), acknowledged)
    // And the store has them: a dies, b restores the session from it.
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    _ = try waitForNodes(clientB) { self.sessions(of: "a", in: $0) == ["pg"] }
    a.kill9()
    _ = try waitForNodes(clientB, timeout: 15) { self.sessions(of: "b", in: $0) == ["pg"] }
    let restored = try clientB.call(session: "pg") {
      $0.listControllers = Curtain_V1_ListControllers()
    }
    guard case .controllers(let onB)? = restored.result else { return XCTFail("\(restored)") }
    XCTAssertEqual(onB.controllers.map(\.identifier), acknowledged)
  }

  /// A change whose statement PostgreSQL answered but whose commit then
  /// failed is not acknowledged. A single statement commits only after its
  /// answer (at the protocol's Sync), so a fast shutdown terminating the
  /// server process in between lost a change already answered OK (issue
  /// 33 §3, the soak's cluster part); a constraint checked at commit
  /// refuses the commit the same way, every time.
  func testAChangeWhoseCommitFailsAfterItsStatementIsNotAcknowledged() throws {
    guard let postgres else { throw XCTSkip("no PostgreSQL") }
    let (a, _) = try startNode("a")
    let client = try TestClient(path: a.socketPath, name: "on-a")
    XCTAssertTrue(try create(client, "Before", session: "z"))
    try postgres.sql(
      """
      CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF position('Refused'::bytea IN NEW.entry) > 0 THEN
          RAISE EXCEPTION 'refused at commit';
        END IF;
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON cluster_journal
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_at_commit();
      """, database: "cluster")
    let refused = try client.call(session: "z") {
      $0.createController.kind = .content
      $0.createController.identifier = "Refused"
    }
    guard case .error(let error)? = refused.result else {
      return XCTFail("a change whose commit failed was acknowledged: \(refused)")
    }
    XCTAssertEqual(error.code, .unavailable, "\(error)")
    try postgres.sql("DROP TRIGGER refuse_at_commit ON cluster_journal", database: "cluster")
    // The session is restored from the store without it, and takes
    // changes again.
    var number = 0
    let deadline = MonotonicClock.now() + 10
    while try !create(client, "After\(number)", session: "z") {
      guard MonotonicClock.now() < deadline else { return XCTFail("z never took changes again") }
      number += 1
      usleep(50_000)
    }
    XCTAssertEqual(try identifiers(client, session: "z"), ["After\(number)", "Before"])
    XCTAssertEqual(
      try postgres.sql(
        "SELECT count(*) FROM cluster_journal WHERE position('Refused'::bytea IN entry) > 0",
        database: "cluster"), "0")
  }

  /// Three nodes, twelve sessions (four on each), one client per session
  /// creating a controller with a new name in a loop and following
  /// `MOVED`; PostgreSQL is stopped (a fast shutdown, as `pg_ctl -m fast
  /// stop`) and started again `CURTAIN_PG_STOPS` times (default 6) under
  /// that load. Every change answered OK must be on its session's node
  /// afterwards, and in the store: a fourth node restores every session
  /// from it once the three are killed.
  func testPostgreSQLStoppedAndStartedUnderClusterLoadKeepsEveryAcknowledgedChange() throws {
    guard let postgres else { throw XCTSkip("no PostgreSQL") }
    let stops = Int(ProcessInfo.processInfo.environment["CURTAIN_PG_STOPS"] ?? "") ?? 6
    var sockets: [Int: String] = [:]
    var homes: [String] = []
    for name in ["a", "b", "c"] {
      let (node, port) = try startNode(name)
      sockets[port] = node.socketPath
      homes.append(node.socketPath)
    }
    let names = (0..<12).map { String(format: "w%02d", $0) }
    let writers = names.enumerated().map { index, session in
      AcknowledgedWriter(session: session, home: homes[index % homes.count], sockets: sockets)
    }
    for writer in writers { writer.start() }
    defer { for writer in writers { writer.finish() } }
    func awaitProgress(_ count: Int, _ what: String) throws {
      try AcknowledgedWriter.awaitProgress(writers, count, what)
    }
    try awaitProgress(20, "before the first stop")
    for stop in 1...stops {
      postgres.stop()
      // Down for a lease and a half: the nodes' leases lapse too.
      usleep(UInt32(1_500_000))
      try postgres.start()
      try awaitProgress(5, "after stop \(stop)")
    }
    for writer in writers { writer.finish() }
    XCTAssertNil(writers.lazy.compactMap(\.failure).first)
    XCTAssertTrue(writers.allSatisfy { $0.refusedCount > 0 }, "a writer was never refused")
    // On the nodes that serve them now.
    for writer in writers {
      let present = Set(try writer.identifiers())
      let lost = writer.acknowledged.filter { !present.contains($0) }
      XCTAssertEqual(lost, [], "\(writer.session): acknowledged changes lost on its node")
    }
    // In the store: a fourth node claims every session once the three die.
    let (d, _) = try startNode("d")
    let clientD = try TestClient(path: d.socketPath, name: "on-d")
    for node in nodes.prefix(3) { node.kill9() }
    _ = try waitForNodes(clientD, timeout: 20) { Set(self.sessions(of: "d", in: $0)) == Set(names) }
    for writer in writers {
      let present = Set(try identifiers(clientD, session: writer.session))
      let lost = writer.acknowledged.filter { !present.contains($0) }
      XCTAssertEqual(lost, [], "\(writer.session): acknowledged changes lost in the store")
    }
  }

  // MARK: Moving sessions

  /// The identifiers of `session`'s controllers on `client`'s node, once
  /// it answers (it may say BUSY or MOVED while the session moves).
  private func identifiers(_ client: TestClient, session: String) throws -> [String] {
    let deadline = MonotonicClock.now() + 10
    while true {
      let response = try client.call(session: session) {
        $0.listControllers = Curtain_V1_ListControllers()
      }
      if case .controllers(let list)? = response.result {
        return list.controllers.map(\.identifier).sorted()
      }
      if MonotonicClock.now() > deadline {
        throw TempDaemonError(description: "session \(session) never answered: \(response)")
      }
      usleep(50_000)
    }
  }

  func testMoveSessionHandsItOverAndSendsItsSubscribersOn() throws {
    let (a, _) = try startNode("a")
    let (b, portB) = try startNode("b")
    let cli = try TempDaemon.cliURL().path
    let clientA = try TestClient(path: a.socketPath, name: "on-a")
    try clientA.make(.content, "One", "Two", session: "m")
    let created = try clientA.call(session: "m") { $0.createWindow.clock = .manual }
    guard case .window(let window)? = created.result else { return XCTFail("\(created)") }
    let watcher = try TestClient(path: a.socketPath, name: "watcher")
    try watcher.call(session: "m") {
      $0.subscribe.windowID = window.id
      $0.subscribe.events = true
    }
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    _ = try waitForNodes(clientB) { self.sessions(of: "a", in: $0) == ["m"] }
    // Asked through b, which follows MOVED to a, the session's node.
    var (status, output) = try runProgram(
      cli, ["move-session", "m", "--to", "b", "--socket", b.socketPath])
    XCTAssertEqual(status, 0, output)
    XCTAssertEqual(output, "m -> b tcp://127.0.0.1:\(portB)\n")
    try watcher.drain(timeout: 1)
    XCTAssertEqual(watcher.goodbye?.reason, .moved)
    XCTAssertEqual(watcher.goodbye?.details["node"], "b")
    XCTAssertEqual(watcher.goodbye?.details["address"], "tcp://127.0.0.1:\(portB)")
    XCTAssertEqual(try identifiers(clientB, session: "m"), ["One", "Two"])
    let owners = try postgres?.sql(
      "SELECT node || ':' || epoch FROM curtain_sessions WHERE session = 'm'",
      database: "cluster")
    XCTAssertEqual(owners, "b:2")
    // a now sends its clients to b.
    let deadline = MonotonicClock.now() + 10
    var answer: WireError?
    while MonotonicClock.now() < deadline {
      let response = try clientA.call(session: "m") {
        $0.listControllers = Curtain_V1_ListControllers()
      }
      guard case .error(let error)? = response.result else { return XCTFail("\(response)") }
      answer = error
      if error.code == .moved { break }
      XCTAssertEqual(error.code, .busy)
      usleep(100_000)
    }
    XCTAssertEqual(answer?.code, .moved)
    XCTAssertEqual(answer?.details["epoch"], "2")
    // Moving it to where it is, or to a node that does not exist.
    (status, output) = try runProgram(
      cli, ["move-session", "m", "--to", "b", "--socket", b.socketPath])
    XCTAssertEqual(status, 1)
    XCTAssertEqual(output, "curtain: INVALID_ARGUMENT: Session 'm' is on node b already\n")
    (status, output) = try runProgram(
      cli, ["move-session", "m", "--to", "zz", "--socket", b.socketPath])
    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      output,
      "curtain: NOT_FOUND: No node 'zz' in the cluster (`curtain nodes` lists them)\n")
  }

  func testDrainHandsEverySessionToTheOtherNodesBeforeExiting() throws {
    let (a, _) = try startNode("a", ["--drain"])
    let (b, _) = try startNode("b")
    let (c, _) = try startNode("c")
    let clientA = try TestClient(path: a.socketPath, name: "on-a")
    for name in ["d1", "d2", "d3"] { try clientA.make(.content, "In" + name, session: name) }
    let clientC = try TestClient(path: c.socketPath, name: "on-c")
    _ = try waitForNodes(clientC) {
      self.sessions(of: "a", in: $0).count == 3 && $0.nodes.allSatisfy(\.alive)
    }
    clientA.close()
    let (status, _) = a.stop()
    XCTAssertEqual(status, 0)
    let list = try waitForNodes(clientC) {
      self.sessions(of: "b", in: $0).count + self.sessions(of: "c", in: $0).count == 3
    }
    XCTAssertEqual(sessions(of: "a", in: list), [])
    // Spread: two nodes, three sessions.
    XCTAssertEqual(
      [sessions(of: "b", in: list).count, sessions(of: "c", in: list).count].sorted(), [1, 2])
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    for name in ["d1", "d2", "d3"] {
      let holder = sessions(of: "b", in: list).contains(name) ? clientB : clientC
      XCTAssertEqual(try identifiers(holder, session: name), ["In" + name])
    }
  }

  // MARK: Placement

  /// `--placement least-loaded` on a: each new session goes to the live
  /// node with the fewest sessions (a first among equals, then by name),
  /// its first change made through a is answered MOVED there, and the CLI
  /// follows it.
  func testLeastLoadedPlacementSpreadsNewSessionsAndTheClientsFollow() throws {
    let (a, _) = try startNode("a", ["--placement", "least-loaded"])
    let (b, portB) = try startNode("b")
    let (_, portC) = try startNode("c")
    let ports = ["b": portB, "c": portC]
    let cli = try TempDaemon.cliURL().path
    let clientA = try TestClient(path: a.socketPath, name: "on-a")
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    _ = try waitForNodes(clientA) { $0.nodes.count == 3 && $0.nodes.allSatisfy(\.alive) }
    var placed: [String: String] = [:]
    /// Waits until a's node list has `session` (so that the next
    /// placement counts it), and notes its node.
    func notePlacement(_ session: String) throws {
      let list = try waitForNodes(clientA) { $0.nodes.contains { $0.sessions.contains(session) } }
      placed[session] = list.nodes.first { $0.sessions.contains(session) }?.name
    }
    var (status, output) = try runProgram(
      cli, ["--socket", a.socketPath, "--session", "s1", "new-controller", "content", "--verbose"])
    XCTAssertEqual(status, 0, output)
    XCTAssertEqual(output, "curtain: created durable session 's1' (curtain kill-session s1)\nc1\n")
    try notePlacement("s1")
    // s2 goes to b: a's answer says so, also to a read sent right behind
    // the change (a answered nothing from the copy it made meanwhile),
    // and a keeps nothing of it.
    let create = clientA.send(session: "s2") {
      $0.createController.kind = .content
      $0.createController.identifier = "Placed"
    }
    let read = clientA.send(session: "s2") { $0.listControllers = Curtain_V1_ListControllers() }
    let response = try XCTUnwrap(try clientA.response(to: create))
    guard case .error(let moved)? = response.result else { return XCTFail("\(response)") }
    let readResponse = try XCTUnwrap(try clientA.response(to: read))
    guard case .error(let readMoved)? = readResponse.result else {
      return XCTFail("\(readResponse)")
    }
    XCTAssertEqual(readMoved.code, .moved)
    XCTAssertEqual(readMoved.details["node"], "b")
    XCTAssertEqual(moved.code, .moved)
    XCTAssertEqual(moved.message, "Session 's2' is on node b (tcp://127.0.0.1:\(portB))")
    XCTAssertEqual(
      moved.details,
      ["session": "s2", "node": "b", "address": "tcp://127.0.0.1:\(portB)", "epoch": "1"])
    let listed = try clientA.call(session: "s2") {
      $0.listControllers = Curtain_V1_ListControllers()
    }
    guard case .error(let again)? = listed.result else { return XCTFail("\(listed)") }
    XCTAssertEqual(again.code, .moved)
    // Nothing of it was made anywhere yet.
    let onB = try clientB.call(session: "s2") {
      $0.listControllers = Curtain_V1_ListControllers()
    }
    XCTAssertEqual(onB.error.code, .notFound, "\(onB)")
    let made = try clientB.call(session: "s2") {
      $0.createController.kind = .content
      $0.createController.identifier = "Placed"
    }
    guard case .controller(let controller)? = made.result else { return XCTFail("\(made)") }
    XCTAssertEqual(controller.id, 1)
    try notePlacement("s2")
    for (number, node) in [(3, "c"), (4, "a"), (5, "b"), (6, "c")] {
      (status, output) = try runProgram(
        cli,
        [
          "--socket", a.socketPath, "--session", "s\(number)", "new-controller", "content",
          "--verbose",
        ])
      XCTAssertEqual(status, 0, output)
      // Made on the node asked, the session is said to be new; after a hop
      // to another node the CLI cannot tell (each node lists its own).
      let said = ports[node].map {
        "curtain: following MOVED: session 's\(number)' is on node \(node) at "
          + "tcp://127.0.0.1:\($0)\n"
      }
      XCTAssertEqual(
        output,
        (said ?? "curtain: created durable session 's\(number)' (curtain kill-session s\(number))\n")
          + "c1\n")
      try notePlacement("s\(number)")
    }
    XCTAssertEqual(
      placed, ["s1": "a", "s2": "b", "s3": "c", "s4": "a", "s5": "b", "s6": "c"])
  }

  // MARK: CurtainConnection (the connection contract every Swift client keeps)

  func testCurtainConnectionFollowsMovedUpToItsHopLimit() throws {
    let (a, _) = try startNode("a")
    let (b, portB) = try startNode("b")
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    try clientB.make(.content, "X", session: "web")
    _ = try waitForNodes(clientB) { self.sessions(of: "b", in: $0) == ["web"] }
    let redirect = SessionRedirect(session: "web", node: "b", address: "tcp://127.0.0.1:\(portB)")
    var list = WireRequest()
    list.session = "web"
    list.body = .listControllers(Curtain_V1_ListControllers())

    let connection = try CurtainConnection(
      endpoint: .unix(path: a.socketPath), options: .init(clientName: "contract"))
    var notices: [CurtainConnection.Notice] = []
    connection.onNotice = { notices.append($0) }
    let listed = try connection.call(list)
    XCTAssertEqual(listed.controllers.controllers.map(\.identifier), ["X"])
    XCTAssertEqual(notices, [.followingMoved(redirect)])
    XCTAssertEqual(connection.endpoint, .tcp(host: "127.0.0.1", port: UInt16(portB)))
    // The connection stays on b: no second hop.
    _ = try connection.call(list)
    XCTAssertEqual(notices.count, 1)

    // Past the limit, MOVED is an error that says where the session is.
    let strict = try CurtainConnection(
      endpoint: .unix(path: a.socketPath), options: .init(clientName: "strict", maxMovedHops: 0))
    XCTAssertThrowsError(try strict.call(list)) { error in
      XCTAssertEqual(error as? ClientError, .moved(redirect, .tooManyHops(hop: 1, limit: 0)))
      XCTAssertEqual(
        "\(error)",
        "session 'web' moved again (to node b at tcp://127.0.0.1:\(portB)), past the limit of "
          + "0 hops for one request; the cluster is moving it: try again")
    }
    XCTAssertEqual(strict.endpoint, .unix(path: a.socketPath))
  }

  func testCurtainConnectionResumesASubscriptionOnTheSessionsNewNode() throws {
    let (a, _) = try startNode("a")
    let (b, portB) = try startNode("b")
    let clientA = try TestClient(path: a.socketPath, name: "on-a")
    try clientA.make(.content, "One", "Two", session: "m")
    let created = try clientA.call(session: "m") { $0.createWindow.clock = .manual }
    let window = created.window.id
    let root = try clientA.call(session: "m") {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef("One")
    }
    XCTAssertEqual(root.error.message, "")
    let follower = try WindowFollower(
      .unix(path: a.socketPath), window: window, session: "m",
      options: .init(clientName: "follower"))
    try follower.read(through: clientA.lastSeq(of: window, session: "m"))

    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    _ = try waitForNodes(clientB) { self.sessions(of: "a", in: $0) == ["m"] }
    let moved = try clientA.call(session: "m") {
      $0.moveSession.name = "m"
      $0.moveSession.toNode = "b"
    }
    XCTAssertEqual(moved.moved.node, "b", moved.error.message)
    XCTAssertEqual(try identifiers(clientB, session: "m"), ["One", "Two"])
    let swap = try clientB.call(session: "m") {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef("Two")
    }
    XCTAssertEqual(swap.error.message, "")
    // The follower hears Goodbye{MOVED}, resumes on b, and reads on.
    let last = try clientB.lastSeq(of: window, session: "m")
    try follower.read(through: last)
    follower.checkGapFree(through: last)
    XCTAssertEqual(follower.connection.endpoint, .tcp(host: "127.0.0.1", port: UInt16(portB)))
    XCTAssertTrue(
      follower.notices.contains(
        .followingMoved(
          SessionRedirect(session: "m", node: "b", address: "tcp://127.0.0.1:\(portB)"))),
      "\(follower.notices)")
  }

  func testClusterFlagsAreCheckedBeforeTheNodeStarts() throws {
    guard let postgres else { throw XCTSkip("no PostgreSQL") }
    let url = postgres.socketURL("cluster")
    for (arguments, message) in [
      (["--placement", "least-loaded"], "--placement needs --cluster"),
      (["--drain"], "--drain needs --cluster"),
      (
        ["--cluster", url, "--node", "a", "--listen", "127.0.0.1:1", "--placement", "random"],
        "The value 'random' is invalid for '--placement <rule>'"
      ),
      (["--cluster", url, "--node", "a"], "--cluster needs --listen HOST:PORT"),
      (
        ["--cluster", url, "--node", "a", "--listen", "127.0.0.1:1", "--lease-timeout", "0.5"],
        "--lease-timeout must be longer than --lease-interval"
      ),
    ] {
      XCTAssertThrowsError(try TempDaemon(arguments: arguments), "\(arguments)") { error in
        XCTAssertTrue("\(error)".contains(message), "\(error)")
      }
    }
  }

  // MARK: Fencing

  func testANodeStoppedPastItsLeaseIsFencedAndRedirects() throws {
    let (a, _) = try startNode("a")
    let (b, portB) = try startNode("b")
    let clientA = try TestClient(path: a.socketPath, name: "on-a")
    try clientA.make(.content, "Before", session: "z")
    let clientB = try TestClient(path: b.socketPath, name: "on-b")
    _ = try waitForNodes(clientB) { self.sessions(of: "a", in: $0) == ["z"] }
    kill(a.pid, SIGSTOP)
    _ = try waitForNodes(clientB, timeout: 15) { self.sessions(of: "b", in: $0) == ["z"] }
    // A change on b, then a wakes up not knowing it lost the session.
    try clientB.make(.content, "OnB", session: "z")
    kill(a.pid, SIGCONT)
    // Its lease lapsed: until it knows what it lost, a serves nothing of
    // its sessions (UNAVAILABLE), never the state it had before the pause;
    // then it sends its clients to b.
    let read = try clientA.call(session: "z") {
      $0.listControllers = Curtain_V1_ListControllers()
    }
    guard case .error(let refused)? = read.result else {
      return XCTFail("a stale read was answered: \(read)")
    }
    XCTAssertTrue([.unavailable, .moved].contains(refused.code), "\(refused)")
    if refused.code == .unavailable {
      XCTAssertTrue(
        refused.message.hasPrefix("Node a's lease in the cluster may have lapsed "),
        refused.message)
    }
    var error = WireError()
    let deadline = MonotonicClock.now() + 10
    repeat {
      let response = try clientA.call(session: "z") {
        $0.createController.kind = .content
        $0.createController.identifier = "Stale"
      }
      guard case .error(let refusal)? = response.result else {
        return XCTFail("a stale write was acknowledged: \(response)")
      }
      error = refusal
      if error.code == .unavailable { usleep(20_000) }
    } while error.code == .unavailable && MonotonicClock.now() < deadline
    XCTAssertEqual(error.code, .moved)
    XCTAssertEqual(error.details["node"], "b")
    XCTAssertEqual(error.details["address"], "tcp://127.0.0.1:\(portB)")
    XCTAssertEqual(error.details["epoch"], "2")
    // b has its own change and not a's.
    let listed = try clientB.call(session: "z") {
      $0.listControllers = Curtain_V1_ListControllers()
    }
    guard case .controllers(let controllers)? = listed.result else {
      return XCTFail("\(listed)")
    }
    XCTAssertEqual(controllers.controllers.map(\.identifier).sorted(), ["Before", "OnB"])
    // One owner in the map.
    let owners = try postgres?.sql(
      "SELECT node || ':' || epoch FROM curtain_sessions WHERE session = 'z'",
      database: "cluster")
    XCTAssertEqual(owners?.trimmingCharacters(in: .whitespacesAndNewlines), "b:2")
  }
}
