// The docs run as written: every ```sh block of README.md and docs/tour.md
// that uses `curtain` runs, in order, in one bash per document (so a shell
// variable set in one block serves the next, as in a reader's terminal),
// with `set -e`, against a fresh curtaind found through $CURTAIN_SOCKET, in
// a temporary directory; and again against a daemon that scripts/run.sh
// (`make run`) started and played its demo on, as a reader who ran `make
// run` first would (one such daemon per document). The same goes for the
// example of `curtain --help`.
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

  func testTheREADMERunsAgainstMakeRunsDaemon() throws {
    try runBlocksAfterMakeRun(of: "README.md")
  }

  func testTheTourRunsAgainstMakeRunsDaemon() throws {
    try runBlocksAfterMakeRun(of: "docs/tour.md")
  }

  /// Runs the blocks of `document` against a daemon that scripts/run.sh
  /// started (on its own socket) and played its demo on, then stops it.
  private func runBlocksAfterMakeRun(of document: String) throws {
    var template = Array("/tmp/curtain-docs-XXXXXX".utf8CString)
    let directory = try XCTUnwrap(mkdtemp(&template).map { String(cString: $0) })
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let socket = directory + "/run.sock"
    let bin = try TempDaemon.cliURL().deletingLastPathComponent().path
    let run = try GroupLeader(
      "exec \"$1\"", Self.repository.appendingPathComponent("scripts/run.sh").path,
      environment: [
        "CURTAIN_BIN": bin, "CURTAIN_SOCKET": socket, "XDG_STATE_HOME": directory + "/state",
        "CURTAIN_WEB_HTTP": "127.0.0.1:0",
      ])
    defer { run.killGroup() }
    var output = try run.read(until: "Ctrl-C here", seconds: 60)
    try runBlocks(of: document, socket: socket, directory: directory)
    // The README ends with `curtain kill-server`, which ends the script.
    killpg(run.pid, SIGTERM)
    output += try run.read(until: nil, seconds: 30)
    XCTAssertEqual(run.wait().status, 0, output)
    XCTAssertFalse(FileManager.default.fileExists(atPath: socket))
  }

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

  /// Runs the shell blocks of a document of the repository, against a fresh
  /// daemon, or the daemon of `socket` with its state in `directory`.
  private func runBlocks(of document: String, socket: String? = nil, directory: String? = nil)
    throws
  {
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

  /// Runs a script with bash against the daemon of `socket`, in
  /// `directory`/work (with the repository's docs/examples at
  /// docs/examples); fails on the first command that fails.
  private func run(_ script: String, name: String, socket: String, directory: String) throws {
    let cli = try TempDaemon.cliURL()
    let tools = directory + "/tools"
    let work = directory + "/work"
    for directory in [tools, work + "/docs"] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      atPath: tools + "/curtain", withDestinationPath: cli.path)
    try FileManager.default.createSymbolicLink(
      atPath: work + "/docs/examples",
      withDestinationPath: Self.repository.appendingPathComponent("docs/examples").path)
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
        "PATH": "\(tools):\(path)", "CURTAIN_SOCKET": socket,
        // A daemon a block starts keeps its state here, never in the real home.
        "XDG_STATE_HOME": directory + "/state",
      ])
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

  /// The repository's root.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}
