// Where a document that should be JSON (RFC 8259) stops being JSON: the
// line and column of the first byte that cannot continue it, the path of
// the value being read there (`scenes[1].title`, as a storyboard's schema
// errors name fields) and what was expected. Parsers on Linux say only that
// a document is not valid JSON (JSONDecoder, SwiftProtobuf) or give a byte
// offset (JSONSerialization, not in FoundationEssentials, which the CLI
// links): a storyboard loaded by the daemon and an animator file read by
// the CLI are checked with this when their parser refuses them, so that
// the error says where to look. It only finds the error; the documents are
// still read by their parsers.

/// The first syntax error of a JSON document.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Its line, from 1.
  public let line: Int
  /// Its column, in characters from 1.
  public let column: Int
  /// The value being read (`storyboard.scenes[1]`), from the document's name.
  public let path: String
  /// What was expected, or what is wrong.
  public let reason: String

  /// An error at `line`, `column` of the value `path`.
  public init(line: Int, column: Int, path: String, reason: String) {
    self.line = line
    self.column = column
    self.path = path
    self.reason = reason
  }

  /// `line 3, column 7, scenes[1].title: expected a value`.
  public var description: String { "line \(line), column \(column), \(path): \(reason)" }

  /// The first syntax error of `bytes` (a whole document, whose root is
  /// named `root` in paths), or nil when it is JSON.
  public static func find(in bytes: [UInt8], root: String) -> JSONSyntaxError? {
    var scanner = Scanner(bytes: bytes, path: [root])
    do throws(JSONSyntaxError) {
      scanner.skipSpace()
      try scanner.value()
      scanner.skipSpace()
      if scanner.index < bytes.count { throw scanner.failure("expected the end of the document") }
      return nil
    } catch {
      return error
    }
  }

  /// A recursive-descent reader that only checks.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var path: [String]
    /// Arrays and objects open, for a document nested too deep to check.
    var depth = 0

    init(bytes: [UInt8], path: [String]) {
      self.bytes = bytes
      self.path = path
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func failure(_ reason: String) -> JSONSyntaxError {
      var line = 1
      var lineStart = 0
      for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
        line += 1
        lineStart = position + 1
      }
      let prefix = bytes[lineStart..<min(index, bytes.count)]
      let column = String(decoding: prefix, as: UTF8.self).count + 1
      let found: String
      if let byte = current {
        found = byte >= 0x20 && byte < 0x7F ? " (found '\(Character(UnicodeScalar(byte)))')" : ""
      } else {
        found = " (found the end of the document)"
      }
      return JSONSyntaxError(
        line: line, column: column, path: path.joined(), reason: reason + found)
    }

    mutating func skipSpace() {
      while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
    }

    mutating func expect(_ byte: UInt8, _ reason: String) throws(JSONSyntaxError) {
      guard current == byte else { throw failure(reason) }
      index += 1
    }

    mutating func value() throws(JSONSyntaxError) {
      switch current {
      case UInt8(ascii: "{"): try object()
      case UInt8(ascii: "["): try array()
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      case let byte? where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte): try number()
      default: throw failure("expected a value")
      }
    }

    mutating func nest() throws(JSONSyntaxError) {
      depth += 1
      guard depth <= 512 else { throw failure("nested deeper than 512 levels") }
    }

    mutating func object() throws(JSONSyntaxError) {
      try nest()
      index += 1
      skipSpace()
      if current == UInt8(ascii: "}") {
        index += 1
        depth -= 1
        return
      }
      while true {
        guard current == UInt8(ascii: "\"") else {
          throw failure("expected a key in double quotes")
        }
        let start = index + 1
        try string()
        let key = String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        skipSpace()
        try expect(UInt8(ascii: ":"), "expected ':' after the key")
        skipSpace()
        path.append(".\(key)")
        try value()
        path.removeLast()
        skipSpace()
        if current == UInt8(ascii: ",") {
          index += 1
          skipSpace()
          continue
        }
        try expect(UInt8(ascii: "}"), "expected ',' or '}'")
        depth -= 1
        return
      }
    }

    mutating func array() throws(JSONSyntaxError) {
      try nest()
      index += 1
      skipSpace()
      if current == UInt8(ascii: "]") {
        index += 1
        depth -= 1
        return
      }
      var element = 0
      while true {
        path.append("[\(element)]")
        try value()
        path.removeLast()
        skipSpace()
        if current == UInt8(ascii: ",") {
          index += 1
          skipSpace()
          element += 1
          continue
        }
        try expect(UInt8(ascii: "]"), "expected ',' or ']'")
        depth -= 1
        return
      }
    }

    mutating func string() throws(JSONSyntaxError) {
      index += 1
      while let byte = current {
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          return
        case UInt8(ascii: "\\"):
          index += 1
          guard let escaped = current else { break }
          if escaped == UInt8(ascii: "u") {
            for _ in 0..<4 {
              index += 1
              guard let hex = current, Self.isHex(hex) else {
                throw failure("expected four hex digits after \\u")
              }
            }
          } else if !"\"\\/bfnrt".utf8.contains(escaped) {
            throw failure("unknown escape")
          }
          index += 1
        case 0..<0x20:
          throw failure("a control character in a string (escape it)")
        default:
          index += 1
        }
      }
      throw failure("unterminated string")
    }

    mutating func number() throws(JSONSyntaxError) {
      if current == UInt8(ascii: "-") { index += 1 }
      guard let first = current, Self.isDigit(first) else { throw failure("expected a digit") }
      index += 1
      if first != UInt8(ascii: "0") { digits() }
      if current == UInt8(ascii: ".") {
        index += 1
        guard let next = current, Self.isDigit(next) else {
          throw failure("expected a digit after '.'")
        }
        digits()
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        index += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
        guard let next = current, Self.isDigit(next) else {
          throw failure("expected a digit in the exponent")
        }
        digits()
      }
    }

    mutating func digits() {
      while let byte = current, Self.isDigit(byte) { index += 1 }
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
      for byte in word.utf8 {
        guard current == byte else { throw failure("expected \(word)") }
        index += 1
      }
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isHex(_ byte: UInt8) -> Bool {
      isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
  }
}
