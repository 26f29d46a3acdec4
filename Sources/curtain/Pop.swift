// `curtain pop NAV`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Pops the top controller of a navigation stack.
struct Pop: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pop",
    abstract: "Pop the top controller off a navigation controller's stack.",
    discussion: """
      Like popViewController(animated:). Returns when the pop transition \
      completed, unless --no-wait.

      Example:
        curtain new-window --root 'Nav=nav[Home,Detail]'
        curtain pop @Nav
        curtain pop @Nav
          nothing to pop
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var custom: AnimatorOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The navigation controller (c1 or @Nav).", valueName: "nav"),
    completion: Completions.controllers, transform: TargetName.controller)
  var navigation: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var pop = Curtain_V1_Pop()
    pop.navigation = navigation
    pop.notAnimated = animation.noAnimate
    try custom.check(animated: !animation.noAnimate)
    if let spec = try custom.spec() { pop.animator = spec }
    connection.report(
      try connection.perform(.pop(pop), mutating: true, wait: wait.waitUntil),
      unchanged: "nothing to pop")
  }
}
