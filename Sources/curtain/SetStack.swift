// `curtain set-stack NAV C…`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Replaces a navigation stack.
struct SetStack: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set-stack",
    abstract: "Replace a navigation controller's stack (bottom first).",
    discussion: """
      Like setViewControllers(_:animated:): the last controller ends up on top.

      Example:
        curtain new-window --root 'Nav=nav[Home]'
        curtain new-controller content --id List
        curtain new-controller content --id Detail
        curtain set-stack @Nav @Home @List @Detail
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
    help: ArgumentHelp("The new stack, bottom first (c2 @List …).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controllers: [Curtain_V1_ControllerRef] = []

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var setStack = Curtain_V1_SetStack()
    setStack.navigation = navigation
    setStack.controllers = controllers
    setStack.notAnimated = animation.noAnimate
    try custom.check(animated: !animation.noAnimate)
    if let spec = try custom.spec() { setStack.animator = spec }
    connection.report(
      try connection.perform(.setStack(setStack), mutating: true, wait: wait.waitUntil))
  }
}
