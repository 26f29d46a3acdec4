// The docs run as written: every ```sh block of README.md and docs/tour.md
// that uses `curtain` runs, in order, in one bash per document (so a shell
// variable set in one block serves the next, as in a reader's terminal),
// with `set -e`, against a fresh curtaind found through $CURTAIN_SOCKET, in
// a temporary directory (DocsShell); and again against a daemon that
// scripts/run.sh (`make run`) started and played its demo on, as a reader
// who ran `make run` first would (one such daemon per document). Each
// document runs twice against the same daemon (sessions are durable: what
// a run left behind would make the next one fail), and leaves the daemon's
// sessions as it found them. The README ends with `curtain kill-server`:
// its second run, and the look at what it left, go to the daemon `curtain`
// then starts on the same socket and state directory. The examples of the
// commands' help (and of `curtain --help`) run in CLIHelpExamplesTests.
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
    // The README ends with `curtain kill-server`, which ends the script;
    // the daemon `curtain` started after it is stopped first.
    if try runBlocks(of: document, socket: daemon.socket, directory: daemon.directory) {
      try stopStartedDaemon(socket: daemon.socket, directory: daemon.directory)
    }
    try daemon.stop()
  }

  /// Runs the shell blocks of a document of the repository, against a fresh
  /// daemon, or the daemon of `socket` with its state in `directory`.
  /// True when the blocks stop the daemon (`curtain kill-server`).
  @discardableResult
  private func runBlocks(of document: String, socket: String? = nil, directory: String? = nil)
    throws -> Bool
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
    let script = run.joined(separator: "\n")
    let stopsTheDaemon = script.contains("curtain kill-server")
    if let socket, let directory {
      try twice(script, name: "\(document) after make run", socket: socket, directory: directory)
      return stopsTheDaemon
    }
    let daemon = try TempDaemon()
    defer {
      let (status, removed) = daemon.stop()
      XCTAssertEqual(status, 0, "curtaind exit status")
      XCTAssertTrue(removed, "curtaind removed its socket")
    }
    try twice(script, name: document, socket: daemon.socketPath, directory: daemon.directory)
    // `curtain kill-server` returns once the socket is gone; the daemon may
    // still be on its way out.
    if stopsTheDaemon {
      daemon.waitUntilExit()
      try stopStartedDaemon(socket: daemon.socketPath, directory: daemon.directory)
    }
    return stopsTheDaemon
  }

  /// Runs a script twice with bash against the daemon of `socket`, with its
  /// state in `directory` (DocsShell): each run must succeed and leave the
  /// sessions as they were before the first (`curtain list-sessions`).
  private func twice(_ script: String, name: String, socket: String, directory: String) throws {
    let shell = try DocsShell(socket: socket, directory: directory)
    let before = try sessions(shell)
    for round in 1...2 {
      let result = try shell.run(script)
      XCTAssertEqual(result.status, 0, "\(name), run \(round), failed:\n\(result.output)")
      XCTAssertEqual(try sessions(shell), before, "what \(name), run \(round), left behind")
    }
  }

  /// What `curtain list-sessions` prints (starting a daemon on the socket
  /// when the script stopped its own, as a reader's next command would).
  private func sessions(_ shell: DocsShell) throws -> String {
    let result = try shell.run("curtain list-sessions")
    XCTAssertEqual(result.status, 0, result.output)
    return result.output
  }

  /// Stops the daemon that `curtain` started on `socket` after a script's
  /// `curtain kill-server`, and waits until it is gone.
  private func stopStartedDaemon(socket: String, directory: String) throws {
    let result = try DocsShell(socket: socket, directory: directory).run(
      "curtain kill-server --no-start || true")
    XCTAssertFalse(FileManager.default.fileExists(atPath: socket), result.output)
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
