// The `--log-level` values, mapped onto swift-log's levels.

import ArgumentParser
import Logging

/// A log level as written on the command line.
enum LogLevel: String, CaseIterable, ExpressibleByArgument {
  /// Everything, including each message.
  case trace
  /// Connections, closes, decisions.
  case debug
  /// Start, stop, listeners.
  case info
  /// Signals and shutdown.
  case notice
  /// Problems the daemon recovers from.
  case warning
  /// Failures.
  case error
  /// Failures that stop the daemon.
  case critical

  /// The swift-log level.
  var level: Logger.Level {
    switch self {
    case .trace: return .trace
    case .debug: return .debug
    case .info: return .info
    case .notice: return .notice
    case .warning: return .warning
    case .error: return .error
    case .critical: return .critical
    }
  }
}
