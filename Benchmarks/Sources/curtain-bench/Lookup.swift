// `lookup`: configure a controller named by identifier (`@L123`) in a
// session of 1,000, 10,000 and 100,000 identified controllers. Before the
// session's identifier index (issue 13), finding `@L123` and checking that
// an identifier is free scanned every controller; now both take the same
// time at any size. Reports the daemon's CPU time per pipelined
// ConfigureController (the figure the target is about: at 100,000 within
// 1.2× of at 1,000), the median round trip of sequential ones, and how
// long creating the controllers took (each creation checks its identifier).

import BenchKit
import CurtainWire
import Foundation

func lookup(_ options: Options, scratch: Scratch) throws {
  let sizes = options.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
  let pipelined = options.scaled(20_000)
  let sequential = options.scaled(2_000)
  print(
    "## Lookup: ConfigureController by identifier among N identified controllers "
      + "(\(pipelined) pipelined, \(sequential) sequential)\n")
  var cpu = Array(repeating: Samples(), count: sizes.count)
  var latency = Array(repeating: Samples(), count: sizes.count)
  var creation = Array(repeating: Samples(), count: sizes.count)
  for run in 0..<options.runs {
    for (index, size) in sizes.enumerated() {
      let daemon = try Daemon(
        executable: options.curtaind, directory: scratch.path, name: "lookup-\(run)-\(index)",
        arguments: ["--ephemeral"])
      try daemon.waitUntilServing()
      let connection = try Connection(socketPath: daemon.socketPath, name: "lookup")
      let start = Clock.now()
      try connection.pipeline(count: size, depth: 64) { number in
        request {
          $0.createController.kind = .content
          $0.createController.identifier = "L\(number)"
        }
      }
      creation[index].add(Clock.now() - start)
      // The same pseudo-random identifiers in every run and at every size.
      var state: UInt64 = 0x9E37_79B9_7F4A_7C15
      func configure(_ step: Int) -> WireRequest {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let target = Int((state >> 33) % UInt64(size))
        return request {
          $0.configureController.controller = ref("L\(target)")
          $0.configureController.title = "T\(step % 10)"
        }
      }
      try connection.pipeline(count: 1_000, depth: 32, request: configure)
      let before = daemon.cpuSeconds()
      try connection.pipeline(count: pipelined, depth: 32, request: configure)
      cpu[index].add((daemon.cpuSeconds() - before) / Double(pipelined) * 1e6)
      var times = Samples()
      for step in 0..<sequential {
        let request = configure(step)
        let sent = Clock.now()
        try connection.client.call(request)
        times.add((Clock.now() - sent) * 1e6)
      }
      latency[index].add(times.median)
      try daemon.stop()
    }
  }
  print(
    "| identified controllers | curtaind CPU µs/configure (median of \(options.runs)) "
      + "| ratio to 1,000 | round trip median µs | creating them, s |")
  print("| ---: | ---: | ---: | ---: | ---: |")
  for (index, size) in sizes.enumerated() {
    print(
      "| \(size) | \(format(cpu[index].median, 1)) | \(format(cpu[index].median / cpu[0].median, 2)) "
        + "| \(format(latency[index].median, 0)) | \(format(creation[index].median, 2)) |")
  }
  let ratio = cpu[sizes.count - 1].median / cpu[0].median
  print(
    "\nTarget: configure via @id at \(sizes.last!) within 1.2× of at 1,000: "
      + (ratio <= 1.2 ? "met" : "NOT met") + " (\(format(ratio, 2))×).\n")
}
