// The docs run as written: every ```sh block of README.md and docs/tour.md
// that uses `curtain` runs, in order, in one bash per document (so a shell
// variable set in one block serves the next, as in a reader's terminal),
// with `set -e`, against a fresh curtaind found through $CURTAIN_SOCKET, in
// a temporary directory (DocsShell); and again against a daemon that
// scripts/run.sh (`make run`) started and played its demo on, as a reader
// who ran `make run` first would (one such daemon per document). The
// examples of the commands' help (and of `curtain --help`) run in
// CLIHelpExamplesTests.
//
// Lines that run `curtain watch` are left out: it needs a terminal
// (WatchTests runs it in tmux). Blocks that build, install or test (make
// run, make test, pip, make -C Clients/c) are not run; each is listed in
// `notRun`, so a new block cannot be skipped unnoticed.

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

  func testTheREADMERunsAgainstMakeRunsDaemon() throws {
    try runBlocksAfterMakeRun(of: "README.md")
  }

  func testTheTourRunsAgainstMakeRunsDaemon() throws {
    try runBlocksAfterMakeRun(of: "docs/tour.md")
  }

  /// Runs the blocks of `document` against a daemon that scripts/run.sh
  /// started (on its own socket) and played its demo on, then stops it.
  private func runBlocksAfterMakeRun(of document: String) throws {
    let daemon = try MakeRunDaemon()
    try runBlocks(of: document, socket: daemon.socket, directory: daemon.directory)
    // The README ends with `curtain kill-server`, which ends the script.
    try daemon.stop()
  }

  /// Runs the shell blocks of a document of the repository, against a fresh
  /// daemon, or the daemon of `socket` with its state in `directory`.
  private func runBlocks(of document: String, socket: String? = nil, directory: String? = nil)
    throws
  {
    let text = try String(
      contentsOf: DocsShell.repository.appendingPathComponent(document), encoding: .utf8)
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
    if let socket, let directory {
      try self.run(
        run.joined(separator: "\n"), name: "\(document) after make run", socket: socket,
        directory: directory)
    } else {
      try self.run(run.joined(separator: "\n"), name: document)
    }
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
    try run(script, name: name, socket: daemon.socketPath, directory: daemon.directory)
    // `curtain kill-server` returns once the socket is gone; the daemon may
    // still be on its way out.
    if script.contains("curtain kill-server") { daemon.waitUntilExit() }
  }

  /// Runs a script with bash against the daemon of `socket`, with its
  /// state in `directory` (DocsShell); fails on the first command that
  /// fails.
  private func run(_ script: String, name: String, socket: String, directory: String) throws {
    let result = try DocsShell(socket: socket, directory: directory).run(script)
    XCTAssertEqual(result.status, 0, "\(name) failed:\n\(result.output)")
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
}
