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
    // Detail's view is v9: v7 and v8 are the tab bar's items (issue 37 §3).
    XCTAssertEqual(
      h.window.hierarchyDescription,
      """
      w1 390×844 scale 3 compact×regular safe area {47, 0, 34, 0} revision 2
      c1 tab @Tabs "Tabs", state: appeared, view: v2 (0, 0, 390, 844), selected: 0
         | c2 navigation @Nav "Nav", state: appeared, view: v4 (0, 0, 390, 844), under bars, safe area {47, 0, 83, 0}
         |    | c3 content @Home "Home", state: disappeared, view: v6 (0, 0, 390, 844) not in the window
         |    | c4 content @Detail "Detail", state: appeared, view: v9 (0, 0, 390, 844), under bars, safe area {91, 0, 83, 0}
         | c5 content @Settings "Settings", state: disappeared, view: not loaded
      """)
    let node = h.window.node
    XCTAssertEqual(node.root?.kind, .tabBar)
    XCTAssertEqual(node.root?.selectedIndex, 0)
    XCTAssertEqual(node.root?.children.map(\.identifier), ["Nav", "Settings"])
    XCTAssertEqual(node.root?.children[0].children.map(\.appearance), [.disappeared, .appeared])
    XCTAssertEqual(node.traits.horizontalSizeClass, .compact)
  }

  /// GetTree's cache of the description gives the text a fresh description
  /// would after every change of the window (a new revision, a title that
  /// changes without one, appearance states in the middle of a push), and
  /// formats nothing again while the window shows the same.
  func testDescriptionCacheFollowsEveryChange() throws {
    let h = Harness()
    let cache = HierarchyDescriptionCache()
    func check(_ label: String, hit: Bool?) {
      let hits = cache.hits
      XCTAssertEqual(
        cache.description(of: h.window, root: h.window.rootViewController?.node),
        h.window.hierarchyDescription, label)
      if let hit { XCTAssertEqual(cache.hits, hits + (hit ? 1 : 0), label) }
    }
    check("empty", hit: false)
    check("empty again", hit: true)
    h.make(.navigation, "Nav")
    h.make(.content, "Home")
    h.make(.content, "Detail")
    h.run(
      .setViewControllers(
        navigation: h.id("Nav"), controllers: [h.id("Home")], animated: false, animator: nil))
    h.setRoot("Nav")
    check("with a root", hit: false)
    check("the same", hit: true)
    let revision = h.window.revision
    try h.controller("Home").configure(title: "Start", identifier: nil)
    XCTAssertEqual(h.window.revision, revision, "a title changes no revision")
    check("retitled", hit: false)
    XCTAssertTrue(
      cache.description(of: h.window, root: h.controller("Nav").node).contains("\"Start\""))
    h.push("Nav", "Detail", animated: true)
    check("pushing", hit: false)
    _ = h.advance(0.1)
    check("in the middle of the push", hit: nil)
    h.settle()
    check("pushed", hit: false)
    check("pushed, again", hit: true)
  }

  func testEmptyWindow() {
    let h = Harness()
    XCTAssertEqual(
      h.window.hierarchyDescription,
      "w1 390×844 scale 3 compact×regular safe area {47, 0, 34, 0} revision 0\n(no root view controller)"
    )
  }
}
