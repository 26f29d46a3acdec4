// `curtain interact finish T [--speed S]`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Finishes an interactive transition.
struct InteractFinish: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "finish",
    abstract: "Finish an interactive transition: it plays the rest forward.",
    discussion: """
      Like finishInteractiveTransition(), with completionSpeed and \
      completionCurve. Returns when the transition completed, unless --no-wait.

      Example:
        curtain new-window --root 'Nav=nav[Home,Detail]'
        t=$(curtain interact begin pop @Nav)
        curtain interact update $t 0.6
        curtain interact finish $t --speed 0.5
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var target: TransitionOptions
  @OptionGroup var completion: CompletionOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The transition (t5 or 5).", valueName: "transition"),
    transform: TargetName.transition)
  var transition: UInt64

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    let response = try target.perform(connection: connection, wait: wait.waitUntil) { window in
      var finish = Curtain_V1_FinishInteractive()
      finish.windowID = window
      finish.transitionID = transition
      finish.completionSpeed = completion.speed
      if let curve = completion.curve { finish.completionCurve = curve.wire }
      return .finishInteractive(finish)
    }
    connection.report(response)
  }
}
