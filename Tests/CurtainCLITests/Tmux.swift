// A private tmux server (on a socket in the test's temporary directory)
// with one detached session of a fixed size: the tests that drive a real
// terminal program (`curtain watch`, the shells' completion) type into it
// and read its pane.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

/// A private tmux server with one detached session of a fixed size.
final class Tmux {
  private let socket: String
  private let configuration: String
  private let statusFile: String
  private let columns: Int
  private let rows: Int
  private var running = false

  init(directory: String, columns: Int, rows: Int) throws {
    socket = directory + "/tmux.sock"
    statusFile = directory + "/status"
    configuration = directory + "/tmux.conf"
    self.columns = columns
    self.rows = rows
    // A dead pane stays, so that what the program left on screen can be read.
    try "set -g remain-on-exit on\n".write(
      toFile: configuration, atomically: true, encoding: .utf8)
  }

  /// Starts the server with a session running `command`, through a shell
  /// that writes the command's exit status to `statusFile`.
  func start(_ command: [String]) throws {
    running = true
    let wrapper = ["/bin/sh", "-c", "\"$@\"; echo $? > '\(statusFile)'", "sh"]
    _ = try tmux(
      ["new-session", "-d", "-s", "watch", "-x", "\(columns)", "-y", "\(rows)"] + wrapper
        + command)
  }

  /// The pane's lines, trailing spaces removed, trailing empty lines kept
  /// out.
  func capture() throws -> [String] {
    let text = try tmux(["capture-pane", "-p", "-t", "watch"])
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop(while: { $0 == " " }).reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Reads the pane until `condition` holds (30 s at most: a loaded CI
  /// machine can be slow to start or redraw the program).
  func waitForPane(_ condition: ([String]) -> Bool) throws -> [String] {
    let deadline = MonotonicClock.now() + 30
    var lines = try capture()
    while !condition(lines) {
      guard MonotonicClock.now() < deadline else {
        throw ProgramError(
          "the pane never showed what was expected:\n\(lines.joined(separator: "\n"))")
      }
      usleep(20_000)
      lines = try capture()
    }
    return lines
  }

  /// The column of the pane's cursor (0 is the first).
  func cursorColumn() throws -> Int {
    let text = try tmux(["display-message", "-p", "-t", "watch", "#{cursor_x}"])
    guard let column = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw ProgramError("tmux gave no cursor column: \(text)")
    }
    return column
  }

  /// Presses keys in the pane: tmux key names (`q`, `Tab`, `C-c`).
  func sendKeys(_ keys: String...) throws {
    _ = try tmux(["send-keys", "-t", "watch"] + keys)
  }

  /// Types `text` into the pane as it is (no key names).
  func type(_ text: String) throws {
    _ = try tmux(["send-keys", "-t", "watch", "-l", text])
  }

  /// Waits for the pane's program to exit and returns its status (from
  /// the file the wrapping shell writes: tmux's `pane_dead_status` is
  /// sometimes empty for a pane it already reports dead).
  func waitForExit() throws -> Int32 {
    let deadline = MonotonicClock.now() + 30
    while true {
      if let text = try? String(contentsOfFile: statusFile, encoding: .utf8),
        text.hasSuffix("\n"),
        let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return status
      }
      guard MonotonicClock.now() < deadline else {
        throw ProgramError("the program in the pane did not exit")
      }
      usleep(20_000)
    }
  }

  /// Stops the server (and with it anything still running in the pane).
  func stop() {
    guard running else { return }
    running = false
    _ = try? tmux(["kill-server"])
  }

  private func tmux(_ arguments: [String]) throws -> String {
    try runProgram("tmux", ["-S", socket, "-f", configuration] + arguments)
  }
}
