import CurtainTesting
import CurtainWire
import XCTest

@testable import CurtainDaemon

/// Leases over the real protocol: one client's exclusive mutation of a
/// window until release, expiry (on the daemon's clock) or disconnect;
/// PERMISSION_DENIED naming the holder for the others; live lease events;
/// admins break leases; nothing of it is journalled.
final class LeaseTests: StateDirectoryTestCase {
  private func push(_ client: TestClient, _ name: String) throws -> WireResponse {
    try client.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef(name)
      $0.push.notAnimated = true
    }
  }

  private func lease(_ client: TestClient, _ window: UInt64, ttl: Double) throws -> WireResponse {
    try client.call {
      $0.lease.windowID = window
      $0.lease.ttl = ttl
    }
  }

  private func release(_ client: TestClient, _ window: UInt64, force: Bool = false) throws
    -> WireResponse
  {
    try client.call {
      $0.release.windowID = window
      $0.release.force = force
    }
  }

  /// A client subscribed to the window category of `window`.
  private func watcher(_ daemon: TempDaemon, _ window: UInt64) throws -> TestClient {
    let watcher = try TestClient(path: daemon.socketPath, name: "watcher")
    try watcher.call {
      $0.subscribe.windowID = window
      $0.subscribe.events = true
      $0.subscribe.categories = [.window]
    }
    return watcher
  }

  /// The lease events `client` received (after a round trip).
  private func leaseEvents(_ client: TestClient) throws -> [String] {
    try client.sync()
    return client.takeEvents().compactMap { event in
      guard case .lease? = event.kind else { return nil }
      XCTAssertEqual(event.seq, 0, "lease events are outside the window's log")
      XCTAssertEqual(event.category, .window)
      return event.text
    }
  }

  private func assertDenied(
    _ response: WireResponse, _ prefix: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(
      response.error.code, .permissionDenied, response.error.message, file: file, line: line)
    XCTAssertTrue(
      response.error.message.hasPrefix(prefix), "\(response.error.message)", file: file, line: line)
  }

  func testALeaseGivesItsHolderExclusiveMutationUntilReleased() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let holder = try TestClient(path: daemon.socketPath, name: "holder")
    let other = try TestClient(path: daemon.socketPath, name: "other")
    let window = try holder.navigationWindow(stack: ["A"])
    let watcher = try watcher(daemon, window)
    let holderID = try lease(holder, window, ttl: 60).lease.holderClientID
    XCTAssertNotEqual(holderID, 0)

    let leased = "Window w\(window) is leased by client \(holderID) (holder) for another "
    assertDenied(try push(other, "B"), leased)
    assertDenied(try other.call { $0.closeWindow.windowID = window }, leased)
    assertDenied(
      try other.call {
        $0.resizeWindow.windowID = window
        $0.resizeWindow.metrics.size.width = 300
        $0.resizeWindow.metrics.size.height = 400
      }, leased)
    assertDenied(try lease(other, window, ttl: 5), leased)
    assertDenied(try release(other, window), leased)
    // Reading stays open to everyone, and shows the holder.
    let listed = try other.call { $0.listWindows = .init() }.windows.windows
    XCTAssertEqual(listed.map(\.lease.holderClientID), [holderID])
    XCTAssertEqual(listed.map(\.lease.holderName), ["holder"])
    XCTAssertEqual(try other.call { $0.getStatus = .init() }.status.leases, 1)

    let renewed = try lease(holder, window, ttl: 120).lease
    XCTAssertTrue(renewed.renewed)
    XCTAssertEqual(renewed.expiresIn, 120)
    XCTAssertEqual(try push(holder, "B").error.code, .unspecified)
    XCTAssertEqual(try release(holder, window).error.code, .unspecified)
    XCTAssertEqual(try push(other, "C").error.code, .unspecified)
    let notLeased = try release(other, window)
    XCTAssertEqual(notLeased.error.code, .notFound)
    XCTAssertEqual(notLeased.error.message, "Window w\(window) is not leased")
    XCTAssertEqual(try lease(other, window, ttl: 0).error.code, .invalidArgument)
    XCTAssertEqual(try lease(other, window, ttl: 86_401).error.code, .invalidArgument)
    XCTAssertFalse(
      try other.call { $0.listWindows = .init() }.windows.windows.contains { $0.hasLease })

    XCTAssertEqual(
      try leaseEvents(watcher),
      [
        "w\(window) leased by client \(holderID) (holder) for 60.0 s",
        "w\(window) lease renewed by client \(holderID) (holder) for 120.0 s",
        "w\(window) lease released by client \(holderID) (holder)",
      ])
  }

  func testAnOperationIsCheckedAgainstTheLeaseOfEveryWindowItTouches() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let holder = try TestClient(path: daemon.socketPath, name: "holder")
    let other = try TestClient(path: daemon.socketPath, name: "other")
    let leased = try holder.navigationWindow(stack: ["A", "B"])
    // The other client's own window, leased by nobody: Free=nav[F].
    let free = try other.call { $0.createWindow.clock = .manual }.window.id
    try other.make(.navigation, "Free")
    try other.make(.content, "F", "G")
    try other.call {
      $0.setStack.navigation = controllerRef("Free")
      $0.setStack.controllers = [controllerRef("F")]
    }
    try other.setRoot(free, "Free")
    let holderID = try lease(holder, leased, ttl: 60).lease.holderClientID
    let denial = "Window w\(leased) is leased by client \(holderID) (holder) for another "
    func pushOntoFree(_ name: String) throws -> WireResponse {
      try other.call {
        $0.push.navigation = controllerRef("Free")
        $0.push.controller = controllerRef(name)
        $0.push.notAnimated = true
      }
    }

    // Each request's first controller is in the free window, but it names
    // B (or the whole Nav) of the leased one: the lease answers first,
    // naming its holder, before the model's rules.
    assertDenied(try pushOntoFree("B"), denial)
    assertDenied(
      try other.call {
        $0.setStack.navigation = controllerRef("Free")
        $0.setStack.controllers = [controllerRef("F"), controllerRef("B")]
      }, denial)
    assertDenied(
      try other.call {
        $0.present.presenter = controllerRef("F")
        $0.present.controller = controllerRef("Nav")
        $0.present.notAnimated = true
      }, denial)
    assertDenied(
      try other.call {
        $0.setRoot.windowID = free
        $0.setRoot.controller = controllerRef("Nav")
      }, denial)
    let stack = try other.call { $0.getTree.windowID = leased }.tree.root.children.map(\.identifier)
    XCTAssertEqual(stack, ["A", "B"], "nothing left the leased window")

    // What touches the free window only is still the other client's.
    XCTAssertEqual(try pushOntoFree("G").error.code, .unspecified)
    // Once the holder lets go, the model's own rule answers: a controller
    // of another window cannot be taken from it.
    XCTAssertEqual(try release(holder, leased).error.code, .unspecified)
    let taken = try pushOntoFree("B")
    XCTAssertEqual(taken.error.code, .invalidArgument)
    XCTAssertEqual(taken.error.message, "B is in another window (w\(leased))")
  }

  func testALeaseIsLostOnDisconnectAndAnAdminBreaksOne() throws {
    let daemon = try TempDaemon(tcpToken: "worker sessions=*\nboss admin")
    defer { daemon.stop() }
    let port = try XCTUnwrap(daemon.tcpPort, daemon.stderr)
    let loopback = CurtainClient.Endpoint.tcp(host: "127.0.0.1", port: port)
    let first = try TestClient(path: daemon.socketPath, name: "first")
    let window = try first.navigationWindow(stack: ["A"])
    let watcher = try watcher(daemon, window)
    let firstID = try lease(first, window, ttl: 60).lease.holderClientID
    first.close()
    // The disconnect reaches the daemon before the watcher's round trip
    // once the lease event is out; wait for it, then change the window.
    var events: [String] = []
    while !events.contains(where: { $0.contains("lost") }) {
      try watcher.drain(timeout: 0.05)
      events += try leaseEvents(watcher)
    }
    XCTAssertEqual(events.last, "w\(window) lease lost: client \(firstID) (first) disconnected")

    let second = try TestClient(path: daemon.socketPath, name: "second")
    XCTAssertEqual(try push(second, "B").error.code, .unspecified)
    let secondID = try lease(second, window, ttl: 60).lease.holderClientID
    let worker = try TestClient(endpoint: loopback, name: "worker", token: "worker")
    assertDenied(
      try release(worker, window, force: true),
      "Only an admin client may break the lease of window w\(window), held by client "
        + "\(secondID) (second)")
    let boss = try TestClient(endpoint: loopback, name: "boss", token: "boss")
    XCTAssertEqual(try release(boss, window, force: true).error.code, .unspecified)
    XCTAssertEqual(try push(worker, "C").error.code, .unspecified)
    let bossID = try lease(boss, window, ttl: 1).lease.holderClientID
    XCTAssertEqual(
      Array(try leaseEvents(watcher).suffix(3)),
      [
        "w\(window) leased by client \(secondID) (second) for 60.0 s",
        "w\(window) lease of client \(secondID) (second) broken by client \(bossID)",
        "w\(window) leased by client \(bossID) (boss) for 1.0 s",
      ])
  }

  func testALeaseExpiresOnTheDaemonsClock() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let holder = try TestClient(path: daemon.socketPath, name: "holder")
    let window = try holder.navigationWindow(stack: ["A"])
    let watcher = try watcher(daemon, window)
    let holderID = try lease(holder, window, ttl: 0.2).lease.holderClientID
    // No request comes: the daemon's own timer ends the lease.
    var events: [String] = []
    while !events.contains(where: { $0.hasSuffix("expired") }) {
      try watcher.drain(timeout: 0.05)
      events += try leaseEvents(watcher)
    }
    XCTAssertEqual(
      events,
      [
        "w\(window) leased by client \(holderID) (holder) for 0.2 s",
        "w\(window) lease of client \(holderID) (holder) expired",
      ])
    let other = try TestClient(path: daemon.socketPath, name: "other")
    XCTAssertEqual(try push(other, "B").error.code, .unspecified)
    XCTAssertEqual(try other.call { $0.getStatus = .init() }.status.leases, 0)
  }

  /// Leases and the requests they refuse are not journalled: a restarted
  /// daemon has no lease and replays every change that was made.
  func testLeasesAreNotJournalled() throws {
    let first = try startDaemon()
    let holder = try TestClient(path: first.socketPath, name: "holder")
    let other = try TestClient(path: first.socketPath, name: "other")
    let window = try holder.navigationWindow(stack: ["A"])
    XCTAssertEqual(try lease(holder, window, ttl: 600).error.code, .unspecified)
    assertDenied(try push(other, "B"), "Window w\(window) is leased by client")
    XCTAssertEqual(try push(holder, "C").error.code, .unspecified)
    let before = try holder.call { $0.getTree.windowID = window }.tree.description_p
    holder.close()
    other.close()
    XCTAssertEqual(first.stop().status, 0, first.stderr)

    let second = try startDaemon()
    defer { second.stop() }
    let again = try TestClient(path: second.socketPath)
    let tree = try again.call { $0.getTree.windowID = window }.tree
    XCTAssertEqual(tree.description_p, before)
    XCTAssertFalse(tree.window.hasLease)
    XCTAssertEqual(try push(again, "B").error.code, .unspecified)
    XCTAssertFalse(second.stderr.contains("replayed differently"), second.stderr)
  }

  /// On the server's injected clock: the lease ends exactly at its ttl,
  /// the loop is told to wake up then, and a request that comes after the
  /// ttl but before the tick is not refused.
  func testExpiryIsExactOnTheInjectedClock() throws {
    let harness = ServerHarness()
    let holder = harness.connect()
    let other = harness.connect()
    let window = harness.buildNavigation(holder)
    let leased = harness.call(holder) {
      $0.lease.windowID = window
      $0.lease.ttl = 10
    }!
    XCTAssertEqual(leased.lease.expiresIn, 10)
    XCTAssertEqual(harness.server.nextWakeup, 110)
    harness.tick(9.9)
    let denied = harness.call(other) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
    }!
    XCTAssertEqual(denied.error.code, .permissionDenied)
    XCTAssertEqual(
      denied.error.message, "Window w\(window) is leased by client 1 (test) for another 0.1 s")
    harness.now += 0.1
    let pushed = harness.call(other) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
    }!
    XCTAssertEqual(pushed.error.code, .unspecified, pushed.error.message)
    XCTAssertNil(harness.server.nextWakeup)
  }
}

extension TestClient {
  /// A manual-clock window `Nav=nav[stack]` with content controllers `A`,
  /// `B` and `C` (those not in the stack in no window).
  func navigationWindow(stack: [String]) throws -> UInt64 {
    let window = try call { $0.createWindow.clock = .manual }.window.id
    try make(.navigation, "Nav")
    try make(.content, "A", "B", "C")
    try call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = stack.map(controllerRef)
    }
    try setRoot(window, "Nav")
    return window
  }
}
