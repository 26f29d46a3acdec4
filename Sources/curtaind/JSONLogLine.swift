// JSON lines for log collectors (`--log-format json`): each line curtaind
// writes (log entries, "listening on", the reason it could not start) is one
// JSON object on one line of stderr (and --log-file), written with a single
// write, keys sorted:
//
//   {"label":"curtaind","level":"debug","message":"request",
//    "metadata":{"client":"3","kind":"push",...},"timestamp":"2026-01-31T12:00:00.123Z"}
//
// `timestamp` is UTC with milliseconds; `metadata` is left out when empty;
// metadata strings stay strings, arrays become arrays and dictionaries
// objects.

import Foundation
import Logging

/// curtaind's JSON lines.
enum JSONLogLine {
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
}
