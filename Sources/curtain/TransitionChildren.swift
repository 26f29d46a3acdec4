// `curtain transition-children CONTAINER FROM TO`: a custom container's
// transition(from:to:duration:options:).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Transitions between two children of a custom container.
struct TransitionChildren: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transition-children",
    abstract: "Swap which of two children of a custom container is shown.",
    discussion: """
      Like transition(from:to:duration:options:animations:completion:): \
      FROM's view leaves, TO's view comes in, both children of CONTAINER. \
      Without --duration the swap happens at once; --cross-dissolve fades \
      between them. Returns when the transition completed, unless \
      --no-wait.

      Example:
        curtain new-window --root 'Box=container[First,Second]'
        curtain transition-children @Box @First @Second --duration 0.3 --cross-dissolve
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The custom container (c1 or @Box).", valueName: "container"),
    completion: Completions.controllers, transform: TargetName.controller)
  var container: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The child shown now (c2 or @First).", valueName: "from"),
    completion: Completions.controllers, transform: TargetName.controller)
  var from: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The child to show (c3 or @Second).", valueName: "to"),
    completion: Completions.controllers, transform: TargetName.controller)
  var to: Curtain_V1_ControllerRef

  @Option(help: ArgumentHelp("Seconds the transition takes (default 0).", valueName: "seconds"))
  var duration: Double = 0

  @Flag(name: .customLong("cross-dissolve"), help: "Fade from one view to the other.")
  var crossDissolve = false

  func validate() throws {
    guard duration.isFinite, duration >= 0, duration <= 3600 else {
      throw ValidationError("--duration must be a number of seconds from 0 to 3600")
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var transition = Curtain_V1_TransitionChildren()
    transition.container = container
    transition.from = from
    transition.to = to
    transition.duration = duration
    transition.option = crossDissolve ? .crossDissolve : .none
    connection.report(
      try connection.perform(
        .transitionChildren(transition), mutating: true, wait: wait.waitUntil))
  }
}
