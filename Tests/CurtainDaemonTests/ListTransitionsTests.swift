// `ListTransitions`: each running transition with its window, kind,
// controllers, progress at the window's time, whether a client drives it and
// the client it belongs to; by window or for the whole session; read-only.

import CurtainCore
import CurtainWire
import XCTest

@testable import CurtainDaemon

final class ListTransitionsTests: XCTestCase {
  func testItListsEachRunningTransitionWithItsProgressAndOwner() throws {
    let h = ServerHarness()
    let starter = h.connect()
    let driver = h.connect()
    let reader = h.connect(readOnly: true)
    let window = h.buildNavigation(starter)
    let ids = Dictionary(
      uniqueKeysWithValues: try XCTUnwrap(h.call(starter) { $0.listControllers = .init() })
        .controllers.controllers.map { ($0.identifier, $0.id) })
    let other = try XCTUnwrap(h.call(starter) { $0.createWindow = .init() }).window.id
    XCTAssertEqual(list(h, reader), [])

    let push = try XCTUnwrap(
      h.call(starter) {
        $0.push.navigation = ref("Nav")
        $0.push.controller = ref("B")
      }
    ).operation.transitionID
    advance(h, starter, window, 0.175)
    var pushing = Curtain_V1_TransitionInfo()
    pushing.transitionID = push
    pushing.windowID = window
    pushing.kind = "push"
    pushing.containerID = try XCTUnwrap(ids["Nav"])
    pushing.fromID = try XCTUnwrap(ids["A"])
    pushing.toID = try XCTUnwrap(ids["B"])
    pushing.percent = 0.5
    pushing.animated = true
    pushing.duration = 0.35
    pushing.ownerClientID = starter.clientID
    pushing.ownerName = "test"
    XCTAssertEqual(list(h, reader), [pushing], "a read-only client may list them")
    XCTAssertEqual(list(h, reader, window: window), [pushing])
    XCTAssertEqual(list(h, reader, window: other), [])

    advance(h, starter, window, 1)
    XCTAssertEqual(list(h, reader), [], "an ended transition is not listed")
    let pop = try XCTUnwrap(
      h.call(driver) {
        $0.beginInteractive.kind = .pop
        $0.beginInteractive.controller = ref("Nav")
      }
    ).operation.transitionID
    _ = h.call(driver) {
      $0.updateInteractive.windowID = window
      $0.updateInteractive.transitionID = pop
      $0.updateInteractive.percent = 0.25
    }
    let popping = try XCTUnwrap(list(h, reader).first)
    XCTAssertEqual(popping.transitionID, pop)
    XCTAssertEqual(popping.kind, "pop")
    XCTAssertEqual([popping.fromID, popping.toID], [ids["B"], ids["A"]])
    XCTAssertEqual(popping.percent, 0.25)
    XCTAssertTrue(popping.interactive)
    XCTAssertEqual(popping.ownerClientID, driver.clientID, "the client driving it")
  }

  func testAnUnknownWindowIsNotFound() {
    let h = ServerHarness()
    let link = h.connect()
    let response = h.call(link) { $0.listTransitions.windowID = 9 }
    XCTAssertEqual(response?.error.code, .notFound)
  }

  // MARK: Helpers

  private func list(_ h: ServerHarness, _ link: MemoryLink, window: UInt64 = 0)
    -> [Curtain_V1_TransitionInfo]
  {
    let response = h.call(link) { $0.listTransitions.windowID = window }
    guard case .transitions(let list)? = response?.result else {
      XCTFail("\(String(describing: response))")
      return []
    }
    return list.transitions
  }

  private func advance(_ h: ServerHarness, _ link: MemoryLink, _ window: UInt64, _ seconds: Double)
  {
    _ = h.call(link) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = seconds
    }
  }
}
