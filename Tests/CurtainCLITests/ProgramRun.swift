// Running a program from a test: started with posix_spawn, waited for with
// waitpid, its standard output and error going to a file.
//
// Not Foundation's Process and not a pipe: a program that starts a
// background server (tmux's `new-session`) leaves that server holding every
// descriptor it inherited, so neither a pipe nor Process would see the
// program end.

import CurtainTesting
import Foundation

/// A program that failed, or a harness step that did not happen, with what
/// was seen.
struct ProgramError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Runs a program (found on PATH unless the name has a slash) to its end and
/// returns its exit status and what it wrote to stdout and stderr. Its
/// standard input is `input` (from a file), or empty.
func spawnProgram(
  _ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
  input: Data? = nil
) throws -> (status: Int32, output: String) {
  let path =
    NSTemporaryDirectory() + "curtain-run-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out"
  defer { unlink(path) }
  let inputPath = path + ".in"
  if let input { try input.write(to: URL(fileURLWithPath: inputPath)) }
  defer { if input != nil { unlink(inputPath) } }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, input == nil ? "/dev/null" : inputPath, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  var environment = ProcessInfo.processInfo.environment
  environment["TMUX"] = nil
  environment["TERM"] = "xterm-256color"
  environment.merge(extra) { $1 }
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  var pid: pid_t = 0
  let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
  guard spawned == 0 else {
    throw ProgramError("cannot start \(executable): \(String(cString: strerror(spawned)))")
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 {
    guard errno == EINTR else { throw ProgramError("waitpid failed: errno \(errno)") }
  }
  let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  // The low 7 bits are the signal that ended it (0: it exited), the next 8
  // the exit status.
  let signal = status & 0x7F
  return (signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output)
}

/// Runs a program that must succeed and returns what it wrote.
func runProgram(_ executable: String, _ arguments: [String]) throws -> String {
  let (status, output) = try spawnProgram(executable, arguments)
  guard status == 0 else {
    throw ProgramError(
      "\(executable) \(arguments.joined(separator: " ")) exited \(status): \(output)")
  }
  return output
}

/// A shell command run as the leader of its own process group, its stdout
/// and stderr read through one pipe.
final class GroupLeader {
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

/// A private daemon, a temporary directory and the built CLI on the
/// daemon's socket (never starting another daemon), for the tests of a
/// command that writes files.
final class DaemonCLI {
  let daemon: TempDaemon
  let directory: String
  let cli: String
  var socket: String { daemon.socketPath }

  /// Starts the daemon; the directory is `/tmp/curtain-PREFIX-XXXXXX`.
  init(_ prefix: String) throws {
    var template = Array("/tmp/curtain-\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw ProgramError("mkdtemp failed") }
    directory = String(cString: made)
    cli = try TempDaemon.cliURL().path
    daemon = try TempDaemon()
  }

  /// Runs the CLI, which must succeed; returns what it wrote.
  func curtain(_ arguments: String...) throws -> String {
    try runProgram(cli, ["--socket", socket, "--no-start"] + arguments)
  }

  /// Runs the CLI; returns its exit status and what it wrote.
  func run(_ arguments: String...) throws -> (status: Int32, output: String) {
    try spawnProgram(cli, ["--socket", socket, "--no-start"] + arguments)
  }

  /// Stops the daemon and removes the directory.
  func close() {
    daemon.stop()
    try? FileManager.default.removeItem(atPath: directory)
  }
}
