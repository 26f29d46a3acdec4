// `past`: what a moment of a window's past costs (issue 38, docs/protocol.md
// "The past"). An --ephemeral daemon, a manual-clock window with Nav[A];
// each step pushes B animated, moves the clock past the transition and pops
// B without animation (three records). After `short` and `long` steps (one
// segment of the past either way: under its default 1,250 records), GetTree
// of the newest event's moment replays every record of the session in a
// scratch server; the difference of the two medians over the difference of
// the records is the replay time per record. A live GetTree is measured
// beside it.

import BenchKit
import CurtainWire
import Foundation

func past(_ options: Options, scratch: Scratch) throws {
  let (short, long) = (16, 80)
  let requests = options.scaled(400)
  // CreateWindow, three CreateControllers, SetStack, SetRoot, then 3 per step.
  func records(_ steps: Int) -> Int { 6 + 3 * steps }
  print(
    "## The past: GetTree of a past moment, \(records(short)) and \(records(long)) records "
      + "replayed (\(requests) requests each)\n")
  var live = Samples()
  var replayed = [Samples(), Samples()]
  for run in 0..<options.runs {
    for (index, steps) in [short, long].enumerated() {
      let daemon = try Daemon(
        executable: options.curtaind, directory: scratch.path, name: "past-\(run)-\(index)",
        arguments: ["--ephemeral"])
      try daemon.waitUntilServing()
      let connection = try Connection(socketPath: daemon.socketPath, name: "past")
      let window = try navigationWindow(connection)
      try pushAdvancePop(connection, window: window, steps: steps)
      let newest = try connection.call { $0.getTree.windowID = window }.tree.window.lastSeq
      var latencies = Samples()
      var plain = Samples()
      for _ in 0..<requests {
        var start = Clock.now()
        let answer = try connection.call {
          $0.getTree.windowID = window
          $0.getTree.past.seq = newest
        }
        latencies.add((Clock.now() - start) * 1e6)
        guard answer.tree.window.lastSeq == newest else {
          throw BenchError("the past answered \(answer.error.message)")
        }
        start = Clock.now()
        try connection.call { $0.getTree.windowID = window }
        plain.add((Clock.now() - start) * 1e6)
      }
      replayed[index].add(latencies.median)
      live.add(plain.median)
      try daemon.stop()
    }
  }
  let perRecord =
    (replayed[1].median - replayed[0].median) / Double(records(long) - records(short))
  print("| GetTree | records replayed | median µs (median of \(options.runs) runs) |")
  print("| --- | ---: | ---: |")
  print("| live | 0 | \(format(live.median, 0)) |")
  print("| past, newest event | \(records(short)) | \(format(replayed[0].median, 0)) |")
  print("| past, newest event | \(records(long)) | \(format(replayed[1].median, 0)) |")
  print(
    "\nReplay: \(format(perRecord, 1)) µs per record; a moment replays at most one segment "
      + "(1,250 records by default: about \(format(perRecord * 1250 / 1000, 1)) ms, twice that "
      + "when the record holding it moved the window past it).")
}
