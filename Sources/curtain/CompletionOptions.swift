// How an interactive transition plays its rest after finish or cancel.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// `--speed` and `--curve` for `interact finish` and `interact cancel`.
struct CompletionOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "completionSpeed: 1 plays the rest at the normal speed, 0.5 at half.", valueName: "speed"))
  var speed: Double = 1

  @Option(
    help: ArgumentHelp(
      "completionCurve: \(Curtain_V1_NamedCurve.nameTable.list()).", valueName: "curve"))
  var curve: CurveArgument?

  func validate() throws {
    guard speed.isFinite, speed > 0 else {
      throw ValidationError("--speed must be a positive number")
    }
  }
}

/// UIKit's named animation curves (`--curve easeIn`), as a timing function.
struct CurveArgument: NamedArgument {
  let named: Curtain_V1_NamedCurve

  init(_ named: Curtain_V1_NamedCurve) { self.named = named }

  /// The wire form: a timing function with the named curve.
  var wire: Curtain_V1_TimingFunction {
    var timing = Curtain_V1_TimingFunction()
    timing.named = named
    return timing
  }
}
