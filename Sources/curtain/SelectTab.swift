// `curtain select-tab TAB INDEX|C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Selects a tab.
struct SelectTab: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "select-tab",
    abstract: "Select a tab of a tab bar controller by index, by controller, or 'more'.",
    discussion: """
      Like setting selectedIndex or selectedViewController.

      Example:
        curtain new-window --root 'Tabs=tab[Home,Settings]'
        curtain select-tab @Tabs 1
        curtain select-tab @Tabs @Home
        curtain select-tab @Tabs 1 --animator docs/examples/animators/slide-left.json
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions
  @OptionGroup var custom: AnimatorOptions

  @Argument(
    help: ArgumentHelp("The tab bar controller (c1 or @Tabs).", valueName: "tab"),
    completion: Completions.controllers, transform: TargetName.controller)
  var tabBar: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp(
      "An index from 0, a controller (c3 or @Settings), or 'more'.", valueName: "selection"),
    completion: Completions.controllers, transform: TargetName.tab)
  var selection: Curtain_V1_SelectTab.OneOf_Selection

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var select = Curtain_V1_SelectTab()
    select.tabBar = tabBar
    select.selection = selection
    if let spec = try custom.spec() { select.animator = spec }
    connection.report(
      try connection.perform(.selectTab(select), mutating: true, wait: wait.waitUntil),
      unchanged: "already selected")
  }
}
