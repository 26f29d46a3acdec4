// The `--log-format` values: how every line curtaind writes looks, on
// stderr and in the --log-file.

import ArgumentParser
import Logging

/// A log format as written on the command line.
enum LogFormat: String, CaseIterable, ExpressibleByArgument {
  /// Text lines (TextLogLine.swift): time, level, label, message and
  /// `key=value` metadata.
  case text
  /// JSON lines for log collectors (JSONLogLine.swift).
  case json

  /// An entry as a line of this format (without the newline).
  func line(
    level: Logger.Level, message: String, metadata: Logger.Metadata = [:],
    label: String = "curtaind"
  ) -> String {
    switch self {
    case .text:
      return TextLogLine.line(
        timestamp: LogTimestamp.now(), level: level, label: label, message: message,
        metadata: metadata)
    case .json:
      return JSONLogLine.line(
        timestamp: LogTimestamp.now(), level: level, label: label, message: message,
        metadata: metadata)
    }
  }
}

/// The swift-log handler of curtaind: each entry is one line of the log's
/// format, written to its sink.
struct LineLogHandler: LogHandler {
  let label: String
  let format: LogFormat
  let sink: LogSink
  var logLevel: Logger.Level
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
    sink.write(
      format.line(
        level: event.level, message: event.message.description, metadata: merged, label: label))
  }
}
