// Part of `throughput` (issue 33): one client with no bound on its
// pipeline. A writer thread sends `ConfigureController` title changes back
// to back without waiting, while a reader thread counts the answers (in
// order); meanwhile a second, well-behaved client measures its round trip
// (sequential `Sync`s and title changes of its own controller, in a session
// of its own), and the same client measures it before, on the idle daemon.
// The deep pipeline must cost each request what a shallow one does, and the
// second client's round trip must stay within 2× of its idle figure.

import BenchKit
import CurtainWire
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one deep-pipeline run measured.
private struct DeepRun {
  var rate = 0.0
  var cpu = 0.0
  var idle: [String: Samples] = [:]
  var busy: [String: Samples] = [:]
}

/// The deep pipeline on `--ephemeral` and on a durable daemon.
func deepPipeline(_ options: Options, scratch: Scratch) throws {
  let changes = options.scaled(200_000)
  print(
    "## One client's unbounded pipeline: \(changes) title changes written back to back\n\n"
      + "A writer thread sends them without waiting while a reader thread counts the answers; "
      + "meanwhile a second client (a session of its own) measures its round trip of a `Sync` "
      + "and of a title change, sequentially, and the same before the flood on the idle daemon "
      + "(1,000 of each). Default `--max-unanswered` (4096).\n")
  let modes = Array(durabilityModes.prefix(2))
  let probes = ["Sync", "title change"]
  var runs = Array(repeating: [DeepRun](), count: modes.count)
  for run in 0..<options.runs {
    for (index, mode) in modes.enumerated() {
      let state = try scratch.directory("deep")
      let daemon = try Daemon(
        executable: options.curtaind, directory: scratch.path, name: "deep-\(run)-\(index)",
        arguments: mode.arguments(state))
      try daemon.waitUntilServing()
      runs[index].append(try deepRun(daemon, changes: changes, probes: probes))
      try daemon.stop()
      try FileManager.default.removeItem(atPath: state)
    }
  }
  print(
    "| mode | deep pipeline requests/s | curtaind CPU µs/request | second client | idle p50 µs "
      + "| during p50 µs | during p90 µs | ratio (p50) |")
  print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
  var worst = 0.0
  for (index, mode) in modes.enumerated() {
    let rate = median(runs[index].map(\.rate))
    let cpu = median(runs[index].map(\.cpu))
    for probe in probes {
      let idle = median(runs[index].map { $0.idle[probe]?.median ?? .nan })
      let busy = median(runs[index].map { $0.busy[probe]?.median ?? .nan })
      let busy90 = median(runs[index].map { $0.busy[probe]?.quantile(0.9) ?? .nan })
      worst = max(worst, busy / idle)
      print(
        "| \(mode.name) | \(format(rate, 0)) | \(format(cpu, 1)) | \(probe) "
          + "| \(format(idle, 0)) | \(format(busy, 0)) | \(format(busy90, 0)) "
          + "| \(format(busy / idle, 2)) |")
    }
  }
  print(
    "\nTarget: the second client's round trip within 2× of its idle figure while one client "
      + "pipelines without bound: " + (worst <= 2 ? "met" : "NOT met")
      + " (worst \(format(worst, 2))×).\n")
}

/// The median of `values`.
private func median(_ values: [Double]) -> Double {
  var samples = Samples()
  for value in values { samples.add(value) }
  return samples.median
}

/// One run on `daemon`: the second client's idle round trips, then the
/// flood with the second client measuring meanwhile.
private func deepRun(_ daemon: Daemon, changes: Int, probes: [String]) throws -> DeepRun {
  var result = DeepRun()
  let monitor = try Connection(socketPath: daemon.socketPath, name: "monitor")
  try monitor.call(session: "monitor") {
    $0.createController.kind = .content
    $0.createController.identifier = "M"
  }
  var step = 0
  func probe(_ name: String) throws -> Double {
    step += 1
    let start = Clock.now()
    if name == "Sync" {
      try monitor.sync()
    } else {
      try monitor.call(session: "monitor") {
        $0.configureController.controller = ref("M")
        $0.configureController.title = "m\(step)"
      }
    }
    return (Clock.now() - start) * 1e6
  }
  for _ in 0..<200 { for name in probes { _ = try probe(name) } }
  for _ in 0..<1_000 {
    for name in probes { result.idle[name, default: Samples()].add(try probe(name)) }
  }

  let flood = try Connection(socketPath: daemon.socketPath, name: "flood")
  try flood.call(session: "flood") {
    $0.createController.kind = .content
    $0.createController.identifier = "F"
  }
  let descriptor = flood.client.fileDescriptor
  // The client's socket is non-blocking (it polls for its timeouts); the
  // writer and reader threads block on it instead.
  _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
  let answered = Locked(0)
  let failure = Locked<String?>(nil)
  let cpuBefore = daemon.cpuSeconds()
  let start = Clock.now()
  let writer = Thread {
    // Written in chunks of 1,000 requests, each chunk as it is made.
    var next = 0
    while next < changes {
      var bytes: [UInt8] = []
      for id in next..<min(changes, next + 1_000) {
        var message = ClientMessage()
        message.request.requestID = UInt64(1_000_000 + id)
        message.request.session = "flood"
        message.request.configureController.controller = ref("F")
        message.request.configureController.title = "f\(id)"
        bytes += (try? WireCodec.framed(message)) ?? []
      }
      next += 1_000
      if !writeAll(descriptor, bytes) {
        failure.withLock { $0 = "the flood's write failed: \(String(cString: strerror(errno)))" }
        return
      }
    }
  }
  let reader = Thread {
    var decoder = FrameDecoder(maxFrameBytes: 64 << 20)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var expected = UInt64(1_000_000)
    while answered.withLock({ $0 }) < changes {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else {
        failure.withLock { $0 = "the flood's connection ended after \(expected - 1_000_000)" }
        return
      }
      decoder.append(buffer[0..<count])
      while let payload = try? decoder.next() {
        guard let message = try? WireCodec.decode(ServerMessage.self, from: payload),
          case .response(let response)? = message.kind
        else { continue }
        guard response.requestID == expected, response.error.code == .unspecified else {
          failure.withLock {
            $0 = "answer \(response.requestID) (\(response.error.message)), not \(expected)"
          }
          return
        }
        expected += 1
        answered.withLock { $0 += 1 }
      }
    }
  }
  writer.start()
  reader.start()
  // The second client, while the flood runs (after its first tenth, until
  // its last tenth, so that it measures the flood at full depth).
  while answered.withLock({ $0 }) < changes / 10, failure.withLock({ $0 }) == nil {
    usleep(1_000)
  }
  while answered.withLock({ $0 }) < changes * 9 / 10, failure.withLock({ $0 }) == nil {
    for name in probes { result.busy[name, default: Samples()].add(try probe(name)) }
  }
  while answered.withLock({ $0 }) < changes, failure.withLock({ $0 }) == nil { usleep(1_000) }
  let seconds = Clock.now() - start
  if let failure = failure.withLock({ $0 }) { throw BenchError(failure) }
  result.rate = Double(changes) / seconds
  result.cpu = (daemon.cpuSeconds() - cpuBefore) / Double(changes) * 1e6
  return result
}

/// Writes all of `bytes` to `descriptor`; false on an error.
private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes {
      write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
    }
    if written < 0 {
      if errno == EINTR { continue }
      return false
    }
    offset += written
  }
  return true
}
