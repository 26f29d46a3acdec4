// A window's safe area, scale, idiom and size classes: the options
// `new-window` and `resize-window` share.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// `--safe-area`, `--scale`, `--idiom`, `--horizontal-size-class` and
/// `--vertical-size-class`.
struct MetricsOptions: ParsableArguments {
  @Option(
    name: .customLong("safe-area"),
    help: ArgumentHelp("The safe-area insets in points.", valueName: "top,left,bottom,right"),
    transform: MetricsOptions.parseInsets)
  var safeArea: Curtain_V1_EdgeInsets?

  @Option(help: ArgumentHelp("The display scale, in (0, 16].", valueName: "scale"))
  var scale: Double?

  @Option(
    help: ArgumentHelp(
      "The idiom: \(Curtain_V1_Idiom.nameTable.list()) (bar heights).", valueName: "idiom"))
  var idiom: WireName<Curtain_V1_Idiom>?

  @Option(
    name: .customLong("horizontal-size-class"),
    help: ArgumentHelp(
      "The horizontal size class: \(Curtain_V1_SizeClass.nameTable.list()) "
        + "(default: from the width).",
      valueName: "class"))
  var horizontalSizeClass: WireName<Curtain_V1_SizeClass>?

  @Option(
    name: .customLong("vertical-size-class"),
    help: ArgumentHelp(
      "The vertical size class: \(Curtain_V1_SizeClass.nameTable.list()) "
        + "(default: from the height).",
      valueName: "class"))
  var verticalSizeClass: WireName<Curtain_V1_SizeClass>?

  func validate() throws {
    if let scale, !(scale.isFinite && scale > 0 && scale <= 16) {
      throw ValidationError("--scale must be in (0, 16]")
    }
  }

  /// `metrics` with the options given set; the others keep their values.
  /// A size class left out follows the size (the daemon derives it).
  func applied(to metrics: Curtain_V1_WindowMetrics) -> Curtain_V1_WindowMetrics {
    var metrics = metrics
    if let safeArea { metrics.safeArea = safeArea }
    if let scale { metrics.scale = scale }
    if let idiom { metrics.idiom = idiom.wire }
    metrics.clearTraits()
    if let horizontalSizeClass { metrics.traits.horizontal = horizontalSizeClass.wire }
    if let verticalSizeClass { metrics.traits.vertical = verticalSizeClass.wire }
    return metrics
  }

  @Sendable static func parseInsets(_ text: String) throws -> Curtain_V1_EdgeInsets {
    guard let insets = TargetName.insets(text) else {
      throw TargetNameError(
        "'\(text)' is not a safe area: use top,left,bottom,right (points, ≥ 0) as in 47,0,34,0")
    }
    return insets
  }
}
