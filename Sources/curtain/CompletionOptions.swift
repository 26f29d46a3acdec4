// How an interactive transition plays its rest after finish or cancel.

import ArgumentParser
import CurtainWire

/// `--speed` and `--curve` for `interact finish` and `interact cancel`.
struct CompletionOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "completionSpeed: 1 plays the rest at the normal speed, 0.5 at half.", valueName: "speed"))
  var speed: Double = 1

  @Option(
    help: ArgumentHelp("completionCurve: easeInOut, easeIn, easeOut or linear.", valueName: "curve")
  )
  var curve: CurveArgument?

  func validate() throws {
    guard speed.isFinite, speed > 0 else {
      throw ValidationError("--speed must be a positive number")
    }
  }
}

/// UIKit's named animation curves.
enum CurveArgument: String, ExpressibleByArgument, CaseIterable {
  /// Slow start and end.
  case easeInOut
  /// Slow start.
  case easeIn
  /// Slow end.
  case easeOut
  /// Constant speed.
  case linear

  var wire: Curtain_V1_TimingFunction {
    var timing = Curtain_V1_TimingFunction()
    switch self {
    case .easeInOut: timing.named = .easeInOut
    case .easeIn: timing.named = .easeIn
    case .easeOut: timing.named = .easeOut
    case .linear: timing.named = .linear
    }
    return timing
  }
}
