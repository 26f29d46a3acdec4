// Shell completion asks the running daemon for names: bash, with the
// completion script the real `curtain` generates (as scripts/completions.sh
// writes it), completes `@identifiers` (and `c<id>` for a controller without
// one), window names and sessions from the daemon of `--socket` or
// $CURTAIN_SOCKET, in the session of `--session`; with no daemon it offers
// nothing, at once, and starts none.

import CurtainTesting
import Foundation
import XCTest

final class CompletionTests: XCTestCase {
  func testBashCompletesNamesFromTheRunningDaemon() throws {
    let daemon = try TempDaemon()
    defer {
      let (status, removed) = daemon.stop()
      XCTAssertEqual(status, 0)
      XCTAssertTrue(removed)
    }
    let cli = try TempDaemon.cliURL().path
    let socket = daemon.socketPath
    for arguments in [
      ["new-window", "--root", "Nav=nav[Home,Detail]"],
      ["new-controller", "content"],
      ["new-window", "--session", "other", "--root", "Other=nav[Elsewhere]"],
      ["new-window", "--session", "other"],
    ] {
      let made = try spawnProgram(cli, arguments + ["--socket", socket])
      XCTAssertEqual(made.status, 0, made.output)
    }

    let script = daemon.directory + "/curtain.bash"
    try runProgram(cli, ["--generate-completion-script", "bash"])
      .write(toFile: script, atomically: true, encoding: .utf8)
    let nowhere = daemon.directory + "/nobody.sock"
    // Each line: what bash offers for the last word of a command line.
    let cases: [(words: [String], offered: [String])] = [
      (["curtain", "push", "--socket", socket, ""], ["@Home", "@Detail", "@Nav", "c4"]),
      (["curtain", "push", "--socket", socket, "@D"], ["@Detail"]),
      (["curtain", "push", "--socket=\(socket)", "@Nav", "@H"], ["@Home"]),
      (["curtain", "tree", "--socket", socket, ""], ["w1"]),
      (["curtain", "tree", "--socket", socket, "--session", "other", ""], ["w1", "w2"]),
      (
        ["curtain", "pop", "--session", "other", "--socket", socket, "@"], ["@Elsewhere", "@Other"]
      ),
      (["curtain", "tree", "--socket", socket, "--session", ""], ["default", "other"]),
      (["curtain", "push", "--socket", nowhere, "@"], []),
    ]
    for (words, offered) in cases {
      let completed = try complete(words, script: script, cli: cli)
      XCTAssertEqual(completed.sorted(), offered.sorted(), words.joined(separator: " "))
    }
    // $CURTAIN_SOCKET names the daemon when --socket is not given.
    XCTAssertEqual(
      try complete(
        ["curtain", "select-tab", "@N"], script: script, cli: cli,
        environment: ["CURTAIN_SOCKET": socket]),
      ["@Nav"])
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: nowhere), "completion never starts a daemon")
  }

  /// What bash's completion of `curtain` offers for the last of `words`.
  private func complete(
    _ words: [String], script: String, cli: String, environment: [String: String] = [:]
  ) throws -> [String] {
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let program = """
      source "$1"
      COMP_WORDS=(\(quoted.joined(separator: " ")))
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      COMPREPLY=()
      _curtain curtain "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let directory = URL(fileURLWithPath: cli).deletingLastPathComponent().path
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    var environment = environment
    environment["PATH"] = "\(directory):\(path)"
    if environment["CURTAIN_SOCKET"] == nil { environment["CURTAIN_SOCKET"] = "" }
    let started = Date()
    let (status, output) = try spawnProgram(
      "/bin/bash", ["-c", program, "complete", script], environment: environment)
    XCTAssertEqual(status, 0, output)
    XCTAssertLessThan(Date().timeIntervalSince(started), 5, "completion gives up quickly")
    return output.split(separator: "\n").map(String.init)
  }
}
