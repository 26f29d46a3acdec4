// `curtain resize-window W --size WxH`.

import ArgumentParser
import CurtainWire

/// Resizes a window.
struct ResizeWindow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resize-window",
    abstract: "Resize a window; its traits follow the new size (a size transition).",
    discussion: """
      Example:
        curtain resize-window w1 --size 844x390
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"), transform: TargetName.window)
  var window: UInt64

  @Option(
    help: ArgumentHelp("The new size in points.", valueName: "WxH"), transform: TargetName.size)
  var size: Curtain_V1_Size

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var resize = Curtain_V1_ResizeWindow()
    resize.windowID = window
    resize.metrics.size = size
    connection.report(
      try connection.perform(.resizeWindow(resize), mutating: true, wait: wait.waitUntil))
  }
}
