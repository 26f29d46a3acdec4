import CurtainCore
import CurtainDaemon
import CurtainWire
import Foundation
import XCTest

/// The storyboard document format (docs/storyboards.md).
final class StoryboardDocumentTests: XCTestCase {
  private func parse(_ json: String) throws -> Storyboard {
    try Storyboard(json: Data(json.utf8))
  }

  private func assertError(
    _ json: String, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try parse(json), file: file, line: line) { error in
      XCTAssertEqual(
        error as? CurtainError, CurtainError(.invalidArgument, message), file: file, line: line)
    }
  }

  func testTheExampleStoryboardParsesAndLoads() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/examples/shop.storyboard.json")
    let storyboard = try Storyboard(json: Data(contentsOf: url))
    XCTAssertEqual(storyboard.name, "Shop")
    XCTAssertEqual(storyboard.initialScene, "Tabs")
    XCTAssertEqual(storyboard.scene("Tabs")?.kind, .tabBar)
    XCTAssertEqual(storyboard.scene("Help")?.preferredContentSize, Size(width: 320, height: 240))
    XCTAssertEqual(
      Set(storyboard.segues.map(\.kind.name)),
      ["show", "present", "popover", "custom", "unwind"])
    XCTAssertEqual(
      storyboard.segue("openCart", from: "Product")?.kind,
      .present(style: .fullScreen, transition: .coverVertical))
    XCTAssertEqual(
      storyboard.segue("help", from: "Catalog")?.kind,
      .popover(
        anchor: .init(
          rect: Rect(x: 340, y: 0, width: 44, height: 44), permittedArrowDirections: .up)))
    guard case .custom(let animator, let style)? = storyboard.segue("zoom", from: "Product")?.kind
    else { return XCTFail("zoom is a custom segue") }
    // custom, not overFullScreen: only fullScreen and custom presentations
    // take an animator (SEMANTICS §5).
    XCTAssertEqual(style, .custom)
    XCTAssertEqual(animator.duration, 0.3)
    XCTAssertEqual(animator.tracks.map(\.property), [.alpha])
    XCTAssertEqual(animator.tracks.first?.to, .scalar(1))
    XCTAssertEqual(storyboard.segue("preview", from: "Catalog")?.shouldPerform, false)
    XCTAssertNoThrow(try Session().loadStoryboard(storyboard))
  }

  func testDefaults() throws {
    let storyboard = try parse(
      #"{"name": "B", "scenes": [{"id": "A"}], "segues": [{"identifier": "s", "source": "A", "destination": "A", "kind": "show"}]}"#
    )
    XCTAssertEqual(storyboard.scenes, [Storyboard.Scene(id: "A")])
    XCTAssertEqual(
      storyboard.segues,
      [.init(identifier: "s", source: "A", destination: "A", kind: .show)])
    XCTAssertNil(storyboard.initialScene)
  }

  func testShapeErrorsNameTheirPlace() {
    assertError(
      "[1",
      "The storyboard is not valid JSON: line 1, column 3, storyboard: expected ',' or ']' "
        + "(found the end of the document)")
    assertError(
      "{\"name\": \"B\",\n \"scenes\": [{\"id\": \"A\"} {\"id\": \"B\"}]}",
      "The storyboard is not valid JSON: line 2, column 25, storyboard.scenes: expected ',' or ']' "
        + "(found '{')")
    assertError("[]", "storyboard: expected an object")
    assertError(#"{"scenes": []}"#, "storyboard: missing 'name'")
    assertError(
      #"{"name": "B", "scenes": [], "extra": 1}"#,
      "storyboard: unknown key 'extra' (expected initial, name, scenes, segues)")
    assertError(#"{"name": 5, "scenes": []}"#, "storyboard.name: expected a string")
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "kind": "nav"}]}"#,
      "storyboard.scenes[0].kind: unknown value 'nav' (expected one of content, navigation, tab, container, split, page, collection)"
    )
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "preferredContentSize": [1]}]}"#,
      "storyboard.scenes[0].preferredContentSize: expected an array of 2 numbers")
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "definesPresentationContext": 1}]}"#,
      "storyboard.scenes[0].definesPresentationContext: expected true or false")
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "children": [true]}]}"#,
      "storyboard.scenes[0].children[0]: expected a string")
    assertError(
      #"{"name": "B", "scenes": [], "segues": [{"identifier": "s", "source": "A", "kind": "push"}]}"#,
      "storyboard.segues[0].kind: unknown segue kind 'push' (expected show, showDetail, present, popover, custom or unwind)"
    )
    assertError(
      #"{"name": "B", "scenes": [], "segues": [{"identifier": "s", "source": "A", "destination": "A", "kind": "show", "style": "fullScreen"}]}"#,
      "storyboard.segues[0]: 'style' does not apply to a show segue")
    assertError(
      #"{"name": "B", "scenes": [], "segues": [{"identifier": "s", "source": "A", "kind": "unwind"}]}"#,
      "storyboard.segues[0]: missing 'action'")
    assertError(
      #"{"name": "B", "scenes": [], "segues": [{"identifier": "s", "source": "A", "destination": "A", "kind": "custom", "animator": {"duration": "x"}}]}"#,
      "storyboard.segues[0].animator: not a curtain.v1.AnimatorSpec in protobuf JSON form (malformedNumber)"
    )
    assertError(
      #"{"name": "B", "scenes": [], "segues": [{"identifier": "s", "source": "A", "destination": "A", "kind": "custom", "animator": {"duration": 5000}}]}"#,
      "storyboard.segues[0].animator: Transition duration must be between 0 and 3600 seconds, got 5000"
    )
    assertError(
      #"{"name": "B", "scenes": [], "segues": [{"identifier": "s", "source": "A", "destination": "A", "kind": "popover", "anchor": {"rect": [0, 0, 1]}}]}"#,
      "storyboard.segues[0].anchor.rect: expected an array of 4 numbers")
    assertError(
      #"{"name": "B", "scenes": [], "segues": [{"identifier": "s", "source": "A", "destination": "A", "kind": "popover", "anchor": {"arrows": ["up", "sideways"]}}]}"#,
      "storyboard.segues[0].anchor.arrows[1]: unknown arrow direction 'sideways' (expected up, down, left, right or any)"
    )
  }

  func testCollectionScenesGiveTheirItemsLayoutAndFlag() throws {
    let storyboard = try parse(
      #"""
      {"name": "B", "scenes": [
        {"id": "Grid", "kind": "collection", "items": 6,
         "layout": {"flow": {"itemSize": [80, 90], "minimumInteritemSpacing": 4,
                             "minimumLineSpacing": 6, "sectionInset": [1, 2, 3, 4]}}},
        {"id": "Free", "kind": "collection", "useLayoutToLayoutNavigationTransitions": true,
         "layout": {"frames": [[0, 0, 10, 20], [10, 0, 10, 20]]}},
        {"id": "Plain", "kind": "collection"},
        {"id": "Defaults", "kind": "collection", "layout": {"flow": {}}}]}
      """#)
    XCTAssertEqual(
      storyboard.scene("Grid")?.collection,
      CollectionOptions(
        itemCount: 6,
        layout: .flow(
          FlowLayout(
            itemSize: Size(width: 80, height: 90), interitemSpacing: 4, lineSpacing: 6,
            sectionInset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))))
    XCTAssertEqual(
      storyboard.scene("Free")?.collection,
      CollectionOptions(
        layout: .frames([
          Rect(x: 0, y: 0, width: 10, height: 20), Rect(x: 10, y: 0, width: 10, height: 20),
        ]), usesLayoutToLayoutNavigationTransitions: true))
    XCTAssertNil(storyboard.scene("Plain")?.collection)
    XCTAssertEqual(
      storyboard.scene("Defaults")?.collection, CollectionOptions(layout: .flow(FlowLayout())))
    // Loaded, each scene instantiates with its options.
    let session = Session()
    try session.loadStoryboard(storyboard)
    let free = try XCTUnwrap(
      try session.instantiate(scene: "Free", of: "B") as? CollectionViewController)
    XCTAssertEqual(free.itemCount, 2)
    XCTAssertTrue(free.usesLayoutToLayoutNavigationTransitions)
    let grid = try XCTUnwrap(
      try session.instantiate(scene: "Grid", of: "B") as? CollectionViewController)
    XCTAssertEqual(grid.options, storyboard.scene("Grid")?.collection)
  }

  func testCollectionOptionsAreCheckedWhereTheyAre() throws {
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "kind": "collection", "items": 1.5}]}"#,
      "storyboard.scenes[0].items: expected an integer that fits, got 1.5")
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "kind": "collection", "layout": {"grid": {}}}]}"#,
      "storyboard.scenes[0].layout: unknown key 'grid' (expected flow, frames)")
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "kind": "collection", "layout": {}}]}"#,
      "storyboard.scenes[0].layout: expected an object with one key, frames or flow")
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "kind": "collection", "layout": {"frames": [[0, 0, 1]]}}]}"#,
      "storyboard.scenes[0].layout.frames[0]: expected an array of 4 numbers")
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "kind": "collection", "layout": {"flow": {"itemSize": [1, 1], "spacing": 2}}}]}"#,
      "storyboard.scenes[0].layout.flow: unknown key 'spacing' (expected itemSize, "
        + "minimumInteritemSpacing, minimumLineSpacing, sectionInset)")
    assertError(
      #"{"name": "B", "scenes": [{"id": "A", "kind": "collection", "useLayoutToLayoutNavigationTransitions": 1}]}"#,
      "storyboard.scenes[0].useLayoutToLayoutNavigationTransitions: expected true or false")
    // The meaning is checked when the session loads it.
    func load(_ json: String) throws { try Session().loadStoryboard(try parse(json)) }
    XCTAssertThrowsError(
      try load(#"{"name": "B", "scenes": [{"id": "A", "items": 3}]}"#)
    ) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "Scene 'A' is not a collection scene: items, layout and "
          + "useLayoutToLayoutNavigationTransitions apply only to collection scenes")
    }
    XCTAssertThrowsError(
      try load(
        #"{"name": "B", "scenes": [{"id": "A", "kind": "collection", "layout": {"flow": {"itemSize": [0, 5]}}}]}"#
      )
    ) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "Scene 'A': A flow layout's item size must be positive, got 0×5")
    }
    XCTAssertThrowsError(
      try load(
        #"{"name": "B", "scenes": [{"id": "A", "kind": "collection", "children": ["C"]}, {"id": "C"}]}"#
      )
    ) { error in
      XCTAssertEqual(
        (error as? CurtainError)?.message,
        "Scene 'A' is a collection view controller and cannot embed scenes (only navigation, "
          + "tab, container, split and page scenes can)")
    }
  }

  func testOversizedDocumentsAreRefused() {
    let data = Data(count: Storyboard.maxDocumentBytes + 1)
    XCTAssertThrowsError(try Storyboard(json: data)) { error in
      XCTAssertEqual((error as? CurtainError)?.code, .limitExceeded)
    }
  }
}
