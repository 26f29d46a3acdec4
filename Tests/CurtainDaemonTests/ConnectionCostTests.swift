// Issue 34: a thin client's call (connect, Hello, one request, close) costs
// the daemon the same however many windows it has. Counted, as the
// one-window reads are (`Server.windowsAdvanced`), never timed: a closing
// connection that owned nothing moves no window; one that owned an
// interaction or delegates brings its sessions up to date and ends what it
// held there, and moves no window of another session.

import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainDaemon

final class ConnectionCostTests: XCTestCase {
  /// `count` realtime windows in `session` (ServerHarness), with `X<i>`
  /// pushed on window `i` when `pushed`: an hour-long animation runs.
  @discardableResult
  private func windows(
    _ count: Int, in session: String, pushed: Bool, _ h: ServerHarness, _ link: MemoryLink
  ) throws -> [UInt64] {
    let ids = try h.realtimeWindows(count, in: session, link)
    for index in ids.indices where pushed {
      let response = h.call(link, session: session) {
        $0.push.navigation = ref("N\(index)")
        $0.push.controller = ref("X\(index)")
        $0.push.animator.builtIn.duration = 3_600
      }
      XCTAssertEqual(response?.error.code, .unspecified, response?.error.message ?? "")
    }
    return ids
  }

  /// What the thin CLI does: connects (without owning interactions),
  /// sends one request and goes.
  private func thinCall(
    _ h: ServerHarness, session: String = "", _ build: (inout WireRequest) -> Void
  ) -> WireResponse? {
    let cli = h.connect(capabilities: ["unowned-interactions"])
    _ = cli.takeResponses()
    let response = h.call(cli, session: session, build: build)
    h.server.disconnect(cli)
    return response
  }

  func testAThinClientsCallMovesNoWindowItDoesNotRead() throws {
    let h = ServerHarness()
    let link = h.connect()
    try windows(100, in: "idle", pushed: false, h, link)
    let animating = try windows(100, in: "default", pushed: true, h, link)
    h.now += 1
    // Bring everything up to date once: the calls below start even.
    h.server.tick()
    var before = h.server.windowsAdvanced
    XCTAssertNotNil(thinCall(h) { $0.getStatus = Curtain_V1_GetStatus() })
    XCTAssertNotNil(thinCall(h) { $0.listSessions = Curtain_V1_ListSessions() })
    XCTAssertNotNil(thinCall(h) { $0.sync = Curtain_V1_Sync() })
    XCTAssertEqual(h.server.windowsAdvanced - before, 0, "status, list-sessions, sync")

    before = h.server.windowsAdvanced
    let tree = try XCTUnwrap(thinCall(h) { $0.getTree.windowID = animating[7] }).tree
    XCTAssertTrue(tree.description_p.contains("X7"), tree.description_p)
    XCTAssertEqual(h.server.windowsAdvanced - before, 1, "tree: the window it reads")

    // A client that owns interactions but began none moves none either.
    before = h.server.windowsAdvanced
    let owner = h.connect()
    _ = h.call(owner) { $0.listControllers = Curtain_V1_ListControllers() }
    let afterList = h.server.windowsAdvanced
    h.server.disconnect(owner)
    XCTAssertEqual(h.server.windowsAdvanced - afterList, 0, "its close moves nothing")
    XCTAssertEqual(afterList - before, 100, "list-controllers moves the session's windows")
    // list-windows moves only what is due (none: hour-long pushes), and
    // gives each window its clock's time.
    before = h.server.windowsAdvanced
    XCTAssertEqual(
      try XCTUnwrap(thinCall(h) { $0.listWindows = Curtain_V1_ListWindows() }).windows.windows
        .count, 100)
    XCTAssertEqual(h.server.windowsAdvanced - before, 0, "list-windows: nothing due")
  }

  func testAClientThatOwnedAnInteractionCancelsItAndMovesOnlyItsSession() throws {
    let h = ServerHarness()
    let link = h.connect()
    try windows(50, in: "other", pushed: true, h, link)
    let mine = try windows(3, in: "mine", pushed: false, h, link)
    let driver = h.connect()
    let watcher = h.connect()
    _ = h.call(watcher, session: "mine") {
      $0.subscribe.windowID = mine[1]
      $0.subscribe.events = true
    }
    _ = h.call(link, session: "mine") {
      $0.push.navigation = ref("N1")
      $0.push.controller = ref("X1")
      $0.push.notAnimated = true
    }
    let began = try XCTUnwrap(
      h.call(driver, session: "mine") {
        $0.beginInteractive.kind = .pop
        $0.beginInteractive.controller = ref("N1")
      })
    XCTAssertEqual(began.error.code, .unspecified, began.error.message)
    h.now += 0.5
    _ = watcher.takeEvents()
    let before = h.server.windowsAdvanced
    h.server.disconnect(driver)
    XCTAssertEqual(h.server.windowsAdvanced - before, 3, "the windows of its session only")
    let texts = watcher.takeEvents().map(\.text)
    XCTAssertTrue(
      texts.contains { $0.contains("cancelled") || $0.contains("Cancelled") },
      "its interaction was cancelled: \(texts)")
    let tree = try XCTUnwrap(h.call(link, session: "mine") { $0.getTree.windowID = mine[1] })
      .tree
    XCTAssertTrue(tree.description_p.contains("X1"), tree.description_p)
  }

  func testADelegateLeavingMovesOnlyTheSessionsItServed() throws {
    let h = ServerHarness()
    let link = h.connect()
    try windows(50, in: "other", pushed: true, h, link)
    try windows(2, in: "mine", pushed: false, h, link)
    let delegate = h.connect()
    let set = try XCTUnwrap(
      h.call(delegate, session: "mine") {
        $0.setDelegate.controller = ref("N0")
        $0.setDelegate.roles = [.navigation]
      })
    XCTAssertEqual(set.error.code, .unspecified, set.error.message)
    h.now += 0.5
    let before = h.server.windowsAdvanced
    h.server.disconnect(delegate)
    XCTAssertEqual(h.server.windowsAdvanced - before, 2)
    XCTAssertFalse(try XCTUnwrap(h.server.sessions["mine"]).hasDelegates)
  }
}
