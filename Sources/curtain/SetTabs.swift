// `curtain set-tabs TAB C…`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Replaces a tab bar controller's tabs.
struct SetTabs: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set-tabs",
    abstract: "Replace a tab bar controller's tabs, in order.",
    discussion: """
      Like setViewControllers(_:animated:) on UITabBarController.

      Example:
        curtain new-window --root 'Tabs=tab[Home]'
        curtain new-controller content --id Settings
        curtain set-tabs @Tabs @Home @Settings
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The tab bar controller (c1 or @Tabs).", valueName: "tab"),
    completion: Completions.controllers, transform: TargetName.controller)
  var tabBar: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The tabs, in order (c2 @Settings …).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controllers: [Curtain_V1_ControllerRef] = []

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var setTabs = Curtain_V1_SetTabs()
    setTabs.tabBar = tabBar
    setTabs.controllers = controllers
    connection.report(
      try connection.perform(.setTabs(setTabs), mutating: true, wait: wait.waitUntil))
  }
}
