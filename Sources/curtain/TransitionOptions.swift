// The window of a transition. Transition ids are unique in a session, so
// the daemon finds the window running a transition by itself: the
// interaction commands send one request naming only the transition, unless
// --window names the window too (the daemon then checks that the
// transition runs there).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// `--window` for the interaction commands.
struct TransitionOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The window running the transition (default: the daemon finds it).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64?

  /// Sends `body(window)`, with window 0 when --window is not given, and
  /// returns the response.
  func perform(
    connection: DaemonConnection, wait: Curtain_V1_WaitUntil,
    _ body: (UInt64) -> WireRequest.OneOf_Body
  ) throws -> WireResponse {
    try connection.perform(body(window ?? 0), mutating: true, wait: wait)
  }
}
