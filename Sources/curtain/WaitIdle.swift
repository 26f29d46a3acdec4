// `curtain wait-idle W`: a settle barrier.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Waits until a window is idle.
struct WaitIdle: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wait-idle",
    abstract: "Wait until a window runs no transition and has no queued operation.",
    discussion: """
      Bounded by --timeout (0 waits forever). A manual-clock window becomes \
      idle only as `advance` moves its time.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain push @Nav @Detail --no-wait
        curtain wait-idle $w
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var waitIdle = Curtain_V1_WaitIdle()
    waitIdle.windowID = window
    do {
      connection.report(try connection.perform(.waitIdle(waitIdle)))
    } catch ClientError.timedOut(let seconds, _) {
      throw CLIError(
        "\(OutputFormat.windowName(window)) is still busy after \(OutputFormat.decimal(seconds)) s "
          + "(--timeout); a manual-clock window moves only with `curtain advance`", code: "TIMEOUT")
    }
  }
}
