// What a daemon shows of its sessions, as one line per answer: every
// session's windows, each window's tree (views included) and kept events,
// and every controller with its properties. The fixtures of old snapshot
// formats (Tests/Fixtures/snapshot-format-3) keep this state as the daemon
// that wrote them showed it (`expected.jsonl`); a test restores the fixture
// into today's daemon and compares, message for message.
//
// The clock time of realtime windows moves while a daemon runs, so their
// `time` is left out. A window's `speed` is left out while it is 1: the
// fixtures were written before daemons had speeds (absent there, meaning
// real time).

import CurtainTesting
import CurtainWire
import Foundation
import SwiftProtobuf
import XCTest

enum SessionFixtureState {
  /// One line: a label (`default w2 tree`) and the protobuf JSON of what
  /// the daemon answered.
  struct Line: Equatable {
    var label: String
    var json: String
  }

  /// The state of every session of the daemon `client` is connected to.
  static func dump(_ client: TestClient) throws -> [Line] {
    var lines: [Line] = []
    let sessions = try client.call { $0.listSessions = .init() }.sessions.sessions.map(\.name)
      .sorted()
    lines.append(Line(label: "sessions", json: try sessions.joined(separator: ",").jsonText))
    for session in sessions {
      var windows = try client.call(session: session) { $0.listWindows = .init() }.windows
      for index in windows.windows.indices {
        if windows.windows[index].clock == .realtime { windows.windows[index].time = 0 }
        if windows.windows[index].speed == 1 { windows.windows[index].speed = 0 }
      }
      lines.append(Line(label: "\(session) windows", json: try windows.jsonString()))
      for window in windows.windows {
        var tree = try client.call(session: session) {
          $0.getTree.windowID = window.id
          $0.getTree.includeViews = true
        }.tree
        if tree.window.clock == .realtime { tree.window.time = 0 }
        if tree.window.speed == 1 { tree.window.speed = 0 }
        lines.append(Line(label: "\(session) w\(window.id) tree", json: try tree.jsonString()))
        try client.call(session: session) {
          $0.subscribe.windowID = window.id
          $0.subscribe.events = true
          $0.subscribe.fromSeq = 0
        }
        try client.sync()
        for var event in client.takeEvents() {
          event.subscriptionID = 0
          lines.append(Line(label: "\(session) w\(window.id) event", json: try event.jsonString()))
        }
      }
      let controllers = try client.call(session: session) { $0.listControllers = .init() }
        .controllers
      lines.append(Line(label: "\(session) controllers", json: try controllers.jsonString()))
    }
    return lines
  }

  /// The lines as a file's text.
  static func text(_ lines: [Line]) -> String {
    lines.map { "\($0.label)\t\($0.json)\n" }.joined()
  }

  /// The lines of a file's text.
  static func lines(_ text: String) -> [Line] {
    text.split(separator: "\n").map { line in
      let parts = line.split(separator: "\t", maxSplits: 1)
      return Line(label: String(parts[0]), json: parts.count > 1 ? String(parts[1]) : "")
    }
  }

  /// Fails for each line of `actual` that differs from `expected` as a
  /// message (maps compare as maps), and for lines missing or extra.
  static func assertEqual(
    _ actual: [Line], _ expected: [Line], _ what: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    XCTAssertEqual(
      actual.map(\.label), expected.map(\.label), "\(what): the answers", file: file, line: line)
    for (mine, theirs) in zip(actual, expected) where mine.label == theirs.label {
      XCTAssertTrue(
        try same(mine, theirs),
        "\(what): \(mine.label)\n  now:  \(mine.json)\n  then: \(theirs.json)",
        file: file, line: line)
    }
  }

  private static func same(_ left: Line, _ right: Line) throws -> Bool {
    let kind = left.label.split(separator: " ").last.map(String.init) ?? ""
    switch kind {
    case "windows": return try decoded(Curtain_V1_WindowList.self, left, right)
    case "tree": return try decoded(Curtain_V1_Tree.self, left, right)
    case "event": return try decoded(WireEvent.self, left, right)
    case "controllers": return try decoded(Curtain_V1_ControllerList.self, left, right)
    default: return left.json == right.json
    }
  }

  private static func decoded<M: SwiftProtobuf.Message & Equatable>(
    _ type: M.Type, _ left: Line, _ right: Line
  ) throws -> Bool {
    try M(jsonString: left.json) == M(jsonString: right.json)
  }
}

extension String {
  /// The string as a JSON string literal.
  fileprivate var jsonText: String {
    get throws {
      String(decoding: try JSONSerialization.data(withJSONObject: [self]), as: UTF8.self)
    }
  }
}
