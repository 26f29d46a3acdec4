// The async client (module Curtain) against a real curtaind: typed
// requests and their values, the protocol's error code, pipelining from
// many tasks, scoping, event sequences (the daemon's own events, resumed
// from a seq, ended by cancelling their consumer), and the connection
// contract it shares with the CLI (a daemon restarted under a
// subscription; MOVED in ClientClusterTests).

import Curtain
import CurtainCore
import CurtainTesting
import CurtainWire
import Dispatch
import XCTest

/// Runs `body` as a task and blocks until it ends. The tests start and stop
/// their daemons outside it, on the test's thread: a process spawned from a
/// thread of the concurrency pool inherits its signal mask, and then never
/// sees the SIGTERM of `TempDaemon.stop()`.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
  let outcome = Outcome<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    do {
      outcome.result = .success(try await body())
    } catch {
      outcome.result = .failure(error)
    }
    done.signal()
  }
  done.wait()
  return try outcome.result!.get()
}

/// What the task of `blocking` ended with: written by the task before it
/// signals, read after the wait.
private final class Outcome<T>: @unchecked Sendable {
  var result: Result<T, any Error>?
}

final class ClientTests: XCTestCase {
  func testTypedRequestsReturnTheCoresValues() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    try blocking {
      try await withCurtainClient(socket: daemon.socketPath, clientName: "typed") { client in
        XCTAssertGreaterThan(client.welcome.clientID, 0)
        let window = try await client.createWindow(size: Size(width: 320, height: 480))
        XCTAssertEqual(window.size, Size(width: 320, height: 480))
        XCTAssertEqual(window.clock, .manual)
        XCTAssertNil(window.root)
        let nav = try await client.createController(.navigation, identifier: "Nav")
        XCTAssertEqual(nav.kind, .navigation)
        XCTAssertEqual(nav.identifier, "Nav")
        XCTAssertNil(nav.window)
        let home = try await client.createController(.content, identifier: "Home", title: "Start")
        let detail = try await client.createController(.content, identifier: "Detail")
        XCTAssertEqual(home.title, "Start")

        let rooted = try await client.setRoot(window.id, "Nav")
        XCTAssertTrue(rooted.completed)
        XCTAssertEqual(rooted.window, window.id)
        let pushedHome = try await client.push("Home", on: "Nav", animated: false)
        XCTAssertTrue(pushedHome.completed)
        XCTAssertNil(pushedHome.transition)
        // An animated push on a manual clock: answered once started, ended
        // by moving the clock.
        let pushed = try await client.push(.id(detail.id), on: .id(nav.id), until: .started)
        XCTAssertFalse(pushed.completed)
        let transition = try XCTUnwrap(pushed.transition)
        XCTAssertGreaterThan(transition.rawValue, 0)
        let clock = try await client.advanceClock(window.id, by: 1)
        XCTAssertEqual(clock.time, 1)
        XCTAssertGreaterThan(clock.frames, 0)

        let controllers = try await client.listControllers(window: window.id)
        XCTAssertEqual(controllers.map(\.identifier), ["Nav", "Home", "Detail"])
        XCTAssertEqual(controllers.map(\.parent), [nil, nav.id, nav.id])
        XCTAssertEqual(Set(controllers.map(\.window)), [window.id])
        let popped = try await client.pop("Nav", animated: false)
        XCTAssertTrue(popped.completed)
        XCTAssertFalse(popped.unchanged)

        let windows = try await client.listWindows()
        XCTAssertEqual(windows.map(\.id), [window.id])
        XCTAssertEqual(windows.first?.root, nav.id)
        XCTAssertEqual(windows.first?.time, 1)
        XCTAssertEqual(windows.first?.idle, true)
        try await client.sync()
        try await client.closeWindow(window.id)
        let (windowsLeft, controllersLeft) = try await (
          client.listWindows(), client.listControllers()
        )
        XCTAssertEqual(windowsLeft, [])
        // The popped controller was in no window: closing it kept it.
        XCTAssertEqual(controllersLeft.map(\.identifier), ["Detail"])
        XCTAssertEqual(controllersLeft.map(\.window), [nil])
      }
    }
  }

  /// docs/swift-client.md's quick start, as written there but for the
  /// socket and the printing.
  func testTheQuickStartRuns() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let seen = try blocking {
      try await withCurtainClient(socket: daemon.socketPath) { client in
        let window = try await client.createWindow(size: Size(width: 390, height: 844))
        _ = try await client.createController(.navigation, identifier: "Nav")
        _ = try await client.createController(.content, identifier: "Home")
        _ = try await client.createController(.content, identifier: "Detail")
        _ = try await client.setRoot(window.id, "Nav")
        _ = try await client.push("Home", on: "Nav", animated: false)

        let events = try await client.events(window: window.id)
        let push = try await client.push("Detail", on: "Nav", until: .started)
        XCTAssertNotNil(push.transition)
        _ = try await client.advanceClock(window.id, by: 1)  // a manual clock
        var seen: [Event] = []
        for try await event in events {
          seen.append(event)
          if case .transition(_, .ended) = event.kind { break }
        }
        return seen
      }
    }
    guard case .transition(_, .ended(cancelled: false))? = seen.last?.kind else {
      return XCTFail("\(seen.map(\.kind))")
    }
  }

  func testAnErrorAnswerCarriesTheProtocolsCode() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    try blocking {
      try await withCurtainClient(socket: daemon.socketPath) { client in
        do {
          _ = try await client.pop("Missing")
          XCTFail("popping a controller that does not exist succeeded")
        } catch ClientError.server(let error) {
          XCTAssertEqual(error.code, .notFound)
          XCTAssertEqual("\(error)", "NOT_FOUND: No view controller @Missing")
        }
        // Any request kind, untyped: the same error, the connection goes on.
        var body = Curtain_V1_CloseWindow()
        body.windowID = 99
        do {
          _ = try await client.request(.closeWindow(body))
          XCTFail("closing a window that does not exist succeeded")
        } catch ClientError.server(let error) {
          XCTAssertEqual(error.code, .notFound)
        }
        try await client.sync()
      }
    }
  }

  func testRequestsFromManyTasksAreInFlightTogetherOnOneConnection() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let reader = try TestClient(path: daemon.socketPath)
    let connections = try XCTUnwrap(try metric(reader, "curtain_connections_total", "unix"))
    try blocking {
      try await withCurtainClient(socket: daemon.socketPath) { client in
        let made = try await withThrowingTaskGroup(of: ControllerInfo.self) { group in
          for index in 0..<200 {
            group.addTask { try await client.createController(.content, identifier: "C\(index)") }
          }
          return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(Set(made.map(\.identifier)), Set((0..<200).map { "C\($0)" }))
        XCTAssertEqual(Set(made.map(\.id)).count, 200)
        let listed = try await client.listControllers()
        XCTAssertEqual(listed.count, 200)
      }
    }
    // All on one connection.
    XCTAssertEqual(try metric(reader, "curtain_connections_total", "unix"), connections + 1)
  }

  func testAClosedClientRefusesRequestsAndEndsItsSequences() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    try blocking {
      let (client, events) = try await withCurtainClient(socket: daemon.socketPath) { client in
        (client, try await client.events())
      }
      do {
        try await client.sync()
        XCTFail("a closed client made a request")
      } catch {
        XCTAssertEqual(error as? ClientError, .notConnected)
      }
      var received: [Event] = []
      for try await event in events { received.append(event) }
      XCTAssertEqual(received, [])
    }
  }

  func testAMissingDaemonIsAConnectError() throws {
    try blocking {
      do {
        try await withCurtainClient(socket: "/tmp/wt-swiftclient-no-such.sock") { _ in }
        XCTFail("connected to nothing")
      } catch let error as ClientError {
        XCTAssertTrue(error.isNoListener, "\(error)")
      }
    }
  }

  // MARK: Events

  func testAnEventSequenceYieldsTheDaemonsEventsAndResumesFromASeq() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    try blocking {
      try await withCurtainClient(socket: daemon.socketPath) { client in
        let window = try await client.createWindow()
        let events = try await client.events(window: window.id)
        XCTAssertEqual(events.lastSeq, window.lastSeq)
        _ = try await client.createController(.navigation, identifier: "Nav")
        _ = try await client.createController(.content, identifier: "A")
        _ = try await client.createController(.content, identifier: "B")
        _ = try await client.setRoot(window.id, "Nav")
        _ = try await client.push("A", on: "Nav", animated: false)
        _ = try await client.push("B", on: "Nav", until: .started)
        _ = try await client.advanceClock(window.id, by: 1)
        let expected = try daemonsEvents(daemon.socketPath, window.id, after: window.lastSeq)
        XCTAssertGreaterThan(expected.count, 10)
        XCTAssertEqual(
          expected.map(\.seq),
          Array((window.lastSeq + 1)...(window.lastSeq + UInt64(expected.count))))

        var live: [Event] = []
        for try await event in events {
          live.append(event)
          if live.count == expected.count { break }
        }
        XCTAssertEqual(live, expected)

        // From a seq: the events after it, then live ones.
        let middle = expected[4].seq
        let resumed = try await client.events(window: window.id, fromSeq: middle)
        XCTAssertFalse(resumed.snapshotRequired)
        _ = try await client.pop("Nav", animated: false)
        let all = try daemonsEvents(daemon.socketPath, window.id, after: middle)
        XCTAssertGreaterThan(all.count, expected.count - 5)
        var replayed: [Event] = []
        for try await event in resumed {
          replayed.append(event)
          if replayed.count == all.count { break }
        }
        XCTAssertEqual(replayed, all)
        XCTAssertEqual(Array(replayed.prefix(expected.count - 5)), Array(expected[5...]))
      }
    }
  }

  func testCancellingTheConsumingTaskEndsTheSubscription() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    try blocking {
      let reader = try TestClient(path: daemon.socketPath, name: "reader")
      try await withCurtainClient(socket: daemon.socketPath) { client in
        let window = try await client.createWindow()
        let events = try await client.events(window: window.id)
        XCTAssertEqual(try metric(reader, "curtain_subscriptions"), 1)
        let consumer = Task {
          var count = 0
          for try await _ in events { count += 1 }
          return count
        }
        _ = try await client.createController(.content, identifier: "A")
        _ = try await client.setRoot(window.id, "A")
        consumer.cancel()
        _ = try await consumer.value
        // The Unsubscribe goes out before any later request.
        try await client.sync()
        XCTAssertEqual(try metric(reader, "curtain_subscriptions"), 0)
      }
    }
  }

  // MARK: The connection contract

  func testADaemonRestartedUnderASubscriptionIsDialledAgainAndTheSequenceGoesOn() throws {
    let home = try DaemonHome()
    let first = try home.start()
    let socket = home.socketPath
    let configuration = ClientConfiguration(
      endpoint: .unix(path: socket), clientName: "resumer",
      reconnect: ReconnectPolicy(attempts: 200, firstDelay: 0.02))
    let (client, window, events, before) = try blocking {
      let client = try await Client.connect(configuration)
      let window = try await client.createWindow()
      let events = try await client.events(window: window.id)
      _ = try await client.createController(.content, identifier: "A")
      _ = try await client.setRoot(window.id, "A")
      let before = try daemonsEvents(socket, window.id, after: window.lastSeq)
      var seen: [Event] = []
      for try await event in events {
        seen.append(event)
        if seen.count == before.count { break }
      }
      XCTAssertEqual(seen, before)
      return (client, window, events, before)
    }
    first.kill9()
    let second = try home.start()
    defer { second.stop() }
    try blocking {
      // The next request dials again, and the subscription is made again
      // from its cursor.
      _ = try await client.createController(.content, identifier: "B")
      _ = try await client.setRoot(window.id, "B")
      let all = try daemonsEvents(socket, window.id, after: window.lastSeq)
      XCTAssertGreaterThan(all.count, before.count)
      var seen = before
      for try await event in events {
        seen.append(event)
        if seen.count == all.count { break }
      }
      XCTAssertEqual(seen, all, "events lost or repeated across the restart")
      await client.close()
    }
  }
}

/// The events of `window` after seq `after`, as a new subscriber replays
/// them.
func daemonsEvents(_ socket: String, _ window: WindowID, after seq: UInt64) throws -> [Event] {
  let reference = try TestClient(path: socket, name: "reference")
  defer { reference.close() }
  try reference.call {
    $0.subscribe.windowID = window.rawValue
    $0.subscribe.events = true
    $0.subscribe.fromSeq = seq
  }
  try reference.sync()
  return try reference.takeEvents().map { try Event(image: $0) }
}

/// A metric's value as the daemon reports it now.
func metric(_ reader: TestClient, _ name: String, _ labels: String...) throws -> Double? {
  let metrics = try reader.call { $0.getMetrics = Curtain_V1_GetMetrics() }.metrics
  return metrics.families.first { $0.name == name }?.samples.first { $0.labelValues == labels }?
    .value
}
