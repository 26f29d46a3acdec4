// JSONLayout changes only the whitespace between a JSON text's tokens:
// indented for people, or on one line; strings (with their blanks, escapes
// and quotes) and numbers are copied byte for byte, and each layout turns
// back into the other.

import CurtainWire
import XCTest

final class JSONLayoutTests: XCTestCase {
  private let compact = #"{"a":[1,-2.5e+3,{}],"b":{"s":"x: [1, 2], \"q\" \\","e":[]},"n":null}"#

  private let indented = """
    {
      "a": [
        1,
        -2.5e+3,
        {}
      ],
      "b": {
        "s": "x: [1, 2], \\"q\\" \\\\",
        "e": []
      },
      "n": null
    }
    """

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func testIndentedPutsEachMemberOnALineOfItsOwn() {
    XCTAssertEqual(text(JSONLayout.indented(Array(compact.utf8))), indented)
  }

  func testCompactPutsTheIndentedFormOnOneLine() {
    XCTAssertEqual(text(JSONLayout.compact(Array(indented.utf8))), compact)
    // Any whitespace between tokens goes, also inside empty containers.
    XCTAssertEqual(
      text(JSONLayout.compact(Array(" {\t\"k\" :\r\n [ ] , \"v\": { } }\n".utf8))),
      #"{"k":[],"v":{}}"#)
  }

  func testEachLayoutIsStable() {
    XCTAssertEqual(text(JSONLayout.compact(Array(compact.utf8))), compact)
    XCTAssertEqual(text(JSONLayout.indented(Array(indented.utf8))), indented)
  }
}
