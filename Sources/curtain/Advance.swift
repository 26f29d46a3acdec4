// `curtain advance W SECONDS`: move a manual window's clock.

import ArgumentParser
import CurtainWire

/// Moves a manual-clock window's time.
struct Advance: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Move a manual-clock window's time forward, producing its frames.",
    discussion: """
      Returns once the step's frames are queued to subscribers, and prints \
      the window's new time, the frames produced and the revision.

      Example:
        curtain new-window --clock manual --root 'nav[Home]'
        curtain advance w1 0.25
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"), transform: TargetName.window)
  var window: UInt64

  @Argument(help: ArgumentHelp("Seconds to move forward.", valueName: "seconds"))
  var seconds: Double

  func validate() throws {
    guard seconds.isFinite, seconds >= 0 else {
      throw ValidationError("seconds must be a number, 0 or more")
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var advance = Curtain_V1_AdvanceClock()
    advance.windowID = window
    advance.seconds = seconds
    let response = try connection.perform(.advanceClock(advance), mutating: true)
    guard case .clock(let clock)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "clock", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(clock))
    } else {
      Output.line(
        "t=\(OutputFormat.decimal(clock.time, fixed: 3))  \(OutputFormat.count(clock.frames, "frame"))  revision \(clock.revision)"
      )
    }
  }
}
