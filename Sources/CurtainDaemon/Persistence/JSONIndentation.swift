// Indents compact JSON for people (portable documents): each member and
// element on a line of its own, two spaces per level, a space after each
// colon, empty objects and arrays as `{}` and `[]`. Only whitespace is
// added: strings (escapes included) and numbers are copied byte for byte,
// so the values read back exactly as they were written.

enum JSONIndentation {
  /// `json` (compact, valid JSON) indented.
  static func indented(_ json: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(json.count * 2)
    var depth = 0
    var inString = false
    var escaped = false
    var index = 0
    func newline() {
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
        output.append(0x20)
      case 0x20, 0x0A, 0x0D, 0x09:
        continue
      default:
        output.append(byte)
      }
    }
    return output
  }
}
