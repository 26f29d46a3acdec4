// `curtain transition-children CONTAINER FROM TO [--duration S] [--cross-dissolve]`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// A custom container's `transition(from:to:duration:options:)`.
struct TransitionChildren: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "transition-children",
    abstract:
      "Transition a custom container from one child to another "
      + "(transition(from:to:duration:options:)).",
    discussion: """
      Both must be children of CONTAINER. TO's view goes beside FROM's at \
      its frame (it loads there the first time, as after `add-child \
      --no-view`); FROM disappears while TO appears, and FROM's view leaves \
      at the end. Without --duration nothing moves (0 s); \
      --cross-dissolve fades TO in over FROM; --curve re-times that look, \
      --animator replaces it (docs/animators.md).

      Example:
        curtain new-window --root 'Box=container[Old,New]'
        curtain transition-children @Box @Old @New --duration 0.3 --cross-dissolve
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions
  @OptionGroup var custom: AnimatorOptions

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

  @Flag(help: "The crossDissolve option: TO fades in.")
  var crossDissolve = false

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var transition = Curtain_V1_TransitionChildren()
    transition.container = container
    transition.from = from
    transition.to = to
    transition.duration = custom.duration ?? 0
    transition.option = crossDissolve ? .crossDissolve : .none
    if custom.animator != nil || custom.curve != nil, let spec = try custom.spec() {
      transition.animator = spec
    }
    connection.report(
      try connection.perform(
        .transitionChildren(transition), mutating: true, wait: wait.waitUntil))
  }
}
