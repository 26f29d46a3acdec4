// curtain-fuzz: libFuzzer's driver over `FuzzCase` (see FuzzCase.swift for
// what an input means and what is checked). Arguments are libFuzzer's
// (corpus directories, -max_total_time=…, a crash file to replay).
//
// With CURTAIN_FUZZ_WRITE_SEEDS=DIR it writes the seed corpus
// (FuzzSeeds.swift) to DIR and exits instead.

import CFuzzerDriver
import Foundation

if let directory = ProcessInfo.processInfo.environment["CURTAIN_FUZZ_WRITE_SEEDS"] {
  do {
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    for seed in FuzzSeeds.all {
      let url = URL(fileURLWithPath: directory).appendingPathComponent(seed.name)
      try Data(seed.bytes).write(to: url)
    }
    exit(0)
  } catch {
    FileHandle.standardError.write(
      Data("curtain-fuzz: cannot write the seeds to \(directory): \(error)\n".utf8))
    exit(1)
  }
}

/// Hands the arguments to libFuzzer, which runs `FuzzCase` on each input
/// (locals, not globals: libFuzzer holds them for the whole run).
func runFuzzer() -> CInt {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, count in testOneInput(data, count) }
}

exit(runFuzzer())
