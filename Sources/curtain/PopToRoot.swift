// `curtain pop-to-root NAV`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Pops a navigation stack down to its root.
struct PopToRoot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pop-to-root",
    abstract: "Pop a navigation controller's stack down to its root controller.",
    discussion: """
      Like popToRootViewController(animated:).

      Example:
        curtain new-window --root 'Nav=nav[Home,List,Detail]'
        curtain pop-to-root @Nav
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The navigation controller (c1 or @Nav).", valueName: "nav"),
    completion: Completions.controllers, transform: TargetName.controller)
  var navigation: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var popToRoot = Curtain_V1_PopToRoot()
    popToRoot.navigation = navigation
    popToRoot.notAnimated = animation.noAnimate
    connection.report(
      try connection.perform(.popToRoot(popToRoot), mutating: true, wait: wait.waitUntil),
      unchanged: "nothing to pop")
  }
}
