import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainDaemon

/// What `curtain snapshot` and `curtain watch` rely on: `GetTree` with
/// presentation values, and `AdvanceClock` to a window time.
final class SnapshotRequestTests: XCTestCase {
  /// The view of the controller with `identifier` in a tree with views.
  private func rootView(of identifier: String, in tree: Curtain_V1_Tree) -> Curtain_V1_ViewNode? {
    func controller(_ node: Curtain_V1_ControllerNode) -> Curtain_V1_ControllerNode? {
      if node.identifier == identifier { return node }
      return node.children.lazy.compactMap(controller).first
    }
    func view(_ node: Curtain_V1_ViewNode, id: UInt64) -> Curtain_V1_ViewNode? {
      if node.id == id { return node }
      return node.subviews.lazy.compactMap { view($0, id: id) }.first
    }
    guard let node = controller(tree.root) else { return nil }
    return view(tree.view, id: node.viewID)
  }

  /// A manual `Nav=nav[A]` window in which an animated push of B has
  /// just begun.
  private func pushing() -> (ServerHarness, MemoryLink, UInt64) {
    let h = ServerHarness()
    let link = h.connect()
    let window = h.buildNavigation(link)
    _ = h.call(link) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
    }
    return (h, link, window)
  }

  /// Sends `AdvanceClock { to_time, seconds }` and returns the response.
  private func advance(
    _ h: ServerHarness, _ link: MemoryLink, _ window: UInt64, to time: Double, seconds: Double = 0
  ) throws -> WireResponse {
    try XCTUnwrap(
      h.call(link) {
        $0.advanceClock.windowID = window
        $0.advanceClock.toTime = time
        $0.advanceClock.seconds = seconds
      })
  }

  func testGetTreeWithPresentationHasTheValuesOnScreenMidPush() throws {
    let (h, link, window) = pushing()
    _ = h.call(link) {
      $0.subscribe.windowID = window
      $0.subscribe.frames = true
    }
    _ = h.call(link) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 0.1
    }
    let frame = try XCTUnwrap(link.takeFrames().last)

    let model = try XCTUnwrap(
      h.call(link) {
        $0.getTree.windowID = window
        $0.getTree.includeViews = true
      }?.tree)
    let presentation = try XCTUnwrap(
      h.call(link) {
        $0.getTree.windowID = window
        $0.getTree.presentation = true
      }?.tree)

    let modelB = try XCTUnwrap(rootView(of: "B", in: model))
    let shownB = try XCTUnwrap(rootView(of: "B", in: presentation))
    XCTAssertEqual(modelB.state.frame.x, 0, "the model value is the end of the push")
    let framedB = try XCTUnwrap(frame.views.first { $0.viewID == shownB.id })
    XCTAssertEqual(shownB.state, framedB.state, "presentation values are the frame's")
    XCTAssertGreaterThan(shownB.state.frame.x, 0)
    XCTAssertLessThan(shownB.state.frame.x, 390)
    XCTAssertEqual(presentation.window.time, 0.1, accuracy: 1e-12)
    XCTAssertEqual(presentation.description_p, model.description_p)

    // Views that do not animate have their model values in both.
    XCTAssertEqual(presentation.view.state, model.view.state)
    XCTAssertTrue(model.hasView && presentation.hasView)
    let plain = try XCTUnwrap(h.call(link) { $0.getTree.windowID = window }?.tree)
    XCTAssertFalse(plain.hasView, "no view tree unless asked for")
  }

  func testAdvanceClockToATimeMovesExactlyThereAndNeverBack() throws {
    let (h, link, window) = pushing()
    let first = try advance(h, link, window, to: 0.2)
    XCTAssertEqual(first.clock.time, 0.2)
    XCTAssertEqual(first.clock.frames, 1)

    let back = try advance(h, link, window, to: 0.1)
    XCTAssertEqual(back.error.code, .invalidArgument)
    XCTAssertEqual(
      back.error.message,
      "AdvanceClock to_time must be from the window's time (0.2) to 86400 seconds later, got 0.1")

    let both = try advance(h, link, window, to: 0.3, seconds: 0.1)
    XCTAssertEqual(both.error.message, "AdvanceClock takes seconds or to_time, not both")
    for bad in [Double.nan, .infinity, 0.2 + 86_400.5] {
      XCTAssertEqual(
        try advance(h, link, window, to: bad).error.code, .invalidArgument, "\(bad)")
    }

    let same = try advance(h, link, window, to: 0.2)
    XCTAssertEqual(same.clock.time, 0.2, "the current time is allowed")

    let end = try advance(h, link, window, to: 2)
    XCTAssertEqual(end.clock.time, 2)
    let tree = try XCTUnwrap(h.call(link) { $0.getTree.windowID = window }?.tree)
    XCTAssertTrue(tree.window.idle, "the push ended on the way")
  }

  func testAdvanceClockToATimeNeedsAManualWindow() throws {
    let h = ServerHarness()
    let link = h.connect()
    let window = h.buildNavigation(link, manual: false)
    let response = try advance(h, link, window, to: 1)
    XCTAssertEqual(response.error.code, .invalidArgument)
    XCTAssertEqual(
      response.error.message,
      "Window w\(window) runs on the realtime clock; AdvanceClock needs a manual window")
  }
}
