// The layout of a JSON text, changed without touching its values: indented
// for people (a portable session document as the daemon writes it: each
// member and element on a line of its own, two spaces per level, a space
// after each colon, empty objects and arrays as `{}` and `[]`), or on one
// line (`curtain export --json`, one JSON value per line). Only whitespace
// outside strings changes: strings (escapes included) and numbers are
// copied byte for byte, so the values read back exactly as they were
// written.

public enum JSONLayout {
  /// `json` (valid JSON) indented, whatever its layout was.
  public static func indented(_ json: [UInt8]) -> [UInt8] {
    laidOut(json, indenting: true)
  }

  /// `json` (valid JSON) on one line, without whitespace between tokens.
  public static func compact(_ json: [UInt8]) -> [UInt8] {
    laidOut(json, indenting: false)
  }

  private static func laidOut(_ json: [UInt8], indenting: Bool) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(indenting ? json.count * 2 : json.count)
    var depth = 0
    var inString = false
    var escaped = false
    var index = 0
    func newline() {
      guard indenting else { return }
      output.append(0x0A)
      output.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }
    while index < json.count {
      let byte = json[index]
      index += 1
      if inString {
        output.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        output.append(byte)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        output.append(byte)
        let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        while index < json.count, [0x20, 0x0A, 0x0D, 0x09].contains(json[index]) { index += 1 }
        if index < json.count, json[index] == closing {
          output.append(closing)
          index += 1
        } else {
          depth += 1
          newline()
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        newline()
        output.append(byte)
      case UInt8(ascii: ","):
        output.append(byte)
        newline()
      case UInt8(ascii: ":"):
        output.append(byte)
        if indenting { output.append(0x20) }
      case 0x20, 0x0A, 0x0D, 0x09:
        continue
      default:
        output.append(byte)
      }
    }
    return output
  }
}
