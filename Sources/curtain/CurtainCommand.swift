// The `curtain` command: a thin client of curtaind. Each subcommand lives in
// its own file and is listed below; each one connects (starting a daemon
// when none answers, unless --no-start), sends its requests, prints the
// result and exits.
//
// Exit status: 0 on success; 1 when the daemon refuses a request or cannot
// be reached (`curtain: CODE: message` on stderr); 2 for usage errors.

import ArgumentParser
import CurtainWire
import Glibc

@main
struct CurtainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "curtain",
    abstract: "Drive a Curtain daemon: windows, view controllers, transitions, events and frames.",
    discussion: """
      Every command talks to curtaind over its Unix socket and starts one in \
      the background if none answers (like tmux), unless --no-start is given.

      Windows are named w3 or 3, transitions t5 or 5, and controllers c12 (by \
      id) or @Home (by identifier). Changes animate by default (--no-animate) \
      and return once their transition completed (--no-wait returns at once).

      Example:
        curtain new-window --root 'nav[Home]'
        curtain new-controller content --id Detail
        curtain push c1 @Detail
        curtain events w1
      """,
    version: curtainVersion,
    subcommands: [
      Start.self,
      Status.self,
      KillServer.self,
      NewWindow.self,
      ListWindows.self,
      CloseWindow.self,
      ResizeWindow.self,
      NewController.self,
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
      AddChild.self,
      RemoveChild.self,
      Present.self,
      Dismiss.self,
      Show.self,
      ShowDetail.self,
      LoadStoryboard.self,
      Segue.self,
      Unwind.self,
      Interact.self,
      Tree.self,
      Events.self,
      Frames.self,
      Watch.self,
      Snapshot.self,
      Advance.self,
      WaitIdle.self,
    ])

  /// Runs the command with the CLI's exit statuses: failures print
  /// `curtain: <message>` and exit 1, usage errors exit 2.
  static func main() {
    do {
      let arguments = GlobalOptions.hoisted(Array(CommandLine.arguments.dropFirst()))
      if let first = arguments.first, !first.hasPrefix("-"), first != "help",
        !configuration.subcommands.contains(where: { $0._commandName == first })
      {
        Output.errorText(
          "Error: Unknown command '\(first)'.\nUsage: curtain <subcommand>\n"
            + "  See 'curtain --help' for the list of commands.")
        Glibc.exit(2)
      }
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch let error as ClientError {
      if case .timedOut = error {
        Output.error("\(error) (--timeout SECONDS waits longer, 0 without limit)")
      } else {
        Output.error(error.description)
      }
      Glibc.exit(1)
    } catch let error as CLIError {
      Output.error(error.description)
      Glibc.exit(1)
    } catch {
      if exitCode(for: error) == .validationFailure {
        Output.errorText(fullMessage(for: error))
        Glibc.exit(2)
      }
      exit(withError: error)
    }
  }
}
