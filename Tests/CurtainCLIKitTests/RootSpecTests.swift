import CurtainCLIKit
import CurtainWire
import XCTest

/// `--root SPEC`: the grammar, its error messages, and the requests that
/// create a parsed tree.
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

  // MARK: Creating

  func testCreationIsBottomUpAndFillsEachContainer() throws {
    let daemon = FakeDaemon()
    let root = try RootSpec.parse("tab[Feed=nav[A,B],container[C,D],E,nav[]]").create(
      using: daemon.perform)
    XCTAssertEqual(root.id, 10)
    XCTAssertEqual(
      daemon.log,
      [
        "create content A -> c1",
        "create content B -> c2",
        "create navigation Feed -> c3",
        "setStack c3 [c1, c2] notAnimated=true",
        "create content C -> c4",
        "create content D -> c5",
        "create container - -> c6",
        "addChild c6 c4",
        "addChild c6 c5",
        "create content E -> c7",
        "create navigation - -> c8",
        // The fake skips c9 so that the test shows references use the ids
        // the daemon answered, not a count.
        "create tabBar - -> c10",
        "setTabs c10 [c3, c6, c7, c8]",
      ])
  }

  func testCreatingSplitAndPageControllersSetsTheirColumnsAndDataSource() throws {
    let daemon = FakeDaemon()
    _ = try RootSpec.parse("split[A,page[B,C]]").create(using: daemon.perform)
    XCTAssertEqual(
      daemon.log,
      [
        "create content A -> c1",
        "create content B -> c2",
        "create content C -> c3",
        "create page - -> c4",
        "setPages c4 [] source [c2, c3] notAnimated=true",
        "create split - -> c5",
        "setSplitColumns c5 c1 c4",
      ])
  }

  func testCreationStopsAtTheFirstError() {
    let daemon = FakeDaemon()
    daemon.failOn = "B"
    XCTAssertThrowsError(try RootSpec.parse("nav[A,B,C]").create(using: daemon.perform)) { error in
      XCTAssertEqual(error as? Refused, Refused(identifier: "B"))
    }
    XCTAssertEqual(daemon.log, ["create content A -> c1"])
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

/// The error the fake daemon throws for `failOn`.
private struct Refused: Error, Equatable {
  let identifier: String
}

/// Answers the requests `RootSpec.create` sends and logs them, one line each.
private final class FakeDaemon {
  private(set) var log: [String] = []
  var failOn: String?
  private var nextID: UInt64 = 1

  func perform(_ body: WireRequest.OneOf_Body) throws -> WireResponse {
    var response = WireResponse()
    switch body {
    case .createController(let create):
      if create.identifier == failOn { throw Refused(identifier: create.identifier) }
      if create.kind == .tabBar { nextID += 1 }
      var info = Curtain_V1_ControllerInfo()
      info.id = nextID
      info.kind = create.kind
      nextID += 1
      let label = create.identifier.isEmpty ? "-" : create.identifier
      log.append("create \(create.kind.name) \(label) -> c\(info.id)")
      response.controller = info
    case .setStack(let setStack):
      log.append(
        "setStack \(name(setStack.navigation)) [\(names(setStack.controllers))] "
          + "notAnimated=\(setStack.notAnimated)")
      response.operation = Curtain_V1_OperationResult()
    case .setTabs(let setTabs):
      log.append("setTabs \(name(setTabs.tabBar)) [\(names(setTabs.controllers))]")
      response.operation = Curtain_V1_OperationResult()
    case .addChild(let addChild):
      log.append("addChild \(name(addChild.parent)) \(name(addChild.child))")
      response.operation = Curtain_V1_OperationResult()
    case .setSplitColumns(let columns):
      log.append(
        "setSplitColumns \(name(columns.split)) \(name(columns.primary)) "
          + (columns.hasSecondary ? name(columns.secondary) : "nil"))
      response.operation = Curtain_V1_OperationResult()
    case .setPages(let pages):
      log.append(
        "setPages \(name(pages.page)) [\(names(pages.controllers))] source "
          + "[\(names(pages.dataSource))] notAnimated=\(pages.notAnimated)")
      response.operation = Curtain_V1_OperationResult()
    default:
      XCTFail("unexpected request \(body)")
    }
    return response
  }
}

private func names(_ refs: [Curtain_V1_ControllerRef]) -> String {
  refs.map(name).joined(separator: ", ")
}

private func name(_ ref: Curtain_V1_ControllerRef) -> String {
  switch ref.ref {
  case .id(let id)?: return "c\(id)"
  case .identifier(let identifier)?: return "@\(identifier)"
  case nil: return "nil"
  }
}
