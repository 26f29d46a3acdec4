import XCTest

@testable import CurtainCore

/// Windows of one session on a shared clock (`Session.advance(_:toClock:)`):
/// what happens by itself runs in clock order across the windows, so one
/// jump and many small steps give the same ids and events.
final class SharedClockTests: XCTestCase {
  /// A session with two windows, each `Nav=nav[A]` with an animated push
  /// running and a second push waiting: the waiting pushes start (and take
  /// transition ids) when the first ones end, which they do at clock times
  /// that interleave across the windows.
  private func build(paces: [ClockPace]? = nil) -> (Session, [Session.ClockedWindow]) {
    let session = Session(name: "clock")
    var clocked: [Session.ClockedWindow] = []
    for (index, origin) in [0.25, 0.0].enumerated() {
      let window = try! session.makeWindow(clockMode: .manual)
      let nav = try! session.makeController(kind: .navigation, identifier: "Nav\(index)")
      let a = try! session.makeController(kind: .content, identifier: "A\(index)")
      try! session.submit(
        .setViewControllers(navigation: nav.id, controllers: [a.id], animated: false, animator: nil)
      )
      try! session.submit(.setRoot(window: window.id, controller: nav.id))
      for name in ["B", "C"] {
        let controller = try! session.makeController(kind: .content, identifier: "\(name)\(index)")
        try! session.submit(
          .push(navigation: nav.id, controller: controller.id, animated: true, animator: nil))
      }
      clocked.append(
        Session.ClockedWindow(window, pace: paces?[index] ?? ClockPace(origin: origin)))
    }
    return (session, clocked)
  }

  private func record(_ session: Session) -> [String] {
    session.orderedWindows.flatMap { window in
      (window.events(after: 0) ?? []).map {
        "\(window.id) \($0.seq) t=\($0.time) \(session.describe($0))"
      }
    }
  }

  /// Moves two sessions of `build(paces:)` to clock `end`, one in a jump
  /// and one in random steps (`seed`), checks that they recorded the same,
  /// and returns the jumped windows.
  @discardableResult
  private func checkOneJumpAndManySteps(
    paces: [ClockPace]? = nil, to end: Double, seed: UInt64
  ) -> [Session.ClockedWindow] {
    let (jumped, jumpWindows) = build(paces: paces)
    jumped.advance(jumpWindows, toClock: end)

    let (stepped, stepWindows) = build(paces: paces)
    var random = SplitMix64(seed: seed)
    var clock = 0.0
    while clock < end {
      clock = min(end, clock + Double(random.next() % 1000) / 20_000)
      stepped.advance(stepWindows, toClock: clock)
    }

    XCTAssertEqual(record(jumped), record(stepped))
    XCTAssertTrue(jumpWindows.allSatisfy { $0.window.isIdle })
    return jumpWindows
  }

  func testOneJumpAndManyStepsGiveTheSameIdsAndEvents() {
    checkOneJumpAndManySteps(to: 2, seed: 7)
  }

  func testWhatHappensByItselfRunsInClockOrderAcrossWindows() {
    let (session, windows) = build()
    session.advance(windows, toClock: 2)
    // The first pushes began at model time 0 in both windows and end 0.35 s
    // later: at clock 0.35 in w2 (origin 0) and 0.6 in w1 (origin 0.25), so
    // w2's waiting push starts first and takes t3.
    let began = session.orderedWindows.map { window in
      (window.events(after: 0) ?? []).compactMap { event -> String? in
        guard case .transition(let id, .began) = event.kind else { return nil }
        return "\(id)@\(event.time)"
      }
    }
    XCTAssertEqual(began, [["t1@0.0", "t4@0.35"], ["t2@0.0", "t3@0.35"]])
  }

  /// Slowed windows (SetWindowSpeed): model time start + speed × (clock −
  /// origin), not exact on the grid; one jump and many steps still give
  /// the same ids and events, since what is due runs in the order of the
  /// first clock time at which it is due.
  func testSlowedWindowsGiveTheSameIdsAndEventsInOneJumpAndInSteps() {
    let paces = [
      ClockPace(origin: 0.25, start: 0.03, speed: 0.37),
      ClockPace(origin: 0.1, start: 0, speed: 1.7),
    ]
    let jumpWindows = checkOneJumpAndManySteps(paces: paces, to: 4, seed: 11)
    // Slowed or not, w1's first push ends 0.35 s into its own time (at
    // clock 0.25 + 0.32 / 0.37, its model time 0.03 at its origin 0.25).
    let ended = jumpWindows[0].window.events(after: 0)?.first {
      if case .transition(_, .ended) = $0.kind { return true } else { return false }
    }
    XCTAssertEqual(ended?.time ?? 0, 0.35, accuracy: 1e-12)
  }

  func testTheFirstClockOfATimeIsTheLeastClockAtWhichItIsReached() {
    for pace in [
      ClockPace(origin: 100, start: 0.1, speed: 0.1), ClockPace(origin: 5, start: 3, speed: 0.37),
      ClockPace(origin: 7, start: 0, speed: 99), ClockPace(origin: 7),
    ] {
      for time in [0.35, 3.3, 12.25, 1e4 / 3] where time >= pace.start {
        let clock = pace.firstClock(reaching: time)
        XCTAssertGreaterThanOrEqual(pace.time(atClock: clock), time, "\(pace) \(time)")
        if !pace.isRealTime {
          XCTAssertLessThan(pace.time(atClock: clock.nextDown), time, "\(pace) \(time)")
        }
        XCTAssertEqual(clock, pace.origin + (time - pace.start) / pace.speed, accuracy: 1e-9)
      }
    }
  }
}
