// The wait-idle part (issue 33 §4): one client sends WaitIdle requests for
// a busy window past the per-client limit of waiting requests (1,024):
// those past it are refused at once, and their answers wait (in order)
// behind the 1,024 that wait for the window. Run with 1,000 and with 3,000
// refused (the daemon reads up to --max-unanswered, 4,096, of a client's
// requests unanswered): each refusal must cost the daemon the same however
// many came before it (at most 2× the CPU per request; quadratic before the
// fix, 5.3 s of everyone waiting for 8,000 on a release build), another
// client's round trip (its GetStatus, which also says how many requests
// wait) must stay under a second, and once the window is idle every answer
// comes: 1,024 OK, the rest LIMIT_EXCEEDED.

import BenchKit
import CurtainWire
import Foundation

func waitIdlePart(_ options: Options, _ random: inout SplitMix) throws -> String {
  try withDaemon(options, name: "wait", arguments: ["--ephemeral"]) { daemon, _ in
    try waitIdleRounds(options, daemon)
  }
}

/// The two floods of the wait-idle part on `daemon`.
private func waitIdleRounds(_ options: Options, _ daemon: Daemon) throws -> String {
  let setup = try Connection(socketPath: daemon.socketPath, name: "setup")
  let window = try setup.client.call(createNavigationWindow("Nav", root: "A")).window.id
  try setup.call {
    $0.createController.kind = .content
    $0.createController.identifier = "B"
  }
  let limit = 1_024
  var costs: [Double] = []
  var latencies = Samples()
  var line = ""
  for (round, refusals) in [1_000, 3_000].enumerated() {
    // The window is busy until its manual clock moves: a push, or the pop
    // back.
    try setup.call {
      if round % 2 == 0 {
        $0.push.navigation = ref("Nav")
        $0.push.controller = ref("B")
      } else {
        $0.pop.navigation = ref("Nav")
      }
    }
    let count = limit + refusals
    let flood = try Connection(socketPath: daemon.socketPath, name: "waiter")
    let cpu = daemon.cpuSeconds()
    let start = Clock.now()
    let waitIdle = request { $0.waitIdle.windowID = window }
    for _ in 0..<count { try flood.client.send(waitIdle) }
    // Until the daemon has read them all, another client's round trips.
    while true {
      let sent = Clock.now()
      let status = try setup.call { $0.getStatus = .init() }.status
      latencies.add(Clock.now() - sent)
      if status.limits.first(where: { $0.name == "max-unanswered" })?.used == Double(count) {
        break
      }
      guard Clock.now() - start < options.partSeconds else {
        throw BenchError("the daemon did not read \(count) WaitIdle requests")
      }
    }
    let elapsed = Clock.now() - start
    // The window becomes idle: every answer comes, in order.
    try setup.call {
      $0.advanceClock.windowID = window
      $0.advanceClock.seconds = 1
    }
    for index in 0..<count {
      guard let message = try flood.client.nextMessage(timeout: 30),
        case .response(let response)? = message.kind
      else {
        throw BenchError("\(index) of \(count) answers came")
      }
      let expected: Curtain_V1_ErrorCode = index < limit ? .unspecified : .limitExceeded
      guard response.error.code == expected else {
        throw BenchError("WaitIdle \(index + 1) of \(count) answered \(response)")
      }
    }
    let perRequest = (daemon.cpuSeconds() - cpu) / Double(count) * 1e6
    costs.append(perRequest)
    line =
      "\(count) WaitIdle at once, \(refusals) refused: read in \(format(elapsed, 2)) s, "
      + "\(format(perRequest, 1)) µs of daemon CPU per request"
    print(line)
  }
  let flat = try checkFlat(
    costs: costs, limit: 2, latencies: latencies, what: "of 1,000 refused")
  return "\(line) (\(flat))"
}
