// Completion in the real shells: bash 5 (with bash-completion, and without
// it, where "@" breaks words), zsh and fish each run in a tmux pane with a
// clean configuration that loads only the script `curtain
// --generate-completion-script SHELL` writes, against a real curtaind whose
// sessions hold windows and controllers with and without identifiers. Each
// case types a command line, presses Tab (twice where bash lists), and
// reads the screen: the line as completed and the names listed. Commands,
// options, windows (w1), @identifiers and controller ids (c4) complete,
// with global options before the command too (`curtain --session copy push
// @E`, and `--session=copy`), and the values of path options (`--socket=`)
// as files. The pane is polled until it shows what is expected, with a deadline;
// the tmux server, the daemon and their sockets are gone at the end.

import CurtainTesting
import Foundation
import XCTest

final class ShellCompletionTests: XCTestCase {
  func testBashWithBashCompletion() throws {
    try checkShell(.bash(withBashCompletion: true))
  }

  func testBashWithoutBashCompletion() throws {
    try checkShell(.bash(withBashCompletion: false))
  }

  func testZsh() throws {
    try checkShell(.zsh)
  }

  func testFish() throws {
    try checkShell(.fish)
  }

  /// A shell, and how it is started with nothing but curtain's completion.
  enum Shell {
    case bash(withBashCompletion: Bool)
    case zsh
    case fish

    var name: String {
      switch self {
      case .bash: "bash"
      case .zsh: "zsh"
      case .fish: "fish"
      }
    }

    /// The prompt the configuration sets.
    var prompt: String {
      switch self {
      case .bash: "$ "
      case .zsh: "% "
      case .fish: "> "
      }
    }

    /// Whether a second Tab is needed to list the names (bash).
    var tabsToList: Int {
      if case .bash = self { 2 } else { 1 }
    }

    /// The command that starts the shell with a configuration in
    /// `directory` that loads `script`.
    func command(directory: String, script: String) throws -> [String] {
      switch self {
      case .bash(let withBashCompletion):
        let rc = directory + "/bashrc"
        var lines = ["PS1='$ '", "PROMPT_COMMAND=", "source '\(script)'"]
        if withBashCompletion {
          lines.insert("source /usr/share/bash-completion/bash_completion", at: 0)
        }
        try (lines.joined(separator: "\n") + "\n").write(
          toFile: rc, atomically: true, encoding: .utf8)
        return ["bash", "--noprofile", "--rcfile", rc, "-i"]
      case .zsh:
        let rc = directory + "/.zshrc"
        try """
        PROMPT='%% '
        RPROMPT=
        autoload -Uz compinit && compinit -u -d '\(directory)/zcompdump'
        source '\(script)'

        """.write(toFile: rc, atomically: true, encoding: .utf8)
        return ["env", "ZDOTDIR=\(directory)", "zsh", "-i"]
      case .fish:
        let rc = directory + "/config.fish"
        try """
        set -g fish_greeting
        function fish_prompt; echo -n '> '; end
        function fish_right_prompt; end
        function fish_title; end
        source '\(script)'

        """.write(toFile: rc, atomically: true, encoding: .utf8)
        return ["fish", "--no-config", "-i", "-C", "source '\(rc)'"]
      }
    }
  }

  /// What a case expects: the line after the Tabs, and names listed
  /// (all of `listed` on screen, none of `unlisted`).
  struct Case {
    let typed: String
    var line: String? = nil
    var listed: [String] = []
    var unlisted: [String] = []
  }

  private func checkShell(_ shell: Shell) throws {
    let daemon = try TempDaemon()
    defer {
      let (status, removed) = daemon.stop()
      XCTAssertEqual(status, 0, "curtaind exit status")
      XCTAssertTrue(removed, "curtaind removed its socket")
    }
    let cli = try TempDaemon.cliURL().path
    for arguments in [
      ["new-window", "--root", "Nav=nav[Home,Detail]"],
      ["new-controller", "content"],
      ["new-window", "--session", "copy", "--root", "Copy=nav[Elsewhere]"],
      ["new-window", "--session", "copy"],
    ] {
      let made = try spawnProgram(cli, arguments + ["--socket", daemon.socketPath])
      XCTAssertEqual(made.status, 0, made.output)
    }

    let home = daemon.directory + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    // A file for the path-valued options (--socket, --token-file).
    let files = home + "/sockets"
    try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
    try Data().write(to: URL(fileURLWithPath: files + "/only.sock"))
    let script = daemon.directory + "/curtain.\(shell.name)"
    try runProgram(cli, ["--generate-completion-script", shell.name])
      .write(toFile: script, atomically: true, encoding: .utf8)
    let bin = URL(fileURLWithPath: cli).deletingLastPathComponent().path
    let environment = [
      "env", "-i", "PATH=\(bin):/usr/bin:/bin", "HOME=\(home)", "TERM=screen",
      "XDG_CONFIG_HOME=\(home)/.config", "XDG_DATA_HOME=\(home)/.local/share",
      "CURTAIN_SOCKET=\(daemon.socketPath)", "LANG=C.UTF-8",
    ]

    let tmux = try Tmux(directory: daemon.directory, columns: 120, rows: 30)
    defer { tmux.stop() }
    try tmux.start(environment + (try shell.command(directory: home, script: script)))
    _ = try tmux.waitForPane { $0.last == shell.prompt.trimmingCharacters(in: .whitespaces) }

    let cases = [
      // Commands, and commands after a global option.
      Case(typed: "curtain pus", line: "curtain push "),
      Case(typed: "curtain --session copy pus", line: "curtain --session copy push "),
      // Options, before and after the command.
      Case(typed: "curtain push --no-an", line: "curtain push --no-animate "),
      // zsh offers an option that takes a value as `--session=` (its
      // `_arguments` reads both forms), the other shells as `--session `.
      Case(typed: "curtain --sess", line: "curtain --session" + (shell.name == "zsh" ? "=" : " ")),
      // The value of --session, before the command.
      Case(typed: "curtain --session co", line: "curtain --session copy "),
      // @identifiers: listed, completed, never written back as \@.
      Case(typed: "curtain push @", listed: ["@Nav", "@Home", "@Detail"], unlisted: ["\\@"]),
      Case(typed: "curtain push @N", line: "curtain push @Nav "),
      Case(typed: "curtain push @Nav @D", line: "curtain push @Nav @Detail "),
      // Controller ids for a controller without an identifier.
      Case(typed: "curtain push @Nav c", line: "curtain push @Nav c4 "),
      // With a global option before the command: the session's names, not
      // the list of commands.
      Case(
        typed: "curtain --session copy push @", listed: ["@Copy", "@Elsewhere"],
        unlisted: ["@Nav", "start"]),
      Case(
        typed: "curtain --session copy push @E", line: "curtain --session copy push @Elsewhere "),
      // Windows.
      Case(typed: "curtain tree ", line: "curtain tree w1 "),
      Case(typed: "curtain --session copy tree ", line: "curtain --session copy tree w"),
      Case(typed: "curtain --session copy tree w", listed: ["w1", "w2"], unlisted: ["start"]),
    ]
    // The `=` form of an option that takes a value, before and after the
    // command, and the value itself (paths complete as files).
    let joined = [
      Case(typed: "curtain --session=copy pop @C", line: "curtain --session=copy pop @Copy "),
      Case(
        typed: "curtain --session=copy tree w", listed: ["w1", "w2"], unlisted: ["start", "@Nav"]),
      Case(typed: "curtain pop --session=copy @C", line: "curtain pop --session=copy @Copy "),
      Case(typed: "curtain --session=co", line: "curtain --session=copy "),
      Case(typed: "curtain --socket=\(files)/on", line: "curtain --socket=\(files)/only.sock "),
      Case(
        typed: "curtain tree --token-file=\(files)/on",
        line: "curtain tree --token-file=\(files)/only.sock "),
      Case(typed: "curtain --socket \(files)/on", line: "curtain --socket \(files)/only.sock "),
    ]
    for check in cases + joined {
      try run(check, in: shell, tmux: tmux)
    }
  }

  /// Types the case on an empty line, presses Tab, and waits for the
  /// screen it expects.
  private func run(_ check: Case, in shell: Shell, tmux: Tmux) throws {
    let prompt = shell.prompt
    try tmux.sendKeys("C-c")
    // zsh drops the keys typed ahead of an interrupt: the screen is cleared
    // only once the interrupt has left a fresh prompt on the last line.
    _ = try tmux.waitForPane { $0.last == prompt.trimmingCharacters(in: .whitespaces) }
    try tmux.sendKeys("C-l")
    _ = try tmux.waitForPane { $0 == [prompt.trimmingCharacters(in: .whitespaces)] }
    try tmux.type(check.typed)
    let echoed = (prompt + check.typed).trimmingCharacters(in: .whitespaces)
    _ = try tmux.waitForPane { $0.first == echoed }
    let tabs = check.listed.isEmpty ? 1 : shell.tabsToList
    for _ in 0..<tabs { try tmux.sendKeys("Tab") }
    let context = "\(shell.name): \(check.typed)<Tab>"
    do {
      let screen = try tmux.waitForPane { lines in
        let words = Set(lines.dropFirst().flatMap { $0.split(separator: " ").map(String.init) })
        if let line = check.line,
          !lines.contains((prompt + line).trimmingCharacters(in: .whitespaces))
        {
          return false
        }
        return check.listed.allSatisfy(words.contains)
      }
      let text = screen.joined(separator: "\n")
      for name in check.unlisted {
        XCTAssertFalse(text.contains(name), "\(context) offers \(name):\n\(text)")
      }
      if let line = check.line {
        // The cursor is after the completed word and its space.
        let cursor = try tmux.cursorColumn()
        XCTAssertEqual(cursor, (prompt + line).count, "\(context): cursor\n\(text)")
      }
    } catch {
      XCTFail("\(context): \(error)")
    }
  }
}
