// JSONSyntaxError finds the first syntax error of a document: its line,
// column (in characters), the path of the value being read and what was
// expected; a valid document has none.

import CurtainCore
import CurtainWire
import XCTest

final class JSONSyntaxErrorTests: XCTestCase {
  private func find(_ text: String) -> JSONSyntaxError? {
    JSONSyntaxError.find(in: Array(text.utf8), root: "doc")
  }

  func testValidDocumentsHaveNone() {
    for text in [
      "{}", " [ ] ", #"{"a": [1, -2.5e+3, 0, true, false, null, "\u00e9\n\"x\""], "b": {}}"#,
      "\n\t\"only a string\"\r\n", "-0.0E-1",
    ] {
      XCTAssertNil(find(text), text)
    }
  }

  func testTheFirstErrorIsPlacedAndNamed() {
    let cases: [(String, JSONSyntaxError)] = [
      (
        "{\n  \"scenes\": [{\"id\": \"A\"}, {\"id\": \"B\" \"kind\": 1}]}",
        JSONSyntaxError(
          line: 2, column: 38, path: "doc.scenes[1]", reason: "expected ',' or '}' (found '\"')")
      ),
      (
        #"{"a": [1, 2,]}"#,
        JSONSyntaxError(
          line: 1, column: 13, path: "doc.a[2]", reason: "expected a value (found ']')")
      ),
      (
        "{\"é\": tru}",
        JSONSyntaxError(line: 1, column: 10, path: "doc.é", reason: "expected true (found '}')")
      ),
      (
        "{\"a\": \"no end",
        JSONSyntaxError(
          line: 1, column: 14, path: "doc.a",
          reason: "unterminated string (found the end of the document)")
      ),
      (
        "{a: 1}",
        JSONSyntaxError(
          line: 1, column: 2, path: "doc", reason: "expected a key in double quotes (found 'a')")
      ),
      (
        "[01]",
        JSONSyntaxError(line: 1, column: 3, path: "doc", reason: "expected ',' or ']' (found '1')")
      ),
      (
        "{} {}",
        JSONSyntaxError(
          line: 1, column: 4, path: "doc", reason: "expected the end of the document (found '{')")
      ),
      (
        "\"tab\there\"",
        JSONSyntaxError(
          line: 1, column: 5, path: "doc", reason: "a control character in a string (escape it)")
      ),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(find(text), expected, text)
    }
    XCTAssertEqual(
      find("[1,\n 2 x]")?.description, "line 2, column 4, doc: expected ',' or ']' (found 'x')")
  }

  func testAnAnimatorsErrorNamesTheTrackAndItsField() throws {
    var fade = Curtain_V1_Track()
    fade.target.role = .toView
    fade.property = .alpha
    fade.to.base = .value
    fade.to.value.scalar = 1
    var bare = Curtain_V1_Track()
    bare.target.role = .toView
    var spec = Curtain_V1_AnimatorSpec()
    spec.duration = 0.5
    spec.tracks = [fade, bare]
    XCTAssertThrowsError(try AnimatorSpec(spec)) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message, "tracks[1].property: A track needs a property")
    }
    spec.tracks = [fade]
    spec.tracks[0].relativeDelay = 0.8
    spec.tracks[0].relativeDuration = 0.5
    XCTAssertThrowsError(try AnimatorSpec(spec)) { error in
      XCTAssertTrue(
        (error as? CurtainError)?.message.hasPrefix("tracks[0]: Track timing must satisfy") == true,
        "\(error)")
    }
  }
}
