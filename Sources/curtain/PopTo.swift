// `curtain pop-to NAV C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Pops a navigation stack down to a controller.
struct PopTo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pop-to",
    abstract: "Pop a navigation controller's stack until a controller is on top.",
    discussion: """
      Like popToViewController(_:animated:).

      Example:
        curtain new-window --root 'Nav=nav[Home,List,Detail]'
        curtain pop-to @Nav @Home
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var custom: AnimatorOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The navigation controller (c1 or @Nav).", valueName: "nav"),
    completion: Completions.controllers, transform: TargetName.controller)
  var navigation: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The controller to stop at (c2 or @Home).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var popTo = Curtain_V1_PopTo()
    popTo.navigation = navigation
    popTo.controller = controller
    popTo.notAnimated = animation.noAnimate
    try custom.check(animated: !animation.noAnimate)
    if let spec = try custom.spec() { popTo.animator = spec }
    connection.report(
      try connection.perform(.popTo(popTo), mutating: true, wait: wait.waitUntil),
      unchanged: "nothing to pop")
  }
}
