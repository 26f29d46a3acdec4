// `curtain configure-split SPLIT [--display-mode M] [widths…]`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Changes a split view controller's display mode and column widths.
struct ConfigureSplit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "configure-split",
    abstract: "Change a split view controller's display mode and primary column width.",
    discussion: """
      Like setting preferredDisplayMode and the preferred, minimum and maximum \
      primary column widths of UISplitViewController. Options not given stay \
      as they are; a width or fraction of 'auto' goes back to automatic. The \
      columns move with an animation (0.35 s) unless --no-animate; while the \
      split is collapsed only the preferences change.

      Example:
        curtain new-window --size 1024x768 --root 'Split=split[Menu,Content]'
        curtain configure-split @Split --display-mode secondaryOnly
        curtain configure-split @Split --primary-fraction 0.5 --max-primary-width 600
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var split: SplitOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The split view controller (c1 or @Split).", valueName: "split"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  func validate() throws {
    if split.isEmpty {
      throw ValidationError(
        "Give at least one of --display-mode, --primary-width, --primary-fraction, "
          + "--min-primary-width, --max-primary-width")
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var configure = Curtain_V1_ConfigureSplit()
    configure.split = controller
    configure.preferences = split.wire
    configure.notAnimated = animation.noAnimate
    connection.report(
      try connection.perform(.configureSplit(configure), mutating: true, wait: wait.waitUntil))
  }
}
