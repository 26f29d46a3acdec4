// `--fps N`: the most frames a second a command takes of a window's
// animations (`Subscribe.max_fps`, docs/protocol.md §5), for `frames` and
// `watch`. The daemon still sends each transition's first and last frame,
// and counts the ones it leaves out (`(skipped N)`).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// The frame rate a command subscribes with.
struct FrameRateOptions: ParsableArguments {
  /// The rates the daemon takes.
  static let rates = 0.01...240.0

  @Option(
    name: .customLong("fps"),
    help: ArgumentHelp(
      "At most N frames a second (0.01 to 240; default: every frame). Each transition's first "
        + "and last frame still come; the others left out are counted.",
      valueName: "N"))
  var fps: Double?

  func validate() throws {
    guard let fps, !Self.rates.contains(fps) else { return }
    throw ValidationError(
      "--fps must be a number of frames a second from 0.01 to 240, got "
        + OutputFormat.decimal(fps, places: 6))
  }

  /// Asks for the rate in `subscribe` (nothing without --fps).
  func apply(to subscribe: inout Curtain_V1_Subscribe) {
    if let fps { subscribe.maxFps = fps }
  }
}
