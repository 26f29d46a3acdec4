// `--no-wait` for commands that change state.

import ArgumentParser
import CurtainWire

/// Whether a mutating command waits for its transition to complete.
struct WaitOptions: ParsableArguments {
  @Flag(
    name: .customLong("no-wait"),
    help: """
      Return once the daemon accepted the change instead of when its transition completed \
      (prints the transition it started, t5; nothing while the change waits in the queue).
      """)
  var noWait = false

  /// The request's wait policy: COMPLETED, or ACCEPTED with `--no-wait`.
  var waitUntil: Curtain_V1_WaitUntil { noWait ? .accepted : .completed }
}
