// The `curtain` command: a thin client of curtaind. Each subcommand lives in
// its own file and is listed below; each one connects (starting a daemon
// when none answers, unless --no-start), sends its requests, prints the
// result and exits.
//
// Exit status: 0 on success; 1 when the daemon refuses a request or cannot
// be reached (`curtain: CODE: message` on stderr); 2 for usage errors. With
// --json, errors are JSON on stderr too (ErrorReport.swift).

import ArgumentParser
import CurtainWire

/// Set while `main` parses arguments that cannot ask for a completion
/// script (`CurtainCommand.parsedWithoutCompletionCheck`). The command line
/// tool is single-threaded.
nonisolated(unsafe) private var parsingWithoutCompletionCheck = false

@main
struct CurtainCommand: ParsableCommand {
  /// The configuration; while `parsingWithoutCompletionCheck`, marked the
  /// way ArgumentParser marks a command under a super-command, which it
  /// does not check for `--generate-completion-script`.
  static var configuration: CommandConfiguration {
    parsingWithoutCompletionCheck ? uncheckedConfiguration : baseConfiguration
  }

  private static let uncheckedConfiguration = {
    var configuration = baseConfiguration
    configuration._superCommandName = ""
    return configuration
  }()

  private static let baseConfiguration = CommandConfiguration(
    commandName: "curtain",
    abstract: "Drive a Curtain daemon: windows, view controllers, transitions, events and frames.",
    discussion: """
      Every command talks to curtaind over its Unix socket and starts one in \
      the background if none answers (like tmux), unless --no-start is given; \
      --socket tcp://HOST:PORT reaches a TCP listener instead (token from \
      --token-file or $CURTAIN_TOKEN).

      Windows are named w3 or 3, transitions t5 or 5, and controllers c12 (by \
      id) or @Home (by identifier). A negative number (-1, -0.5, -10%) is a \
      value wherever it is written, never an option: `interact update t5 \
      -0.2`, `--timeout -1` (which is then refused: 0 or more). Changes animate by default (--no-animate) \
      and return once their transition completed (--no-wait returns at once \
      and prints the transition still running, t5).

      Commands that create something print its name, which later commands \
      use (new-window prints w1); the examples keep it in a shell variable. \
      A change that does nothing says so ("nothing to pop").

      Each command's example (curtain help COMMAND) runs as written, from \
      the repository's root (some read docs/examples/), on an empty session \
      (a fresh daemon, or after `curtain kill-session default`): it creates \
      what it uses and refers to it by identifier (@Nav) or by the name a \
      command printed. Lines indented under a command show what it prints.

      With --json every command prints the result of its request, one JSON \
      object per line: the object the daemon answered, with its fields at \
      the top level (an operation for a change: pop, push, present; a \
      window, a controller, a transition, a clock), one object per item for \
      a list (list-windows, events, delete-controller), and {} for a request \
      answered with nothing (close-window, kill-session, release, \
      unload-storyboard, kill-server). A list with nothing in it prints \
      nothing, with or without --json. start prints the daemon's status \
      (its GetStatus request), and export its session document, on one line \
      (indented over several without --json). An error is one object on \
      stderr: {"error": {"code": ..., "message": ...}}.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain push @Nav @Detail
        curtain events $w
      """,
    version: curtainVersion,
    subcommands: [
      Start.self,
      Status.self,
      Metrics.self,
      KillServer.self,
      ListSessions.self,
      Nodes.self,
      MoveSession.self,
      KillSession.self,
      Export.self,
      Import.self,
      NewWindow.self,
      ListWindows.self,
      CloseWindow.self,
      ResizeWindow.self,
      SetWindowVisible.self,
      SetWindowSpeed.self,
      Lease.self,
      Release.self,
      NewController.self,
      ListControllers.self,
      ListTransitions.self,
      DeleteController.self,
      Configure.self,
      SetRoot.self,
      Push.self,
      Pop.self,
      PopTo.self,
      PopToRoot.self,
      SetStack.self,
      SelectTab.self,
      SetTabs.self,
      SetColumns.self,
      ConfigureSplit.self,
      SetPages.self,
      TurnPage.self,
      SetLayout.self,
      AddChild.self,
      RemoveChild.self,
      TransitionChildren.self,
      BeginAppearance.self,
      EndAppearance.self,
      Present.self,
      Dismiss.self,
      Tap.self,
      Delegate.self,
      Show.self,
      ShowDetail.self,
      LoadStoryboard.self,
      UnloadStoryboard.self,
      Instantiate.self,
      Segue.self,
      Unwind.self,
      Interact.self,
      Pause.self,
      AnimateAlongside.self,
      Tree.self,
      Events.self,
      Frames.self,
      Watch.self,
      Snapshot.self,
      Trace.self,
      Record.self,
      Replay.self,
      Advance.self,
      WaitIdle.self,
    ])

  /// Runs the command with the CLI's exit statuses: failures print
  /// `curtain: <message>` and exit 1, usage errors exit 2; with `--json`,
  /// errors are one JSON object on stderr (`ErrorReport`).
  static func main() {
    let given = Array(CommandLine.arguments.dropFirst())
    if CompletionCommand.handles(given) { CompletionCommand.answer(given) }
    let report = ErrorReport(json: given.prefix { $0 != "--" }.contains("--json"))
    do {
      if let option = GlobalOptions.repeated(in: given) {
        report.usage("\(option) is given twice; give it once, before or after the command")
      }
      let arguments = NegativeValues.rewritten(
        GlobalOptions.hoisted(given), of: CurtainCommand.self)
      if let first = arguments.first, !first.hasPrefix("-"), first != "help",
        !configuration.subcommands.contains(where: { $0._commandName == first })
      {
        report.unknownCommand(first, among: configuration.subcommands.map { $0._commandName })
      }
      var command = try parsedWithoutCompletionCheck(arguments) ?? parseAsRoot(arguments)
      try command.run()
    } catch {
      report.fail(error, exitCode: exitCode(for: error), fullMessage: fullMessage(for: error))
    }
  }

  /// The command `arguments` name, parsed without ArgumentParser's check
  /// for `--generate-completion-script`: that check builds two parsers of
  /// its own, whose first conformance lookups were about 40 % of the
  /// instructions of `curtain list-windows` (docs/benchmarks.md). Nil when
  /// the arguments mention the completion script, or do not parse to one
  /// of Curtain's commands (help, a usage error): `parseAsRoot` then
  /// parses them again as usual, for the usual help and errors.
  private static func parsedWithoutCompletionCheck(_ arguments: [String]) -> ParsableCommand? {
    guard !arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }) else {
      return nil
    }
    parsingWithoutCompletionCheck = true
    defer { parsingWithoutCompletionCheck = false }
    // ArgumentParser's own help command is the one named "help".
    guard let command = try? parseAsRoot(arguments), type(of: command)._commandName != "help"
    else { return nil }
    return command
  }
}
