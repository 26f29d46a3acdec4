// `make run` ends quietly on Ctrl-C: the terminal sends SIGINT to the whole
// foreground process group (make, scripts/run.sh, curtaind, the demo's
// `curtain`), the script stops the daemon and exits 0, and make stops
// without `make: *** [Makefile:…: run] Interrupt`. Nothing is left behind:
// no process of the group, no socket.
//
// The test runs the real `make run` in its own process group, with
// CURTAIN_BIN pointing at the built binaries (so that it builds nothing),
// its own socket and state directory, and sends SIGINT to the group once the
// demo has played.

import CurtainTesting
import Foundation
import XCTest

final class MakeRunTests: XCTestCase {
  func testCtrlCStopsTheDaemonWithoutMakesInterruptNoise() throws {
    var template = Array("/tmp/curtain-run-XXXXXX".utf8CString)
    let directory = try XCTUnwrap(mkdtemp(&template).map { String(cString: $0) })
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let socket = directory + "/run.sock"
    let bin = try TempDaemon.cliURL().deletingLastPathComponent().path

    let run = try GroupLeader(
      "cd \"$1\" && exec make run", DocsRunTests.repository.path,
      environment: [
        "CURTAIN_BIN": bin, "CURTAIN_SOCKET": socket,
        "XDG_STATE_HOME": directory + "/state",
        // Not a sub-make of `make test`: no jobserver, no "Entering directory".
        "MAKEFLAGS": "", "MFLAGS": "", "MAKELEVEL": "",
      ])
    defer { run.killGroup() }
    let ready = "Ctrl-C here"
    var output = try run.read(until: ready, seconds: 60)
    XCTAssertTrue(output.contains(ready), output)
    XCTAssertTrue(output.contains("curtain --session demo dismiss @Sheet"), "the demo played")
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

/// A shell command run as the leader of its own process group, its stdout
/// and stderr read through one pipe.
private final class GroupLeader {
  let pid: pid_t
  private let reader: Int32
  private var waited = false

  init(_ command: String, _ argument: String, environment extra: [String: String]) throws {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { throw ProgramError("pipe failed: errno \(errno)") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, pipe[0])
    posix_spawn_file_actions_addclose(&actions, pipe[1])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
    posix_spawnattr_setpgroup(&attributes, 0)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var environment = ProcessInfo.processInfo.environment
    environment.merge(extra) { $1 }
    // An empty value in `extra` removes the variable.
    environment = environment.filter { extra[$0.key] != "" }
    let words: [String] = ["/bin/sh", "-c", command, "sh", argument]
    let argv = words.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
    close(pipe[1])
    guard spawned == 0 else {
      close(pipe[0])
      throw ProgramError("cannot start sh: \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
    reader = pipe[0]
  }

  deinit { close(reader) }

  /// Reads until the output so far contains `marker` (nil: until the end
  /// of the output), for at most `seconds`.
  func read(until marker: String?, seconds: Double) throws -> String {
    var bytes: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      if let marker, String(decoding: bytes, as: UTF8.self).contains(marker) { break }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else {
        throw ProgramError(
          "no \(marker ?? "end of output") within \(seconds) s: "
            + String(decoding: bytes, as: UTF8.self))
      }
      var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(left * 1000))
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = Glibc.read(reader, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Waits for the leader to end: the signal that ended it (0: it exited)
  /// and its exit status.
  func wait() -> (signal: Int32, status: Int32) {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    waited = true
    return (status & 0x7F, (status >> 8) & 0xFF)
  }

  /// Kills whatever of the group is still running (after a failure).
  func killGroup() {
    killpg(pid, SIGKILL)
    if !waited { _ = wait() }
  }
}
