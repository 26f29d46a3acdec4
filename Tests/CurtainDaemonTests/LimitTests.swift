import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// Every limit of a session, a client and a request over the real
/// protocol, configured small: the request over it gets LIMIT_EXCEEDED
/// naming the limit and its value (message and details), nothing changes,
/// the connection stays, and `GetStatus` shows the limits and their use.
final class LimitTests: XCTestCase {
  private var daemons: [TempDaemon] = []

  override func tearDown() {
    for daemon in daemons {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
    }
    daemons = []
  }

  private func start(_ arguments: [String]) throws -> TestClient {
    let daemon = try TempDaemon(arguments: arguments)
    daemons.append(daemon)
    return try TestClient(path: daemon.socketPath)
  }

  /// Checks that `response` is LIMIT_EXCEEDED for `limit` of `value`.
  private func assertLimit(
    _ response: WireResponse, _ limit: String, _ value: Int, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(response.error.code, .limitExceeded, "\(response)", file: file, line: line)
    XCTAssertEqual(
      response.error.details, ["limit": limit, "value": "\(value)"], file: file, line: line)
    XCTAssertTrue(
      response.error.message.hasSuffix("(limit \(limit) = \(value))"), response.error.message,
      file: file, line: line)
  }

  private func status(_ client: TestClient) throws -> [String: Curtain_V1_LimitUsage] {
    let limits = try client.call { $0.getStatus = Curtain_V1_GetStatus() }.status.limits
    return Dictionary(limits.map { ($0.name, $0) }) { first, _ in first }
  }

  func testSessionWindowAndControllerLimits() throws {
    let client = try start(["--max-sessions", "2", "--max-windows", "2", "--max-controllers", "3"])
    // "default" always exists: one more session fits.
    try client.call(session: "a") { $0.createWindow = Curtain_V1_CreateWindow() }
    assertLimit(
      try client.call(session: "b") { $0.createWindow = Curtain_V1_CreateWindow() },
      "max-sessions", 2)
    XCTAssertEqual(
      try client.call { $0.listSessions = Curtain_V1_ListSessions() }.sessions.sessions.count, 2)
    for _ in 0..<2 { try client.call { $0.createWindow = Curtain_V1_CreateWindow() } }
    assertLimit(try client.call { $0.createWindow = Curtain_V1_CreateWindow() }, "max-windows", 2)
    for name in ["A", "B", "C"] {
      try client.call {
        $0.createController.kind = .content
        $0.createController.identifier = name
      }
    }
    assertLimit(
      try client.call { $0.createController.kind = .content }, "max-controllers", 3)
    let limits = try status(client)
    XCTAssertEqual(limits["max-sessions"]?.used, 2)
    XCTAssertEqual(limits["max-sessions"]?.scope, "daemon")
    XCTAssertEqual(limits["max-windows"]?.value, 2)
    XCTAssertEqual(limits["max-windows"]?.used, 2)
    XCTAssertEqual(limits["max-windows"]?.scope, "session")
    XCTAssertEqual(limits["max-controllers"]?.used, 3)
  }

  func testSubscriptionAndWaiterLimitsPerClient() throws {
    let client = try start(["--max-subscriptions", "2", "--max-waiters", "1"])
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    var subscriptions: [UInt64] = []
    for _ in 0..<2 {
      subscriptions.append(
        try client.call { $0.subscribe.windowID = window }.subscribed.subscriptionID)
    }
    assertLimit(try client.call { $0.subscribe.windowID = window }, "max-subscriptions", 2)
    // Another client has its own.
    let other = try TestClient(path: daemons[0].socketPath, name: "other")
    try other.call { $0.subscribe.windowID = window }
    try client.call { $0.unsubscribe.subscriptionID = subscriptions[0] }
    try client.call { $0.subscribe.windowID = window }

    // A push that waits for its transition on a manual clock: one waiter.
    for (kind, name) in [
      (Curtain_V1_ControllerKind.navigation, "Nav"), (.content, "A"), (.content, "B"),
    ] {
      try client.call {
        $0.createController.kind = kind
        $0.createController.identifier = name
      }
    }
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A")]
    }
    try client.call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef("Nav")
    }
    let push = client.send {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
      $0.waitUntil = .completed
    }
    // Refused at once; its answer waits behind the push's (responses keep
    // the order of their requests).
    let refused = client.send { $0.waitIdle.windowID = window }
    // The other client has its own allowance (its answer waits for the
    // push; responses keep their order, so a third client asks for the
    // status).
    let idle = other.send { $0.waitIdle.windowID = window }
    let observer = try TestClient(path: daemons[0].socketPath, name: "observer")
    let limits = try status(observer)
    XCTAssertEqual(limits["max-subscriptions"]?.used, 2)
    XCTAssertEqual(limits["max-waiters"]?.used, 1)
    XCTAssertEqual(limits["max-waiters"]?.scope, "client")
    try observer.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 5
    }
    XCTAssertEqual(try client.response(to: push)?.error.code, .unspecified)
    assertLimit(try XCTUnwrap(try client.response(to: refused)), "max-waiters", 1)
    XCTAssertEqual(try other.response(to: idle)?.error.code, .unspecified)
    try client.call { $0.waitIdle.windowID = window }
  }

  func testRequestFieldAndStoryboardLimits() throws {
    let client = try start([
      "--max-string-bytes", "64", "--max-list-items", "3", "--max-storyboard-bytes", "100",
    ])
    assertLimit(
      try client.call {
        $0.createController.kind = .content
        $0.createController.identifier = String(repeating: "x", count: 65)
      }, "max-string-bytes", 64)
    // A long title inside a nested message counts too.
    assertLimit(
      try client.call {
        $0.createController.kind = .content
        $0.createController.title = String(repeating: "é", count: 33)
      }, "max-string-bytes", 64)
    for name in ["Nav", "A", "B", "C", "D"] {
      try client.call {
        $0.createController.kind = name == "Nav" ? .navigation : .content
        $0.createController.identifier = name
      }
    }
    assertLimit(
      try client.call {
        $0.setStack.navigation = controllerRef("Nav")
        $0.setStack.controllers = ["A", "B", "C", "D"].map(controllerRef)
      }, "max-list-items", 3)
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = ["A", "B", "C"].map(controllerRef)
    }
    let document = Data(
      #"{"name": "Main", "scenes": [{"id": "home", "kind": "content"}], "segues": []}"#.utf8
        + Array(repeating: UInt8(ascii: " "), count: 40))
    XCTAssertGreaterThan(document.count, 100)
    assertLimit(
      try client.call { $0.loadStoryboard.document = document }, "max-storyboard-bytes", 100)
    let limits = try status(client)
    XCTAssertEqual(limits["max-string-bytes"]?.value, 64)
    XCTAssertEqual(limits["max-list-items"]?.value, 3)
    XCTAssertEqual(limits["max-storyboard-bytes"]?.value, 100)
    try client.sync()
  }
}
