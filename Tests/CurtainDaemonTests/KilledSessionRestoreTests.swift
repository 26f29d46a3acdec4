// A session killed and made again under its name restores as the new one
// after a crash: the journal's replay forgets a killed session after its
// record, as the live daemon does after answering (`make run` kills its
// demo session of an earlier run and plays the demo again; a kill -9 after
// that must not lose the demo).

import CurtainTesting
import CurtainWire
import Foundation
import XCTest

final class KilledSessionRestoreTests: StateDirectoryTestCase {
  func testASessionKilledAndMadeAgainRestoresAfterKill9() throws {
    for killed in ["demo", "default"] {
      try resetStore()
      let daemon = try startDaemon()
      let client = try TestClient(path: daemon.socketPath)
      for round in 1...2 {
        if round == 2 {
          let kill = try client.call { $0.killSession.name = killed }
          XCTAssertEqual(kill.result, .empty(.init()), "\(kill)")
        }
        let window = try client.call(session: killed) { $0.createWindow = .init() }
        XCTAssertEqual(window.window.id, 1, "\(window)")
        try client.make(.content, "Round\(round)", session: killed)
      }
      client.close()
      daemon.kill9()

      let restarted = try startDaemon()
      defer { restarted.stop() }
      XCTAssertFalse(restarted.stderr.contains("cannot be restored"), restarted.stderr)
      let again = try TestClient(path: restarted.socketPath)
      defer { again.close() }
      let windows = try again.call(session: killed) { $0.listWindows = .init() }.windows.windows
      XCTAssertEqual(windows.map(\.id), [1], killed)
      let controllers = try again.call(session: killed) { $0.listControllers = .init() }
      XCTAssertEqual(controllers.controllers.controllers.map(\.identifier), ["Round2"], killed)
    }
  }
}
