// `cli`: the wall time of one `curtain` command from spawn to exit, against
// a running daemon (--ephemeral, one window): `curtain list-windows` (start,
// connect, Hello, one request, print) and `curtain --version` (start-up
// alone). Each command is run 3 times to warm the page cache, then 20 times
// (or --runs × 4, whichever is more); medians and 90th percentiles. The
// `curtain` binary is the one beside curtaind unless --curtain says.

import BenchKit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

func cliStartup(_ options: Options, scratch: Scratch) throws {
  let curtain =
    options.curtain
    ?? URL(fileURLWithPath: options.curtaind).deletingLastPathComponent()
    .appendingPathComponent("curtain").path
  let runs = max(20, options.runs * 4)
  print("## CLI start-up: wall time of one command against a running daemon (\(runs) runs)\n")
  let daemon = try Daemon(
    executable: options.curtaind, directory: scratch.path, name: "cli", arguments: ["--ephemeral"])
  try daemon.waitUntilServing()
  try Connection(socketPath: daemon.socketPath, name: "setup").call {
    $0.createWindow.root.kind = .navigation
    $0.createWindow.root.identifier = "Nav"
  }
  let commands: [(String, [String])] = [
    ("`curtain list-windows`", ["--socket", daemon.socketPath, "--no-start", "list-windows"]),
    ("`curtain --version`", ["--version"]),
  ]
  print("| command | median ms | p90 ms | min ms |")
  print("| --- | ---: | ---: | ---: |")
  var listWindows = Samples()
  for (index, command) in commands.enumerated() {
    for _ in 0..<3 { _ = try timeCommand(curtain, command.1) }
    var samples = Samples()
    for _ in 0..<runs { samples.add(try timeCommand(curtain, command.1) * 1e3) }
    if index == 0 { listWindows = samples }
    print(
      "| \(command.0) | \(format(samples.median, 2)) | \(format(samples.quantile(0.9), 2)) "
        + "| \(format(samples.quantile(0), 2)) |")
  }
  try daemon.stop()
  print(
    "\nTarget: `curtain list-windows` at most 6 ms (median): "
      + (listWindows.median <= 6 ? "met" : "NOT met") + " (\(format(listWindows.median, 2)) ms).\n")
}

/// Runs `executable` with `arguments` (stdout and stderr to /dev/null) and
/// returns the seconds from spawn to exit; throws unless it exits with 0.
private func timeCommand(_ executable: String, _ arguments: [String]) throws -> Double {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  let start = Clock.now()
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
  guard spawned == 0 else { throw BenchError("cannot run \(executable): error \(spawned)") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0, errno == EINTR {}
  let elapsed = Clock.now() - start
  guard status == 0 else {
    throw BenchError("\(executable) \(arguments.joined(separator: " ")) exited with \(status)")
  }
  return elapsed
}
