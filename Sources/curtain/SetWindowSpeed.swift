// `curtain set-window-speed W SPEED`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Slow motion: runs a realtime window at a fraction of real time.
struct SetWindowSpeed: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set-window-speed",
    abstract: "Slow motion: run a window's animations at a fraction of real time.",
    discussion: """
      Like CALayer.speed on the window's layer, or Simulator's Slow \
      Animations: from now on the window's time runs at SPEED seconds per \
      second of real time, so every animation (the rest of a running one, \
      and interactive completions) takes 1/SPEED as long. Events and frames \
      keep the window's own time. SPEED is from 0.01 to 100; 1 is real time \
      again. The speed lasts across restarts of the daemon; list-windows and \
      status show it while it is not 1. A manual window is refused: its time \
      moves only with `advance`.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain set-window-speed $w 0.1
        curtain set-window-speed $w 1
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1): a realtime window.", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @Argument(
    help: ArgumentHelp(
      "Seconds of window time per second of real time, from 0.01 to 100 (0.1: ten times "
        + "slower; 1: real time).",
      valueName: "speed"))
  var speed: Double

  func validate() throws {
    guard (0.01...100).contains(speed) else {
      throw ValidationError(
        "speed must be from 0.01 to 100 (1 is real time), got \(OutputFormat.decimal(speed))")
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var change = Curtain_V1_SetWindowSpeed()
    change.windowID = window
    change.speed = speed
    connection.report(try connection.perform(.setWindowSpeed(change), mutating: true))
  }
}
