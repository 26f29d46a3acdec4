// Running a program from a test: started with posix_spawn, waited for with
// waitpid, its standard output and error going to a file.
//
// Not Foundation's Process and not a pipe: a program that starts a
// background server (tmux's `new-session`) leaves that server holding every
// descriptor it inherited, so neither a pipe nor Process would see the
// program end.

import Foundation

/// A program that failed, or a harness step that did not happen, with what
/// was seen.
struct ProgramError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Runs a program (found on PATH unless the name has a slash) to its end and
/// returns its exit status and what it wrote to stdout and stderr.
func spawnProgram(
  _ executable: String, _ arguments: [String], environment extra: [String: String] = [:]
) throws -> (status: Int32, output: String) {
  let path =
    NSTemporaryDirectory() + "curtain-run-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out"
  defer { unlink(path) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
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
