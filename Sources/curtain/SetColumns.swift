// `curtain set-columns SPLIT PRIMARY [SECONDARY]`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Sets a split view controller's columns.
struct SetColumns: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set-columns",
    abstract: "Set a split view controller's primary and secondary columns.",
    discussion: """
      Like setting viewControllers = [primary, secondary] on \
      UISplitViewController, without animation. Without SECONDARY the \
      secondary column is empty. While the split is collapsed onto a \
      navigation controller, the secondary is pushed onto it.

      Example:
        curtain new-window --size 1024x768 --root 'Split=split[Menu,Content]'
        curtain new-controller content --id Detail
        curtain set-columns @Split @Menu @Detail
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The split view controller (c1 or @Split).", valueName: "split"),
    completion: Completions.controllers, transform: TargetName.controller)
  var split: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The primary column's controller.", valueName: "primary"),
    completion: Completions.controllers, transform: TargetName.controller)
  var primary: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The secondary column's controller.", valueName: "secondary"),
    completion: Completions.controllers, transform: TargetName.controller)
  var secondary: Curtain_V1_ControllerRef?

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var columns = Curtain_V1_SetSplitColumns()
    columns.split = split
    columns.primary = primary
    if let secondary { columns.secondary = secondary }
    connection.report(
      try connection.perform(.setSplitColumns(columns), mutating: true, wait: wait.waitUntil))
  }
}
