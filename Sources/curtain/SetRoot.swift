// `curtain set-root W C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Makes a controller a window's root.
struct SetRoot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set-root",
    abstract: "Make a controller the root view controller of a window.",
    discussion: """
      The old root's view leaves the window and the new one appears, with \
      UIKit's appearance callbacks.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain new-controller content --id Welcome
        curtain set-root $w @Welcome
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @Argument(
    help: ArgumentHelp("The controller (c12 or @Home).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var setRoot = Curtain_V1_SetRoot()
    setRoot.windowID = window
    setRoot.controller = controller
    connection.report(
      try connection.perform(.setRoot(setRoot), mutating: true, wait: wait.waitUntil))
  }
}
