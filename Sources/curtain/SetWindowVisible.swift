// `curtain set-window-visible W true|false`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Shows or hides a window.
struct SetWindowVisible: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set-window-visible",
    abstract: "Show or hide a window: its root and presented controllers appear or disappear.",
    discussion: """
      Like setting isHidden on a UIWindow: hiding it makes every controller \
      on screen disappear (viewWillDisappear, viewDidDisappear), showing it \
      makes them appear again. A window already in that state prints \
      "nothing changed".

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain set-window-visible $w false
        curtain set-window-visible $w true
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @Argument(help: ArgumentHelp("true to show it, false to hide it.", valueName: "visible"))
  var visible: Bool

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var change = Curtain_V1_SetWindowVisible()
    change.windowID = window
    change.visible = visible
    connection.report(
      try connection.perform(.setWindowVisible(change), mutating: true, wait: wait.waitUntil))
  }
}
