// `curtain remove-child C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Removes a controller from its parent.
struct RemoveChild: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove-child",
    abstract: "Remove a controller from its parent (willMove(toParent: nil) + removeFromParent).",
    discussion: """
      Example:
        curtain new-window --root 'Container=container[Main,Panel]'
        curtain remove-child @Panel
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The child to remove (c2 or @Panel).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var remove = Curtain_V1_RemoveFromParent()
    remove.controller = controller
    connection.report(
      try connection.perform(.removeFromParent(remove), mutating: true, wait: wait.waitUntil))
  }
}
