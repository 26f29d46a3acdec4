import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// wait_until is answered from what the core reports about each operation,
/// never by re-reading the window's event ring: with a ring of one event
/// (`--event-ring 1`, so every step drops what the old answer looked for)
/// every mode still answers, with the operation's transition, what it
/// removed and created, and a segue's destination.
final class WaitUntilTests: XCTestCase {
  private var daemon: TempDaemon?

  override func tearDown() {
    if let daemon {
      let result = daemon.stop()
      XCTAssertEqual(result.status, 0, "curtaind exit status; stderr:\n\(daemon.stderr)")
      XCTAssertTrue(result.socketRemoved, "the socket file is removed on SIGTERM")
    }
    daemon = nil
  }

  private func start() throws -> TempDaemon {
    let started = try TempDaemon(arguments: ["--event-ring", "1"])
    daemon = started
    return started
  }

  /// A window on `clock` whose root is a navigation controller `Nav` with
  /// `root` on its stack; content controllers `others` exist in no window.
  /// Returns the window id.
  private func navigation(
    _ client: TestClient, clock: Curtain_V1_ClockMode, root: String, others: [String]
  ) throws -> UInt64 {
    let window = try client.call { $0.createWindow.clock = clock }.window.id
    try client.call {
      $0.createController.kind = .navigation
      $0.createController.identifier = "Nav"
    }
    for name in [root] + others {
      try client.call {
        $0.createController.kind = .content
        $0.createController.identifier = name
      }
    }
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef(root)]
    }
    try client.call {
      $0.setRoot.windowID = window
      $0.setRoot.controller = controllerRef("Nav")
    }
    return window
  }

  /// The hang of issue 10: `curtain --timeout 3 push @Nav @Detail` on a
  /// realtime window timed out although the push completed.
  func testAPushOnARealtimeWindowAnswersWhenItCompletes() throws {
    let client = try TestClient(path: try start().socketPath)
    _ = try navigation(client, clock: .realtime, root: "Home", others: ["Detail"])
    let push = try client.call(timeout: 3) {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("Detail")
      $0.waitUntil = .completed
    }
    XCTAssertEqual(push.error.code, .unspecified, push.error.message)
    XCTAssertTrue(push.operation.completed)
    XCTAssertFalse(push.operation.cancelled)
    XCTAssertNotEqual(push.operation.transitionID, 0)
  }

  func testEveryModeAnswersForOperationsThatStartAtOnceAndQueuedOnes() throws {
    let daemon = try start()
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let waiter = try TestClient(path: daemon.socketPath, name: "waiter")
    let window = try navigation(driver, clock: .manual, root: "A", others: ["B", "C", "D"])
    func push(_ name: String, _ wait: Curtain_V1_WaitUntil) -> UInt64 {
      waiter.send {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef(name)
        $0.waitUntil = wait
      }
    }
    // B starts at once: ACCEPTED and STARTED answer now, COMPLETED later.
    let accepted = try XCTUnwrap(try waiter.response(to: push("B", .accepted))).operation
    XCTAssertEqual(accepted.queuePosition, 0)
    XCTAssertFalse(accepted.completed)
    let transition = accepted.transitionID
    XCTAssertNotEqual(transition, 0)
    // C and D wait in the queue behind B; the pop behind them.
    let startedC = push("C", .started)
    let completedD = push("D", .completed)
    let queuedPop = waiter.send {
      $0.pop.navigation = controllerRef("Nav")
      $0.waitUntil = .completed
    }
    let queued = waiter.send {
      $0.pop.navigation = controllerRef("Nav")
      $0.waitUntil = .accepted
    }
    try driver.sync()
    // Each push or pop runs 0.35 s: every step ends one and starts the next.
    func advance() throws {
      try driver.call {
        $0.advanceClock.windowID = window
        $0.advanceClock.seconds = 0.4
      }
    }
    try advance()  // B completes, C starts.
    let c = try XCTUnwrap(try waiter.response(to: startedC)).operation
    XCTAssertEqual(c.queuePosition, 0)
    XCTAssertFalse(c.completed)
    XCTAssertNotEqual(c.transitionID, 0)
    XCTAssertNotEqual(c.transitionID, transition)
    try advance()  // C completes, D starts.
    try advance()  // D completes, the first pop starts.
    let d = try XCTUnwrap(try waiter.response(to: completedD)).operation
    XCTAssertTrue(d.completed)
    XCTAssertFalse(d.cancelled)
    XCTAssertEqual(d.queuePosition, 0)
    XCTAssertNotEqual(d.transitionID, 0)
    XCTAssertEqual(d.removedIds, [])
    try advance()  // The first pop completes, the second starts.
    let pop = try XCTUnwrap(try waiter.response(to: queuedPop)).operation
    XCTAssertTrue(pop.completed)
    let listed = try driver.call { $0.listControllers = .init() }.controllers.controllers
    XCTAssertEqual(pop.removedIds, listed.filter { $0.identifier == "D" }.map(\.id))
    let later = try XCTUnwrap(try waiter.response(to: queued)).operation
    XCTAssertEqual(later.queuePosition, 4, "answered at acceptance, behind the others")
    XCTAssertFalse(later.completed)
  }

  /// `interact finish` and `interact cancel` wait like other commands:
  /// with COMPLETED the answer comes once the transition ended, with its
  /// final state.
  func testFinishAndCancelAnswerWhenTheTransitionEnded() throws {
    let daemon = try start()
    // Responses go out in request order: the clock is driven by another
    // client than the one that waits.
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let client = try TestClient(path: daemon.socketPath, name: "owner")
    let window = try navigation(client, clock: .manual, root: "A", others: ["B", "C"])
    for name in ["B", "C"] {
      try client.call {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef(name)
        $0.push.notAnimated = true
      }
    }
    for finish in [true, false] {
      let transition = try client.call {
        $0.beginInteractive.kind = .pop
        $0.beginInteractive.controller = controllerRef("Nav")
      }.operation.transitionID
      try client.call {
        $0.updateInteractive.transitionID = transition
        $0.updateInteractive.percent = 0.5
      }
      let letGo = client.send {
        if finish {
          $0.finishInteractive.transitionID = transition
        } else {
          $0.cancelInteractive.transitionID = transition
        }
        $0.waitUntil = .completed
      }
      try driver.sync()
      XCTAssertNil(
        try client.response(to: letGo, timeout: 0.05), "no answer while the transition runs")
      try driver.call {
        $0.advanceClock.windowID = window
        $0.advanceClock.seconds = 1
      }
      let answer = try XCTUnwrap(try client.response(to: letGo)).transition
      XCTAssertEqual(answer.transitionID, transition)
      XCTAssertEqual(answer.percent, finish ? 1 : 0)
      XCTAssertFalse(answer.interactive)
    }
    let stack = try client.call { $0.listControllers.windowID = window }.controllers.controllers
    XCTAssertEqual(
      stack.filter { $0.parentID != 0 }.map(\.identifier), ["A", "B"],
      "the finished pop took C off, the cancelled one left B")
  }

  func testSeguesAnswerWithTheirDestinationWhenTheyStartAndComplete() throws {
    let daemon = try start()
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let waiter = try TestClient(path: daemon.socketPath, name: "waiter")
    let window = try driver.call { $0.createWindow.clock = .manual }.window.id
    try driver.call {
      $0.loadStoryboard.document = try! StoryboardIntegrationTests.example
      $0.loadStoryboard.windowID = window
    }
    // The push of Product runs; the presentation of Cart (a navigation
    // controller around CartList) and a declined segue wait behind it.
    try driver.call {
      $0.performSegue.source = controllerRef("Catalog")
      $0.performSegue.identifier = "showProduct"
    }
    let openCart = waiter.send {
      $0.performSegue.source = controllerRef("Product")
      $0.performSegue.identifier = "openCart"
      $0.waitUntil = .started
    }
    let declined = waiter.send {
      $0.performSegue.source = controllerRef("Catalog")
      $0.performSegue.identifier = "preview"
      $0.performSegue.triggered = true
      $0.waitUntil = .completed
    }
    try driver.sync()
    for _ in 0..<3 {
      try driver.call {
        $0.advanceClock.windowID = window
        $0.advanceClock.seconds = 1
      }
    }
    let listed = try driver.call { $0.listControllers = .init() }.controllers.controllers
    func id(_ identifier: String) -> UInt64? { listed.first { $0.identifier == identifier }?.id }
    guard case .segue(let cart)? = try waiter.response(to: openCart)?.result else {
      return XCTFail("openCart got no segue result")
    }
    XCTAssertTrue(cart.performed)
    XCTAssertEqual(cart.destinationID, id("Cart"))
    XCTAssertEqual(cart.operation.queuePosition, 0)
    XCTAssertEqual(cart.operation.createdIds, [id("Cart"), id("CartList")].compactMap { $0 })
    guard case .segue(let no)? = try waiter.response(to: declined)?.result else {
      return XCTFail("preview got no segue result")
    }
    XCTAssertFalse(no.performed)
    XCTAssertEqual(no.destinationID, 0)
    XCTAssertTrue(no.operation.completed)
    XCTAssertEqual(no.operation.createdIds, [])
  }
}
