// Finding the window of a transition. The interaction requests name the
// window and the transition; the CLI names only the transition (ids are
// unique per session), so unless --window is given it tries the windows that
// are not idle, in order, until one knows the transition. A request that
// fails changes nothing, so trying is safe.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// `--window` for the interaction commands, and the search without it.
struct TransitionOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The window running the transition (default: found by asking).", valueName: "window"),
    transform: TargetName.window)
  var window: UInt64?

  /// Sends `body(window)` for the transition's window and returns the
  /// response.
  func perform(
    on transition: UInt64, connection: DaemonConnection, wait: Curtain_V1_WaitUntil,
    _ body: (UInt64) -> Curtain_V1_Request.OneOf_Body
  ) throws -> WireResponse {
    if let window {
      return try connection.perform(body(window), mutating: true, wait: wait)
    }
    for candidate in try connection.windows() where !candidate.idle {
      do {
        return try connection.perform(body(candidate.id), mutating: true, wait: wait)
      } catch ClientError.server(let error) where error.code == .notFound {
        continue
      }
    }
    throw CLIError(
      "NOT_FOUND: No window of the session is running transition t\(transition) (it may have "
        + "ended or been cancelled)")
  }
}
