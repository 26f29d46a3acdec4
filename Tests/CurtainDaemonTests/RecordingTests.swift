// Recordings (issue 38 §2, docs/recordings.md) against the real curtaind:
// a recording holds exactly the events and frames a live subscriber saw
// and the trees at the end, and replays identical; a tampered event or
// frame, or expectations edited as if Curtain's semantics had changed, are
// reported at the right event with the input that led there; --update's
// rewrite passes; recordings cut from an event (from_seq) or from a mark
// (from_input, what `--follow` uses); a realtime window's events after the
// last input (end_clock); bad recordings and bad starts refused.

import CurtainTesting
import CurtainWire
import Foundation
import SwiftProtobuf
import XCTest

final class RecordingTests: XCTestCase {
  private func ok(_ response: WireResponse, _ line: UInt = #line) {
    XCTAssertEqual(response.error.code, .unspecified, response.error.message, line: line)
  }

  private func record(
    _ client: TestClient, window: UInt64 = 0, fromSeq: UInt64? = nil,
    fromInput: UInt64? = nil, markOnly: Bool = false
  ) throws -> WireResponse {
    try client.call {
      $0.record.windowID = window
      if let fromSeq { $0.record.fromSeq = fromSeq }
      if let fromInput { $0.record.fromInput = fromInput }
      $0.record.markOnly = markOnly
    }
  }

  private func decoded(_ response: WireResponse, _ line: UInt = #line) throws
    -> Curtain_V1_Recording
  {
    ok(response, line)
    return try Curtain_V1_Recording(jsonUTF8Data: response.recording.document)
  }

  private func check(_ client: TestClient, _ document: Data, update: Bool = false) throws
    -> WireResponse
  {
    try client.call {
      $0.checkRecording.document = document
      $0.checkRecording.update = update
    }
  }

  private func document(_ recording: Curtain_V1_Recording) throws -> Data {
    try recording.jsonUTF8Data()
  }

  /// A push, a present and dismiss, and an interactive pop on a manual
  /// window (PastTests' scenario); returns the window.
  private func play(_ client: TestClient) throws -> UInt64 {
    let window = try client.navigationWindow(others: ["Detail", "Sheet"])
    func advance(_ seconds: Double) throws {
      ok(
        try client.call {
          $0.advanceClock.windowID = window
          $0.advanceClock.seconds = seconds
        })
    }
    ok(
      try client.call {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef("Detail")
      })
    for step in [0.1, 0.1, 0.25] { try advance(step) }
    ok(
      try client.call {
        $0.present.presenter = controllerRef("Nav")
        $0.present.controller = controllerRef("Sheet")
      })
    try advance(0.2)
    try advance(1)
    ok(
      try client.call {
        $0.dismiss.controller = controllerRef("Sheet")
        $0.dismiss.notAnimated = true
      })
    let begun = try client.call {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = controllerRef("Nav")
    }
    ok(begun)
    ok(
      try client.call {
        $0.updateInteractive.windowID = window
        $0.updateInteractive.transitionID = begun.operation.transitionID
        $0.updateInteractive.percent = 0.4
      })
    try advance(0.1)
    ok(
      try client.call {
        $0.finishInteractive.windowID = window
        $0.finishInteractive.transitionID = begun.operation.transitionID
      })
    try advance(0.1)
    try advance(1)
    return window
  }

  /// A daemon, a client, and a subscriber of every window's events and
  /// frames that watched `play`.
  private func played() throws -> (
    daemon: TempDaemon, client: TestClient, window: UInt64, events: [WireEvent],
    frames: [WireFrame]
  ) {
    let daemon = try TempDaemon()
    let client = try TestClient(path: daemon.socketPath, name: "recording")
    let watcher = try TestClient(path: daemon.socketPath, name: "watcher")
    defer { watcher.close() }
    ok(
      try watcher.call {
        $0.subscribe.windowID = 0
        $0.subscribe.events = true
        $0.subscribe.frames = true
      })
    let window = try play(client)
    try watcher.sync()
    let events = watcher.takeEvents().map { event -> WireEvent in
      var event = event
      event.subscriptionID = 0
      return event
    }
    let frames = watcher.takeFrames()
    return (daemon, client, window, events, frames)
  }

  func testARecordingHoldsWhatALiveSubscriberSawAndReplaysIdentical() throws {
    let (daemon, client, window, events, frames) = try played()
    defer { daemon.stop() }
    defer { client.close() }
    let answer = try record(client)
    let recording = try decoded(answer)
    XCTAssertEqual(recording.kind, "curtain.recording")
    XCTAssertEqual(recording.version, 1)
    XCTAssertTrue(recording.generator.hasPrefix("curtaind "), recording.generator)
    XCTAssertEqual(recording.session, "default")
    XCTAssertFalse(recording.hasStart, "a fresh daemon's default starts from nothing")
    XCTAssertEqual(recording.inputs.count, 17)
    XCTAssertEqual(recording.steps.count, recording.inputs.count + 1)
    XCTAssertEqual(answer.recording.inputs, 17)
    XCTAssertEqual(answer.recording.endInput, 17)
    XCTAssertEqual(recording.steps.flatMap(\.events), events)
    XCTAssertEqual(Int(answer.recording.events), events.count)
    XCTAssertGreaterThan(frames.count, 5)
    XCTAssertEqual(recording.steps.flatMap(\.frames), frames)
    let tree = try client.call {
      $0.getTree.windowID = window
      $0.getTree.includeViews = true
    }.tree
    XCTAssertEqual(recording.trees, [tree])
    // The push's events belong to the push's input.
    let push = try XCTUnwrap(
      recording.inputs.firstIndex { if case .push? = $0.request.body { true } else { false } })
    XCTAssertTrue(
      recording.steps[push].events.contains { $0.text == "Detail.viewWillAppear(true)" },
      "\(recording.steps[push].events.map(\.text))")

    let checked = try check(client, answer.recording.document)
    ok(checked)
    XCTAssertTrue(checked.recordingCheck.identical, checked.recordingCheck.difference.explanation)
    XCTAssertEqual(checked.recordingCheck.inputs, 17)
    XCTAssertEqual(Int(checked.recordingCheck.events), events.count)
    XCTAssertEqual(Int(checked.recordingCheck.frames), frames.count)
    XCTAssertEqual(checked.recordingCheck.trees, 1)
    XCTAssertEqual(checked.recordingCheck.session, "default")
    XCTAssertEqual(checked.recordingCheck.windowID, 0)
    XCTAssertEqual(checked.recordingCheck.recordedBy, recording.generator)
    XCTAssertTrue(checked.recordingCheck.updated.isEmpty)
    // The recording of one window expects only its events, frames and tree.
    let one = try decoded(try record(client, window: window))
    XCTAssertEqual(one.windowID, window)
    XCTAssertEqual(one.steps.flatMap(\.events), events.filter { $0.windowID == window })
    XCTAssertEqual(one.trees, [tree])
  }

  func testATamperedEventOrFrameIsReportedAtItsIndexWithTheInput() throws {
    let (daemon, client, _, events, frames) = try played()
    defer { daemon.stop() }
    defer { client.close() }
    let original = try decoded(try record(client))
    // An event of the push's input: its index among all the events.
    let push = try XCTUnwrap(
      original.inputs.firstIndex { if case .push? = $0.request.body { true } else { false } })
    let before = original.steps[..<push].reduce(0) { $0 + $1.events.count }
    let offset = try XCTUnwrap(
      original.steps[push].events.firstIndex { $0.text == "Detail.viewWillAppear(true)" })
    var tampered = original
    tampered.steps[push].events[offset].text = "Detail.viewWillAppear(false)"
    let event = try check(client, try document(tampered))
    ok(event)
    XCTAssertFalse(event.recordingCheck.identical)
    let difference = event.recordingCheck.difference
    XCTAssertEqual(difference.kind, .event)
    XCTAssertEqual(Int(difference.index), before + offset)
    XCTAssertEqual(events[before + offset].text, "Detail.viewWillAppear(true)")
    XCTAssertEqual(Int(difference.input), push)
    XCTAssertTrue(difference.inputText.hasPrefix("push at clock "), difference.inputText)
    XCTAssertTrue(difference.expected.contains("Detail.viewWillAppear(false)"))
    XCTAssertTrue(difference.got.contains("Detail.viewWillAppear(true)"))
    let seq = events[before + offset].seq
    XCTAssertTrue(
      difference.explanation.hasPrefix(
        "event \(before + offset) (input \(push): push at clock "),
      difference.explanation)
    XCTAssertTrue(
      difference.explanation.contains(
        "expected \"w1 #\(seq) t=0.000 Detail.viewWillAppear(false)\", got \"w1 #\(seq) "
          + "t=0.000 Detail.viewWillAppear(true)\""),
      difference.explanation)

    // A frame's value: the first frame of the step that has frames.
    let stepped = try XCTUnwrap(original.steps.firstIndex { !$0.frames.isEmpty })
    let framesBefore = original.steps[..<stepped].reduce(0) { $0 + $1.frames.count }
    XCTAssertEqual(framesBefore, 0)
    var moved = original
    moved.steps[stepped].frames[0].views[0].state.frame.width += 1
    let frame = try check(client, try document(moved))
    XCTAssertEqual(frame.recordingCheck.difference.kind, .frame)
    XCTAssertEqual(frame.recordingCheck.difference.index, 0)
    XCTAssertEqual(Int(frame.recordingCheck.difference.input), stepped)
    XCTAssertEqual(frames.count, original.steps.reduce(0) { $0 + $1.frames.count })
    let said = frame.recordingCheck.difference.explanation
    XCTAssertTrue(said.contains("first different field: expected `width: "), said)

    // A tree at the end.
    var tree = original
    tree.trees[0].window.revision += 1
    let trees = try check(client, try document(tree))
    XCTAssertEqual(trees.recordingCheck.difference.kind, .tree)
    XCTAssertEqual(Int(trees.recordingCheck.difference.input), original.inputs.count)
    XCTAssertTrue(
      trees.recordingCheck.difference.explanation.hasPrefix("the tree of w1 at the end (input "),
      trees.recordingCheck.difference.explanation)
  }

  func testAChangedBuildIsExplainedAndUpdateRewritesItSoThatItPasses() throws {
    let (daemon, client, _, _, _) = try played()
    defer { daemon.stop() }
    defer { client.close() }
    let original = try decoded(try record(client))
    // As if UIKit's order had changed: the push's viewWillDisappear of Home
    // expected after Detail's viewWillAppear.
    let push = try XCTUnwrap(
      original.inputs.firstIndex { if case .push? = $0.request.body { true } else { false } })
    var changed = original
    let texts = changed.steps[push].events.map(\.text)
    let disappear = try XCTUnwrap(texts.firstIndex(of: "Home.viewWillDisappear(true)"))
    let appear = try XCTUnwrap(texts.firstIndex(of: "Detail.viewWillAppear(true)"))
    XCTAssertLessThan(disappear, appear, "\(texts)")
    changed.steps[push].events.swapAt(disappear, appear)
    changed.generator = "curtaind 0.0.9"
    let before = original.steps[..<push].reduce(0) { $0 + $1.events.count }
    let checked = try check(client, try document(changed))
    let difference = checked.recordingCheck.difference
    XCTAssertEqual(difference.kind, .event)
    XCTAssertEqual(Int(difference.index), before + disappear)
    XCTAssertEqual(Int(difference.input), push)
    XCTAssertEqual(checked.recordingCheck.recordedBy, "curtaind 0.0.9")
    XCTAssertTrue(
      difference.explanation.contains("Detail.viewWillAppear(true)\", got \"w1 #"),
      difference.explanation)
    XCTAssertTrue(
      difference.explanation.contains("Home.viewWillDisappear(true)"), difference.explanation)

    // --update: the expectations of this build, the same inputs, and it
    // passes.
    let updated = try check(client, try document(changed), update: true)
    XCTAssertFalse(updated.recordingCheck.identical)
    let rewritten = try Curtain_V1_Recording(jsonUTF8Data: updated.recordingCheck.updated)
    XCTAssertEqual(rewritten.inputs, original.inputs)
    XCTAssertEqual(rewritten.steps, original.steps)
    XCTAssertEqual(rewritten.trees, original.trees)
    XCTAssertEqual(rewritten.generator, original.generator)
    let again = try check(client, updated.recordingCheck.updated)
    XCTAssertTrue(again.recordingCheck.identical, again.recordingCheck.difference.explanation)

    // An input whose answer changed (its recorded check): no update.
    var refused = original
    refused.inputs[push].check.errorCode = 2
    let input = try check(client, try document(refused), update: true)
    XCTAssertEqual(input.recordingCheck.difference.kind, .input)
    XCTAssertEqual(Int(input.recordingCheck.difference.input), push)
    XCTAssertTrue(
      input.recordingCheck.difference.explanation.contains("no longer replays as recorded"),
      input.recordingCheck.difference.explanation)
    XCTAssertTrue(input.recordingCheck.updated.isEmpty)
  }

  func testARecordingCutFromAnEventOrFromAMark() throws {
    let (daemon, client, window, events, _) = try played()
    defer { daemon.stop() }
    defer { client.close() }
    let whole = try decoded(try record(client, window: window))
    // From the present's first event.
    let present = try XCTUnwrap(
      whole.inputs.firstIndex { if case .present? = $0.request.body { true } else { false } })
    let from = try XCTUnwrap(whole.steps[present].events.first).seq
    let cut = try decoded(try record(client, window: window, fromSeq: from))
    XCTAssertTrue(cut.hasStart)
    XCTAssertEqual(cut.start.windows.first?.events.lastSeq, from - 1)
    XCTAssertTrue(cut.start.windows.first?.events.events.isEmpty ?? false, "no events kept")
    XCTAssertEqual(cut.inputs, Array(whole.inputs[present...]))
    XCTAssertEqual(
      cut.steps.flatMap(\.events), events.filter { $0.windowID == window && $0.seq >= from })
    XCTAssertEqual(cut.trees, whole.trees)
    let checked = try check(client, try document(cut))
    XCTAssertTrue(checked.recordingCheck.identical, checked.recordingCheck.difference.explanation)
    // From an event in the middle of the push: the push's input, the last
    // moment the session was idle before it.
    let push = try XCTUnwrap(
      whole.inputs.firstIndex { if case .push? = $0.request.body { true } else { false } })
    let during = try XCTUnwrap(whole.steps[push + 3].events.last).seq
    let early = try decoded(try record(client, window: window, fromSeq: during))
    XCTAssertEqual(early.inputs, Array(whole.inputs[push...]))

    // A mark, then inputs, then a recording from the mark (`--follow`).
    let mark = try record(client, markOnly: true)
    ok(mark)
    XCTAssertEqual(mark.recording.endInput, UInt64(whole.inputs.count))
    XCTAssertTrue(mark.recording.document.isEmpty)
    ok(
      try client.call {
        $0.pop.navigation = controllerRef("Nav")
        $0.pop.notAnimated = true
      })
    let followed = try decoded(try record(client, fromInput: mark.recording.endInput))
    XCTAssertEqual(followed.inputs.count, 1)
    XCTAssertTrue(followed.hasStart)
    XCTAssertTrue(
      try check(client, try document(followed)).recordingCheck.identical)
  }

  func testARealtimeWindowsEventsAfterTheLastInputAreExpected() throws {
    let daemon = try TempDaemon()
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "recording")
    defer { client.close() }
    let window = try client.navigationWindow(clock: .realtime, others: ["Detail"])
    ok(
      try client.call {
        $0.push.navigation = controllerRef("Nav")
        $0.push.controller = controllerRef("Detail")
      })
    ok(try client.call { $0.waitIdle.windowID = window })
    let recording = try decoded(try record(client))
    let last = try XCTUnwrap(recording.steps.last).events.map(\.text)
    XCTAssertTrue(last.contains("Detail.viewDidAppear(true)"), "\(last)")
    XCTAssertGreaterThan(recording.endClock, try XCTUnwrap(recording.inputs.last).clock)
    let checked = try check(client, try document(recording))
    XCTAssertTrue(checked.recordingCheck.identical, checked.recordingCheck.difference.explanation)
  }

  func testBadStartsAndBadRecordingsAreRefused() throws {
    let daemon = try TempDaemon(arguments: ["--past-records", "8"])
    defer { daemon.stop() }
    let client = try TestClient(path: daemon.socketPath, name: "recording")
    defer { client.close() }
    let window = try client.call { $0.createWindow.clock = .manual }.window.id
    for index in 0..<20 {
      ok(
        try client.call {
          $0.setWindowVisible.windowID = window
          $0.setWindowVisible.visible = index % 2 == 1
        })
    }
    let newest = try client.call { $0.getTree.windowID = window }.tree.window.lastSeq
    func refusal(_ response: WireResponse, _ code: WireErrorCode) -> String {
      XCTAssertEqual(response.error.code, code, response.error.message)
      return response.error.message
    }
    let old = try record(client, window: window, fromSeq: 1)
    XCTAssertTrue(
      refusal(old, .notFound).hasPrefix("event 1 of w\(window) is no longer kept: the oldest "))
    XCTAssertNotNil(old.error.details["oldest_seq"])
    XCTAssertEqual(
      refusal(try record(client, window: window, fromSeq: newest + 2), .invalidArgument),
      "w\(window) has no event \(newest + 2) yet: its newest is \(newest) (from_seq "
        + "\(newest + 1) records from now)")
    XCTAssertEqual(
      refusal(try record(client, window: window, fromSeq: 0), .invalidArgument),
      "A recording's from_seq counts from 1, got 0")
    XCTAssertEqual(
      refusal(try record(client, fromSeq: 3), .invalidArgument),
      "Record's from_seq counts a window's events: it needs a window_id")
    XCTAssertEqual(
      refusal(try record(client, window: 9), .notFound), "No window w9 in session 'default'")
    XCTAssertTrue(
      refusal(try record(client, fromInput: 0), .notFound).hasPrefix(
        "input 0 of session 'default' is no longer kept: the oldest input kept is "))
    XCTAssertEqual(
      refusal(try record(client, fromInput: 100), .invalidArgument),
      "Session 'default' has had 21 inputs; input 100 is not in its past")
    XCTAssertEqual(
      refusal(try record(client, fromSeq: 1, markOnly: true), .invalidArgument),
      "Record takes mark_only or a start (from_seq, from_input), not both")
    // What is kept replays identical.
    let kept = try decoded(try record(client))
    XCTAssertTrue(kept.hasStart)
    XCTAssertLessThan(kept.inputs.count, 21)
    XCTAssertTrue(try check(client, try document(kept)).recordingCheck.identical)

    let good = try document(kept)
    func bad(_ bytes: Data, _ code: WireErrorCode = .invalidArgument) throws -> String {
      refusal(try check(client, bytes), code)
    }
    XCTAssertEqual(
      try bad(Data()), "CheckRecording needs a document (a recording of `curtain record`)")
    XCTAssertTrue(
      try bad(good.prefix(good.count / 2)).hasPrefix(
        "Cannot replay the recording: it is not a Curtain recording (not a JSON object: "))
    XCTAssertEqual(
      try bad(Data("[1]".utf8)),
      "Cannot replay the recording: it is not a Curtain recording (not a JSON object)")
    XCTAssertEqual(
      try bad(Data(#"{"kind": "curtain.session", "version": 2}"#.utf8)),
      "Cannot replay the recording: it is a document of kind \"curtain.session\", not a "
        + "Curtain recording (\"curtain.recording\")")
    XCTAssertEqual(
      try bad(Data(#"{"kind": "curtain.recording", "version": 2}"#.utf8), .unsupportedVersion),
      "Cannot replay the recording: it is a recording of version 2, written by a newer "
        + "curtaind (this one reads up to version 1)")
    var steps = kept
    steps.steps.removeLast()
    XCTAssertEqual(
      try bad(try document(steps)),
      "Cannot replay the recording: it has \(kept.inputs.count) inputs and "
        + "\(kept.inputs.count) steps; a recording has a step per input and one for the time "
        + "after the last")
    var format = kept
    format.start.format = 9
    XCTAssertEqual(
      try bad(try document(format), .unsupportedVersion),
      "Cannot replay the recording: its start has format 9, written by a newer curtaind "
        + "(this one reads up to format 4)")

    let none = try TempDaemon(arguments: ["--past-records", "0"])
    defer { none.stop() }
    let other = try TestClient(path: none.socketPath, name: "no past")
    defer { other.close() }
    _ = try other.call { $0.createWindow.clock = .manual }
    XCTAssertEqual(
      refusal(try record(other), .notFound),
      "The daemon keeps no past of session 'default' (--past-records 0): there is nothing to "
        + "record")
    // A daemon without a past still checks recordings.
    XCTAssertTrue(try check(other, good).recordingCheck.identical)
  }
}
