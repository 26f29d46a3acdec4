// `curtain interact update T P`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Sets an interactive transition's progress.
struct InteractUpdate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "update",
    abstract: "Set an interactive transition's progress (0 to 1, or a percentage).",
    discussion: """
      Like updateInteractiveTransition(_:). Values outside 0…1 are clamped by \
      the daemon.

      Example:
        curtain new-window --root 'Nav=nav[Home,Detail]'
        t=$(curtain interact begin pop @Nav)
        curtain interact update $t 0.4
        curtain interact update $t 40%
        curtain interact finish $t
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var target: TransitionOptions

  @Argument(
    help: ArgumentHelp("The transition (t5 or 5).", valueName: "transition"),
    transform: TargetName.transition)
  var transition: UInt64

  @Argument(
    help: ArgumentHelp("The progress: 0.4 or 40%.", valueName: "progress"),
    transform: InteractUpdate.parseProgress)
  var progress: Double

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    let response = try target.perform(connection: connection, wait: .accepted) {
      window in
      var update = Curtain_V1_UpdateInteractive()
      update.windowID = window
      update.transitionID = transition
      update.percent = progress
      return .updateInteractive(update)
    }
    connection.report(response)
  }

  @Sendable static func parseProgress(_ text: String) throws -> Double {
    let isPercent = text.hasSuffix("%")
    guard let number = Double(isPercent ? String(text.dropLast()) : text), number.isFinite else {
      throw TargetNameError(
        "'\(text)' is not a progress: use a fraction (0.4) or a percentage (40%)")
    }
    return isPercent ? number / 100 : number
  }
}
