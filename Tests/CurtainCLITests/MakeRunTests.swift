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

extension MakeRunTests {
  /// A temporary directory, removed at the end of the test.
  private func temporaryDirectory() throws -> String {
    var template = Array("/tmp/curtain-run-XXXXXX".utf8CString)
    let directory = try XCTUnwrap(mkdtemp(&template).map { String(cString: $0) })
    addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
    return directory
  }

  /// `make run` on `socket` with its state in `directory`, the built
  /// binaries (or `bin`) and the web inspector on any free port.
  private func makeRun(
    _ directory: String, socket: String, bin: String? = nil, extra: [String: String] = [:]
  ) throws -> GroupLeader {
    var environment = [
      "CURTAIN_BIN": try bin ?? TempDaemon.cliURL().deletingLastPathComponent().path,
      "CURTAIN_SOCKET": socket, "XDG_STATE_HOME": directory + "/state",
      "CURTAIN_WEB_HTTP": "127.0.0.1:0", "MAKEFLAGS": "", "MFLAGS": "", "MAKELEVEL": "",
    ]
    environment.merge(extra) { $1 }
    return try GroupLeader(
      "cd \"$1\" && exec make run", DocsShell.repository.path, environment: environment)
  }

  /// The pid `make run` printed for its curtaind.
  private func daemonPID(_ output: String) throws -> pid_t {
    try XCTUnwrap(
      output.firstMatch(of: #/curtaind is running \(pid (\d+)\)/#).flatMap { pid_t($0.1) }, output)
  }

  /// Checks that nothing of `run`'s process group is left and the socket
  /// is gone.
  private func assertNothingLeft(
    _ run: GroupLeader, socket: String, _ output: String, line: UInt = #line
  ) {
    XCTAssertEqual(killpg(run.pid, 0), -1, "a process of the group is left:\n\(output)", line: line)
    XCTAssertFalse(FileManager.default.fileExists(atPath: socket), output, line: line)
  }

  func testMakeRunRunsAgainAfterCtrlCKillServerAndKill9() throws {
    let directory = try temporaryDirectory()
    let socket = directory + "/run.sock"
    let cli = try TempDaemon.cliURL().path
    let ready = "?session=demo&window=1\n"
    for ending in ["Ctrl-C", "kill-server", "kill -9", "Ctrl-C again"] {
      let run = try makeRun(directory, socket: socket)
      defer { run.killGroup() }
      var output = try run.read(until: ready, seconds: 60)
      XCTAssertTrue(output.contains("curtain --session demo dismiss @Sheet"), output)
      XCTAssertFalse(output.contains("already exists"), output)
      if ending != "Ctrl-C" {
        XCTAssertTrue(
          output.contains("run: removing the session 'demo' of an earlier run"),
          "\(ending): \(output)")
      }
      let pid = try daemonPID(output)
      switch ending {
      case "kill-server":
        _ = try runProgram(cli, ["--socket", socket, "kill-server"])
      case "kill -9":
        XCTAssertEqual(kill(pid, SIGKILL), 0)
      default:
        XCTAssertEqual(killpg(run.pid, SIGINT), 0)
      }
      output += try run.read(until: nil, seconds: 30)
      let status = run.wait()
      switch ending {
      case "kill-server":
        XCTAssertEqual(status.signal, 0, output)
        XCTAssertEqual(status.status, 0, output)
      case "kill -9":
        XCTAssertNotEqual(status.status, 0, output)
        XCTAssertTrue(output.contains("run: curtaind was killed by signal 9"), output)
        // The socket stays after a kill -9; the next run takes it over.
        XCTAssertEqual(killpg(run.pid, 0), -1, "a process of the group is left:\n\(output)")
        continue
      default:
        XCTAssertEqual(status.signal, SIGINT, output)
      }
      assertNothingLeft(run, socket: socket, output)
    }
  }

  func testAFailingStepStopsTheDaemonAndTheInspector() throws {
    let directory = try temporaryDirectory()
    let socket = directory + "/run.sock"
    // The built binaries, but a `curtain` that refuses `new-window`: the
    // demo's first command fails.
    let bin = directory + "/bin"
    let built = try TempDaemon.cliURL().deletingLastPathComponent()
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    for name in ["curtaind", "curtain-web"] {
      try FileManager.default.createSymbolicLink(
        atPath: "\(bin)/\(name)", withDestinationPath: built.appendingPathComponent(name).path)
    }
    let wrapper = """
      #!/bin/sh
      case " $* " in *" new-window "*) echo "curtain: refused by the test" >&2; exit 1 ;; esac
      exec '\(built.appendingPathComponent("curtain").path)' "$@"
      """
    try wrapper.write(toFile: bin + "/curtain", atomically: true, encoding: .utf8)
    chmod(bin + "/curtain", 0o755)

    let run = try makeRun(directory, socket: socket, bin: bin)
    defer { run.killGroup() }
    let output = try run.read(until: nil, seconds: 60)
    let status = run.wait()
    XCTAssertEqual(status.signal, 0, output)
    XCTAssertNotEqual(status.status, 0, output)
    XCTAssertTrue(output.contains("curtain: refused by the test"), output)
    XCTAssertTrue(output.contains("run: stopping curtaind (pid "), output)
    XCTAssertTrue(output.contains("info curtaind: stopped"), output)
    assertNothingLeft(run, socket: socket, output)
  }

  func testMakeRunBuildsOnceAndSaysNothingOfANoOpBuild() throws {
    let directory = try temporaryDirectory()
    let socket = directory + "/run.sock"
    let built = try TempDaemon.cliURL().deletingLastPathComponent().path
    // A `swift` that records how it is called, says what SwiftPM says of a
    // build with nothing to do (dependencies' warnings included), and
    // answers --show-bin-path with the built binaries.
    let calls = directory + "/swift-calls"
    let swift = """
      #!/bin/sh
      echo "$*" >> '\(calls)'
      case "$*" in
        *--show-bin-path*) echo '\(built)' ;;
        *) echo "warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled"
           echo "Build complete! (0.50s)" ;;
      esac
      """
    try swift.write(toFile: directory + "/swift", atomically: true, encoding: .utf8)
    chmod(directory + "/swift", 0o755)

    let run = try makeRun(
      directory, socket: socket, extra: ["CURTAIN_BIN": "", "SWIFT": directory + "/swift"])
    defer { run.killGroup() }
    var output = try run.read(until: "?session=demo&window=1\n", seconds: 60)
    XCTAssertEqual(killpg(run.pid, SIGINT), 0)
    output += try run.read(until: nil, seconds: 30)
    _ = run.wait()
    XCTAssertEqual(
      try String(contentsOfFile: calls, encoding: .utf8), "build\nbuild --show-bin-path\n")
    XCTAssertTrue(output.contains("run: building (swift build)\n"), output)
    XCTAssertFalse(output.contains("warning"), output)
    XCTAssertFalse(output.contains("Build complete"), output)
    assertNothingLeft(run, socket: socket, output)
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
