// End-to-end tests of the `curtain` CLI: each file in Golden/ is a shell
// transcript run against a fresh `curtaind` on a temporary socket, and the
// output must match the file exactly.
//
// A transcript is a list of commands, each `$ command` followed by the
// lines it prints (stdout and stderr together) and `[exit N]` when its
// status is not 0; lines starting with `#` are comments. `curtain` in a
// command is the built CLI with `--socket <temporary> --no-start`. Values
// that change from run to run (pids, uptimes, trace ids) are masked before
// the comparison. Run with CURTAIN_UPDATE_GOLDEN=1 to rewrite the files
// from the actual output (then review the diff).

import CurtainTesting
import Foundation
import XCTest

final class GoldenTests: XCTestCase {
  func testTour() throws { try check("tour") }
  func testNavigation() throws { try check("navigation") }
  func testTabsAndContainers() throws { try check("tabs") }
  func testManualClockAndInteractivePop() throws { try check("interactive") }
  func testErrors() throws { try check("errors") }
  func testJSON() throws { try check("json") }
  func testPresentation() throws { try check("presentation") }
  func testStoryboards() throws { try check("storyboard") }
  func testSnapshot() throws { try check("snapshot") }
  func testResize() throws { try check("resize") }
  func testCollections() throws { try check("collection") }
  func testSplitAndPage() throws { try check("split") }
  func testSplitControllerPieceByPiece() throws { try check("split-controller") }
  func testNamesAndSessionsLifecycle() throws { try check("lifecycle") }
  func testCommandsDoWhatTheirHelpSays() throws { try check("commands") }
  func testSeedCapabilities() throws { try check("fidelity") }
  func testCustomAnimators() throws { try check("animators") }

  /// Runs one transcript and compares it with the file.
  private func check(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/\(name).golden")
    let expected = try String(contentsOf: url, encoding: .utf8)
    let daemon = try TempDaemon()
    defer {
      let (status, removed) = daemon.stop()
      XCTAssertEqual(status, 0, "curtaind exit status", file: file, line: line)
      XCTAssertTrue(removed, "curtaind removed its socket", file: file, line: line)
    }
    let cli = try TempDaemon.cliURL().path
    var actual = ""
    for entry in Transcript.parse(expected) {
      switch entry {
      case .text(let text):
        actual += text + "\n"
      case .command(let command):
        actual += "$ \(command)\n"
        let (output, status) = try run(command, cli: cli, socket: daemon.socketPath)
        actual += Transcript.mask(output)
        if status != 0 { actual += "[exit \(status)]\n" }
      }
    }
    if ProcessInfo.processInfo.environment["CURTAIN_UPDATE_GOLDEN"] == "1" {
      try actual.write(to: url, atomically: true, encoding: .utf8)
      return
    }
    if actual != expected {
      XCTFail(
        "\(name).golden differs:\n\(Transcript.firstDifference(expected, actual))",
        file: file, line: line)
    }
  }

  /// Runs one command line with `sh -c`, stdout and stderr together.
  private func run(_ command: String, cli: String, socket: String) throws -> (String, Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      #"curtain() { "$CURTAIN_CLI" --socket "$CURTAIN_SOCKET" --no-start "$@"; }; "#
        + command,
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["CURTAIN_CLI"] = cli
    environment["CURTAIN_SOCKET"] = socket
    environment["COLUMNS"] = "80"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
  }
}

/// Reading, masking and comparing transcripts.
enum Transcript {
  enum Entry: Equatable {
    /// A comment or blank line, kept as it is.
    case text(String)
    /// A command to run.
    case command(String)
  }

  /// The commands and comments of a transcript; expected output lines are
  /// dropped (they are regenerated).
  static func parse(_ text: String) -> [Entry] {
    var entries: [Entry] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      if line.hasPrefix("$ ") {
        entries.append(.command(String(line.dropFirst(2))))
      } else if line.hasPrefix("#") {
        entries.append(.text(String(line)))
      }
    }
    return entries
  }

  /// Replaces the values that differ between runs.
  static func mask(_ output: String) -> String {
    var text = output
    let patterns: [(String, String)] = [
      (#"cli-[0-9]+-"#, "cli-PID-"),
      (#"pid [0-9]+"#, "pid PID"),
      (#"up [0-9.]+ s"#, "up TIME s"),
      (#"/tmp/curtain-test-[A-Za-z0-9]+/"#, "/tmp/curtain-test-DIR/"),
    ]
    for (pattern, replacement) in patterns {
      text = text.replacingOccurrences(
        of: pattern, with: replacement, options: .regularExpression)
    }
    if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
    return text
  }

  /// The first line where the two differ, with both versions.
  static func firstDifference(_ expected: String, _ actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lastCommand = ""
    for index in 0..<max(a.count, b.count) {
      let x = index < a.count ? String(a[index]) : "<end>"
      let y = index < b.count ? String(b[index]) : "<end>"
      if x.hasPrefix("$ ") { lastCommand = x }
      if x != y {
        return "line \(index + 1), after \(lastCommand)\n  expected: \(x)\n  actual:   \(y)"
      }
    }
    return "(no difference)"
  }
}
