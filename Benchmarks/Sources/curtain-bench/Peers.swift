// `peers`: curtaind side by side with a raw Unix-socket echo server (the
// floor), tmux control mode and Neovim's msgpack-RPC (issue 13), every
// system driven by the same client (PeerSystems.swift): one connection, a
// blocking write of each request and blocking reads until its whole answer
// is in, timed with the monotonic clock.
//
// - Round trips: for each system, sequential round trips of a no-op, a
//   small mutation and a create + destroy pair (two round trips), each
//   system and operation measured for a fixed time per round, in slices
//   that the systems take in turn (A/B/C/… and again, the order rotating
//   from slice to slice and round to round). Medians and 90th percentiles (the median over the rounds of
//   each round's), ratios to the echo server's round trip of the same
//   size, and the server's CPU time per operation from
//   `/proc/PID/task/*/schedstat` over each round.
// - Pipelined no-ops on one connection, 128 in flight, requests written in
//   batches as answers come in: requests per second and the server's CPU
//   per request, in interleaved rounds.
// - Instructions per no-op, under valgrind's callgrind: each server run
//   twice, once answering N no-ops and once 3N, each time started afresh;
//   (total(3N) − total(N)) / 2N is the cost of one request, start-up, the
//   first requests and shutdown cancelling out.
//
// The client and the servers all run on CPU 0 (`taskset`) for the round
// trips and the pipelined runs: see `peers` for why.
//
// curtaind runs `--ephemeral`. tmux and Neovim are found in PATH (scripts/
// bench.sh installs them from Debian when missing); a system that cannot
// start is skipped with a line saying why.

import BenchKit
import Foundation

/// The median, 90th percentile and server CPU of one system and operation,
/// a sample per round.
private struct Cell {
  var medians = Samples()
  var p90s = Samples()
  var cpu = Samples()
  var relayCPU = Samples()
}

func peers(_ options: Options, scratch: Scratch) throws {
  let echo =
    options.echo
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("peers-echo").path
  print("## Peers: curtaind beside a raw echo server, tmux control mode and Neovim\n")
  guard FileManager.default.isExecutableFile(atPath: echo) else {
    print(
      "Skipped: no echo server at \(echo) (scripts/bench.sh compiles Benchmarks/peers/echo.c "
        + "there; or give `--echo PATH`).\n")
    return
  }
  let tmux = which("tmux")
  let nvim = which("nvim")
  let directory = try scratch.directory("peers")
  var systems: [any Peer] = []
  defer { for system in systems { system.close() } }
  func start(_ name: String, _ make: () throws -> any Peer) {
    do {
      systems.append(try make())
    } catch {
      print("- \(name): skipped, it could not start: \(error)")
    }
  }
  start("echo") {
    try EchoPeer(executable: echo, blocking: false, directory: directory, timeout: 10)
  }
  guard !systems.isEmpty else { return }
  start("echo, blocking") {
    try EchoPeer(executable: echo, blocking: true, directory: directory, timeout: 10)
  }
  start("curtaind") {
    try CurtaindPeer(
      executable: options.curtaind, directory: directory, name: "curtaind", timeout: 30)
  }
  if let tmux {
    start("tmux") { try TmuxPeer(tmux: tmux, directory: directory, timeout: 10) }
  } else {
    print("- tmux: skipped, not installed (`apt-get install tmux`)")
  }
  if let nvim {
    start("Neovim") { try NeovimPeer(nvim: nvim, directory: directory, timeout: 10) }
  } else {
    print("- Neovim: skipped, not installed (`apt-get install neovim`)")
  }
  print(
    "curtaind `--ephemeral`; tmux \(version(tmux, "-V")) with `-f /dev/null`, `SHELL=/bin/sh` "
      + "(a new window runs `/bin/sh`); Neovim \(version(nvim, "--version")) with `--clean`.\n")

  // Where the scheduler puts a server relative to the client decides a
  // round trip more than the server does (the same core: two context
  // switches; two cores: a wake-up across them, tens of µs on this VM), and
  // unpinned it puts them anywhere: in one run the blocking echo took 2.3×
  // the epoll echo's round trip, in another 0.8×. Pinned to two cores, the
  // wake-ups drown the servers' work (34–56 µs for the echo). So the client
  // (this thread) and every server run on CPU 0: each round trip is the
  // server's work and two context switches, the same for every system.
  let pinned = pinToFirstCPU(systems.flatMap(\.serverPIDs), log: "\(directory)/taskset.log")
  defer { if pinned { unpinThisThread(log: "\(directory)/taskset.log") } }
  if pinned {
    print(
      "The client and every server run on CPU 0 (`taskset`): a round trip is the server's "
        + "work and two context switches, wherever the scheduler would have put them.\n")
  }
  try roundTrips(systems, options)
  try pipelined(systems, options)
  for system in systems { system.close() }
  systems.removeAll()
  try instructions(options, scratch: scratch, echo: echo, tmux: tmux, nvim: nvim)
}

/// The first line a program prints about its version, or "?".
private func version(_ program: String?, _ flag: String) -> String {
  guard let program else { return "(none)" }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = [flag]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  process.standardInput = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return "?" }
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let line = String(decoding: output, as: UTF8.self).split(separator: "\n").first ?? "?"
  return line.split(separator: " ").last.map(String.init) ?? "?"
}

// MARK: Round trips

private func roundTrips(_ systems: [any Peer], _ options: Options) throws {
  let seconds = options.quick ? 0.05 : 0.3
  // Each round gives every system its time in slices, taking turns, so
  // that they all meet the same state of the machine (on this VM a round
  // trip is quick or slow by tens of µs as the idle core sleeps deeper or
  // not, for seconds at a time).
  let slices = 10
  let operations = PeerOperation.allCases
  var cells = Array(
    repeating: Array(repeating: Cell(), count: systems.count), count: operations.count)
  var step = 0
  for round in 0..<options.runs {
    for operation in operations {
      var latencies = Array(repeating: [Double](), count: systems.count)
      var cpu = Array(repeating: 0.0, count: systems.count)
      var relayCPU = Array(repeating: 0.0, count: systems.count)
      for system in systems {
        for _ in 0..<20 {
          try system.perform(operation, step: step)
          step += 1
        }
      }
      for slice in 0..<slices {
        for offset in systems.indices {
          let index = (offset + round + slice) % systems.count
          let system = systems[index]
          let cpuBefore = system.serverCPUSeconds()
          let relayBefore = system.relayPID.map { threadCPUSeconds(pid: $0) } ?? 0
          let start = Clock.now()
          var now = start
          while now - start < seconds / Double(slices) {
            try system.perform(operation, step: step)
            step += 1
            let end = Clock.now()
            latencies[index].append((end - now) * 1e6)
            now = end
          }
          cpu[index] += system.serverCPUSeconds() - cpuBefore
          if let relay = system.relayPID {
            relayCPU[index] += threadCPUSeconds(pid: relay) - relayBefore
          }
        }
      }
      for index in systems.indices {
        var samples = Samples()
        for latency in latencies[index] { samples.add(latency) }
        let count = Double(latencies[index].count)
        cells[operation.rawValue][index].medians.add(samples.median)
        cells[operation.rawValue][index].p90s.add(samples.quantile(0.9))
        cells[operation.rawValue][index].cpu.add(cpu[index] / count * 1e6)
        cells[operation.rawValue][index].relayCPU.add(relayCPU[index] / count * 1e6)
      }
    }
  }
  print(
    "### Round trips\n\nOne connection each, one request at a time, \(format(seconds, 2)) s per "
      + "system and operation in each of \(options.runs) rounds (after 20 to warm up), in "
      + "\(slices) slices that the systems take in turn: the median over the rounds of each "
      + "round's median and 90th percentile. The echo server's requests are as long as "
      + "curtaind's. Server CPU from `/proc/PID/task/*/schedstat` over each slice.\n")
  print(
    "| operation | system | request | median µs | p90 µs | ratio to echo | server CPU µs per operation |"
  )
  print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
  for operation in operations {
    let floor = cells[operation.rawValue][0].medians.median
    for (index, system) in systems.enumerated() {
      let cell = cells[operation.rawValue][index]
      print(
        "| \(operation.title) | \(system.name) | \(system.describe(operation)) "
          + "| \(format(cell.medians.median, 1)) | \(format(cell.p90s.median, 1)) "
          + "| \(format(cell.medians.median / floor, 2)) | \(format(cell.cpu.median, 1)) |")
    }
  }
  for (index, system) in systems.enumerated() where system.relayPID != nil {
    let relay = operations.map { format(cells[$0.rawValue][index].relayCPU.median, 1) }
    print(
      "\n\(system.name): its control client (`tmux -C attach`, between the benchmark's "
        + "socket and the server) took \(relay.joined(separator: ", ")) µs of CPU per no-op, "
        + "mutation and create + destroy: tmux hands the client's stdin and stdout to the "
        + "server, which reads and writes them itself.")
  }
  if let curtaind = systems.firstIndex(where: { $0 is CurtaindPeer }) {
    let sync = cells[0][curtaind].medians.median
    let ratio = sync / cells[0][0].medians.median
    let blocking = systems.firstIndex { $0.name.contains("blocking") }
    print(
      "\nTarget: `Sync` round trip p50 ≤ 1.6× the raw echo's in the same run: "
        + (ratio <= 1.6 ? "met" : "NOT met") + " (\(format(ratio, 2))×"
        + (blocking.map {
          "; \(format(sync / cells[0][$0].medians.median, 2))× the blocking echo's"
        } ?? "") + ").")
  }
  print()
}

// MARK: Pipelined

private func pipelined(_ systems: [any Peer], _ options: Options) throws {
  let depth = 128
  let counts = systems.map { system in
    options.scaled(system is EchoPeer || system is CurtaindPeer ? 100_000 : 10_000)
  }
  var rates = Array(repeating: Samples(), count: systems.count)
  var cpu = Array(repeating: Samples(), count: systems.count)
  var step = 1_000_000
  for round in 0..<options.runs {
    for offset in systems.indices {
      let index = (offset + round) % systems.count
      let system = systems[index]
      try system.pipelineNoOps(count: depth * 4, depth: depth, firstStep: step)
      step += depth * 4
      let cpuBefore = system.serverCPUSeconds()
      let start = Clock.now()
      try system.pipelineNoOps(count: counts[index], depth: depth, firstStep: step)
      let seconds = Clock.now() - start
      step += counts[index]
      rates[index].add(Double(counts[index]) / seconds)
      cpu[index].add((system.serverCPUSeconds() - cpuBefore) / Double(counts[index]) * 1e6)
    }
  }
  print(
    "### Pipelined no-ops on one connection\n\n\(depth) in flight, requests written in batches "
      + "as answers come in; \(options.runs) interleaved rounds (after \(depth * 4) to warm "
      + "up), medians.\n")
  print(
    "| system | request | requests per round | requests/s | ratio to echo | server CPU µs/request |"
  )
  print("| --- | --- | ---: | ---: | ---: | ---: |")
  for (index, system) in systems.enumerated() {
    print(
      "| \(system.name) | \(system.describe(.noOp)) | \(counts[index]) "
        + "| \(format(rates[index].median, 0)) | \(format(rates[index].median / rates[0].median, 2)) "
        + "| \(format(cpu[index].median, 2)) |")
  }
  if let curtaind = systems.firstIndex(where: { $0 is CurtaindPeer }) {
    let rate = rates[curtaind].median
    print(
      "\nTarget: ≥ 400,000 pipelined `Sync`/s on one connection: "
        + (rate >= 400_000 ? "met" : "NOT met") + " (\(format(rate, 0))/s).")
  }
  print()
}

// MARK: Instructions

/// Instructions per no-op under callgrind: each server answering N and
/// then (started afresh) 3N no-ops.
private func instructions(
  _ options: Options, scratch: Scratch, echo: String, tmux: String?, nvim: String?
) throws {
  let count = options.quick ? 100 : 1_000
  print(
    "### Instructions per no-op (callgrind)\n\nEach server under `valgrind --tool=callgrind`, "
      + "started afresh to answer \(count) and then \(count * 3) sequential no-ops on one "
      + "connection: (total(\(count * 3)) − total(\(count))) / \(count * 2). The server "
      + "process only (for tmux, the server started with `-D`, not its control client), and "
      + "user-space instructions only: callgrind does not see the kernel's side of the system "
      + "calls.\n")
  guard let valgrind = which("valgrind") else {
    print("Skipped: valgrind is not installed (`apt-get install valgrind`).\n")
    return
  }
  // valgrind 3.19 (Debian 12's) cannot read the DWARF 5 debug information
  // of Swift 6's binaries and gives up; a copy without it runs the same
  // instructions.
  var curtaind = options.curtaind
  if let strip = which("strip") {
    let copy = "\(scratch.path)/curtaind-no-debug-info"
    do {
      try runToEnd(
        [strip, "--strip-debug", "-o", copy, options.curtaind], name: "strip",
        log: "\(scratch.path)/strip.log", timeout: 120)
      curtaind = copy
    } catch {
      print("- strip: \(error); curtaind runs with its debug information")
    }
  }
  typealias Make = (_ launcher: [String], _ directory: String) throws -> any Peer
  var systems: [(name: String, make: Make)] = [
    (
      "echo (epoll loop)",
      {
        try EchoPeer(
          executable: echo, blocking: false, directory: $1, launcher: $0, timeout: 120)
      }
    ),
    (
      "curtaind",
      {
        try CurtaindPeer(
          executable: curtaind, directory: $1, name: "curtaind", launcher: $0, timeout: 300)
      }
    ),
  ]
  if let tmux {
    systems.append(
      ("tmux control mode", { try TmuxPeer(tmux: tmux, directory: $1, launcher: $0, timeout: 120) })
    )
  }
  if let nvim {
    systems.append(
      (
        "Neovim msgpack-RPC",
        { try NeovimPeer(nvim: nvim, directory: $1, launcher: $0, timeout: 120) }
      ))
  }
  let began = Clock.now()
  var results: [(name: String, request: String, perRequest: Double)] = []
  for system in systems {
    do {
      var totals: [Double] = []
      var request = ""
      for requests in [count, count * 3] {
        let directory = try scratch.directory("callgrind")
        let launcher = [
          valgrind, "--tool=callgrind", "-q", "--callgrind-out-file=\(directory)/callgrind.%p",
        ]
        let peer = try system.make(launcher, directory)
        request = peer.describe(.noOp)
        let pid = peer.serverPIDs[0]
        do {
          for step in 0..<requests { try peer.perform(.noOp, step: step) }
        } catch {
          peer.close()
          throw error
        }
        peer.close()
        totals.append(try callgrindTotal("\(directory)/callgrind.\(pid)"))
      }
      results.append((system.name, request, (totals[1] - totals[0]) / Double(count * 2)))
    } catch {
      print("- \(system.name): skipped, it could not run under callgrind: \(error)")
    }
  }
  guard let floor = results.first?.perRequest else { return }
  print("| system | request | instructions per request | ratio to echo |")
  print("| --- | --- | ---: | ---: |")
  for result in results {
    print(
      "| \(result.name) | \(result.request) | \(format(result.perRequest, 0)) "
        + "| \(format(result.perRequest / floor, 1)) |")
  }
  print("\n(\(format(Clock.now() - began, 0)) s under callgrind.)")
  if let sync = results.first(where: { $0.name == "curtaind" })?.perRequest {
    print(
      "\nTarget: `Sync` ≤ 15,000 instructions per request: "
        + (sync <= 15_000 ? "met" : "NOT met") + " (\(format(sync, 0))).")
  }
  print()
}

/// The instructions a callgrind profile counted in all (its `totals:` line,
/// or `summary:`).
private func callgrindTotal(_ path: String) throws -> Double {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    throw BenchError("no callgrind profile at \(path)")
  }
  var summary: Double?
  for line in text.split(separator: "\n") {
    if line.hasPrefix("totals:") {
      return Double(line.dropFirst(7).trimmingCharacters(in: .whitespaces)) ?? 0
    }
    if line.hasPrefix("summary:") {
      summary = Double(line.dropFirst(8).trimmingCharacters(in: .whitespaces))
    }
  }
  guard let summary else { throw BenchError("no totals in \(path)") }
  return summary
}

// MARK: Pinning

/// Pins this thread (the main thread, whose id is the process's) and every
/// thread of the processes `pids` to CPU 0 with `taskset`, on a machine of
/// more than one CPU; whether it did. A failure is printed.
func pinToFirstCPU(_ pids: [Int32], log: String) -> Bool {
  guard let taskset = which("taskset"), ProcessInfo.processInfo.activeProcessorCount > 1 else {
    return false
  }
  do {
    for pid in [getpid()] + pids {
      // `-a`: every thread of a server; this process's other threads (none
      // while a benchmark runs) are left alone.
      try runToEnd(
        [taskset] + (pid == getpid() ? [] : ["-a"]) + ["-p", "-c", "0", "\(pid)"],
        name: "taskset", log: log, timeout: 10)
    }
    return true
  } catch {
    print("Not pinned to a CPU (\(error)).\n")
    return false
  }
}

/// Lets this thread run on every CPU again.
func unpinThisThread(log: String) {
  guard let taskset = which("taskset") else { return }
  let last = ProcessInfo.processInfo.activeProcessorCount - 1
  try? runToEnd(
    [taskset, "-p", "-c", "0-\(last)", "\(getpid())"], name: "taskset", log: log, timeout: 10)
}
