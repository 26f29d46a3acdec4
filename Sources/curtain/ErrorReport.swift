// How the CLI reports a failure: `curtain: <message>` on stderr and exit
// status 1 (the daemon refused, or could not be reached), or the usage
// message and exit status 2. With --json, stderr gets one JSON object
// instead, `{"error":{"code":"NOT_FOUND","message":"No view controller
// @Nope"}}`: the daemon's error code, or UNAVAILABLE (no daemon), TIMEOUT,
// STOPPED (the daemon stopped while a command followed it), FAILED (another
// failure of the command) or USAGE (exit status 2).

import ArgumentParser
import CurtainCLIKit
import CurtainWire
import Glibc

/// Prints a failure as text or JSON and exits.
struct ErrorReport {
  /// Whether `--json` was given.
  let json: Bool

  /// Reports `error` (thrown by parsing or running a command) and exits.
  func fail(_ error: Error, exitCode: ExitCode, fullMessage: String) -> Never {
    switch error {
    case let error as ClientError:
      if case .server(let refusal) = error {
        failure(code: refusal.code.rawValue, message: refusal.message, text: error.description)
      }
      if case .timedOut(let seconds, _) = error {
        failure(
          code: "TIMEOUT",
          message: "timed out after \(OutputFormat.decimal(seconds)) s waiting for the daemon "
            + "(--timeout SECONDS waits longer, 0 without limit)")
      }
      failure(code: error.reportedCode, message: error.description)
    case let error as CLIError:
      failure(code: error.code, message: error.description, status: error.status)
    default:
      if exitCode == .validationFailure { usage(fullMessage) }
      if json, exitCode != .success {
        failure(code: "FAILED", message: fullMessage, status: exitCode.rawValue)
      }
      // --help and --version exit 0 here, as ArgumentParser prints them.
      CurtainCommand.exit(withError: error)
    }
  }

  /// A usage error: the message (with the usage line) and exit status 2.
  func usage(_ message: String) -> Never {
    if json {
      Output.errorText(Self.object(code: "USAGE", message: message))
    } else {
      Output.errorText(message.hasPrefix("Error: ") ? message : "Error: \(message)")
    }
    Glibc.exit(2)
  }

  /// An unknown command, with the nearest known one when it is close.
  func unknownCommand(_ name: String, among commands: [String]) -> Never {
    var message = "Unknown command '\(name)'."
    if let nearest = CommandSuggestion.nearest(to: name, among: commands) {
      message += " Did you mean '\(nearest)'?"
    }
    if json { usage(message) }
    usage(
      "Error: \(message)\nUsage: curtain <subcommand>\n"
        + "  See 'curtain --help' for the list of commands.")
  }

  /// A failure: `curtain: text` (or the JSON object) and `status`.
  private func failure(code: String, message: String, text: String? = nil, status: Int32 = 1)
    -> Never
  {
    if json {
      Output.errorText(Self.object(code: code, message: message))
    } else {
      Output.error(text ?? message)
    }
    Glibc.exit(status)
  }

  /// `{"error":{"code":…,"message":…}}`.
  static func object(code: String, message: String) -> String {
    JSONValue.object([
      ("error", .object([("code", .string(code)), ("message", .string(message))]))
    ]).rendered
  }
}

extension ClientError {
  /// The code a failure of the client is reported with: MOVED for a
  /// redirect that cannot be followed (no address, a loop, a bad address),
  /// UNAVAILABLE when no daemon answers (none listens, the session's node
  /// cannot be reached, the daemon was lost and did not come back).
  var reportedCode: String {
    switch self {
    case .moved(_, .unreachable), .reconnectFailed: return "UNAVAILABLE"
    case .moved: return "MOVED"
    default: return isNoListener ? "UNAVAILABLE" : "FAILED"
    }
  }

  /// Whether the daemon went away for good while a command followed it:
  /// it said goodbye because it stops, or the connection was lost and
  /// dialling again failed.
  var meansDaemonStopped: Bool {
    switch self {
    case .goodbye(let reason, _): return reason == .shutdown
    case .reconnectFailed: return true
    default: return false
    }
  }
}
