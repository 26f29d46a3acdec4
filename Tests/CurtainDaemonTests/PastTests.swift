// A window's past, on request (issue 38 §1), against the real curtaind:
// trees captured live at points of a push, a present and an interactive
// pop are asked for again afterwards, by window time and by event, from an
// ephemeral daemon and from a durable one across a kill -9; a moment no
// longer kept names the oldest kept; bad moments are refused.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class PastTests: StateDirectoryTestCase {
  /// The live tree at one point, and what the point was.
  private struct Point {
    let label: String
    let tree: Curtain_V1_Tree
    let controllers: [Curtain_V1_ControllerInfo]
    /// The step that led here emitted events (its newest is this point's
    /// `last_seq`), and ended at the time of its newest event.
    let endsAtItsEvent: Bool
  }

  private func ok(_ response: WireResponse, _ line: UInt = #line) {
    XCTAssertEqual(response.error.code, .unspecified, response.error.message, line: line)
  }

  private func tree(
    _ client: TestClient, _ window: UInt64, past: Curtain_V1_PastPoint? = nil
  ) throws -> WireResponse {
    try client.call {
      $0.getTree.windowID = window
      $0.getTree.presentation = true
      if let past { $0.getTree.past = past }
    }
  }

  private func controllers(
    _ client: TestClient, past: Curtain_V1_PastPoint? = nil
  ) throws -> WireResponse {
    try client.call {
      if let past { $0.listControllers.past = past } else { $0.listControllers = .init() }
    }
  }

  private func seq(_ seq: UInt64, window: UInt64 = 0) -> Curtain_V1_PastPoint {
    var point = Curtain_V1_PastPoint()
    point.windowID = window
    point.seq = seq
    return point
  }

  private func time(_ time: Double, window: UInt64 = 0) -> Curtain_V1_PastPoint {
    var point = Curtain_V1_PastPoint()
    point.windowID = window
    point.time = time
    return point
  }

  /// A push, a present and dismiss, and an interactive pop on a manual
  /// window, with the tree captured after every step.
  private func play(_ client: TestClient) throws -> (window: UInt64, points: [Point]) {
    let window = try client.navigationWindow(others: ["Detail", "Sheet"])
    var points: [Point] = []
    var lastSeq: UInt64 = 0
    func capture(_ label: String, request: Bool) throws {
      let live = try tree(client, window).tree
      let endsAtItsEvent = request && live.window.lastSeq > lastSeq
      lastSeq = live.window.lastSeq
      points.append(
        Point(
          label: label, tree: live, controllers: try controllers(client).controllers.controllers,
          endsAtItsEvent: endsAtItsEvent))
    }
    func advance(_ seconds: Double) throws {
      ok(
        try client.call {
          $0.advanceClock.windowID = window
          $0.advanceClock.seconds = seconds
        })
    }
    try capture("created", request: true)
    ok(
      try client.call {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef("Detail")
      })
    try capture("push begun", request: true)
    for step in [0.1, 0.1, 0.25] {
      try advance(step)
      try capture("push +\(step)", request: false)
    }
    ok(
      try client.call {
        $0.present.presenter = controllerRef("Nav")
        $0.present.controller = controllerRef("Sheet")
      })
    try capture("present begun", request: true)
    try advance(0.2)
    try capture("present mid", request: false)
    try advance(1)
    try capture("presented", request: false)
    ok(
      try client.call {
        $0.dismiss.controller = controllerRef("Sheet")
        $0.dismiss.notAnimated = true
      })
    try capture("dismissed", request: true)
    let begun = try client.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("Nav")
    }
    ok(begun)
    try capture("pop begun", request: true)
    ok(
      try client.call {
        $0.updateInteractive.windowID = window
        $0.updateInteractive.transitionID = begun.operation.transitionID
        $0.updateInteractive.percent = 0.4
      })
    try capture("pop at 40%", request: true)
    try advance(0.1)
    try capture("pop held", request: false)
    ok(
      try client.call {
        $0.finishInteractive.windowID = window
        $0.finishInteractive.transitionID = begun.operation.transitionID
      })
    try capture("pop finishing", request: true)
    try advance(0.1)
    try capture("pop finish mid", request: false)
    try advance(1)
    try capture("popped", request: false)
    return (window, points)
  }

  /// Every point asked for again: by its window time (the last point at
  /// each time) and by its newest event.
  private func checkPast(
    _ client: TestClient, _ window: UInt64, _ points: [Point], file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    for (index, point) in points.enumerated() {
      let time = point.tree.window.time
      if index == points.count - 1 || points[index + 1].tree.window.time != time {
        let past = try tree(client, window, past: self.time(time))
        XCTAssertEqual(
          past.tree, point.tree, "\(point.label) at t=\(time): \(past.error.message)",
          file: file, line: line)
        let listed = try controllers(client, past: self.time(time, window: window))
        XCTAssertEqual(
          listed.controllers.controllers, point.controllers, "\(point.label): controllers",
          file: file, line: line)
      }
      let lastSeq = point.tree.window.lastSeq
      let bySeq = try tree(client, window, past: seq(lastSeq))
      XCTAssertEqual(bySeq.error.code, .unspecified, bySeq.error.message, file: file, line: line)
      XCTAssertEqual(bySeq.tree.window.lastSeq, lastSeq, point.label, file: file, line: line)
      if point.endsAtItsEvent {
        XCTAssertEqual(bySeq.tree, point.tree, "\(point.label) after event \(lastSeq)")
      }
    }
  }

  func testThePastOfAnEphemeralDaemonIsTheStateCapturedLive() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "past")
    defer { client.close() }
    let (window, points) = try play(client)
    XCTAssertEqual(points.filter(\.endsAtItsEvent).count, 6)
    try checkPast(client, window, points)
    // An event that time passing emitted: the state at that event's time.
    let pushEnd = points[4]
    XCTAssertFalse(pushEnd.endsAtItsEvent)
    let atEnd = try tree(client, window, past: seq(pushEnd.tree.window.lastSeq)).tree
    XCTAssertLessThan(atEnd.window.time, pushEnd.tree.window.time)
    XCTAssertGreaterThan(atEnd.window.time, points[3].tree.window.time)
    var sameButTime = atEnd
    sameButTime.window.time = pushEnd.tree.window.time
    XCTAssertEqual(sameButTime.root, pushEnd.tree.root)
    // The live window is untouched.
    XCTAssertEqual(try tree(client, window).tree, points.last?.tree)
  }

  func testThePastOfADurableDaemonComesBackAfterAKill() throws {
    let first = try startDaemon()
    let client = try TestClient(path: first.socketPath, name: "past")
    let (window, points) = try play(client)
    try checkPast(client, window, points)
    client.close()
    first.kill9()

    let second = try startDaemon()
    defer { second.stop() }
    let again = try TestClient(path: second.socketPath, name: "past again")
    defer { again.close() }
    try checkPast(again, window, points)
  }

  func testAMomentNoLongerKeptNamesTheOldestKept() throws {
    let daemon = try TempDaemon(arguments: ["--past-records", "8"])
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "past")
    defer { client.close() }
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    for index in 0..<20 {
      ok(
        try client.call {
          $0.setWindowVisible.windowID = window
          $0.setWindowVisible.visible = index % 2 == 1
        })
    }
    let refused = try tree(client, window, past: seq(1))
    XCTAssertEqual(refused.error.code, .notFound)
    let oldest = try XCTUnwrap(UInt64(refused.error.details["oldest_seq"] ?? ""))
    XCTAssertGreaterThan(oldest, 1)
    XCTAssertTrue(
      refused.error.message.hasPrefix("event 1 of w\(window) is no longer kept: the oldest "),
      refused.error.message)
    XCTAssertTrue(refused.error.message.contains("ask for seq \(oldest) or later"))
    let kept = try tree(client, window, past: seq(oldest))
    XCTAssertEqual(kept.error.code, .unspecified, kept.error.message)
    // The end of the step that emitted it (a request emits several events).
    XCTAssertGreaterThanOrEqual(kept.tree.window.lastSeq, oldest)
    XCTAssertEqual(try tree(client, window, past: seq(oldest - 1)).error.code, .notFound)
    // What is kept stays within the bound.
    let newest = try tree(client, window).tree.window.lastSeq
    XCTAssertLessThan(newest - oldest, 40)
  }

  func testBadMomentsAreRefused() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "past")
    defer { client.close() }
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    let newest = try tree(client, window).tree.window.lastSeq
    func refusal(_ past: Curtain_V1_PastPoint) throws -> String {
      let response = try tree(client, window, past: past)
      XCTAssertEqual(response.error.code, .invalidArgument, response.error.message)
      return response.error.message
    }
    XCTAssertEqual(try refusal(seq(0)), "A past moment's seq counts from 1, got 0")
    XCTAssertEqual(
      try refusal(seq(newest + 1)),
      "w\(window) has no event \(newest + 1) yet: its newest is \(newest)")
    XCTAssertEqual(try refusal(time(5)), "w\(window) is at t=0.000; t=5.000 is not in its past")
    XCTAssertEqual(
      try refusal(time(-1)), "A past moment's time must be 0 or more seconds, got -1.0")
    XCTAssertEqual(try refusal(Curtain_V1_PastPoint()), "GetTree's past needs a seq or a time")
    XCTAssertEqual(
      try refusal(seq(1, window: window + 1)),
      "GetTree's past names window \(window + 1), not the tree's window \(window)")

    let none = try TempDaemon(arguments: ["--past-records", "0"])
    defer { none.stop() }
    let other = try TestClient(path: none.socketPath, name: "no past")
    defer { other.close() }
    let created = try other.call { $0.createWindow.clock = .manual }.window.id
    let refused = try tree(other, created, past: seq(1))
    XCTAssertEqual(refused.error.code, .notFound)
    XCTAssertEqual(
      refused.error.message, "The daemon keeps no past of session 'default' (--past-records 0)")
  }
}
