import CurtainWire
import XCTest

@testable import CurtainDaemon

/// The requests that drive a transition (UpdateInteractive, PauseTransition,
/// FinishInteractive, CancelInteractive, AnimateAlongside) name only the
/// transition: ids are unique in a session, so the dispatcher finds the
/// window running it. A window id is still accepted, and must then be that
/// window.
final class TransitionTargetTests: XCTestCase {
  /// Nav[A, B] in a manual window with an interactive pop begun; returns
  /// the window and the transition.
  private func interactivePop(_ h: ServerHarness, _ link: MemoryLink) -> (UInt64, UInt64) {
    let window = h.buildNavigation(link)
    _ = h.call(link) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
      $0.push.notAnimated = true
    }
    let begin = h.call(link) {
      $0.beginInteractive.kind = .pop
      $0.beginInteractive.controller = ref("Nav")
    }
    return (window, begin?.operation.transitionID ?? 0)
  }

  func testTheTransitionAloneIsEnough() {
    let h = ServerHarness()
    let link = h.connect()
    let (window, transition) = interactivePop(h, link)
    XCTAssertNotEqual(transition, 0)
    let updated = h.call(link) {
      $0.updateInteractive.transitionID = transition
      $0.updateInteractive.percent = 0.25
    }
    XCTAssertEqual(updated?.transition.transitionID, transition)
    XCTAssertEqual(updated?.transition.percent, 0.25)
    XCTAssertTrue(updated?.transition.interactive ?? false)
    let alongside = h.call(link) {
      $0.animateAlongside.transitionID = transition
      $0.animateAlongside.tracks = []
    }
    XCTAssertTrue(alongside?.transition.accepted ?? false)
    let finished = h.call(link) {
      $0.finishInteractive.transitionID = transition
      $0.finishInteractive.windowID = window
    }
    XCTAssertEqual(finished?.transition.transitionID, transition, "the right window is accepted")
    _ = h.call(link) {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    let late = h.call(link) {
      $0.animateAlongside.transitionID = transition
      $0.animateAlongside.tracks = []
    }
    XCTAssertEqual(late?.transition.accepted, false, "refused once the transition ended")
    XCTAssertEqual(late?.transition.percent, 1)
  }

  func testPauseAndCancelFindTheWindowToo() {
    let h = ServerHarness()
    let link = h.connect()
    let window = h.buildNavigation(link)
    let push = h.call(link) {
      $0.push.navigation = ref("Nav")
      $0.push.controller = ref("B")
    }
    let transition = push?.operation.transitionID ?? 0
    let paused = h.call(link) { $0.pauseTransition.transitionID = transition }
    XCTAssertTrue(paused?.transition.interactive ?? false)
    let cancelled = h.call(link) { $0.cancelInteractive.transitionID = transition }
    XCTAssertEqual(cancelled?.transition.transitionID, transition)
    let tree = h.call(link) { $0.getTree.windowID = window }?.tree
    XCTAssertEqual(tree?.window.idle, true, "paused at its start, the cancellation ends at once")
  }

  func testAnotherWindowOrAnUnknownTransitionIsAClearError() {
    let h = ServerHarness()
    let link = h.connect()
    let (window, transition) = interactivePop(h, link)
    let other = h.call(link) { $0.createWindow = Curtain_V1_CreateWindow() }!.window.id
    let wrong = h.call(link) {
      $0.updateInteractive.transitionID = transition
      $0.updateInteractive.windowID = other
      $0.updateInteractive.percent = 0.5
    }
    XCTAssertEqual(wrong?.error.code, .invalidArgument)
    XCTAssertEqual(
      wrong?.error.message, "Transition t\(transition) runs in window w\(window), not in w\(other)")
    let unknown = h.call(link) {
      $0.finishInteractive.transitionID = 99
    }
    XCTAssertEqual(unknown?.error.code, .notFound)
    XCTAssertEqual(
      unknown?.error.message,
      "No window of the session is running transition t99 (it may have ended or been cancelled)")
    let unknownInWindow = h.call(link) {
      $0.cancelInteractive.transitionID = 99
      $0.cancelInteractive.windowID = window
    }
    XCTAssertEqual(unknownInWindow?.error.code, .notFound)
    XCTAssertEqual(unknownInWindow?.error.message, "No running transition t99 in window w\(window)")
    let missing = h.call(link) { $0.pauseTransition = Curtain_V1_PauseTransition() }
    XCTAssertEqual(missing?.error.code, .invalidArgument)
    XCTAssertEqual(missing?.error.message, "A transition id is required")
    let noWindow = h.call(link) {
      $0.finishInteractive.transitionID = transition
      $0.finishInteractive.windowID = 42
    }
    XCTAssertEqual(noWindow?.error.code, .notFound)
  }
}
