// curtaind's text log (`--log-format text`, the default): one line per
// entry, the same shape for every line the daemon writes, including
// "listening on" and the reason it could not start:
//
//   2026-01-31T12:00:00.123Z info curtaind: listening on /run/user/1000/curtain/default.sock
//   2026-01-31T12:00:01.004Z debug curtaind: request client=3 kind=push outcome=OK
//
// UTC time with milliseconds, the level, the label, the message, then the
// metadata as key=value sorted by key; a value with a space, a quote, `=`
// or a control character is written as a JSON string.

import Foundation
import Logging

/// curtaind's text lines.
enum TextLogLine {
  /// One entry as a line (without the newline).
  static func line(
    timestamp: String, level: Logger.Level, label: String, message: String,
    metadata: Logger.Metadata
  ) -> String {
    var line = "\(timestamp) \(level.rawValue) \(label): \(message)"
    for key in metadata.keys.sorted() {
      line += " \(key)=\(quoted(text(metadata[key]!)))"
    }
    return line
  }

  /// A metadata value as text: arrays as `[a, b]`, dictionaries as
  /// `[k: v]`, keys sorted.
  private static func text(_ value: Logger.Metadata.Value) -> String {
    switch value {
    case .string(let text): return text
    case .stringConvertible(let convertible): return convertible.description
    case .array(let values): return "[" + values.map(text).joined(separator: ", ") + "]"
    case .dictionary(let entries):
      return "["
        + entries.keys.sorted().map { "\($0): \(text(entries[$0]!))" }.joined(separator: ", ")
        + "]"
    }
  }

  /// `text` as it is, or as a JSON string when it is empty or has a space,
  /// a quote, `=` or a control character.
  private static func quoted(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && !text.unicodeScalars.contains {
        $0 == " " || $0 == "\"" || $0 == "=" || $0.value < 0x20 || $0.value == 0x7F
      }
    if plain { return text }
    guard let data = try? JSONSerialization.data(withJSONObject: [text], options: []),
      let array = String(data: data, encoding: .utf8)
    else { return "\"\"" }
    return String(array.dropFirst().dropLast())
  }
}

/// The time of a log line.
enum LogTimestamp {
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
    let milliseconds = String(spec.tv_nsec / 1_000_000)
    return prefix + "." + String(repeating: "0", count: 3 - milliseconds.count) + milliseconds
      + "Z"
  }
}
