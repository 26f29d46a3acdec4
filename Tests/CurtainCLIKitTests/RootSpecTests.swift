import CurtainCLIKit
import CurtainWire
import XCTest

/// `--root SPEC`: the grammar, its error messages, and the controller tree
/// it travels as.
final class RootSpecTests: XCTestCase {
  // MARK: Parsing

  func testBareNameIsAContentController() throws {
    XCTAssertEqual(try RootSpec.parse("Home"), .content("Home"))
    XCTAssertEqual(try RootSpec.parse("  Home  "), .content("Home"))
    XCTAssertEqual(try RootSpec.parse("my-view_2.b"), .content("my-view_2.b"))
  }

  func testContainersNest() throws {
    XCTAssertEqual(
      try RootSpec.parse("nav[A,B]"),
      RootSpec(kind: .navigation, children: [.content("A"), .content("B")]))
    XCTAssertEqual(
      try RootSpec.parse("tab[nav[A],B]"),
      RootSpec(
        kind: .tabBar,
        children: [RootSpec(kind: .navigation, children: [.content("A")]), .content("B")]))
    XCTAssertEqual(
      try RootSpec.parse("container[A, B]"),
      RootSpec(kind: .container, children: [.content("A"), .content("B")]))
  }

  func testSplitAndPageContainers() throws {
    XCTAssertEqual(
      try RootSpec.parse("Split=split[nav[A],B]"),
      RootSpec(
        kind: .split, identifier: "Split",
        children: [RootSpec(kind: .navigation, children: [.content("A")]), .content("B")]))
    XCTAssertEqual(
      try RootSpec.parse("split[A]"), RootSpec(kind: .split, children: [.content("A")]))
    XCTAssertEqual(
      try RootSpec.parse("page[P1,P2,P3]"),
      RootSpec(kind: .page, children: [.content("P1"), .content("P2"), .content("P3")]))
    XCTAssertEqual(try RootSpec.parse("split[A,page[B]]").description, "split[A,page[B]]")
    assertError(
      "split[A,B,C]", column: 11,
      "split[…] takes a primary and at most one secondary, found a third column")
  }

  func testLongKeywordsSpacesAndEmptyContainers() throws {
    XCTAssertEqual(
      try RootSpec.parse(" navigation [ A , tabbar[] ] "),
      RootSpec(kind: .navigation, children: [.content("A"), RootSpec(kind: .tabBar)]))
    XCTAssertEqual(try RootSpec.parse("nav[]"), RootSpec(kind: .navigation))
  }

  func testContainersCanBeNamed() throws {
    XCTAssertEqual(
      try RootSpec.parse("Main=nav[A]"),
      RootSpec(kind: .navigation, identifier: "Main", children: [.content("A")]))
    XCTAssertEqual(
      try RootSpec.parse("Tabs = tab[ Feed = nav[Home], Me ]"),
      RootSpec(
        kind: .tabBar, identifier: "Tabs",
        children: [
          RootSpec(kind: .navigation, identifier: "Feed", children: [.content("Home")]),
          .content("Me"),
        ]))
  }

  func testKeywordsWithoutBracketsAreNames() throws {
    XCTAssertEqual(try RootSpec.parse("nav"), .content("nav"))
    XCTAssertEqual(
      try RootSpec.parse("tab[nav,container]"),
      RootSpec(kind: .tabBar, children: [.content("nav"), .content("container")]))
  }

  func testDescriptionIsCanonicalAndParsesBack() throws {
    let text = " Tabs = tab[ nav[A , B], container[C], D ] "
    let spec = try RootSpec.parse(text)
    XCTAssertEqual(spec.description, "Tabs=tab[nav[A,B],container[C],D]")
    XCTAssertEqual(try RootSpec.parse(spec.description), spec)
  }

  // MARK: Errors

  func testErrorsNameTheColumnAndTheExpectation() {
    assertError(
      "", column: 1,
      "expected a controller name or nav[…], tab[…], container[…], split[…], page[…], found the end of the spec"
    )
    assertError("nav[A B]", column: 7, "expected ',' or ']' in nav[…], found 'B'")
    assertError(
      "nav[A,]", column: 7,
      "expected a controller name or nav[…], tab[…], container[…], split[…], page[…], found ']'")
    assertError("nav[A", column: 6, "expected ',' or ']' in nav[…], found the end of the spec")
    assertError(
      "tab[nav[A],B", column: 13, "expected ',' or ']' in tab[…], found the end of the spec")
    assertError(
      "foo[A]", column: 1,
      "unknown container 'foo': expected nav, tab, container, split or page before '['")
    assertError(
      "A=B", column: 3,
      "expected nav[…], tab[…], container[…], split[…] or page[…] after 'A=', found 'B'")
    assertError(
      "A=", column: 3,
      "expected nav[…], tab[…], container[…], split[…] or page[…] after 'A=', found the end of the spec"
    )
    assertError("A]", column: 2, "expected the end of the spec, found ']'")
    assertError("nav[A!]", column: 6, "expected ',' or ']' in nav[…], found '!'")
    assertError(
      "@Home", column: 1,
      "expected a controller name or nav[…], tab[…], container[…], split[…], page[…], found '@'")
  }

  func testIdentifiersMayNotRepeat() {
    assertError(
      "nav[A,tab[B,A]]", column: 13,
      "identifier 'A' is used twice (first at column 5); identifiers are unique per session")
    assertError(
      "A=nav[A]", column: 7,
      "identifier 'A' is used twice (first at column 1); identifiers are unique per session")
  }

  func testIdentifierLengthAndNestingAreLimited() {
    let long = String(repeating: "x", count: 129)
    assertError(long, column: 1, "identifier '\(long)' is longer than 128 characters")
    let deep = String(repeating: "nav[", count: 33) + "A" + String(repeating: "]", count: 33)
    assertError(deep, column: 129, "controllers nest deeper than 32 levels")
    let fine = String(repeating: "nav[", count: 31) + "A" + String(repeating: "]", count: 31)
    XCTAssertNoThrow(try RootSpec.parse(fine))
  }

  func testErrorDescriptionPointsAtTheColumn() {
    XCTAssertThrowsError(try RootSpec.parse("nav[A B]")) { error in
      XCTAssertEqual(
        "\(error)",
        """
        invalid root spec at column 7: expected ',' or ']' in nav[…], found 'B'
          nav[A B]
                ^
        """)
    }
  }

  // MARK: On the wire

  func testTheSpecTravelsAsOneControllerTree() throws {
    let wire = try RootSpec.parse("tab[Feed=nav[A,B],container[C],split[D,page[E,F]],nav[]]").wire
    func text(_ spec: Curtain_V1_ControllerSpec) -> String {
      let name = spec.identifier.isEmpty ? "" : "\(spec.identifier)="
      return "\(name)\(spec.kind.name)(\(spec.children.map(text).joined(separator: " ")))"
    }
    XCTAssertEqual(
      text(wire),
      "tabBar(Feed=navigation(A=content() B=content()) container(C=content()) "
        + "split(D=content() page(E=content() F=content())) navigation())")
  }

  private func assertError(
    _ text: String, column: Int, _ reason: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertThrowsError(try RootSpec.parse(text), file: file, line: line) { error in
      guard let error = error as? RootSpecError else {
        return XCTFail("unexpected error \(error)", file: file, line: line)
      }
      XCTAssertEqual(error.column, column, "column", file: file, line: line)
      XCTAssertEqual(error.reason, reason, file: file, line: line)
      XCTAssertEqual(error.text, text, file: file, line: line)
    }
  }
}
