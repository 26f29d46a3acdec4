// `replay`: what replaying a recording costs (issue 38 §2,
// docs/recordings.md). The scenario of `past` (an --ephemeral daemon, a
// manual-clock window with Nav[A]; each step pushes B animated, moves the
// clock past the transition and pops B without animation: three records);
// after `short` and `long` steps the session is recorded whole (Record),
// then CheckRecording replays it in a scratch server and compares every
// event, frame and tree. The difference of the two medians over the
// difference of the records is the cost per record of a check; Record is
// measured beside it.

import BenchKit
import CurtainWire
import Foundation

func recordingReplay(_ options: Options, scratch: Scratch) throws {
  let (short, long) = (16, 80)
  let requests = options.scaled(200)
  // CreateWindow, three CreateControllers, SetStack, SetRoot, then 3 per step.
  func records(_ steps: Int) -> Int { 6 + 3 * steps }
  print(
    "## Recordings: CheckRecording of \(records(short)) and \(records(long)) records "
      + "(\(requests) requests each)\n")
  var checked = [Samples(), Samples()]
  var recorded = [Samples(), Samples()]
  for run in 0..<options.runs {
    for (index, steps) in [short, long].enumerated() {
      let daemon = try Daemon(
        executable: options.curtaind, directory: scratch.path, name: "replay-\(run)-\(index)",
        arguments: ["--ephemeral"])
      try daemon.waitUntilServing()
      let connection = try Connection(socketPath: daemon.socketPath, name: "replay")
      let window = try navigationWindow(connection)
      try pushAdvancePop(connection, window: window, steps: steps)
      var document = Data()
      var cuts = Samples()
      var checks = Samples()
      for _ in 0..<requests {
        var start = Clock.now()
        let answer = try connection.call { $0.record = Curtain_V1_Record() }
        cuts.add((Clock.now() - start) * 1e6)
        guard Int(answer.recording.inputs) == records(steps) else {
          throw BenchError("Record answered \(answer.error.message)")
        }
        document = answer.recording.document
        start = Clock.now()
        let check = try connection.call { $0.checkRecording.document = document }
        checks.add((Clock.now() - start) * 1e6)
        guard check.recordingCheck.identical else {
          throw BenchError(
            "the recording replayed differently: \(check.recordingCheck.difference.explanation)"
              + check.error.message)
        }
      }
      checked[index].add(checks.median)
      recorded[index].add(cuts.median)
      if index == 1 {
        print("(The recording of \(records(long)) records is \(document.count) bytes.)\n")
      }
      try daemon.stop()
    }
  }
  let perRecord =
    (checked[1].median - checked[0].median) / Double(records(long) - records(short))
  let perCut = (recorded[1].median - recorded[0].median) / Double(records(long) - records(short))
  print("| request | records | median µs (median of \(options.runs) runs) |")
  print("| --- | ---: | ---: |")
  for (index, steps) in [short, long].enumerated() {
    print("| CheckRecording | \(records(steps)) | \(format(checked[index].median, 0)) |")
  }
  for (index, steps) in [short, long].enumerated() {
    print("| Record | \(records(steps)) | \(format(recorded[index].median, 0)) |")
  }
  print(
    "\nCheckRecording: \(format(perRecord, 1)) µs per record (replayed and compared, the "
      + "document parsed); Record: \(format(perCut, 1)) µs per record.")
}
