// `curtain pause T`: a transition playing by itself becomes interactive.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Pauses a running transition.
struct Pause: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pause",
    abstract: "Pause a running transition: it becomes interactive where it is.",
    discussion: """
      Like pauseInteractiveTransition() on a transition that plays by \
      itself: it stops at its current fraction, which the command prints, \
      and waits for `interact update`, `interact finish` or `interact \
      cancel` (and is cancelled if nobody updates it for the daemon's \
      interaction timeout). Size transitions cannot be paused.

      Example:
        w=$(curtain new-window --clock manual --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        t=$(curtain push @Nav @Detail --no-wait)
        curtain advance $w 0.1
        curtain pause $t
          paused at 28.6%
        curtain interact finish $t --no-wait
        curtain advance $w 1
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var target: TransitionOptions

  @Argument(
    help: ArgumentHelp("The transition (t5 or 5).", valueName: "transition"),
    transform: TargetName.transition)
  var transition: UInt64

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    let response = try target.perform(connection: connection, wait: .accepted) { window in
      var pause = Curtain_V1_PauseTransition()
      pause.windowID = window
      pause.transitionID = transition
      return .pauseTransition(pause)
    }
    guard case .transition(let result)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "transition", got: response.resultName)
    }
    if globals.json {
      connection.report(response)
    } else {
      Output.line("paused at \(OutputFormat.decimal(result.percent * 100, places: 1))%")
    }
  }
}
