// `curtain close-window W`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Closes a window.
struct CloseWindow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "close-window",
    abstract: "Close a window; its controllers disappear and leave it.",
    discussion: """
      Example:
        curtain close-window w1
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"), transform: TargetName.window)
  var window: UInt64

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var close = Curtain_V1_CloseWindow()
    close.windowID = window
    connection.report(
      try connection.perform(.closeWindow(close), mutating: true, wait: wait.waitUntil))
  }
}
