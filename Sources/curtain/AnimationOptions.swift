// `--no-animate` for navigation changes, which animate by default as UIKit's
// `animated: true` calls do.

import ArgumentParser

/// Whether a navigation change animates.
struct AnimationOptions: ParsableArguments {
  @Flag(
    name: .customLong("no-animate"),
    help: "Change at once instead of animating (UIKit's animated: false).")
  var noAnimate = false
}
