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
  private func build() -> (Session, [Session.ClockedWindow]) {
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
      clocked.append(Session.ClockedWindow(window, origin: origin))
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

  func testOneJumpAndManyStepsGiveTheSameIdsAndEvents() {
    let (jumped, jumpWindows) = build()
    jumped.advance(jumpWindows, toClock: 2)

    let (stepped, stepWindows) = build()
    var random = SplitMix64(seed: 7)
    var clock = 0.0
    while clock < 2 {
      clock = min(2, clock + Double(random.next() % 1000) / 20_000)
      stepped.advance(stepWindows, toClock: clock)
    }

    XCTAssertEqual(record(jumped), record(stepped))
    XCTAssertTrue(jumpWindows.allSatisfy { $0.window.isIdle })
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
}
