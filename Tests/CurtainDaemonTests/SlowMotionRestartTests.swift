// Slow motion lasts across restarts of the real curtaind (issue 39 §3): a
// window's speed comes back from the journal after SIGKILL and from the
// snapshot after SIGTERM, and list-windows and the status show it.

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class SlowMotionRestartTests: StateDirectoryTestCase {
  private func speeds(_ client: TestClient) throws -> (windows: [Double], status: [String]) {
    let windows = try client.call { $0.listWindows = .init() }.windows.windows.map(\.speed)
    let status = try client.call { $0.getStatus = .init() }.status.windowSpeeds.map {
      "\($0.session) w\($0.windowID) \($0.speed)"
    }
    return (windows, status)
  }

  func testASpeedComesBackFromTheJournalAndFromTheSnapshot() throws {
    let first = try startDaemon()
    let client = try TestClient(path: first.socketPath, name: "slow")
    var ids: [UInt64] = []
    for _ in 0..<3 {
      ids.append(try client.call { $0.createWindow.clock = .realtime }.window.id)
    }
    for (window, speed) in [(ids[0], 0.1), (ids[1], 0.5), (ids[1], 1), (ids[2], 3)] {
      let answer = try client.call {
        $0.setWindowSpeed.windowID = window
        $0.setWindowSpeed.speed = speed
      }
      XCTAssertEqual(answer.window.speed, speed, answer.error.message)
    }
    let expected = (
      windows: [0.1, 1, 3], status: ["default w\(ids[0]) 0.1", "default w\(ids[2]) 3.0"]
    )
    XCTAssertEqual(try speeds(client).windows, expected.windows)
    let timeBefore = try client.call { $0.listWindows = .init() }.windows.windows[0].time
    client.close()
    // A crash: the speeds are in the journal's records only.
    first.kill9()

    let second = try startDaemon()
    let replayed = try TestClient(path: second.socketPath, name: "slow again")
    let afterReplay = try speeds(replayed)
    XCTAssertEqual(afterReplay.windows, expected.windows)
    XCTAssertEqual(afterReplay.status, expected.status)
    // The window's time went on from where it was, at its speed.
    let timeAfter = try replayed.call { $0.listWindows = .init() }.windows.windows[0].time
    XCTAssertGreaterThanOrEqual(timeAfter, timeBefore)
    replayed.close()
    // A clean stop leaves a snapshot, which the next start reads.
    XCTAssertEqual(second.stop().status, 0, second.stderr)

    let third = try startDaemon()
    defer { third.stop() }
    let restored = try TestClient(path: third.socketPath, name: "slow once more")
    defer { restored.close() }
    let afterSnapshot = try speeds(restored)
    XCTAssertEqual(afterSnapshot.windows, expected.windows)
    XCTAssertEqual(afterSnapshot.status, expected.status)
  }
}
