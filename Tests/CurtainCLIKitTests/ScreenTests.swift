import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainCLIKit

/// The pure parts of `curtain watch`: boxes from a view tree, drawing them
/// on a character grid, the screen and its status line.
final class ScreenTests: XCTestCase {
  // MARK: Canvas

  /// A canvas with boxes (left, top, right, bottom, label, opaque) drawn
  /// in order.
  private func canvas(
    _ columns: Int, _ rows: Int, _ boxes: [(Int, Int, Int, Int, String, Bool)]
  ) -> TextCanvas {
    var canvas = TextCanvas(columns: columns, rows: rows)
    for (left, top, right, bottom, label, opaque) in boxes {
      canvas.drawBox(
        left: left, top: top, right: right, bottom: bottom, label: label, opaque: opaque)
    }
    return canvas
  }

  func testOpaqueBoxesHideWhatIsBehindThemAndShowTheirLabelInside() {
    XCTAssertEqual(
      canvas(12, 6, [(0, 0, 9, 5, "Back", true), (3, 2, 11, 4, "FrontLabel", true)]).lines,
      [
        "┌────────┐  ",
        "│Back    │  ",
        "│  ┌───────┐",
        "│  │FrontLa│",
        "│  └───────┘",
        "└────────┘  ",
      ])
  }

  func testSmallBoxesTranslucentBoxesAndClipping() {
    let small = canvas(
      10, 5,
      [
        (0, 0, 9, 4, "", true), (1, 1, 8, 2, "Bar", true), (1, 3, 6, 3, "Line", true),
        (8, 3, 8, 4, "x", true),
      ])
    XCTAssertEqual(
      small.lines,
      [
        "┌────────┐",
        "│┌Bar───┐│",
        "│└──────┘│",
        "│Line── ││",
        "└───────│┘",
      ])

    var translucent = canvas(8, 4, [(0, 0, 7, 3, "Back", true)])
    translucent.clip = (left: 0, top: 0, right: 5, bottom: 3)
    translucent.drawBox(left: 2, top: 1, right: 9, bottom: 3, label: "Dim", opaque: false)
    XCTAssertEqual(
      translucent.lines,
      [
        "┌──────┐",
        "│B┌┄┄┄ │",
        "│ ┆Dim │",
        "└─└┄┄┄─┘",
      ], "a translucent box keeps what is behind it; nothing is drawn past the clip")

    var shifted = canvas(8, 3, [])
    shifted.clip = (left: 2, top: 0, right: 7, bottom: 2)
    shifted.drawBox(left: -3, top: 0, right: 4, bottom: 2, label: "Left", opaque: true)
    shifted.drawBox(left: 0, top: 0, right: 6, bottom: 0, label: "Bar", opaque: true)
    XCTAssertEqual(
      shifted.lines, ["  Bar── ", "  Le│   ", "  ──┘   "],
      "labels of boxes that start left of the clip start at the clip")
  }

  func testTheWindowIsScaledToFitWithItsShapeAndCentred() {
    let scale = GridScale(fitting: Size(width: 390, height: 844), columns: 60, rows: 20)
    XCTAssertEqual(scale.pointsPerRow, 42.2)
    XCTAssertEqual(scale.pointsPerColumn, 21.1)
    XCTAssertEqual(scale.originColumn, 21, "18 columns wide, centred in 60")
    let window = scale.cells(of: Rect(x: 0, y: 0, width: 390, height: 844))
    XCTAssertEqual([window.left, window.top, window.right, window.bottom], [21, 0, 38, 19])
    let bar = scale.cells(of: Rect(x: 0, y: 47, width: 390, height: 44))
    XCTAssertEqual([bar.left, bar.top, bar.right, bar.bottom], [21, 1, 38, 1])
    let sliver = scale.cells(of: Rect(x: 100, y: 100, width: 1, height: 1))
    XCTAssertEqual(
      [sliver.left, sliver.top, sliver.right, sliver.bottom], [26, 2, 26, 2], "at least a cell")

    let wide = GridScale(fitting: Size(width: 1000, height: 100), columns: 50, rows: 20)
    XCTAssertEqual(wide.pointsPerColumn, 20, "limited by the width")
    XCTAssertEqual(wide.originColumn, 0)
  }

  // MARK: Boxes

  func testBoxesComposeOffsetsBoundsTransformsAndOpacity() {
    var tree = Curtain_V1_Tree()
    tree.window.id = 4
    tree.window.metrics.size = Curtain_V1_Size(Size(width: 100, height: 200))
    tree.root = controllerNode(1, "Root", title: "Ignored")
    var scaled = viewNode(
      3, "controllerRoot", controller: 1, frame: Rect(x: 10, y: 20, width: 40, height: 60))
    scaled.state.transform = Curtain_V1_Transform(AffineTransform(scaleX: 0.5, y: 0.5))
    scaled.state.alpha = 0.5
    var scrolled = viewNode(5, "other", frame: Rect(x: 10, y: 10, width: 20, height: 20))
    scrolled.state.bounds = Curtain_V1_Rect(Rect(x: 0, y: 0, width: 20, height: 20))
    var inner = viewNode(
      6, "controllerRoot", controller: 9, frame: Rect(x: 0, y: 0, width: 4, height: 4))
    inner.state.alpha = 0.5
    scrolled.subviews = [inner]
    scaled.subviews = [scrolled]
    var hidden = viewNode(
      7, "controllerRoot", controller: 1, frame: Rect(x: 0, y: 0, width: 9, height: 9))
    hidden.hidden = true
    var clear = viewNode(8, "dimming", frame: Rect(x: 0, y: 0, width: 9, height: 9))
    clear.state.alpha = 0
    var window = viewNode(2, "window", frame: Rect(x: 0, y: 0, width: 100, height: 200))
    window.subviews = [scaled, hidden, clear]
    tree.view = window

    let boxes = ScreenLayout.boxes(of: tree)
    XCTAssertEqual(boxes.map(\.viewID), [2, 3, 5, 6], "hidden and transparent views are left out")
    XCTAssertEqual(boxes.map(\.label), ["w4", "Root", "other", "c9"])
    XCTAssertEqual(boxes.map(\.alpha), [1, 0.5, 0.5, 0.25])
    XCTAssertEqual(
      boxes[1].rect, Rect(x: 20, y: 35, width: 20, height: 30), "scaled about its centre")
    XCTAssertEqual(
      boxes[2].rect, Rect(x: 25, y: 40, width: 10, height: 10), "placed in the scaled parent")
    XCTAssertEqual(boxes[3].rect, Rect(x: 25, y: 40, width: 2, height: 2))

    var frameState = scaled.state
    frameState.frame = Curtain_V1_Rect(Rect(x: 50, y: 20, width: 40, height: 60))
    let moved = ScreenLayout.boxes(of: tree, overrides: [3: frameState])
    XCTAssertEqual(moved[1].rect, Rect(x: 60, y: 35, width: 20, height: 30), "a frame's values win")
  }

  func testLabelsNameTheTopControllerAndTheTabs() {
    var tree = Curtain_V1_Tree()
    var tabs = controllerNode(1, "Tabs")
    tabs.children = (2...7).map { controllerNode(UInt64($0), "T\($0)") }
    tabs.selectedIndex = 1
    var nav = controllerNode(10, "", title: "Stack")
    nav.children = [controllerNode(11, ""), controllerNode(12, "", title: "Top")]
    tabs.children[0].children = [nav]
    tree.root = tabs
    let names = ControllerLabels(tree)
    XCTAssertEqual(names.label(of: viewNode(1, "tabBar", controller: 1)), "T2 [T3] T4 T5 More")
    XCTAssertEqual(names.label(of: viewNode(1, "navigationBar", controller: 10)), "Top")
    XCTAssertEqual(names.label(of: viewNode(1, "controllerRoot", controller: 10)), "Stack")
    XCTAssertEqual(names.label(of: viewNode(1, "controllerRoot", controller: 11)), "c11")
    XCTAssertEqual(names.label(of: viewNode(1, "dimming", controller: 12)), "")
    nav.presented = controllerNode(20, "Sheet")
    tabs.children[0].children = [nav]
    tree.root = tabs
    XCTAssertEqual(
      ControllerLabels(tree).label(of: viewNode(1, "controllerRoot", controller: 20)), "Sheet",
      "presented controllers are named too")
    var gone = Curtain_V1_ControllerInfo()
    gone.id = 30
    gone.title = "Popped"
    XCTAssertEqual(
      ControllerLabels(tree, others: [gone]).label(
        of: viewNode(1, "controllerRoot", controller: 30)),
      "Popped", "a controller that left the tree is named from the session's list")
    XCTAssertEqual(
      ControllerLabels(tree, others: [gone]).label(
        of: viewNode(1, "controllerRoot", controller: 20)),
      "Sheet", "the tree wins")
    tabs.selectedIndex = 5
    tabs.children = Array(tabs.children.prefix(2))
    tree.root = tabs
    XCTAssertEqual(ControllerLabels(tree).label(of: viewNode(1, "tabBar", controller: 1)), "T2 T3")
    tabs.selectedIndex = -1
    tabs.children = (2...7).map { controllerNode(UInt64($0), "T\($0)") }
    tree.root = tabs
    XCTAssertEqual(
      ControllerLabels(tree).label(of: viewNode(1, "tabBar", controller: 1)), "T2 T3 T4 T5 [More]")
  }

  // MARK: The watch screen

  func testThePushMidwayDrawsBothViewsAndTheStatusLine() throws {
    let (window, tree, frame) = try pushMidway()
    var screen = WatchScreen(tree: tree)
    var began = event(window, time: 0)
    began.transition.transitionID = 1
    began.transition.phase = .began
    began.transition.kind = "push"
    began.transition.fromID = 3
    began.transition.toID = 5
    screen.apply(began)
    XCTAssertTrue(screen.needsTree)
    screen.replaceTree(tree)
    screen.apply(frame)
    XCTAssertEqual(
      screen.render(columns: 60, rows: 20),
      // The content goes under the translucent bars (SEMANTICS §3): the
      // navigation bar (row 1) covers the views' tops; Detail, the top,
      // shows its label below the bar, at its safe area's top.
      [
        "                     ───────────────┌──                     ",
        "                     Detail────────────                     ",
        "                                    │De                     ",
      ]
        + Array(
          repeating: "                                    │                       ", count: 14)
        + [
          "                     ┌[Nav] Settings──┐                     ",
          "                     └────────────────┘                     ",
          "w1 390×844 manual t=0.100 · t1 push Home → Detail 29% · q qu",
        ])
    XCTAssertEqual(
      screen.statusLine, "w1 390×844 manual t=0.100 · t1 push Home → Detail 29% · q quits")

    var ended = began
    ended.time = 0.35
    ended.transition.phase = .ended
    screen.apply(ended)
    XCTAssertEqual(screen.statusLine, "w1 390×844 manual t=0.350 · busy · q quits")
    window.advance(by: 1)
    screen.replaceTree(Curtain_V1_Tree(window, frameRate: 60, includeViews: true))
    XCTAssertEqual(screen.statusLine, "w1 390×844 manual t=1.100 · idle · q quits")
    XCTAssertEqual(
      screen.render(columns: 60, rows: 20)[2],
      "                     │Detail          │                     ", "below the bar")
  }

  func testFramesOverrideTheModelTreeAndOlderFramesAreIgnored() throws {
    let (window, presentation, frame) = try pushMidway()
    let model = Curtain_V1_Tree(window, frameRate: 60, includeViews: true)
    var screen = WatchScreen(tree: model)
    let still = screen.render(columns: 60, rows: 20)
    screen.apply(frame)
    XCTAssertEqual(
      screen.render(columns: 60, rows: 20).dropLast(),
      WatchScreen(tree: presentation).render(columns: 60, rows: 20).dropLast(),
      "model values with the frame's on top are what is on screen")
    XCTAssertNotEqual(still, screen.render(columns: 60, rows: 20))
    var old = frame
    old.modelTime = 0.05
    window.advance(by: 0.05)
    var later = WatchScreen(tree: Curtain_V1_Tree(window, frameRate: 60, includeViews: true))
    later.apply(old)
    XCTAssertEqual(
      later.render(columns: 60, rows: 20).dropLast(), still.dropLast(), "sent before the tree")
    var other = frame
    other.windowID = 99
    later.apply(other)
    XCTAssertEqual(
      later.render(columns: 60, rows: 20).dropLast(), still.dropLast(), "another window's")
  }

  func testAClosedWindowSaysSo() throws {
    let (window, tree, _) = try pushMidway()
    var screen = WatchScreen(tree: tree)
    var closed = event(window, time: 0.1)
    closed.window.change = .closed
    screen.apply(closed)
    XCTAssertTrue(screen.closed)
    XCTAssertEqual(screen.statusLine, "w1 390×844 manual t=0.100 · closed · q quits")
    var other = WatchScreen(tree: tree)
    other.windowClosed()
    XCTAssertTrue(other.closed)
    XCTAssertFalse(other.needsTree)
  }

  // MARK: Helpers

  /// An event of `window` at `time`, without a kind yet.
  private func event(_ window: Window, time: Double) -> WireEvent {
    var event = WireEvent()
    event.windowID = window.id.rawValue
    event.time = time
    return event
  }

  /// The session of `pushMidway`'s window (windows do not keep it alive).
  private var session: Session?

  /// A manual window `Tabs=tab[Nav=nav[Home], Settings]` 0.1 s into an
  /// animated push of `Detail` (title only): the window, its tree with
  /// presentation values and the frame of that moment.
  private func pushMidway() throws -> (Window, Curtain_V1_Tree, WireFrame) {
    let session = Session()
    self.session = session
    let window = try session.makeWindow(clockMode: .manual)
    let tabs = try session.makeController(kind: .tabBar, identifier: "Tabs")
    let nav = try session.makeController(kind: .navigation, identifier: "Nav")
    let home = try session.makeController(kind: .content, identifier: "Home")
    let settings = try session.makeController(kind: .content, title: "Settings")
    let detail = try session.makeController(kind: .content, title: "Detail")
    try session.submit(
      .setViewControllers(
        navigation: nav.id, controllers: [home.id], animated: false, animator: nil))
    try session.submit(.setTabs(tabBar: tabs.id, controllers: [nav.id, settings.id]))
    try session.submit(.setRoot(window: window.id, controller: tabs.id))
    try session.submit(
      .push(navigation: nav.id, controller: detail.id, animated: true, animator: nil))
    let step = window.advance(by: 0.1)
    let frame = WireFrame(try XCTUnwrap(step.frame), frameSeq: 1)
    return (
      window, Curtain_V1_Tree(window, frameRate: 60, includeViews: true, presentation: true), frame
    )
  }
}
