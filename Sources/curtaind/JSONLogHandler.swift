// JSON lines for log collectors (`--log-format json`): each log entry is one
// JSON object on one line of stderr, written with a single write, keys
// sorted:
//
//   {"label":"curtaind","level":"debug","message":"request",
//    "metadata":{"client":"3","kind":"push",...},"timestamp":"2026-01-31T12:00:00.123Z"}
//
// `timestamp` is UTC with milliseconds; `metadata` is left out when empty;
// metadata strings stay strings, arrays become arrays and dictionaries
// objects.

import Foundation
import Logging

#if canImport(Glibc)
  import Glibc
#endif

/// A swift-log handler that writes JSON lines to stderr.
struct JSONLogHandler: LogHandler {
  /// The logger's label.
  let label: String
  var logLevel: Logger.Level = .info
  var metadata: Logger.Metadata = [:]

  init(label: String) {
    self.label = label
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
    let line = Self.line(
      timestamp: Self.now(), level: event.level, label: label,
      message: event.message.description, metadata: merged)
    StandardError.write(line + "\n")
  }

  /// One entry as a JSON object on one line (keys sorted).
  static func line(
    timestamp: String, level: Logger.Level, label: String, message: String,
    metadata: Logger.Metadata
  ) -> String {
    var object: [String: Any] = [
      "timestamp": timestamp, "level": level.rawValue, "label": label, "message": message,
    ]
    if !metadata.isEmpty { object["metadata"] = json(.dictionary(metadata)) }
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return "{\"level\":\"error\",\"message\":\"unencodable log entry\"}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// A metadata value as a JSON object for JSONSerialization.
  static func json(_ value: Logger.Metadata.Value) -> Any {
    switch value {
    case .string(let text): return text
    case .stringConvertible(let convertible): return convertible.description
    case .array(let values): return values.map(json)
    case .dictionary(let entries): return entries.mapValues(json)
    }
  }

  /// The current UTC time, ISO 8601 with milliseconds.
  static func now() -> String {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    var seconds = spec.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
    let prefix = String(
      decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let milliseconds = String(spec.tv_nsec / 1_000_000).leftPadded(to: 3)
    return "\(prefix).\(milliseconds)Z"
  }
}

extension String {
  /// The string with zeros in front up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
