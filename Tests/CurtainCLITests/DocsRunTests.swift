// The docs run as written: every ```sh block of README.md and docs/tour.md
// that uses `curtain` runs, in order, in one bash per document (so a shell
// variable set in one block serves the next, as in a reader's terminal),
// with `set -e`, against a fresh curtaind found through $CURTAIN_SOCKET, in
// a temporary directory. The same goes for the example of `curtain --help`.
//
// The built `curtain` comes first on PATH, and a `swift` stand-in answers
// `swift build --show-bin-path` with its directory (and does nothing for
// `swift build`), so the docs' `alias curtain="$(swift build
// --show-bin-path)/curtain"` runs too. Lines that run `curtain watch` are
// left out: it needs a terminal (WatchTests runs it in tmux). Blocks that
// build, install or test (make run, make test, pip, make -C Clients/c) are
// not run; each is listed in `notRun`, so a new block cannot be skipped
// unnoticed.

import CurtainTesting
import Foundation
import XCTest

final class DocsRunTests: XCTestCase {
  /// The command on the first line of each shell block that is not run,
  /// by document.
  private let notRun: [String: Set<String>] = [
    "README.md": ["make run", "make test", "python3 -m venv .venv", "make -C Clients/c"]
  ]

  func testTheREADMEsShellBlocksRun() throws { try runBlocks(of: "README.md") }
  func testTheToursShellBlocksRun() throws { try runBlocks(of: "docs/tour.md") }

  func testTheExampleOfCurtainHelpRuns() throws {
    let cli = try TempDaemon.cliURL().path
    let help = try spawnProgram(cli, ["--help"])
    XCTAssertEqual(help.status, 0, help.output)
    let lines = help.output.components(separatedBy: "\n")
    let start = try XCTUnwrap(lines.firstIndex(of: "Example:"), help.output)
    let example = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.dropFirst(2) }
    XCTAssertFalse(example.isEmpty)
    try run(example.joined(separator: "\n"), name: "curtain --help")
  }

  /// Runs the shell blocks of a document of the repository.
  private func runBlocks(of document: String) throws {
    let text = try String(
      contentsOf: Self.repository.appendingPathComponent(document), encoding: .utf8)
    var run: [String] = []
    var skipped: Set<String> = []
    for block in Self.shellBlocks(of: text) {
      let first = (block.first ?? "").prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
      if notRun[document]?.contains(first) == true {
        skipped.insert(first)
      } else {
        run.append(block.filter { !$0.hasPrefix("curtain watch") }.joined(separator: "\n"))
      }
    }
    XCTAssertEqual(skipped, notRun[document] ?? [], "the blocks of \(document) that are not run")
    XCTAssertFalse(run.isEmpty)
    try self.run(run.joined(separator: "\n"), name: document)
  }

  /// Runs a script with bash against a fresh daemon; fails on the first
  /// command that fails.
  private func run(_ script: String, name: String) throws {
    let daemon = try TempDaemon()
    defer {
      let (status, removed) = daemon.stop()
      XCTAssertEqual(status, 0, "curtaind exit status")
      XCTAssertTrue(removed, "curtaind removed its socket")
    }
    let cli = try TempDaemon.cliURL()
    let tools = daemon.directory + "/tools"
    let work = daemon.directory + "/work"
    for directory in [tools, work] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      atPath: tools + "/curtain", withDestinationPath: cli.path)
    let binDirectory = cli.deletingLastPathComponent().path
    let swift = """
      #!/bin/sh
      # A stand-in for `swift build [--show-bin-path]` (DocsRunTests).
      [ "$1" = build ] || exit 1
      [ "$2" = --show-bin-path ] && echo '\(binDirectory)'
      exit 0
      """
    try swift.write(toFile: tools + "/swift", atomically: true, encoding: .utf8)
    chmod(tools + "/swift", 0o755)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let result = try spawnProgram(
      "/bin/bash", ["-e", "-c", "cd \"$1\"\n" + script, "docs", work],
      environment: [
        "PATH": "\(tools):\(path)", "CURTAIN_SOCKET": daemon.socketPath,
        // A daemon a block starts keeps its state here, never in the real home.
        "XDG_STATE_HOME": daemon.directory + "/state",
      ])
    XCTAssertEqual(result.status, 0, "\(name) failed:\n\(result.output)")
    // `curtain kill-server` returns once the socket is gone; the daemon may
    // still be on its way out.
    if script.contains("curtain kill-server") { daemon.waitUntilExit() }
  }

  /// The lines of each ```sh block, in order.
  static func shellBlocks(of text: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in text.components(separatedBy: "\n") {
      if current == nil {
        if line == "```sh" { current = [] }
      } else if line == "```" {
        blocks.append(current!)
        current = nil
      } else {
        current!.append(line)
      }
    }
    return blocks
  }

  /// The repository's root.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}
