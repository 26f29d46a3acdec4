// A tiny JSON writer for the CLI's `--json` output. Objects keep their keys
// in the order they were built, so every line has the same documented key
// order; numbers print integral values without a fraction and other values
// rounded to nine decimals in Swift's shortest form, so output is
// byte-for-byte deterministic (golden tests compare it as text) and free of
// binary-fraction noise.

/// A JSON value with ordered object keys.
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number; non-finite values render as `null`.
  case number(Double)
  /// An unsigned integer (ids, sequence numbers), exact beyond 2^53.
  case unsigned(UInt64)
  /// An integer.
  case integer(Int64)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; keys render in this order.
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.rendered == rhs.rendered
  }

  /// An id, or `null` for 0 (the wire's "none").
  public static func id(_ value: UInt64) -> JSONValue { value == 0 ? .null : .unsigned(value) }

  /// A string, or `null` when empty.
  public static func optionalString(_ value: String) -> JSONValue {
    value.isEmpty ? .null : .string(value)
  }

  /// Compact JSON text (no spaces, no newline).
  public var rendered: String {
    var output = ""
    render(into: &output)
    return output
  }

  private func render(into output: inout String) {
    switch self {
    case .null:
      output += "null"
    case .bool(let value):
      output += value ? "true" : "false"
    case .number(let value):
      output += Self.number(value)
    case .unsigned(let value):
      output += String(value)
    case .integer(let value):
      output += String(value)
    case .string(let value):
      Self.quote(value, into: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.render(into: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        Self.quote(key, into: &output)
        output += ":"
        value.render(into: &output)
      }
      output += "}"
    }
  }

  /// JSON text of a double: integral values without a fraction, others
  /// rounded to nine decimals (below any value the daemon means, above the
  /// noise of binary fractions: 0.1 + 0.2 prints 0.3) in the shortest form
  /// that reads back, non-finite as `null`.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    if abs(value) < 1e6 {
      let rounded = (value * 1e9).rounded() / 1e9
      if rounded == rounded.rounded() { return String(Int64(rounded)) }
      return "\(rounded)"
    }
    return "\(value)"
  }

  private static func quote(_ string: String, into output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}
