import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainCLIKit

/// `curtain snapshot --svg`: the exact document for a view tree.
final class SVGSnapshotTests: XCTestCase {
  func testTheDocumentNestsViewsWithTheirPlacementOpacityAndLabels() {
    var tree = Curtain_V1_Tree()
    tree.window.id = 1
    tree.window.metrics.size = Curtain_V1_Size(Size(width: 200, height: 300))
    var tabs = controllerNode(1, "Tabs")
    var nav = controllerNode(2, "Nav")
    nav.children = [controllerNode(3, "", title: "A & <B>")]
    tabs.children = [nav, controllerNode(4, "Second")]
    tabs.selectedIndex = 0
    tree.root = tabs

    var window = viewNode(
      10, "window", frame: Rect(x: 0, y: 0, width: 200, height: 300), color: "black")
    var tabRoot = viewNode(
      11, "controllerRoot", controller: 1, frame: Rect(window.state.frame),
      color: "systemBackground")
    var navRoot = viewNode(
      12, "controllerRoot", controller: 2, frame: Rect(x: 0, y: 0, width: 200, height: 251),
      color: "systemBackground")
    var content = viewNode(
      13, "controllerRoot", controller: 3, frame: Rect(x: 50, y: 44, width: 200, height: 207),
      color: "#FFAA00")
    content.state.alpha = 0.5
    content.state.cornerRadius = 12
    content.state.transform = Curtain_V1_Transform(AffineTransform(scaleX: 0.5, y: 0.5))
    let bar = viewNode(
      14, "navigationBar", controller: 2, frame: Rect(x: 0, y: 0, width: 200, height: 44),
      color: "systemBarBackground")
    let tabBar = viewNode(
      15, "tabBar", controller: 1, frame: Rect(x: 0, y: 251, width: 200, height: 49),
      color: "systemBarBackground")
    var hidden = viewNode(16, "dimming", frame: Rect(window.state.frame), color: "black")
    hidden.hidden = true
    navRoot.subviews = [content, bar]
    tabRoot.subviews = [navRoot, tabBar]
    window.subviews = [tabRoot, hidden]
    tree.view = window

    XCTAssertEqual(
      SVGSnapshot.document(of: tree, caption: "w1 at t=0.100"),
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="200" height="300" viewBox="0 0 200 300" font-family="Helvetica, Arial, sans-serif" font-size="17">
        <title>w1 at t=0.100</title>
        <g id="v10" class="window">
          <rect x="0" y="0" width="200" height="300" fill="#000000"/>
          <g id="v11" class="controllerRoot">
            <rect x="0" y="0" width="200" height="300" fill="#ffffff" stroke="#c7c7cc"/>
            <text x="100" y="150" text-anchor="middle" dominant-baseline="middle">Tabs</text>
            <g id="v12" class="controllerRoot">
              <rect x="0" y="0" width="200" height="251" fill="#ffffff" stroke="#c7c7cc"/>
              <text x="100" y="125.5" text-anchor="middle" dominant-baseline="middle">Nav</text>
              <g id="v13" class="controllerRoot" transform="matrix(0.5 0 0 0.5 100 95.75)" opacity="0.5">
                <rect x="0" y="0" width="200" height="207" rx="12" fill="#ffaa00" stroke="#c7c7cc"/>
                <text x="100" y="103.5" text-anchor="middle" dominant-baseline="middle">A &amp; &lt;B&gt;</text>
              </g>
              <g id="v14" class="navigationBar">
                <rect x="0" y="0" width="200" height="44" fill="#f9f9f9" stroke="#c7c7cc"/>
                <text x="100" y="22" text-anchor="middle" dominant-baseline="middle" font-weight="600">A &amp; &lt;B&gt;</text>
              </g>
            </g>
            <g id="v15" class="tabBar" transform="translate(0 251)">
              <rect x="0" y="0" width="200" height="49" fill="#f9f9f9" stroke="#c7c7cc"/>
              <text x="50" y="24.5" text-anchor="middle" dominant-baseline="middle" font-size="12" fill="#007aff">Nav</text>
              <text x="150" y="24.5" text-anchor="middle" dominant-baseline="middle" font-size="12" fill="#8e8e93">Second</text>
            </g>
          </g>
        </g>
      </svg>

      """)
  }

  func testColoursAndEscaping() {
    XCTAssertEqual(SVGSnapshot.color(named: "systemBackground"), "#ffffff")
    XCTAssertEqual(SVGSnapshot.color(named: "black"), "#000000")
    XCTAssertEqual(SVGSnapshot.color(named: "clear"), "none")
    XCTAssertEqual(SVGSnapshot.color(named: "#ABC"), "#abc")
    XCTAssertEqual(SVGSnapshot.color(named: "#12345"), "#d1d1d6", "not a colour")
    XCTAssertEqual(SVGSnapshot.color(named: "mauve"), "#d1d1d6")
    XCTAssertEqual(
      SVGSnapshot.escaped(#"<a href="x">&'</a>"#),
      "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;")
  }

  func testATreeWithoutViewsIsAnEmptyPicture() {
    var tree = Curtain_V1_Tree()
    tree.window.metrics.size = Curtain_V1_Size(Size(width: 10, height: 20))
    XCTAssertEqual(
      SVGSnapshot.document(of: tree, caption: "empty"),
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="20" viewBox="0 0 10 20" font-family="Helvetica, Arial, sans-serif" font-size="17">
        <title>empty</title>
      </svg>

      """)
  }
}
