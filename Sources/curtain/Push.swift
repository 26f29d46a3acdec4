// `curtain push NAV C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Pushes a controller onto a navigation stack.
struct Push: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "push",
    abstract: "Push a controller onto a navigation controller's stack.",
    discussion: """
      Like pushViewController(_:animated:). Returns when the push transition \
      completed, unless --no-wait.

      Example:
        curtain new-window --root 'Nav=nav[Home]'
        curtain new-controller content --id Detail
        curtain push @Nav @Detail
        c=$(curtain new-controller content)
        curtain push @Nav $c --no-animate
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
    help: ArgumentHelp("The controller to push (c4 or @Detail).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var push = Curtain_V1_Push()
    push.navigation = navigation
    push.controller = controller
    push.notAnimated = animation.noAnimate
    try custom.check(animated: !animation.noAnimate)
    if let spec = try custom.spec() { push.animator = spec }
    connection.report(try connection.perform(.push(push), mutating: true, wait: wait.waitUntil))
  }
}
