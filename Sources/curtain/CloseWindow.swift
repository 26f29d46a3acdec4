// `curtain close-window W`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Closes a window.
struct CloseWindow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "close-window",
    abstract: "Close a window and delete its controllers (unless --keep-controllers).",
    discussion: """
      Its controllers disappear and leave it; then the controllers of its \
      tree (the root and everything it contains and presents) are deleted, \
      which frees their identifiers for new controllers. With \
      --keep-controllers they stay in the session, in no window (see \
      list-controllers --detached). A controller the window let go of \
      earlier (a popped one) stays either way.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain close-window $w
        curtain new-window --root 'Nav=nav[Home]'
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @Flag(
    name: .customLong("keep-controllers"),
    help: "Keep the window's controllers in the session, in no window.")
  var keepControllers = false

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var close = Curtain_V1_CloseWindow()
    close.windowID = window
    close.keepControllers = keepControllers
    connection.report(
      try connection.perform(.closeWindow(close), mutating: true, wait: wait.waitUntil))
  }
}
