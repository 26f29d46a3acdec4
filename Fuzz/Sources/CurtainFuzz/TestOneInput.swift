// libFuzzer's entry point for one input, under the name its runtime looks
// for. `main.swift`'s driver calls it; it must also exist for a debug build
// to link: SwiftPM renames a debug executable's `main` (so that tests can
// link the module) and defines `main` on the linker's command line, and by
// then the linker has taken libFuzzer's own `main` from its runtime library
// (libclang_rt.fuzzer), which calls `LLVMFuzzerTestOneInput`. Which `main`
// runs in the end is still main.swift's.

/// Runs `FuzzCase` on the `size` bytes at `data`; always 0 (libFuzzer's
/// "keep the input"): a broken promise traps.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzCase(bytes).run()
  return 0
}
