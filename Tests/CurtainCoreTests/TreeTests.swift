import XCTest

@testable import CurtainCore

/// The `_printHierarchy`-style description and its structured form.
final class TreeTests: XCTestCase {
  func testHierarchyDescription() throws {
    let h = Harness()
    h.make(.tabBar, "Tabs")
    h.make(.navigation, "Nav")
    h.make(.content, "Home")
    h.make(.content, "Detail")
    h.make(.content, "Settings")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("Home")], animated: false, animator: nil))
    h.run(.setTabs(tabBar: h.id("Tabs"), controllers: [h.id("Nav"), h.id("Settings")]))
    h.setRoot("Tabs")
    h.push("Nav", "Detail", animated: false)
    XCTAssertEqual(
      h.window.hierarchyDescription,
      """
      w1 390×844 scale 3 compact×regular safe area {47, 0, 34, 0} revision 2
      c1 tab @Tabs "Tabs", state: appeared, view: v2 (0, 0, 390, 844), selected: 0
         | c2 navigation @Nav "Nav", state: appeared, view: v4 (0, 0, 390, 844), under bars, safe area {47, 0, 83, 0}
         |    | c3 content @Home "Home", state: disappeared, view: v6 (0, 0, 390, 844) not in the window
         |    | c4 content @Detail "Detail", state: appeared, view: v7 (0, 0, 390, 844), under bars, safe area {91, 0, 83, 0}
         | c5 content @Settings "Settings", state: disappeared, view: not loaded
      """)
    let node = h.window.node
    XCTAssertEqual(node.root?.kind, .tabBar)
    XCTAssertEqual(node.root?.selectedIndex, 0)
    XCTAssertEqual(node.root?.children.map(\.identifier), ["Nav", "Settings"])
    XCTAssertEqual(node.root?.children[0].children.map(\.appearance), [.disappeared, .appeared])
    XCTAssertEqual(node.traits.horizontalSizeClass, .compact)
    let encoded = try JSONEncoder().encode(node)
    XCTAssertEqual(try JSONDecoder().decode(WindowNode.self, from: encoded), node)
  }

  func testEmptyWindow() {
    let h = Harness()
    XCTAssertEqual(
      h.window.hierarchyDescription,
      "w1 390×844 scale 3 compact×regular safe area {47, 0, 34, 0} revision 0\n(no root view controller)"
    )
  }
}
