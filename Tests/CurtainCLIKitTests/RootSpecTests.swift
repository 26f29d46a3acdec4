import CurtainCLIKit
import CurtainCore
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

  // MARK: Collections

  private func collection(
    _ identifier: String?, _ build: (inout Curtain_V1_CollectionOptions) -> Void = { _ in }
  ) -> RootSpec {
    var options = Curtain_V1_CollectionOptions()
    build(&options)
    return RootSpec(kind: .collection, identifier: identifier, collection: options)
  }

  func testACollectionTakesTheOptionsOfNewControllerCollection() throws {
    XCTAssertEqual(try RootSpec.parse("collection[]"), collection(nil))
    XCTAssertEqual(try RootSpec.parse("collection"), .content("collection"))
    XCTAssertEqual(
      try RootSpec.parse(
        "Grid = collection[ items=8, item-size = 100x120, spacing=5, line-spacing=2.5, "
          + "section-inset=1:2:3:4, layout-to-layout ]"),
      collection("Grid") {
        $0.itemCount = 8
        $0.layout.flow.itemSize = Curtain_V1_Size(Size(width: 100, height: 120))
        $0.layout.flow.interitemSpacing = 5
        $0.layout.flow.lineSpacing = 2.5
        $0.layout.flow.sectionInset = Curtain_V1_EdgeInsets(
          EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        $0.layoutToLayout = true
      })
    let frames = try RootSpec.parse("collection[frames=0:0:10:10;10:0:10.5:10]")
    XCTAssertEqual(
      frames.collection?.layout.frames.frames,
      [
        Curtain_V1_Rect(Rect(x: 0, y: 0, width: 10, height: 10)),
        Curtain_V1_Rect(Rect(x: 10, y: 0, width: 10.5, height: 10)),
      ])
    XCTAssertFalse(frames.collection?.hasItemCount ?? true, "one item per frame")
    let nav = try RootSpec.parse(
      "Nav=nav[Small=collection[items=4],Large=collection[items=4,item-size=150x150,"
        + "layout-to-layout]]")
    XCTAssertEqual(nav.children.map(\.kind), [.collection, .collection])
    XCTAssertEqual(nav.children[1].collection?.layout.flow.itemSize.width, 150)
  }

  func testACollectionsDescriptionIsCanonicalAndParsesBack() throws {
    for text in [
      "Grid=collection[items=8,item-size=100x120,spacing=5,line-spacing=2.5,"
        + "section-inset=1:2:3:4,layout-to-layout]",
      "collection[frames=0:0:10:10;10:0:10.5:10]",
      "nav[collection[],collection[layout-to-layout,spacing=0]]",
    ] {
      let spec = try RootSpec.parse(text)
      XCTAssertEqual(try RootSpec.parse(spec.description), spec, text)
    }
    XCTAssertEqual(
      try RootSpec.parse("nav[collection[layout-to-layout, spacing=0]]").description,
      "nav[collection[spacing=0,layout-to-layout]]")
  }

  func testACollectionsBadOptionsNameTheirColumn() {
    assertError(
      "collection[items=4, colour=red]", column: 21,
      "expected a collection option (items=, item-size=, spacing=, line-spacing=, "
        + "section-inset=, frames= or layout-to-layout), found 'colour=red'")
    assertError(
      "collection[items=4,]", column: 20,
      "expected a collection option (items=, item-size=, spacing=, line-spacing=, "
        + "section-inset=, frames= or layout-to-layout), found nothing")
    assertError(
      "collection[items=4,items=5]", column: 20, "collection option 'items' is given twice")
    assertError(
      "collection[items=-1]", column: 12,
      "'-1' is not an item count: use a whole number as in items=12")
    assertError(
      "collection[item-size=0x10]", column: 12,
      "'0x10' is not an item size: use WIDTHxHEIGHT (> 0) as in item-size=100x100")
    assertError(
      "collection[spacing=-2]", column: 12,
      "'-2' is not a spacing: use points (≥ 0) as in spacing=10")
    assertError(
      "collection[section-inset=1:2:3]", column: 12,
      "'1:2:3' is not a section inset: use TOP:LEFT:BOTTOM:RIGHT (≥ 0) as in "
        + "section-inset=10:20:10:20")
    assertError(
      "collection[frames=0:0:10]", column: 12,
      "'0:0:10' is not an item frame: use X:Y:WIDTH:HEIGHT with a non-negative size, frames "
        + "separated by ';', as in frames=0:0:100:100;100:0:100:100")
    assertError(
      "collection[item-size=10x10,frames=0:0:10:10]", column: 28,
      "frames= gives item frames; item-size=, spacing=, line-spacing= and section-inset= "
        + "describe a flow layout: use one or the other")
    assertError(
      "collection[frames=0:0:10:10, spacing=1]", column: 30,
      "frames= gives item frames; item-size=, spacing=, line-spacing= and section-inset= "
        + "describe a flow layout: use one or the other")
    assertError("collection[layout-to-layout=yes]", column: 12, "layout-to-layout takes no value")
    assertError("collection[items]", column: 12, "collection option 'items' needs a value: items=…")
    assertError(
      "collection[items=1", column: 19,
      "expected ',' or ']' in collection[…], found the end of the spec")
  }

  // MARK: Errors

  func testErrorsNameTheColumnAndTheExpectation() {
    assertError(
      "", column: 1,
      "expected a controller name or nav[…], tab[…], container[…], split[…], page[…], "
        + "collection[…], found the end of the spec")
    assertError("nav[A B]", column: 7, "expected ',' or ']' in nav[…], found 'B'")
    assertError(
      "nav[A,]", column: 7,
      "expected a controller name or nav[…], tab[…], container[…], split[…], page[…], "
        + "collection[…], found ']'")
    assertError("nav[A", column: 6, "expected ',' or ']' in nav[…], found the end of the spec")
    assertError(
      "tab[nav[A],B", column: 13, "expected ',' or ']' in tab[…], found the end of the spec")
    assertError(
      "foo[A]", column: 1,
      "unknown container 'foo': expected nav, tab, container, split, page or collection before '['"
    )
    assertError(
      "A=B", column: 3,
      "expected nav[…], tab[…], container[…], split[…], page[…] or collection[…] after 'A=', "
        + "found 'B'")
    assertError(
      "A=", column: 3,
      "expected nav[…], tab[…], container[…], split[…], page[…] or collection[…] after 'A=', "
        + "found the end of the spec")
    assertError("A]", column: 2, "expected the end of the spec, found ']'")
    assertError("nav[A!]", column: 6, "expected ',' or ']' in nav[…], found '!'")
    assertError(
      "@Home", column: 1,
      "expected a controller name or nav[…], tab[…], container[…], split[…], page[…], "
        + "collection[…], found '@'")
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
    let grid = try RootSpec.parse("nav[Grid=collection[items=3,layout-to-layout]]").wire
    XCTAssertEqual(grid.children.first?.kind, .collection)
    XCTAssertEqual(grid.children.first?.collection.itemCount, 3)
    XCTAssertTrue(grid.children.first?.collection.layoutToLayout ?? false)
    XCTAssertFalse(grid.hasCollection, "only a collection has collection options")
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
