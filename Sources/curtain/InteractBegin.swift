// `curtain interact begin pop NAV`.

import ArgumentParser
import CurtainWire

/// Begins an interactive transition.
struct InteractBegin: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "begin",
    abstract: "Begin an interactive transition and print its name (t5).",
    discussion: """
      Only `pop` exists for now: the interactive pop of a navigation \
      controller (the edge-swipe back gesture), at 0%. Returns as soon as the \
      transition has started — it completes only when finished or cancelled. \
      Begin on an idle window (see wait-idle): a begin queued behind other \
      operations has no transition id to print yet, and fails.

      Example:
        curtain interact begin pop @Nav
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(help: ArgumentHelp("The kind of transition: pop.", valueName: "kind"))
  var kind: InteractionKind

  @Argument(
    help: ArgumentHelp("The navigation controller (c1 or @Nav).", valueName: "nav"),
    transform: TargetName.controller)
  var navigation: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var begin = Curtain_V1_BeginInteractive()
    begin.kind = .pop
    begin.controller = navigation
    // STARTED, not COMPLETED: the transition completes only when a later
    // command finishes or cancels it. Not ACCEPTED either: a queued begin has
    // no transition id yet.
    let response = try connection.perform(.beginInteractive(begin), mutating: true, wait: .started)
    let transition: UInt64
    switch response.result {
    case .transition(let result)?: transition = result.transitionID
    case .operation(let result)?: transition = result.transitionID
    default:
      throw ClientError.unexpectedResponse(expected: "transition", got: response.resultName)
    }
    guard transition != 0 else {
      throw CLIError(
        "the interactive pop is queued behind the window's other operations, so it has no "
          + "transition id yet; run `curtain wait-idle` on the window before `interact begin`")
    }
    if globals.json {
      connection.report(response)
    } else {
      Output.line("t\(transition)")
    }
  }
}

/// The interactive transitions `interact begin` can start.
enum InteractionKind: String, ExpressibleByArgument, CaseIterable {
  /// A navigation controller's interactive pop.
  case pop
}
