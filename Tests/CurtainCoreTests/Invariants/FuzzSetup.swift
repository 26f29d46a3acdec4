// What a random run is built from besides its steps: the seed, the pool of
// controllers, the limits and the features of the test's variant.

/// What a run is built from (everything but the steps).
struct FuzzSetup: Hashable {
  var seed: UInt64
  var contentCount: Int
  var navigationCount: Int
  var queueLimit: Int
  var interactionTimeout: Double
  /// Whether the run also shows and unwinds: content controllers then
  /// declare unwind actions `a`, `b`, `c` (in turn), the first navigation
  /// controller `b` and the tab bar controller `c`.
  var showsAndUnwinds = false
  /// Whether presentations also begin interactively and use the
  /// currentContext styles: every other content controller and the
  /// container then define the presentation context.
  var presentsInteractively = false
  /// Whether the run also has a split view controller and a page view
  /// controller (setting columns, display modes and widths, setting and
  /// turning pages) and resizes more often, across size classes and
  /// idioms (splits collapse and expand, presentations re-adapt).
  var splitsAndPages = false

  init(seed: UInt64) {
    var r = SplitMix64(seed: seed ^ 0x5EED_0000_0000_0001)
    self.seed = seed
    contentCount = r.int(in: 4...6)
    navigationCount = r.int(in: 1...2)
    // Some runs use a tiny queue (to reach BUSY) or a short interaction
    // timeout (to reach the timeout cancel).
    queueLimit = r.chance(0.25) ? 2 : 64
    interactionTimeout = r.chance(0.3) ? 2 : 30
  }
}
