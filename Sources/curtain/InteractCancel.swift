// `curtain interact cancel T`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Cancels an interactive transition.
struct InteractCancel: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cancel",
    abstract: "Cancel an interactive transition: it plays back to the start.",
    discussion: """
      Like cancelInteractiveTransition(). Returns when the transition \
      completed (cancelled), unless --no-wait.

      Example:
        curtain new-window --root 'Nav=nav[Home,Detail]'
        t=$(curtain interact begin pop @Nav)
        curtain interact update $t 0.2
        curtain interact cancel $t
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
      var cancel = Curtain_V1_CancelInteractive()
      cancel.windowID = window
      cancel.transitionID = transition
      cancel.completionSpeed = completion.speed
      if let curve = completion.curve { cancel.completionCurve = curve.wire }
      return .cancelInteractive(cancel)
    }
    connection.report(response)
  }
}
