import XCTest

@testable import CurtainCore

/// The per-window FIFO operation queue, revisions and conflicts.
final class QueueTests: XCTestCase {
  func testAPushArrivingDuringAPushRunsAfterIt() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "B")
    h.make(.content, "C")
    let first = try h.session.submit(
      .push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil))
    XCTAssertEqual(first.position, 0)
    XCTAssertFalse(first.isCompleted)
    h.advance(0.1)
    _ = h.events()
    let second = try h.session.submit(
      .push(navigation: h.id("Nav"), controller: h.id("C"), animated: true, animator: nil))
    XCTAssertEqual(second.position, 1)
    XCTAssertNil(second.transition)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"], "C waits")
    XCTAssertEqual(h.described([.operation]), ["\(second.operation).queued(1)"])
    h.advance(0.25)
    XCTAssertEqual(
      h.described([.lifecycle, .operation]),
      [
        "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(Nav)",
        "Nav.didShow(B, true)", "\(first.operation).completed(cancelled: false, removed: [])",
        "\(second.operation).started", "C.willMove(Nav)", "C.viewDidLoad",
        "Nav.willShow(C, true)", "B.viewWillDisappear(true)", "C.viewWillAppear(true)",
      ])
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B", "C"])
    // The second push started when the first ended (0.35 s), not at 0.35 + the step.
    XCTAssertEqual(h.window.transitions.first?.percentComplete(at: 0.35), 0)
    h.window.advance(to: 0.7)
    XCTAssertTrue(h.window.isIdle)
    XCTAssertEqual(h.controller("C").appearance, .appeared)
  }

  func testQueuedOperationsRunInArrivalOrder() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    for name in ["B", "C", "D"] { h.push("Nav", name) }
    h.pop("Nav")
    XCTAssertEqual(h.window.queuedOperationCount, 3)
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B", "C"])
    let shown = h.events().compactMap { event -> String? in
      if case .navigationDelegate(_, .didShow) = event.kind { return h.session.describe(event) }
      return nil
    }
    XCTAssertEqual(
      shown,
      [
        "Nav.didShow(B, true)", "Nav.didShow(C, true)", "Nav.didShow(D, true)",
        "Nav.didShow(C, true)",
      ])
  }

  func testTheSixtyFifthQueuedOperationIsBusy() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.make(.content, "X")
    h.push("Nav", "X")
    XCTAssertFalse(h.window.isIdle)
    for index in 1...64 {
      let ticket = try h.session.submit(
        .pop(navigation: h.id("Nav"), animated: false, animator: nil))
      XCTAssertEqual(ticket.position, index)
    }
    let revision = h.window.revision
    let lastSeq = h.window.log.lastSeq
    XCTAssertThrowsError(
      try h.session.submit(.pop(navigation: h.id("Nav"), animated: false, animator: nil))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .busy)
    }
    XCTAssertEqual(h.window.queuedOperationCount, 64)
    XCTAssertEqual(h.window.revision, revision)
    XCTAssertEqual(h.window.log.lastSeq, lastSeq)
    h.settle()
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A"])
    XCTAssertEqual(h.window.queuedOperationCount, 0)
  }

  func testAQueuedOperationThatCanNoLongerRunFails() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.push("Nav", "B")
    let again = try h.session.submit(
      .push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil),
      options: OperationOptions(traceID: "dup"))
    XCTAssertEqual(again.position, 1, "accepted: the check against the stack waits for its turn")
    h.settle()
    let failed = h.events().filter {
      if case .operation(again.operation, .failed(let error)) = $0.kind {
        return error.code == .invalidArgument
      }
      return false
    }
    XCTAssertEqual(failed.count, 1)
    XCTAssertEqual(failed.first?.traceID, "dup")
    XCTAssertTrue(h.window.isIdle)
  }

  func testExpectedRevisionConflict() throws {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "B")
    let revision = h.window.revision
    XCTAssertThrowsError(
      try h.session.submit(
        .push(navigation: h.id("Nav"), controller: h.id("B"), animated: false, animator: nil),
        options: OperationOptions(expectedRevision: revision - 1))
    ) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .conflict)
    }
    XCTAssertEqual(h.window.revision, revision)
    let ticket = try h.session.submit(
      .push(navigation: h.id("Nav"), controller: h.id("B"), animated: false, animator: nil),
      options: OperationOptions(expectedRevision: revision))
    XCTAssertGreaterThan(ticket.revision, revision)
    XCTAssertEqual(ticket.revision, h.window.revision)
  }

  func testEventsAreGapFreeAndRevisionsNeverDecrease() {
    let h = Harness()
    h.showNavigation("Nav", stack: ["A", "B"])
    h.push("Nav", "C")
    h.pop("Nav")
    h.settle()
    let all = h.window.events(after: 0) ?? []
    XCTAssertEqual(all.map(\.seq), Array(1...UInt64(all.count)))
    XCTAssertEqual(all.map(\.revision), all.map(\.revision).sorted())
    XCTAssertTrue(all.allSatisfy { $0.windowID == h.window.id })
  }

  func testEventLogKeepsTheLastEventsOnly() {
    let h = Harness(configuration: SessionConfiguration(eventLogCapacity: 5))
    h.showNavigation("Nav", stack: ["A", "B"])
    let last = h.window.log.lastSeq
    XCTAssertGreaterThan(last, 5)
    XCTAssertNil(h.window.events(after: 0), "the oldest events are gone")
    XCTAssertNil(h.window.events(after: last - 6))
    XCTAssertEqual(h.window.events(after: last - 5)?.map(\.seq), Array((last - 4)...last))
    XCTAssertEqual(h.window.events(after: last), [])
  }

  func testOperationsOnDetachedControllersRunAtOnce() throws {
    let session = Session()
    let nav = try session.makeController(kind: .navigation, identifier: "Nav")
    let a = try session.makeController(kind: .content, identifier: "A")
    let ticket = try session.submit(
      .push(navigation: nav.id, controller: a.id, animated: true, animator: nil))
    XCTAssertNil(ticket.window)
    XCTAssertTrue(ticket.isCompleted)
    XCTAssertEqual(
      session.detachedLog.events(after: 0)?.map { session.describe($0) },
      ["A.willMove(Nav)", "Nav.childAdded(A)", "Nav.viewControllers([A])", "A.didMove(Nav)"])
  }

  /// Issue 33 §2: an interactive begin queued by a client that then
  /// disconnects is dropped with an event (nobody could end the
  /// interaction it would start); the client's other queued operations
  /// and other clients' run as requested.
  func testReleasingAnOwnerDropsItsQueuedInteractiveBeginsOnly() throws {
    let h = Harness()
    let (leaver, stayer) = (OwnerID(9), OwnerID(10))
    h.showNavigation("Nav", stack: ["A"])
    h.make(.content, "B")
    h.make(.content, "C")
    let push = try h.session.submit(
      .push(navigation: h.id("Nav"), controller: h.id("B"), animated: true, animator: nil))
    let begin = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: leaver))
    let later = try h.session.submit(
      .push(navigation: h.id("Nav"), controller: h.id("C"), animated: false, animator: nil),
      options: OperationOptions(owner: leaver))
    let other = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: stayer))
    XCTAssertEqual([begin.position, later.position, other.position], [1, 2, 3])
    _ = h.events()
    XCTAssertTrue(h.window.release(leaver))
    let dropped = h.events()
    XCTAssertEqual(dropped.map { h.session.describe($0) }, ["\(begin.operation).failed(NOT_OWNER)"])
    guard case .operation(_, .failed(let error)) = dropped.first?.kind else {
      return XCTFail("no failure")
    }
    XCTAssertEqual(
      error.message,
      "Operation \(begin.operation) was dropped: the client that began the interactive"
        + " transition disconnected before it started")
    XCTAssertEqual(h.window.queuedOperationCount, 2)
    XCTAssertFalse(h.window.release(leaver), "nothing more of its to end")
    h.advance(1)
    let interaction = try XCTUnwrap(h.window.transitions.first)
    XCTAssertEqual(interaction.owner, stayer)
    XCTAssertTrue(h.window.release(stayer))
    h.settle()
    XCTAssertTrue(h.window.isIdle)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B", "C"])
    XCTAssertTrue(
      h.described([.operation]).contains(
        "\(push.operation).completed(cancelled: false, removed: [])"))
  }

  /// An interactive begin waiting for a delegate's answer when its client
  /// disconnects fails when the answer comes, instead of starting.
  func testAnInteractiveBeginAwaitingADelegateFailsWhenItsOwnerLeft() throws {
    let h = Harness()
    let (delegate, leaver) = (OwnerID(7), OwnerID(9))
    h.showNavigation("Nav", stack: ["A", "B"])
    try h.session.setDelegate(
      of: h.id("Nav"), roles: [.navigation], delegate: delegate, timeout: 0.5,
      vendsInteraction: false)
    let begin = try h.session.submit(
      .beginInteractivePop(navigation: h.id("Nav"), animator: nil),
      options: OperationOptions(owner: leaver))
    XCTAssertNotNil(begin.delegateCall)
    _ = h.events()
    XCTAssertTrue(h.window.release(leaver))
    XCTAssertEqual(h.described([.operation]), [], "it fails when its turn comes back")
    _ = try h.session.answerDelegateCall(1, .useDefault, from: delegate)
    XCTAssertEqual(
      h.described([.operation, .transition]), ["\(begin.operation).failed(NOT_OWNER)"])
    XCTAssertTrue(h.window.isIdle)
    XCTAssertEqual(h.nav("Nav").viewControllers.map(\.name), ["A", "B"])
  }
}
