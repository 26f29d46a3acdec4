// The `--log-format` values: how curtaind writes its log to stderr.

import ArgumentParser
import Logging

/// A log format as written on the command line.
enum LogFormat: String, CaseIterable, ExpressibleByArgument {
  /// swift-log's text lines: time, level, label, message and `key=value`
  /// metadata.
  case text
  /// JSON lines for log collectors (JSONLogHandler.swift).
  case json

  /// A handler of this format writing to stderr, at `level`.
  func handler(label: String, level: Logger.Level) -> any LogHandler {
    switch self {
    case .text:
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    case .json:
      var handler = JSONLogHandler(label: label)
      handler.logLevel = level
      return handler
    }
  }
}
