// Every command's help example runs as written (CONTRIBUTING.md, "Help
// examples"). The commands are the CLI's own (`curtain
// --experimental-dump-help`, but for ArgumentParser's `help`), so a command
// added later is covered without a change here; each one's help, rendered
// 80 columns wide as in docs/cli.md, must end its discussion with an
// `Example:` section. Its lines indented by two spaces are commands (a line
// ending with `\` continues on the next), lines indented by four are what
// the command before them prints.
//
// Each command's example runs in its own `bash -e` (DocsShell), verbatim
// and in order, on an empty session: before it, the sessions an earlier
// example created are killed, and "default" emptied. Its commands must
// succeed, and print exactly the lines shown under them. All run against
// one fresh daemon, and again against one that `make run` started and
// played its demo on (its session, "demo", must come out untouched).
//
// Lines of an example that start with a prefix in `notRun` are not run, for
// the reason given there.

import CurtainTesting
import Foundation
import XCTest

final class CLIHelpExamplesTests: XCTestCase {
  /// The example lines that are not run, by prefix, and why.
  static let notRun: [String: String] = [
    "curtain watch": "it needs a terminal and runs until q; WatchTests runs it in tmux",
    "curtain nodes": "it needs a cluster of nodes on PostgreSQL; ClusterTests runs it",
    "curtain move-session": "it needs a cluster of nodes on PostgreSQL; ClusterTests runs it",
  ]

  /// One command of an example and the lines shown as its output.
  struct Step: Equatable {
    var command: String
    var output: [String] = []
  }

  func testEveryCommandHasAnExampleTheManualShows() throws {
    let commands = try Self.commands()
    XCTAssertGreaterThan(commands.count, 40)
    XCTAssertTrue(commands.contains(["interact", "begin"]))
    let manual = try String(
      contentsOf: DocsShell.repository.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    var reasons: Set<String> = []
    for command in commands {
      let steps = try Self.example(of: command)
      XCTAssertFalse(steps.isEmpty, "curtain \(command.joined(separator: " ")) has no example")
      reasons.formUnion(steps.compactMap { Self.skipReason($0.command) })
      let heading = (["## curtain"] + command).joined(separator: " ")
      XCTAssertTrue(
        command.isEmpty || manual.contains("\n\(heading)\n"),
        "docs/cli.md has no section \(heading): run make docs")
    }
    // Every entry of notRun is used: the list stays as small as it can be.
    XCTAssertEqual(reasons, Set(Self.notRun.values))
  }

  func testTheExamplesParse() {
    let help = """
      OVERVIEW: Something.

      Example:
        w=$(curtain new-window)
        curtain list-windows
          w1  390×844
        curtain present @A @B \\
          --no-animate
        curtain tree $w

      USAGE: curtain something
      """
    XCTAssertEqual(
      try Self.example(inHelp: help, of: "something"),
      [
        Step(command: "w=$(curtain new-window)"),
        Step(command: "curtain list-windows", output: ["w1  390×844"]),
        Step(command: "curtain present @A @B \\\n    --no-animate"),
        Step(command: "curtain tree $w"),
      ])
    // A line the renderer wrapped (too long for 80 columns) is refused.
    XCTAssertThrowsError(
      try Self.example(
        inHelp: "Example:\n  curtain present @A @B --style popover\n--arrows up\n", of: "x"))
  }

  func testEveryExampleRunsOnAFreshDaemon() throws {
    let daemon = try TempDaemon()
    defer {
      let (status, removed) = daemon.stop()
      XCTAssertEqual(status, 0, "curtaind exit status")
      XCTAssertTrue(removed, "curtaind removed its socket")
    }
    try runEveryExample(
      on: DocsShell(socket: daemon.socketPath, directory: daemon.directory))
  }

  func testEveryExampleRunsAgainstMakeRunsDaemon() throws {
    let daemon = try MakeRunDaemon()
    let shell = try DocsShell(socket: daemon.socket, directory: daemon.directory)
    let demo = try sessions(shell).filter { $0 != Self.defaultSessionLine }
    XCTAssertEqual(demo.count, 1, "make run's demo session: \(demo)")
    try runEveryExample(on: shell)
    XCTAssertEqual(
      try sessions(shell).filter { $0 != Self.defaultSessionLine }, demo,
      "the examples left make run's demo session as it was")
    try daemon.stop()
  }

  /// Runs the example of every command, in order, on the daemon of
  /// `shell`: each on an empty session.
  private func runEveryExample(on shell: DocsShell) throws {
    let kept = try sessions(shell).filter { $0 != Self.defaultSessionLine }
    for command in try Self.commands() {
      try emptySessions(shell, keeping: kept)
      try run(
        Self.example(of: command), name: (["curtain"] + command).joined(separator: " "),
        on: shell)
    }
    try emptySessions(shell, keeping: kept)
    // An example that starts a daemon stops it too.
    let left = try FileManager.default.contentsOfDirectory(atPath: shell.work)
      .filter { $0.hasSuffix(".sock") }
    XCTAssertEqual(left, [], "sockets the examples left in their directory")
  }

  /// Runs one command's example: every command must succeed and print the
  /// lines shown under it.
  private func run(_ steps: [Step], name: String, on shell: DocsShell) throws {
    let marker = "\u{1E}step "
    var script = ""
    for (index, step) in steps.enumerated() where Self.skipReason(step.command) == nil {
      script += "printf '\\036step \(index)\\n'\n\(step.command)\n"
    }
    let result = try shell.run(script)
    let transcript = steps.map { "  " + $0.command }.joined(separator: "\n")
    XCTAssertEqual(
      result.status, 0, "the example of \(name) failed:\n\(transcript)\n---\n\(result.output)")
    guard result.status == 0 else { return }
    var printed: [Int: [String]] = [:]
    var current: Int?
    for line in result.output.components(separatedBy: "\n") {
      if line.hasPrefix(marker), let index = Int(line.dropFirst(marker.count)) {
        current = index
        printed[index] = []
      } else if let current {
        printed[current]!.append(line)
      }
    }
    for (index, step) in steps.enumerated() where !step.output.isEmpty {
      var lines = printed[index] ?? []
      while lines.last == "" { lines.removeLast() }
      XCTAssertEqual(
        lines, step.output, "what `\(step.command)` prints, in the example of \(name)")
    }
  }

  /// The daemon's sessions, one `list-sessions` line each.
  private func sessions(_ shell: DocsShell) throws -> [String] {
    let result = try shell.run("curtain list-sessions")
    XCTAssertEqual(result.status, 0, result.output)
    return result.output.split(separator: "\n").map(String.init)
  }

  /// "default" as a fresh daemon lists it.
  private static let defaultSessionLine = "default  0 windows  0 controllers"

  /// Kills every session but those listed in `kept` (lines of
  /// `list-sessions`), and empties "default".
  private func emptySessions(_ shell: DocsShell, keeping kept: [String]) throws {
    let names = try sessions(shell).filter { !kept.contains($0) }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    let result = try shell.run(
      names.map { "curtain kill-session '\($0)' >/dev/null" }.joined(separator: "\n"))
    XCTAssertEqual(result.status, 0, result.output)
  }

  /// Why a line of an example is not run, or nil when it is.
  static func skipReason(_ command: String) -> String? {
    notRun.first { command.hasPrefix($0.key) }?.value
  }

  /// Every command, by its words after `curtain` ([] for `curtain`
  /// itself), in the order of the CLI's help.
  static func commands() throws -> [[String]] {
    let dump = try spawnProgram(try TempDaemon.cliURL().path, ["--experimental-dump-help"])
    XCTAssertEqual(dump.status, 0, dump.output)
    let root = try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any]
    var commands: [[String]] = []
    func walk(_ command: [String: Any], _ words: [String]) {
      commands.append(words)
      for case let sub as [String: Any] in command["subcommands"] as? [Any] ?? []
      where sub["commandName"] as? String != "help" {
        if let name = sub["commandName"] as? String { walk(sub, words + [name]) }
      }
    }
    walk(try XCTUnwrap(root?["command"] as? [String: Any], "no command in the help dump"), [])
    return commands
  }

  /// The example of a command's help, rendered 80 columns wide.
  static func example(of command: [String]) throws -> [Step] {
    let help = try spawnProgram(
      try TempDaemon.cliURL().path, ["help"] + command, environment: ["COLUMNS": "80"])
    XCTAssertEqual(help.status, 0, help.output)
    return try example(inHelp: help.output, of: (["curtain"] + command).joined(separator: " "))
  }

  /// The `Example:` section of a help text: its commands and their output.
  static func example(inHelp help: String, of name: String) throws -> [Step] {
    let lines = help.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: "Example:") else { return [] }
    var steps: [Step] = []
    var index = start + 1
    while index < lines.count, lines[index].hasPrefix("  ") {
      let line = lines[index]
      if let last = steps.last, last.command.hasSuffix("\\"), last.output.isEmpty {
        steps[steps.count - 1].command += "\n" + line
      } else if line.hasPrefix("    ") {
        guard !steps.isEmpty else { throw ProgramError("\(name): output before a command") }
        steps[steps.count - 1].output.append(String(line.dropFirst(4)))
      } else {
        steps.append(Step(command: String(line.dropFirst(2))))
      }
      index += 1
    }
    guard index == lines.count || lines[index].isEmpty else {
      throw ProgramError(
        "\(name): the example goes on unindented with '\(lines[index])': "
          + "a line longer than 80 columns was wrapped (end it with \\ and go on)")
    }
    return steps
  }
}
