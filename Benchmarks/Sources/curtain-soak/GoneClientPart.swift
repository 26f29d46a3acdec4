// The gone-client part (issue 33 §2): rounds of four clients sending random
// operations to four shared windows on manual clocks (animated pushes and
// pops, interactive pops begun, clock advances) without waiting, then
// reading some of their answers and disconnecting, interactive begins of
// theirs often still queued behind another client's transition. After each
// round a checker moves every window's clock on: each window must become
// idle with nothing queued. Before the fix, 441 windows stayed busy for good
// in 191 of 200 such rounds.

import BenchKit
import CurtainWire
import Foundation

func goneClientPart(_ options: Options, _ random: inout SplitMix) throws -> String {
  try withDaemon(options, name: "gone", arguments: ["--ephemeral"]) { daemon, _ in
    try goneClientRounds(options, daemon, &random)
  }
}

/// The rounds of the gone-client part on `daemon`.
private func goneClientRounds(_ options: Options, _ daemon: Daemon, _ random: inout SplitMix)
  throws -> String
{
  let checker = try Connection(socketPath: daemon.socketPath, name: "checker")
  let windows = try (0..<4).map { index in
    try checker.client.call(createNavigationWindow("Nav\(index)", root: "Root\(index)"))
      .window.id
  }
  let began = Clock.now()
  var rounds = 0
  var sent = 0
  var queuedBegins = 0
  while rounds < 200, Clock.now() - began < options.partSeconds * 0.8 {
    let round = rounds
    let plans = (0..<4).map { client in
      (0..<16).flatMap { step in
        goneClientRequests(
          round: round, client: client, step: step, windows: windows, random: &random)
      }
    }
    let reads = (0..<4).map { _ in random.int(17) }
    let clients = try (0..<4).map {
      try Connection(socketPath: daemon.socketPath, name: "random \($0)")
    }
    let queued = Locked(0)
    try inParallel(4) { number in
      let client = clients[number].client
      var ids: [UInt64] = []
      for request in plans[number] { ids.append(try client.send(request)) }
      for id in ids.prefix(reads[number]) {
        let response = try client.waitForResponse(to: id, timeout: 30)
        if case .operation(let result)? = response.result, result.queuePosition > 0,
          result.transitionID == 0
        {
          queued.withLock { $0 += 1 }
        }
      }
      client.close()
    }
    sent += plans.map(\.count).reduce(0, +)
    queuedBegins += queued.withLock { $0 }
    // Every window must end up idle once its clock moves on: the
    // daemon notices the closed connections on its own.
    for window in windows {
      var info = Curtain_V1_WindowInfo()
      for _ in 0..<100 {
        info =
          try checker.call { $0.listWindows = .init() }.windows.windows.first {
            $0.id == window
          } ?? info
        if info.idle { break }
        try checker.call {
          $0.advanceClock.windowID = window
          $0.advanceClock.seconds = 1
        }
      }
      guard info.idle, info.queuedOperations == 0 else {
        throw BenchError(
          "round \(round): window \(window) stays busy (\(info.queuedOperations) operations "
            + "queued) after its clients left")
      }
    }
    rounds += 1
  }
  return
    "\(rounds) rounds of 4 clients leaving with \(sent) requests sent, every window idle after "
    + "each (\(queuedBegins) of the answers read said queued)"
}

/// One random step of a client on one of `windows`: its requests (two for
/// a push: the controller is made first).
private func goneClientRequests(
  round: Int, client: Int, step: Int, windows: [UInt64], random: inout SplitMix
) -> [WireRequest] {
  let index = random.int(windows.count)
  let navigation = ref("Nav\(index)")
  switch random.int(5) {
  case 0:
    let name = "G\(round)C\(client)S\(step)"
    return [
      request {
        $0.createController.kind = .content
        $0.createController.identifier = name
      },
      request {
        $0.push.navigation = navigation
        $0.push.controller = ref(name)
      },
    ]
  case 1:
    return [request { $0.pop.navigation = navigation }]
  case 2:
    return [
      request {
        $0.advanceClock.windowID = windows[index]
        $0.advanceClock.seconds = 0.1
      }
    ]
  default:
    return [
      request {
        $0.beginInteractive.kind = .pop
        $0.beginInteractive.controller = navigation
      }
    ]
  }
}
