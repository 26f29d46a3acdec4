// `delegate`: what a remote navigation delegate adds to a push (issue 16,
// docs/delegates.md). A manual-clock window with Nav[A]; each step pushes B
// animated and waits until the push started (wait_until STARTED), moves the
// clock past the transition and pops B without animation (no question).
// Without a delegate the push starts at once; with one, the daemon first
// asks a second client (on its own thread, answering "default" at once)
// and starts the push when the answer came: one call round trip more.
// Reports the median and p90 of the push's round trip and the daemon's CPU
// time per step, side by side.

import BenchKit
import CurtainWire
import Foundation

func delegateCost(_ options: Options, scratch: Scratch) throws {
  let steps = options.scaled(2_000)
  print("## Remote delegate: \(steps) animated pushes (wait until started), with and without\n")
  let modes = ["no delegate", "remote navigation delegate"]
  var medians = Array(repeating: Samples(), count: modes.count)
  var p90s = Array(repeating: Samples(), count: modes.count)
  var cpu = Array(repeating: Samples(), count: modes.count)
  for run in 0..<options.runs {
    for (index, _) in modes.enumerated() {
      let daemon = try Daemon(
        executable: options.curtaind, directory: scratch.path, name: "delegate-\(run)-\(index)",
        arguments: ["--ephemeral"])
      try daemon.waitUntilServing()
      let connection = try Connection(socketPath: daemon.socketPath, name: "pusher")
      let window = try navigationWindow(connection)
      let answering = Locked(index == 1)
      let ready = Locked(index == 0)
      // Set once the answering thread has let go of its connection: the
      // daemon stops after it, so that the thread never reads a goodbye.
      let finished = Locked(index == 0)
      let socket = daemon.socketPath
      let delegate = Thread {
        defer { finished.withLock { $0 = true } }
        guard answering.withLock({ $0 }) else { return }
        do {
          let client = try Connection(socketPath: socket, name: "delegate")
          try client.call {
            $0.setDelegate.controller = ref("Nav")
            $0.setDelegate.roles = [.navigation]
            $0.setDelegate.timeoutMs = 60_000
          }
          ready.withLock { $0 = true }
          while answering.withLock({ $0 }) {
            guard let message = try client.client.nextMessage(timeout: 0.05),
              case .delegateCall(let call)? = message.kind
            else { continue }
            _ = try client.client.send(
              request {
                $0.delegateReply.callID = call.callID
              })
          }
        } catch {
          FileHandle.standardError.write(Data("curtain-bench: delegate: \(error)\n".utf8))
        }
      }
      delegate.start()
      while !ready.withLock({ $0 }) { usleep(1_000) }
      func step() throws -> Double {
        let start = Clock.now()
        try connection.call {
          $0.push.navigation = ref("Nav")
          $0.push.controller = ref("B")
          $0.waitUntil = .started
        }
        let elapsed = Clock.now() - start
        try connection.call {
          $0.advanceClock.windowID = window
          $0.advanceClock.seconds = 1
        }
        try connection.call {
          $0.pop.navigation = ref("Nav")
          $0.pop.notAnimated = true
        }
        return elapsed
      }
      for _ in 0..<100 { _ = try step() }
      var latencies = Samples()
      let before = daemon.cpuSeconds()
      for _ in 0..<steps { latencies.add(try step() * 1e6) }
      cpu[index].add((daemon.cpuSeconds() - before) / Double(steps) * 1e6)
      medians[index].add(latencies.median)
      p90s[index].add(latencies.quantile(0.9))
      answering.withLock { $0 = false }
      while !finished.withLock({ $0 }) { usleep(1_000) }
      try daemon.stop()
    }
  }
  print(
    "| push | round trip median µs (median of \(options.runs) runs) | p90 µs "
      + "| ratio | curtaind CPU µs per step (push, advance, pop) |")
  print("| --- | ---: | ---: | ---: | ---: |")
  for (index, mode) in modes.enumerated() {
    print(
      "| \(mode) | \(format(medians[index].median, 0)) | \(format(p90s[index].median, 0)) "
        + "| \(format(medians[index].median / medians[0].median, 2)) "
        + "| \(format(cpu[index].median, 1)) |")
  }
  print(
    "\nThe delegate adds \(format(medians[1].median - medians[0].median, 0)) µs to the push's "
      + "round trip (one DelegateCall and DelegateReply) and "
      + "\(format(cpu[1].median - cpu[0].median, 1)) µs of daemon CPU.\n")
}
