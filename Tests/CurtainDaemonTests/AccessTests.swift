import CurtainTesting
import CurtainWire
import XCTest

@testable import CurtainDaemon

/// Scoped tokens and the ownership of transitions, over the real protocol:
/// a TCP client sees and touches only the sessions its token grants (every
/// other session, existing or not, is PERMISSION_DENIED alike), only admins
/// shut the daemon down, Unix clients keep full rights; a client may not
/// take over, animate alongside, or end by closing, resizing or hiding its
/// window another client's transition, unless it holds the window's lease.
final class AccessTests: XCTestCase {
  private static let tokens = """
    # The daemon's tokens.
    bare
    boss sessions=alpha admin
    alpha sessions=alpha,shared
    reader sessions=shared read-only
    star sessions=*
    """

  private func tcp(_ daemon: TempDaemon, _ token: String) throws -> TestClient {
    let port = try XCTUnwrap(daemon.tcpPort, daemon.stderr)
    return try TestClient(
      endpoint: .tcp(host: "127.0.0.1", port: port), name: token, token: token)
  }

  private func sessions(_ client: TestClient) throws -> [String] {
    try client.call { $0.listSessions = .init() }.sessions.sessions.map(\.name)
  }

  private func assertDenied(
    _ response: WireResponse, _ message: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(response.error.code, .permissionDenied, file: file, line: line)
    XCTAssertEqual(response.error.message, message, file: file, line: line)
  }

  // MARK: Scoped tokens

  func testTheTokenFileGrantsPerLine() throws {
    XCTAssertEqual(
      try TokenFile.parse(Self.tokens + "\n\n"),
      [
        TokenGrant(token: "bare", scope: .full, line: 2),
        TokenGrant(
          token: "boss", scope: AccessScope(sessions: ["alpha"], isReadOnly: false, isAdmin: true),
          line: 3),
        TokenGrant(
          token: "alpha",
          scope: AccessScope(sessions: ["alpha", "shared"], isReadOnly: false, isAdmin: false),
          line: 4),
        TokenGrant(
          token: "reader",
          scope: AccessScope(sessions: ["shared"], isReadOnly: true, isAdmin: false), line: 5),
        TokenGrant(
          token: "star", scope: AccessScope(sessions: nil, isReadOnly: false, isAdmin: false),
          line: 6),
      ])
    // A comment may end a line, as in docs/protocol.md; CRLF files too.
    XCTAssertEqual(
      try TokenFile.parse("s3cret   # a bare token\r\nops sessions=* admin #every session\r\n"),
      [
        TokenGrant(token: "s3cret", scope: .full, line: 1),
        TokenGrant(
          token: "ops", scope: AccessScope(sessions: nil, isReadOnly: false, isAdmin: true),
          line: 2),
      ])
    // The file of one token keeps its meaning: everything.
    XCTAssertEqual(
      try TokenFile.parse("  s3cret \n"), [TokenGrant(token: "s3cret", scope: .full, line: 1)])
    for (contents, error) in [
      (
        "a\nb admin frobnicate",
        TokenFileError(
          line: 2,
          reason:
            "unknown option 'frobnicate' (expected sessions=NAME,… or sessions=*, read-only, admin)"
        )
      ),
      ("a\n\nb\na read-only", TokenFileError(line: 4, reason: "the same token as line 1")),
      ("a sessions=", TokenFileError(line: 1, reason: "sessions= needs session names or *")),
      (
        "a sessions=x,,y",
        TokenFileError(
          line: 1, reason: "'' is not a session name (1 to 64 letters, digits, '_', '-', '.')")
      ),
      ("a admin admin", TokenFileError(line: 1, reason: "'admin' is given twice")),
      (
        "a admin=yes",
        TokenFileError(
          line: 1,
          reason:
            "unknown option 'admin=yes' (expected sessions=NAME,… or sessions=*, read-only, admin)")
      ),
    ] {
      XCTAssertThrowsError(try TokenFile.parse(contents), contents) {
        XCTAssertEqual($0 as? TokenFileError, error)
      }
    }
  }

  func testABadTokenFileLineStopsTheDaemonNamingTheLine() throws {
    XCTAssertThrowsError(try TempDaemon(tcpToken: "good sessions=a\nbad sessions=a readonly")) {
      let text = "\($0)"
      XCTAssertTrue(
        text.contains(
          "/token, line 2: unknown option 'readonly' (expected sessions=NAME,… or sessions=*, "
            + "read-only, admin)"), text)
    }
  }

  func testAScopedTokenSeesAndTouchesOnlyItsSessions() throws {
    let daemon = try TempDaemon(tcpToken: Self.tokens)
    defer { daemon.stop() }
    let local = try TestClient(path: daemon.socketPath, name: "local")
    var windows: [String: UInt64] = [:]
    for session in ["alpha", "beta", "shared"] {
      windows[session] = try local.call(session: session) { $0.createWindow = .init() }.window.id
    }
    // Unix clients keep full rights.
    XCTAssertEqual(try sessions(local), ["alpha", "beta", "default", "shared"])

    let alpha = try tcp(daemon, "alpha")
    XCTAssertEqual(try sessions(alpha), ["alpha", "shared"])
    XCTAssertEqual(
      try alpha.call(session: "alpha") { $0.createWindow = .init() }.error.code, .unspecified)
    XCTAssertEqual(
      try alpha.call(session: "shared") { $0.listWindows = .init() }.windows.windows.count, 1)
    // Another session is refused alike whether it exists or not, so that
    // nothing about it leaks.
    for session in ["beta", "gamma", "default"] {
      let refusal = "This client's token does not grant session '\(session)'"
      let wire = session == "default" ? "" : session
      assertDenied(try alpha.call(session: wire) { $0.listWindows = .init() }, refusal)
      assertDenied(
        try alpha.call(session: wire) { $0.closeWindow.windowID = windows["beta"]! }, refusal)
      assertDenied(
        try alpha.call(session: wire) { $0.getTree.windowID = windows["beta"]! }, refusal)
      assertDenied(try alpha.call(session: wire) { $0.createWindow = .init() }, refusal)
      assertDenied(
        try alpha.call(session: wire) {
          $0.subscribe.windowID = 0
          $0.subscribe.events = true
        }, refusal)
      assertDenied(try alpha.call { $0.killSession.name = session }, refusal)
    }
    assertDenied(
      try alpha.call {
        $0.importSession.document = Data("{}".utf8)
      }, "A client limited to some sessions must name the session it imports (ImportSession.name)")
    assertDenied(
      try alpha.call { $0.shutdown = .init() },
      "Only an admin client may shut the daemon down (its token is not admin)")
    XCTAssertEqual(try sessions(local), ["alpha", "beta", "default", "shared"], "nothing created")

    let reader = try tcp(daemon, "reader")
    XCTAssertEqual(try sessions(reader), ["shared"])
    XCTAssertEqual(
      try reader.call(session: "shared") { $0.listWindows = .init() }.windows.windows.count, 1)
    assertDenied(
      try reader.call(session: "shared") { $0.createWindow = .init() },
      "A read-only client cannot send createWindow")

    let star = try tcp(daemon, "star")
    XCTAssertEqual(try sessions(star), ["alpha", "beta", "default", "shared"])
    assertDenied(
      try star.call { $0.shutdown = .init() },
      "Only an admin client may shut the daemon down (its token is not admin)")
    XCTAssertEqual(try sessions(try tcp(daemon, "bare")), ["alpha", "beta", "default", "shared"])

    let boss = try tcp(daemon, "boss")
    XCTAssertEqual(try sessions(boss), ["alpha"])
    XCTAssertEqual(try boss.call { $0.shutdown = .init() }.error.code, .unspecified)
    daemon.waitUntilExit()
  }

  func testAClientThatIsNotAdminSeesInTheStatusOnlyItsSessions() throws {
    let daemon = try TempDaemon(tcpToken: Self.tokens)
    defer { daemon.stop() }
    let local = try TestClient(path: daemon.socketPath, name: "local")
    for session in ["alpha", "beta", "beta", "beta", "shared"] {
      try local.call(session: session) { $0.createWindow = .init() }
    }
    let leased = try local.call(session: "beta") { $0.createWindow = .init() }.window.id
    XCTAssertEqual(
      try local.call(session: "beta") {
        $0.lease.windowID = leased
        $0.lease.ttl = 60
      }.error.code, .unspecified)
    XCTAssertThrowsError(try tcp(daemon, "wrong"), "a failed Hello, counted daemon-wide")
    let alpha = try tcp(daemon, "alpha")
    try alpha.call(session: "alpha") {
      $0.subscribe.windowID = 0
      $0.subscribe.events = true
    }

    // The daemon-wide view: Unix clients and admin tokens.
    for client in [local, try tcp(daemon, "boss")] {
      let status = try client.call { $0.getStatus = .init() }.status
      XCTAssertEqual(status.scope, "")
      XCTAssertEqual(status.sessions, 4, "alpha, beta, default and shared")
      XCTAssertEqual(status.windows, 6)
      XCTAssertEqual(status.leases, 1)
      XCTAssertGreaterThanOrEqual(status.clients, 3)
      XCTAssertGreaterThan(status.pid, 0)
      XCTAssertFalse(status.listeners.isEmpty)
      XCTAssertEqual(status.helloFailures.failed, 1)
      XCTAssertEqual(status.limits.first { $0.name == "max-windows" }?.used, 4)
    }

    // A client limited to alpha and shared learns nothing of beta: not its
    // windows, controllers or lease, not the daemon's other clients, nor
    // where the daemon listens or who failed to say Hello.
    let status = try alpha.call { $0.getStatus = .init() }.status
    XCTAssertEqual(status.scope, "sessions=alpha,shared")
    XCTAssertEqual(
      [status.sessions, status.windows, status.leases, status.clients, status.pid], [2, 2, 0, 0, 0])
    XCTAssertEqual(status.listeners, [])
    XCTAssertEqual(status.helloFailures, .init())
    XCTAssertEqual(status.warnings, [])
    XCTAssertEqual(status.storage.stateDirectory, "")
    XCTAssertTrue(status.storage.available)
    let used = Dictionary(uniqueKeysWithValues: status.limits.map { ($0.name, $0.used) })
    XCTAssertEqual(used["max-sessions"], 2)
    XCTAssertEqual(used["max-windows"], 1)
    XCTAssertEqual(used["max-controllers"], 0)
    XCTAssertEqual(used["max-clients"], 1, "its own connection")
    XCTAssertEqual(used["max-subscriptions"], 1)
    XCTAssertEqual(
      status.limits.map(\.name),
      try local.call { $0.getStatus = .init() }.status.limits.map(\.name), "every limit's value")
    XCTAssertFalse(try status.jsonString().contains("beta"))

    // Every session, but still not the daemon's own facts, for sessions=*;
    // read-only as the token says.
    let star = try tcp(daemon, "star").call { $0.getStatus = .init() }.status
    XCTAssertEqual(star.scope, "sessions=*")
    XCTAssertEqual([star.sessions, star.windows, star.leases, star.pid], [4, 6, 1, 0])
    let reader = try tcp(daemon, "reader").call { $0.getStatus = .init() }.status
    XCTAssertEqual(reader.scope, "sessions=shared read-only")
    XCTAssertEqual([reader.sessions, reader.windows], [1, 1])

    // Metrics count the whole daemon: admins only.
    assertDenied(
      try alpha.call { $0.getMetrics = .init() },
      "Only an admin client may read the daemon's metrics, which count every session and "
        + "client (its token is not admin)")
    XCTAssertFalse(
      try tcp(daemon, "boss").call { $0.getMetrics = .init() }.metrics.families.isEmpty)
  }

  // MARK: Ownership of transitions

  func testAnotherClientsInteractionKeepsItsWindowOpenUnlessLeased() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let other = try TestClient(path: daemon.socketPath, name: "other")
    let window = try driver.navigationWindow(stack: ["A", "B"])
    let begun = try driver.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("Nav")
    }.operation
    let driverID = try XCTUnwrap(driver.connection.welcome).clientID
    func refusal(_ action: String) -> String {
      "Cannot \(action) window w\(window): client \(driverID) (driver) drives transition "
        + "t\(begun.transitionID) "
        + "interactively in it (only that client, or the holder of the window's lease, may)"
    }
    assertDenied(try other.call { $0.closeWindow.windowID = window }, refusal("close"))
    assertDenied(
      try other.call {
        $0.resizeWindow.windowID = window
        $0.resizeWindow.metrics.size.width = 300
        $0.resizeWindow.metrics.size.height = 400
      }, refusal("resize"))
    assertDenied(
      try other.call {
        $0.setWindowVisible.windowID = window
        $0.setWindowVisible.visible = false
      }, refusal("hide"))
    assertDenied(try other.call { $0.killSession.name = "default" }, refusal("close"))
    // The owner may; so may the holder of the window's lease.
    XCTAssertEqual(
      try other.call {
        $0.lease.windowID = window
        $0.lease.ttl = 60
      }.error.code, .unspecified)
    let closed = try other.call { $0.closeWindow.windowID = window }
    XCTAssertEqual(closed.error.code, .unspecified, closed.error.message)
  }

  func testAnotherClientsTransitionCannotBeTakenOverUnlessLeased() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let starter = try TestClient(path: daemon.socketPath, name: "starter")
    let other = try TestClient(path: daemon.socketPath, name: "other")
    let window = try starter.navigationWindow(stack: ["A", "B"])
    // An animated push on the manual clock plays until the clock moves.
    let pushed = try starter.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("C")
    }.operation
    let id = pushed.transitionID
    XCTAssertNotEqual(id, 0)
    let starterID = try XCTUnwrap(starter.connection.welcome).clientID
    assertDenied(
      try other.call {
        $0.pauseTransition.windowID = window
        $0.pauseTransition.transitionID = id
      },
      "Cannot pause transition t\(id): it belongs to client \(starterID) (starter) (only that client, or "
        + "the holder of window w\(window)'s lease, may)")
    assertDenied(
      try other.call {
        $0.animateAlongside.transitionID = id
      },
      "Cannot animate alongside transition t\(id): it belongs to client \(starterID) (starter) (only that "
        + "client, or the holder of window w\(window)'s lease, may)")
    XCTAssertEqual(
      try other.call {
        $0.lease.windowID = window
        $0.lease.ttl = 60
      }.error.code, .unspecified)
    let paused = try other.call {
      $0.pauseTransition.transitionID = id
    }
    XCTAssertEqual(paused.error.code, .unspecified, paused.error.message)
    XCTAssertTrue(paused.transition.interactive)
    // Now it is the lease holder's interaction: the starter cannot drive it.
    XCTAssertEqual(
      try starter.call {
        $0.updateInteractive.transitionID = id
        $0.updateInteractive.percent = 0.5
      }.error.code, .permissionDenied)
  }
}
