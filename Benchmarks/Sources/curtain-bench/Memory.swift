// `memory`: what the daemon keeps resident (VmRSS, /proc/PID/status).
//
// - Per controller: 100,000 identified content controllers (`M0`…) in one
//   session, in no window, made by one pipelining client; the growth of the
//   resident set divided by their number. The identifier index is in it.
// - Per event: 10 windows with `--event-ring` and `--event-ring-bytes` high
//   enough to keep every event, driven with the steady load (push, retitle,
//   pop, resize); the growth divided by the events their logs gained.
// - 1,000 busy windows under the default ring limits: 1,000 windows driven
//   until each has produced more events than the default `--event-ring`
//   keeps; the resident set at the end (target: under 256 MiB).
// A daemon that does not know `--event-ring-bytes` (before issue 13) runs
// the same loads with `--event-ring` alone.

import BenchKit
import CurtainWire
import Foundation

func memory(_ options: Options, scratch: Scratch) throws {
  let controllers = options.scaled(100_000)
  let byteLimited = try supportsRingBytes(options.curtaind)
  print("## Memory\n")
  var perController = Samples()
  var perEvent = Samples()
  for run in 0..<options.runs {
    perController.add(try bytesPerController(options, scratch, run: run, count: controllers))
    perEvent.add(try bytesPerEvent(options, scratch, run: run, byteLimited: byteLimited))
  }
  let busy = try busyWindows(options, scratch)
  print("| figure (median of \(options.runs) runs) | bytes |")
  print("| --- | ---: |")
  print(
    "| per resident controller (\(controllers) identified) | \(format(perController.median, 0)) |")
  print("| per event kept in a window's ring | \(format(perEvent.median, 0)) |")
  print(
    "\n\(busy.windows) busy windows (\(busy.events) events each, default ring limits): "
      + "resident set \(megabytes(busy.resident)) (\(format(Double(busy.resident) / 1_048_576, 1)) MiB), "
      + "\(format(Double(busy.resident) / Double(busy.windows) / 1024, 1)) KiB per window"
      + (busy.ringBytes > 0 ? "; the fullest ring holds \(busy.ringBytes) bytes" : "") + ".\n")
  print(
    "Targets: at most 400 bytes per resident controller: "
      + (perController.median <= 400 ? "met" : "NOT met")
      + (busy.windows == 1_000
        ? "; 1,000 busy windows under 256 MiB: "
          + (busy.resident < 256 << 20 ? "met" : "NOT met") : "")
      + ".\n")
}

/// Whether this curtaind has `--event-ring-bytes`.
private func supportsRingBytes(_ curtaind: String) throws -> Bool {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: curtaind)
  process.arguments = ["--help"]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  try process.run()
  let help = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: help, as: UTF8.self).contains("--event-ring-bytes")
}

private func bytesPerController(_ options: Options, _ scratch: Scratch, run: Int, count: Int)
  throws -> Double
{
  let daemon = try Daemon(
    executable: options.curtaind, directory: scratch.path, name: "controllers-\(run)",
    arguments: ["--ephemeral"])
  try daemon.waitUntilServing()
  let connection = try Connection(socketPath: daemon.socketPath, name: "memory")
  try connection.sync()
  let before = daemon.residentBytes()
  try connection.pipeline(count: count, depth: 64) { number in
    request {
      $0.createController.kind = .content
      $0.createController.identifier = "M\(number)"
    }
  }
  try connection.sync()
  let after = daemon.residentBytes()
  try daemon.stop()
  return Double(after - before) / Double(count)
}

/// The last seq of every window of the default session, summed.
private func eventsSoFar(_ connection: Connection) throws -> UInt64 {
  try connection.call { $0.listWindows = .init() }.windows.windows.reduce(0) { $0 + $1.lastSeq }
}

private func bytesPerEvent(_ options: Options, _ scratch: Scratch, run: Int, byteLimited: Bool)
  throws -> Double
{
  let everything =
    ["--event-ring", "1000000"] + (byteLimited ? ["--event-ring-bytes", "1000000000000"] : [])
  let daemon = try Daemon(
    executable: options.curtaind, directory: scratch.path, name: "events-\(run)",
    arguments: ["--ephemeral"] + everything)
  try daemon.waitUntilServing()
  let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
  let windows = try SteadyWindows(count: 10, connection: setup)
  // A first pass grows what does not grow with the events (buffers,
  // caches), then the measured one.
  _ = try windows.drive(
    socketPath: daemon.socketPath, clients: 1, operations: 400, depth: 32)
  let events = try eventsSoFar(setup)
  let before = daemon.residentBytes()
  _ = try windows.drive(
    socketPath: daemon.socketPath, clients: 1, operations: options.scaled(20_000), depth: 32,
    firstStep: 400)
  let added = try eventsSoFar(setup) - events
  let after = daemon.residentBytes()
  try daemon.stop()
  return Double(after - before) / Double(added)
}

private func busyWindows(_ options: Options, _ scratch: Scratch) throws -> (
  windows: Int, events: UInt64, resident: UInt64, ringBytes: Int
) {
  let count = options.scaled(1_000)
  let daemon = try Daemon(
    executable: options.curtaind, directory: scratch.path, name: "busy",
    arguments: ["--ephemeral"])
  try daemon.waitUntilServing()
  let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
  let windows = try SteadyWindows(count: count, connection: setup)
  // Rounds of one request per window until every window has passed the
  // default count limit (10,000 events).
  var step = 0
  while try setup.call({ $0.listWindows = .init() }).windows.windows.map(\.lastSeq).min() ?? 0
    <= 10_000
  {
    _ = try windows.drive(
      socketPath: daemon.socketPath, clients: 4, operations: count * 100 / 4, depth: 32,
      firstStep: step)
    step += 100
  }
  let events = try eventsSoFar(setup) / UInt64(count)
  let resident = daemon.residentBytes()
  let ring = try setup.call { $0.getStatus = .init() }.status.limits.first {
    $0.name == "event-ring-bytes"
  }
  try daemon.stop()
  return (count, events, resident, Int(ring?.used ?? 0))
}
