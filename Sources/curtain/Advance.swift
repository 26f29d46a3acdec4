// `curtain advance W SECONDS` / `curtain advance W --to TIME`: move a manual
// window's clock by some seconds or to a window time.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Moves a manual-clock window's time.
struct Advance: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "advance",
    abstract: "Move a manual-clock window's time forward, producing its frames.",
    discussion: """
      Moves the clock by SECONDS, or with --to to the window time TIME \
      (never backwards: SECONDS and TIME are 0 or more, and TIME is not \
      before the window's time). SECONDS may be 0: the clock stays and the \
      window renders what is due at its time (the first frame of a change \
      started with --no-wait). Returns once the step's frames are queued to \
      subscribers, and prints the window's new time, the frames produced and \
      the revision.

      Example:
        w=$(curtain new-window --clock manual --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain push @Nav @Detail --no-wait
          t1
        curtain advance $w 0.25
          t=0.250  1 frame  revision 2
        curtain advance $w --to 1
          t=1.000  1 frame  revision 3
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @Argument(help: ArgumentHelp("Seconds to move forward (0 or more).", valueName: "seconds"))
  var seconds: Double?

  @Option(help: ArgumentHelp("The window time to move to instead.", valueName: "time"))
  var to: Double?

  // A negative number reaches SECONDS and --to (NegativeValues.swift), so
  // these checks say what is wrong with it.
  func validate() throws {
    if let seconds, !(seconds.isFinite && seconds >= 0) {
      throw ValidationError(Self.notForward("seconds", OutputFormat.decimal(seconds)))
    }
    if let to, !(to.isFinite && to >= 0) {
      throw ValidationError(Self.notForward("--to", OutputFormat.decimal(to)))
    }
    switch (seconds, to) {
    case (nil, nil):
      throw ValidationError("give the seconds to move forward, or --to TIME")
    case (.some, .some):
      throw ValidationError("give the seconds to move forward or --to TIME, not both")
    default:
      break
    }
  }

  /// The error for a number of `what` that is negative or not finite.
  private static func notForward(_ what: String, _ given: String) -> String {
    "\(what) must be 0 or more (a window's clock never goes back), got \(given)"
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var advance = Curtain_V1_AdvanceClock()
    advance.windowID = window
    if let to {
      advance.toTime = to
    } else {
      advance.seconds = seconds ?? 0
    }
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
