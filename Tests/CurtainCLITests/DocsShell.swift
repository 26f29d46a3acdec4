// Where the docs-run tests (DocsRunTests, CLIHelpExamplesTests) run shell
// scripts as a reader would: bash in `directory`/work, with the repository's
// docs/examples at docs/examples, the built `curtain` first on PATH, a
// `swift` stand-in that answers `swift build --show-bin-path` with its
// directory (and does nothing for `swift build`), $CURTAIN_SOCKET naming the
// daemon and $XDG_STATE_HOME in `directory` (a daemon a script starts keeps
// its state there, never in the real home). And a daemon that
// scripts/run.sh (`make run`) started and played its demo on.

import CurtainTesting
import Foundation
import XCTest

/// Runs scripts against the daemon of one socket, from a work directory.
struct DocsShell {
  let socket: String
  let directory: String

  /// The work directory, where scripts run (and write their files).
  var work: String { directory + "/work" }

  /// Prepares `directory` (tools and work) for scripts against `socket`.
  init(socket: String, directory: String) throws {
    self.socket = socket
    self.directory = directory
    let cli = try TempDaemon.cliURL()
    let tools = directory + "/tools"
    let manager = FileManager.default
    for directory in [tools, work + "/docs"] {
      try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    if !manager.fileExists(atPath: tools + "/curtain") {
      try manager.createSymbolicLink(atPath: tools + "/curtain", withDestinationPath: cli.path)
    }
    if !manager.fileExists(atPath: work + "/docs/examples") {
      try manager.createSymbolicLink(
        atPath: work + "/docs/examples",
        withDestinationPath: Self.repository.appendingPathComponent("docs/examples").path)
    }
    let swift = """
      #!/bin/sh
      # A stand-in for `swift build [--show-bin-path]` (DocsShell).
      [ "$1" = build ] || exit 1
      [ "$2" = --show-bin-path ] && echo '\(cli.deletingLastPathComponent().path)'
      exit 0
      """
    try swift.write(toFile: tools + "/swift", atomically: true, encoding: .utf8)
    chmod(tools + "/swift", 0o755)
  }

  /// Runs `script` with `bash -e` in the work directory: its exit status
  /// and what it wrote (stdout and stderr, in order).
  func run(_ script: String) throws -> (status: Int32, output: String) {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return try spawnProgram(
      "/bin/bash", ["-e", "-c", "cd \"$1\"\n" + script, "docs", work],
      environment: [
        "PATH": "\(directory)/tools:\(path)", "CURTAIN_SOCKET": socket,
        "XDG_STATE_HOME": directory + "/state",
      ])
  }

  /// The repository's root.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}

/// A daemon that scripts/run.sh (`make run`) started on its own socket in a
/// temporary directory and played its demo on, until `stop()`.
final class MakeRunDaemon {
  let directory: String
  let socket: String
  private let run: GroupLeader
  private var output: String

  init() throws {
    var template = Array("/tmp/curtain-docs-XXXXXX".utf8CString)
    directory = try XCTUnwrap(mkdtemp(&template).map { String(cString: $0) })
    socket = directory + "/run.sock"
    let bin = try TempDaemon.cliURL().deletingLastPathComponent().path
    do {
      run = try GroupLeader(
        "exec \"$1\"", DocsShell.repository.appendingPathComponent("scripts/run.sh").path,
        environment: [
          "CURTAIN_BIN": bin, "CURTAIN_SOCKET": socket, "XDG_STATE_HOME": directory + "/state",
          // The web inspector on any free port (8080 may be taken).
          "CURTAIN_WEB_HTTP": "127.0.0.1:0",
        ])
      output = try run.read(until: "Ctrl-C here", seconds: 60)
    } catch {
      try? FileManager.default.removeItem(atPath: directory)
      throw error
    }
  }

  /// Stops the script (and its daemon) with SIGTERM, checks that it ended
  /// with status 0 and removed its socket, and removes the directory.
  func stop(file: StaticString = #filePath, line: UInt = #line) throws {
    defer {
      run.killGroup()
      try? FileManager.default.removeItem(atPath: directory)
    }
    killpg(run.pid, SIGTERM)
    output += try run.read(until: nil, seconds: 30)
    XCTAssertEqual(run.wait().status, 0, output, file: file, line: line)
    XCTAssertFalse(FileManager.default.fileExists(atPath: socket), file: file, line: line)
  }

  deinit {
    run.killGroup()
    try? FileManager.default.removeItem(atPath: directory)
  }
}
