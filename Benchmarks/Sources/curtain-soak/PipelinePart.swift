// The pipeline part (issue 33 §1): one client writes durable title changes
// back to back without waiting for any answer (every request sent before
// the first answer is read, as a writer thread with a separate reader
// does), on a durable daemon whose write queue may hold them all
// (`--max-write-queue-bytes 268435456`, the probe's setting). Run with a
// tenth of the changes first, then with all of them: the daemon's CPU per
// request must stay flat (at most 3× the small run's; it grew with the
// answers waiting for their commit before the fix, 75× for 10× the work),
// and a second client's Sync round trips meanwhile must stay under a
// second (the daemon stops reading a client past --max-unanswered and
// serves the others).

import BenchKit
import CurtainWire
import Foundation

func pipelinePart(_ options: Options, _ random: inout SplitMix) throws -> String {
  try withDaemon(
    options, name: "pipeline",
    arguments: ["--state-dir", "$SCRATCH/state", "--max-write-queue-bytes", "268435456"]
  ) { daemon, _ in
    try Connection(socketPath: daemon.socketPath, name: "setup").call(session: "flood") {
      $0.createController.kind = .content
      $0.createController.identifier = "F"
    }
    let began = Clock.now()
    var costs: [Double] = []
    var latencies = Samples()
    var line = ""
    for count in [options.pipelineChanges / 10, options.pipelineChanges] {
      let flood = try Connection(socketPath: daemon.socketPath, name: "flood")
      let monitor = try Connection(socketPath: daemon.socketPath, name: "monitor")
      let finished = Locked(false)
      let measured = Locked(Samples())
      let cpu = daemon.cpuSeconds()
      let start = Clock.now()
      try inParallel(2) { number in
        if number == 0 {
          defer { finished.withLock { $0 = true } }
          try flood.pipeline(count: count, depth: count) { step in
            request(session: "flood") {
              $0.configureController.controller = ref("F")
              $0.configureController.title = "f\(step)"
            }
          }
        } else {
          while !finished.withLock({ $0 }) {
            let sent = Clock.now()
            try monitor.sync()
            let latency = Clock.now() - sent
            measured.withLock { $0.add(latency) }
            guard Clock.now() - began < options.partSeconds else {
              throw BenchError("not done after \(format(options.partSeconds, 0)) s")
            }
          }
        }
      }
      let perRequest = (daemon.cpuSeconds() - cpu) / Double(count) * 1e6
      costs.append(perRequest)
      for value in measured.withLock({ $0 }).values { latencies.add(value) }
      line =
        "\(count) durable changes without waiting in \(format(Clock.now() - start, 1)) s, "
        + "\(format(perRequest, 1)) µs of daemon CPU each"
      print(line)
    }
    let flat = try checkFlat(
      costs: costs, limit: 3, latencies: latencies, what: "of a tenth of them in flight")
    return "\(line) (\(flat))"
  }
}
