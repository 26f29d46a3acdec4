// The random numbers of the invariant tests: SplitMix64, seeded per run, so
// that a seed always gives the same run.

/// SplitMix64: small, fast, deterministic.
struct SplitMix64 {
  private(set) var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in 0..<n (n > 0).
  mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  /// Uniform in the closed range.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + int(range.upperBound - range.lowerBound + 1)
  }

  /// Uniform in [0, 1).
  mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

  mutating func chance(_ p: Double) -> Bool { unit() < p }

  mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
}

extension Array {
  /// `count` consecutive elements from a random start (fewer near the end).
  func randomRun(_ count: Int, _ rng: inout SplitMix64) -> ArraySlice<Element> {
    guard !isEmpty else { return [] }
    let start = rng.int(self.count)
    return self[start..<Swift.min(self.count, start + count)]
  }
}
