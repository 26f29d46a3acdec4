// `make run` ends quietly on Ctrl-C: the terminal sends SIGINT to the whole
// foreground process group (make, scripts/run.sh, curtaind, the demo's
// `curtain`), the script stops the daemon and exits 0, and make stops
// without `make: *** [Makefile:…: run] Interrupt`. Nothing is left behind:
// no process of the group, no socket.
//
// The test runs the real `make run` in its own process group, with
// CURTAIN_BIN pointing at the built binaries (so that it builds nothing),
// its own socket and state directory, and sends SIGINT to the group once the
// demo has played. The web inspector `make run` starts beside the daemon
// serves the demo on the address it printed, and stops with it.

import CurtainTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class MakeRunTests: XCTestCase {
  func testCtrlCStopsTheDaemonWithoutMakesInterruptNoise() throws {
    var template = Array("/tmp/curtain-run-XXXXXX".utf8CString)
    let directory = try XCTUnwrap(mkdtemp(&template).map { String(cString: $0) })
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let socket = directory + "/run.sock"
    let bin = try TempDaemon.cliURL().deletingLastPathComponent().path

    let run = try GroupLeader(
      "cd \"$1\" && exec make run", DocsShell.repository.path,
      environment: [
        "CURTAIN_BIN": bin, "CURTAIN_SOCKET": socket,
        "XDG_STATE_HOME": directory + "/state",
        // The web inspector on any free port (8080 may be taken).
        "CURTAIN_WEB_HTTP": "127.0.0.1:0",
        // Not a sub-make of `make test`: no jobserver, no "Entering directory".
        "MAKEFLAGS": "", "MFLAGS": "", "MAKELEVEL": "",
      ])
    defer { run.killGroup() }
    let ready = "?session=demo&window=1\n"
    var output = try run.read(until: ready, seconds: 60)
    XCTAssertTrue(output.contains("Ctrl-C here"), output)
    XCTAssertTrue(output.contains("curtain --session demo dismiss @Sheet"), "the demo played")
    // The web inspector serves beside the daemon, on the address it printed.
    let inspector = try XCTUnwrap(
      output.firstMatch(of: #/shows the demo at (http://127\.0\.0\.1:\d+/)\?/#).map {
        String($0.1)
      },
      output)
    let sessions = try httpGet(inspector + "api/sessions")
    XCTAssertTrue(sessions.contains(#""session":"demo""#), sessions)
    let pid = try XCTUnwrap(
      output.firstMatch(of: #/curtaind is running \(pid (\d+)\)/#).flatMap { pid_t($0.1) },
      output)

    XCTAssertEqual(killpg(run.pid, SIGINT), 0)
    output += try run.read(until: nil, seconds: 30)
    let status = run.wait()
    XCTAssertEqual(status.signal, SIGINT, "make stops as Ctrl-C asks:\n\(output)")
    XCTAssertFalse(output.contains("***"), output)
    XCTAssertFalse(output.contains("Interrupt"), output)
    XCTAssertTrue(output.contains("run: stopping curtaind (pid \(pid))\n"), output)
    XCTAssertTrue(output.hasSuffix("run: stopped\n"), output)
    XCTAssertTrue(output.contains("info curtaind: stopped"), "curtaind stopped cleanly:\n\(output)")
    XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "the socket is removed")
    XCTAssertEqual(kill(pid, 0), -1, "curtaind has exited")
    XCTAssertEqual(killpg(run.pid, 0), -1, "no process of the group is left")
    XCTAssertEqual(errno, ESRCH)
  }
}

/// The body of a GET of `url` (the test fails on anything but 200).
private func httpGet(_ url: String) throws -> String {
  let done = DispatchSemaphore(value: 0)
  let box = GetBox()
  URLSession.shared.dataTask(with: try XCTUnwrap(URL(string: url))) { data, response, error in
    box.status = (response as? HTTPURLResponse)?.statusCode
    box.body = String(decoding: data ?? Data(), as: UTF8.self)
    box.error = error
    done.signal()
  }.resume()
  done.wait()
  XCTAssertEqual(box.status, 200, "GET \(url): \(box.body) \(String(describing: box.error))")
  return box.body
}

/// Where the URLSession callback leaves its answer (read after a semaphore).
private final class GetBox: @unchecked Sendable {
  var status: Int?
  var body = ""
  var error: (any Error)?
}
