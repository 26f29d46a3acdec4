// `curtain record` and `curtain replay` (docs/recordings.md): a recording
// written by the command replays identical (exit 0); a tampered one prints
// its first difference (exit 1); --update rewrites it so that it passes; a
// file that is not a recording exits 2; --follow ended by SIGINT writes a
// whole recording of what happened meanwhile.

import CurtainTesting
import CurtainWire
import Foundation
import SwiftProtobuf
import XCTest

final class RecordCommandTests: XCTestCase {
  private func recording(_ path: String) throws -> Curtain_V1_Recording {
    try Curtain_V1_Recording(jsonUTF8Data: try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  func testARecordingReplaysAndATamperedOneSaysWhereItDiffers() throws {
    let setup = try DaemonCLI("record")
    defer { setup.close() }
    let directory = setup.directory
    _ = try setup.run("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    _ = try setup.run("new-controller", "content", "--id", "Detail")
    _ = try setup.run("push", "@Nav", "@Detail", "--no-wait")
    _ = try setup.run("advance", "w1", "0.5")
    let path = directory + "/push.json"
    let recorded = try setup.run("record", "-o", path)
    let original = try recording(path)
    let events = original.steps.reduce(0) { $0 + $1.events.count }
    let frames = original.steps.reduce(0) { $0 + $1.frames.count }
    XCTAssertEqual(original.inputs.count, 4)
    XCTAssertEqual(recorded.status, 0, recorded.output)
    XCTAssertEqual(recorded.output, "session 'default': 4 inputs, \(events) events → \(path)\n")
    let identical = try setup.run("replay", path, "--check")
    XCTAssertEqual(identical.status, 0, identical.output)
    XCTAssertEqual(
      identical.output, "\(path): identical (4 inputs, \(events) events, \(frames) frames)\n")

    // One event expected otherwise: exit 1 and the first difference.
    var tampered = original
    let push = 2
    let offset = try XCTUnwrap(
      tampered.steps[push].events.firstIndex { $0.text == "Detail.viewWillAppear(true)" })
    tampered.steps[push].events[offset].text = "Detail.viewDidAppear(true)"
    try tampered.jsonUTF8Data().write(to: URL(fileURLWithPath: path))
    let index = original.steps[..<push].reduce(0) { $0 + $1.events.count } + offset
    let different = try setup.run("replay", path, "--check")
    XCTAssertEqual(different.status, 1, different.output)
    let lines = different.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, 2, different.output)
    XCTAssertTrue(
      lines[0].hasPrefix("\(path): differs from what curtaind "), different.output)
    XCTAssertTrue(
      lines[1].hasPrefix("  event \(index) (input 2: push at clock "), different.output)
    XCTAssertTrue(
      lines[1].contains("Detail.viewDidAppear(true)\", got \"w1 #"), different.output)
    let json = try setup.run("--json", "replay", path, "--check")
    XCTAssertEqual(json.status, 1)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let difference = try XCTUnwrap(object["difference"] as? [String: Any])
    XCTAssertEqual(difference["kind"] as? String, "event")
    XCTAssertEqual(difference["index"] as? Int, index)
    XCTAssertEqual(difference["input"] as? Int, 2)

    // --update rewrites the expectations; then it passes.
    let updated = try setup.run("replay", path, "--update")
    XCTAssertEqual(updated.status, 0, updated.output)
    XCTAssertTrue(updated.output.hasPrefix("\(path): updated ("), updated.output)
    XCTAssertEqual(try recording(path).steps, original.steps)
    XCTAssertEqual(try setup.run("replay", path, "--check").status, 0)

    // Files that are not recordings: exit 2.
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    let truncated = directory + "/truncated.json"
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
    let refused = try setup.run("replay", truncated, "--check")
    XCTAssertEqual(refused.status, 2, refused.output)
    XCTAssertTrue(
      refused.output.hasPrefix(
        "curtain: \(truncated): Cannot replay the recording: it is not a Curtain recording "
          + "(not a JSON object"), refused.output)
    let session = directory + "/session.json"
    try Data(#"{"kind": "curtain.session", "version": 2}"#.utf8).write(
      to: URL(fileURLWithPath: session))
    XCTAssertEqual(try setup.run("replay", session, "--check").status, 2)
    let missing = try setup.run("replay", directory + "/none.json", "--check")
    XCTAssertEqual(missing.status, 2, missing.output)
    XCTAssertEqual(
      missing.output, "curtain: cannot read \(directory)/none.json: no such readable file\n")
    XCTAssertEqual(try setup.run("replay", path).status, 2, "--check or --update")
  }

  func testAFollowEndedBySIGINTWritesAWholeRecording() throws {
    let setup = try DaemonCLI("follow")
    defer { setup.close() }
    let (directory, cli, socket) = (setup.directory, setup.cli, setup.socket)
    _ = try setup.curtain("new-window", "--clock", "manual", "--root", "Nav=nav[Home]")
    _ = try setup.curtain("new-controller", "content", "--id", "Detail")
    let path = directory + "/follow.json"
    let follower = try GroupLeader(
      "exec \"$1\" --socket '\(socket)' --no-start record --follow -o '\(path)'", cli,
      environment: [:])
    defer { follower.killGroup() }
    let started = try follower.read(until: "until interrupted", seconds: 10)
    XCTAssertEqual(started, "recording session 'default' from input 2 until interrupted\n")
    _ = try setup.curtain("push", "@Nav", "@Detail", "--no-wait")
    _ = try setup.curtain("advance", "w1", "0.5")
    killpg(follower.pid, SIGINT)
    let output = try follower.read(until: nil, seconds: 10)
    let status = follower.wait()
    XCTAssertEqual(status.signal, 0, output)
    XCTAssertEqual(status.status, 0, output)
    let followed = try recording(path)
    XCTAssertEqual(followed.inputs.count, 2)
    XCTAssertTrue(followed.hasStart)
    XCTAssertTrue(output.hasPrefix("session 'default': 2 inputs, "), output)
    XCTAssertTrue(
      followed.steps[0].events.contains { $0.text == "Detail.viewWillAppear(true)" })
    XCTAssertEqual(
      try setup.curtain("replay", path, "--check"),
      "\(path): identical (2 inputs, "
        + "\(followed.steps.reduce(0) { $0 + $1.events.count }) events, "
        + "\(followed.steps.reduce(0) { $0 + $1.frames.count }) frames)\n")
    // --from-seq cuts from an event of the first window.
    let cut = directory + "/cut.json"
    let printed = try setup.curtain("record", "--from-seq", "5", "-o", cut)
    XCTAssertTrue(printed.hasPrefix("session 'default': "), printed)
    XCTAssertTrue(try recording(cut).inputs.count <= 4)
  }
}
