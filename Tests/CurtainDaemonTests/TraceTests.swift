// Traces in the Chrome trace event format (GetTrace, issue 39 §1) from a
// real curtaind: each read as a viewer reads it (ChromeTraceFile.problems:
// every B has its E, slices nest, timestamps never go back on a track,
// durations are not negative, flows pair up and bind to slices), and what
// it holds: a push's operation from request to completion with its request
// id, trace id and client, its transition with its progress, and its
// callbacks in UIKit's order inside the transition on each controller's
// thread; an interactive pop's segments; a delegate question as flows to
// the answering client and back; the frames each subscription got; a
// follower's calls giving each slice once; the bounded records.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

@testable import CurtainDaemon

final class TraceTests: StateDirectoryTestCase {
  /// A manual window with `Nav=nav[A]` as its root and content `B`.
  private func navigationWindow(_ client: TestClient) throws -> UInt64 {
    let window = try client.makeWindow()
    try client.make(.navigation, "Nav")
    try client.make(.content, ["A", "B"])
    try client.call {
      $0.setStack.navigation = controllerRef("Nav")
      $0.setStack.controllers = [controllerRef("A")]
    }
    try client.setRoot(window, "Nav")
    _ = try client.flow()
    return window
  }

  private func trace(
    _ client: TestClient, _ window: UInt64, clock: Curtain_V1_TraceClock = .window,
    since: UInt64 = 0, sinceFrame: UInt64 = 0
  ) throws -> (Curtain_V1_Trace, ChromeTraceFile) {
    let response = try client.call {
      $0.getTrace.windowID = window
      $0.getTrace.clock = clock
      $0.getTrace.sinceSeq = since
      $0.getTrace.sinceFrameSeq = sinceFrame
    }
    XCTAssertEqual(response.error.code, .unspecified, response.error.message)
    let file = try ChromeTraceFile(json: Data(response.trace.json.utf8))
    XCTAssertEqual(file.problems, [], "a viewer reads it cleanly")
    return (response.trace, file)
  }

  /// The thread of the window's process named `name`.
  private func thread(_ file: ChromeTraceFile, _ name: String) throws -> [ChromeTraceFile.Event] {
    let found = try XCTUnwrap(
      file.threads(named: name).first { $0.pid == 1 }, "no thread \(name)")
    return file.thread(pid: found.pid, tid: found.tid)
  }

  func testAPushIsAnOperationAndATransitionWithItsCallbacksInUIKitOrderInside() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let window = try navigationWindow(driver)
    let clientID = try XCTUnwrap(driver.connection.welcome).clientID
    let push = try driver.call {
      $0.traceID = "push-trace"
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    try driver.advance(window, 0.1)
    try driver.advance(window, 0.5)
    let (result, file) = try trace(driver, window)
    XCTAssertEqual(result.windowID, window)
    XCTAssertFalse(result.more)
    XCTAssertEqual(file.metadata["clock"] as? String, "window")
    XCTAssertEqual(file.processName(1), "window w\(window) (session default)")

    // The operation, from request to completion.
    let operation = try XCTUnwrap(
      try thread(file, "operations").first { $0.arg("trace_id") == "push-trace" })
    XCTAssertEqual(operation.phase, "X")
    XCTAssertEqual(operation.arg("kind"), "push")
    XCTAssertEqual(operation.number("request_id"), Double(push.requestID))
    XCTAssertEqual(operation.number("client"), Double(clientID))
    XCTAssertEqual(operation.arg("client_name"), "driver")
    XCTAssertEqual(operation.arg("result"), "completed")
    XCTAssertEqual(operation.ts, 0)
    XCTAssertEqual(operation.duration ?? 0, 350_000, accuracy: 0.01)
    // The same slice on the client's requests.
    XCTAssertEqual(file.processName(1000 + Int(clientID)), "client \(clientID) (driver)")
    XCTAssertEqual(
      file.thread(pid: 1000 + Int(clientID), tid: 10).map(\.name), [operation.name])

    // The transition, and its progress as a counter from 0 to 100 %.
    let transitionID = push.operation.transitionID
    let transition = try XCTUnwrap(
      try thread(file, "transitions").first { $0.name == "push t\(transitionID)" })
    XCTAssertEqual(transition.ts, 0)
    XCTAssertEqual(transition.duration ?? 0, 350_000, accuracy: 0.01)
    XCTAssertEqual(transition.arg("from"), "A")
    XCTAssertEqual(transition.arg("to"), "B")
    let progress = file.events.filter { $0.phase == "C" && $0.name == "progress t\(transitionID)" }
    XCTAssertEqual(progress.first?.number("percent"), 0)
    XCTAssertEqual(progress.last?.number("percent"), 100)
    XCTAssertGreaterThanOrEqual(progress.count, 3, "began, the frame at 0.1 s, ended")
    let percents = progress.compactMap { $0.number("percent") }
    XCTAssertEqual(percents, percents.sorted(), "a push's progress only grows")

    // Each controller's callbacks are instants inside the transition on its
    // thread; all of them in UIKit's order (SEMANTICS §3, push).
    var callbacks: [ChromeTraceFile.Event] = []
    for (pid, tid) in file.events.filter({ $0.phase == "M" && $0.name == "thread_name" })
      .map({ ($0.pid, $0.tid) }) where tid >= 1000
    {
      let events = file.thread(pid: pid, tid: tid)
      let slice = try XCTUnwrap(
        events.first { $0.phase == "X" && $0.name == "push t\(transitionID)" })
      for instant in events where instant.phase == "i" && instant.arg("trace_id") == "push-trace" {
        XCTAssertGreaterThanOrEqual(instant.ts, slice.ts, "\(instant.name) inside its transition")
        XCTAssertLessThanOrEqual(instant.ts, slice.end, "\(instant.name) inside its transition")
        callbacks.append(instant)
      }
    }
    let order = callbacks.sorted { ($0.number("seq") ?? 0) < ($1.number("seq") ?? 0) }.map(\.name)
    XCTAssertEqual(
      order,
      [
        "B.willMove(Nav)", "B.viewDidLoad", "Nav.willShow(B, true)", "A.viewWillDisappear(true)",
        "B.viewWillAppear(true)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
        "B.didMove(Nav)", "Nav.didShow(B, true)",
      ])
    let didAppear = try XCTUnwrap(callbacks.first { $0.name == "B.viewDidAppear(true)" })
    XCTAssertEqual(didAppear.ts, 350_000, accuracy: 0.01, "at the end of the transition")
    XCTAssertEqual(didAppear.arg("trace_id"), "push-trace")

    // In wall time: the same slices, the metadata says so.
    let (_, wall) = try trace(driver, window, clock: .wall)
    XCTAssertEqual(wall.metadata["clock"] as? String, "wall")
    let wallOperation = try XCTUnwrap(
      try thread(wall, "operations").first { $0.arg("trace_id") == "push-trace" })
    XCTAssertGreaterThan(wallOperation.ts, 1.7e15, "Unix time in microseconds")
  }

  func testAnInteractivePopHasItsSegments() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let window = try navigationWindow(driver)
    for cancel in [false, true] {
      try driver.call {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef("B")
        $0.push.notAnimated = true
      }
      let pop = try driver.call {
        $0.beginInteractive.kind = .pop
        $0.beginInteractive.controller = controllerRef("Nav")
      }.operation.transitionID
      try driver.advance(window, 0.1)
      try driver.call {
        $0.updateInteractive.windowID = window
        $0.updateInteractive.transitionID = pop
        $0.updateInteractive.percent = 0.4
      }
      try driver.advance(window, 0.1)
      // While it runs, it is drawn up to now, unfinished.
      let (_, running) = try trace(driver, window)
      let open = try XCTUnwrap(
        try thread(running, "transitions").first { $0.name == "pop t\(pop)" })
      XCTAssertEqual(open.args["unfinished"] as? Bool, true)
      XCTAssertEqual(open.duration ?? 0, 200_000, accuracy: 0.01)
      try driver.call {
        if cancel {
          $0.cancelInteractive.windowID = window
          $0.cancelInteractive.transitionID = pop
        } else {
          $0.finishInteractive.windowID = window
          $0.finishInteractive.transitionID = pop
        }
      }
      try driver.advance(window, 1)
      let (_, file) = try trace(driver, window)
      let lane = try thread(file, "transitions")
      let slice = try XCTUnwrap(lane.first { $0.name == "pop t\(pop)" })
      XCTAssertEqual(slice.args["interactive"] as? Bool, true)
      XCTAssertEqual(slice.args["cancelled"] as? Bool, cancel)
      let inside = lane.filter {
        $0.ts >= slice.ts && $0.end <= slice.end && $0.index != slice.index
      }
      XCTAssertEqual(inside.map(\.name), ["interactive", cancel ? "cancelling" : "finishing"])
      guard inside.count == 2 else { return }
      XCTAssertEqual(inside[0].ts, slice.ts)
      XCTAssertEqual(inside[0].duration ?? 0, 200_000, accuracy: 0.01, "driven for 0.2 s")
      XCTAssertEqual(inside[1].ts, inside[0].end, accuracy: 0.01)
      XCTAssertEqual(inside[1].end, slice.end, accuracy: 0.01)
      let percents = file.events.filter { $0.phase == "C" && $0.name == "progress t\(pop)" }
        .compactMap { $0.number("percent") }
      XCTAssertEqual(percents.first, 0)
      XCTAssertEqual(percents.last, cancel ? 0 : 100)
      XCTAssertTrue(percents.contains(40), "the frame after the update: \(percents)")
    }
  }

  func testAPausedPushPlaysThenIsInteractiveThenFinishes() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let window = try navigationWindow(driver)
    let push = try driver.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }.operation.transitionID
    try driver.advance(window, 0.1)
    let paused = try driver.call {
      $0.pauseTransition.windowID = window
      $0.pauseTransition.transitionID = push
    }
    XCTAssertEqual(paused.error.code, .unspecified, paused.error.message)
    try driver.advance(window, 0.1)
    try driver.call {
      $0.finishInteractive.windowID = window
      $0.finishInteractive.transitionID = push
    }
    try driver.advance(window, 1)
    let (_, file) = try trace(driver, window)
    let lane = try thread(file, "transitions")
    let slice = try XCTUnwrap(lane.first { $0.name == "push t\(push)" })
    let inside = lane.filter { $0.ts >= slice.ts && $0.end <= slice.end && $0.index != slice.index }
    XCTAssertEqual(
      inside.map { $0.name.hasPrefix("paused at ") ? "paused" : $0.name },
      ["playing", "interactive", "paused", "finishing"])
    guard inside.count == 4 else { return }
    XCTAssertEqual(inside[0].duration ?? 0, 100_000, accuracy: 0.01)
    XCTAssertEqual(inside[1].duration ?? 0, 100_000, accuracy: 0.01)
    XCTAssertEqual(inside[2].ts, inside[1].ts)
    XCTAssertEqual(inside[3].end, slice.end, accuracy: 0.01)
  }

  func testADelegateQuestionIsAFlowToTheAnsweringClientAndBack() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let delegate = try TestClient(path: daemon.socketPath, name: "delegate")
    let window = try navigationWindow(driver)
    let delegateID = try XCTUnwrap(delegate.connection.welcome).clientID
    try delegate.call {
      $0.setDelegate.controller = controllerRef("Nav")
      $0.setDelegate.roles = [.navigation]
      $0.setDelegate.timeoutMs = 10_000
    }
    try driver.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    let call = try XCTUnwrap(try delegate.nextDelegateCall())
    // While it waits, the question is open.
    let (_, waiting) = try trace(driver, window, clock: .wall)
    let open = try XCTUnwrap(
      try thread(waiting, "delegate questions").first { $0.name.hasPrefix("ask ") })
    XCTAssertEqual(open.arg("outcome"), "waiting")
    usleep(20_000)
    XCTAssertTrue(
      try delegate.call {
        $0.delegateReply.callID = call.callID
        $0.delegateReply.answer = .init()
      }.delegateReply.accepted)
    try driver.advance(window, 1)

    for clock in [Curtain_V1_TraceClock.wall, .window] {
      let (_, file) = try trace(driver, window, clock: clock)
      let question = try XCTUnwrap(
        try thread(file, "delegate questions").first {
          $0.name == "ask navigationAnimationController"
        })
      XCTAssertEqual(question.number("call"), Double(call.callID))
      XCTAssertEqual(question.number("client"), Double(delegateID))
      XCTAssertEqual(question.arg("outcome"), "answered")
      if clock == .wall {
        XCTAssertGreaterThanOrEqual(question.duration ?? 0, 20_000, "the wait, in wall time")
        XCTAssertEqual(
          question.number("wait_ms") ?? 0, (question.duration ?? 0) / 1000, accuracy: 0.01)
      }
      let pid = 1000 + Int(delegateID)
      XCTAssertEqual(file.processName(pid), "client \(delegateID) (delegate)")
      let answer = try XCTUnwrap(
        file.thread(pid: pid, tid: 200).first { $0.name == "answer navigationAnimationController" })
      XCTAssertEqual(answer.ts, question.ts)
      XCTAssertEqual(answer.end, question.end, accuracy: 0.01)
      // Out to the client, and back.
      let flows = file.events.filter { $0.phase == "s" || $0.phase == "f" }
      XCTAssertEqual(
        flows.map { "\($0.phase) \($0.id ?? -1) \($0.pid == 1 ? "window" : "client")" }.sorted(),
        [
          "f \(call.callID * 2) client", "f \(call.callID * 2 + 1) window",
          "s \(call.callID * 2) window", "s \(call.callID * 2 + 1) client",
        ])
    }
  }

  func testFramesDeliveredToEachSubscriptionAreCounters() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let driver = try TestClient(path: daemon.socketPath, name: "driver")
    let viewer = try TestClient(path: daemon.socketPath, name: "viewer")
    let window = try navigationWindow(driver)
    let viewerID = try XCTUnwrap(viewer.connection.welcome).clientID
    let subscription = try viewer.call {
      $0.subscribe.windowID = window
      $0.subscribe.frames = true
    }.subscribed.subscriptionID
    try driver.call {
      $0.push.navigation = controllerRef("Nav")
      $0.push.controller = controllerRef("B")
    }
    for _ in 0..<5 { try driver.advance(window, 0.1) }
    let (result, file) = try trace(driver, window)
    let counts = file.events.filter { $0.phase == "C" && $0.name == "frames s\(subscription)" }
    XCTAssertTrue(counts.allSatisfy { $0.pid == 1000 + Int(viewerID) })
    XCTAssertEqual(counts.compactMap { $0.number("delivered") }, [1, 2, 3, 4])
    XCTAssertEqual(counts.map(\.ts), [100_000, 200_000, 300_000, 400_000])
    XCTAssertGreaterThan(result.lastFrameSeq, 0)

    // A follower asks from where it stopped: only what is new.
    try driver.call {
      $0.pop.navigation = controllerRef("Nav")
    }
    try driver.advance(window, 1)
    let (next, more) = try trace(
      driver, window, since: result.lastSeq, sinceFrame: result.lastFrameSeq)
    XCTAssertGreaterThan(next.lastSeq, result.lastSeq)
    let operations = try thread(more, "operations")
    XCTAssertEqual(operations.map { $0.arg("kind") }, ["pop"], "the push is not sent again")
    XCTAssertEqual(
      more.events.filter { $0.phase == "C" && $0.name.hasPrefix("frames") }.compactMap {
        $0.number("delivered")
      }, [5], "the pop's frame, at the window's time after it")
    let (_, nothing) = try trace(driver, window, since: next.lastSeq, sinceFrame: next.lastFrameSeq)
    XCTAssertEqual(nothing.events.filter { $0.phase != "M" }.count, 0)
  }

  func testErrors() throws {
    let daemon = try startDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath)
    XCTAssertEqual(try client.call { $0.getTrace.windowID = 9 }.error.code, .notFound)
    let window = try client.makeWindow()
    let bad = try client.call {
      $0.getTrace.windowID = window
      $0.getTrace.clock = .UNRECOGNIZED(7)
    }
    XCTAssertEqual(bad.error.code, .invalidArgument)
    XCTAssertEqual(bad.error.message, "GetTrace needs clock WINDOW (0) or WALL (1), got 7")
    // Window 0 is the session's first window; a read-only client may ask.
    let reader = try TestClient(path: daemon.socketPath, capabilities: ["read-only"])
    XCTAssertEqual(try reader.call { $0.getTrace = .init() }.trace.windowID, window)
  }

  func testTheRecordsOfAWindowAreBounded() {
    var trace = WindowTrace(
      limits: TraceLimits(requests: 3, delegateCalls: 2, stamps: 2, frames: 2))
    let client = TraceClient(id: 1, name: "c")
    for id in 1...10 as ClosedRange<UInt64> {
      trace.record(
        WindowTrace.Request(
          operation: .init(id), requestID: id, traceID: "", kind: "push", client: client,
          time: 0, wall: 0))
      trace.record(WindowTrace.DelegateCall(call: id, client: client, answered: false))
      trace.stamp(upTo: id * 2, wall: Double(id))
      trace.recordFrame(
        time: 0, progress: [], frameSeq: id, wall: 0, subscriptions: [(id % 2, client)])
    }
    XCTAssertEqual(trace.requests.map(\.requestID), [8, 9, 10])
    XCTAssertEqual(trace.delegateCalls.map(\.call), [9, 10])
    XCTAssertEqual(trace.frames.map(\.frameSeq), [9, 10])
    XCTAssertEqual(trace.frames.map { $0.deliveries[0].count }, [5, 5])
    // Stamps: events 19 and 20 at wall 10, 17 and 18 at 9, older unknown.
    XCTAssertEqual(trace.wall(of: 20), 10)
    XCTAssertEqual(trace.wall(of: 19), 10)
    XCTAssertEqual(trace.wall(of: 17), 9)
    XCTAssertNil(trace.wall(of: 16))
    XCTAssertNil(trace.wall(of: 21))
  }
}
