// Split view controller preferences on the command line, shared by
// `new-controller split` and `configure-split`: the preferred display mode
// and the primary column's widths, each a number or `auto`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// `--display-mode` and the width options.
struct SplitOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "\(Curtain_V1_SplitDisplayMode.nameTable.list()).", valueName: "mode"),
    transform: SplitOptions.displayMode)
  var displayMode: Curtain_V1_SplitDisplayMode?

  @Option(
    help: ArgumentHelp(
      "The primary column's width in points, or auto (the fraction decides).",
      valueName: "points"),
    transform: SplitOptions.dimension)
  var primaryWidth: Double?

  @Option(
    help: ArgumentHelp(
      "The primary column's width as a fraction of the split's, or auto (0.4).",
      valueName: "fraction"),
    transform: SplitOptions.dimension)
  var primaryFraction: Double?

  @Option(
    help: ArgumentHelp("The smallest primary column width, or auto (0).", valueName: "points"),
    transform: SplitOptions.dimension)
  var minPrimaryWidth: Double?

  @Option(
    help: ArgumentHelp("The largest primary column width, or auto (320).", valueName: "points"),
    transform: SplitOptions.dimension)
  var maxPrimaryWidth: Double?

  /// Whether any preference was given.
  var isEmpty: Bool {
    displayMode == nil && primaryWidth == nil && primaryFraction == nil && minPrimaryWidth == nil
      && maxPrimaryWidth == nil
  }

  /// The wire preferences (absent fields unchanged, -1 for auto).
  var wire: Curtain_V1_SplitPreferences {
    var preferences = Curtain_V1_SplitPreferences()
    if let displayMode { preferences.displayMode = displayMode }
    if let primaryWidth { preferences.primaryWidth = primaryWidth }
    if let primaryFraction { preferences.primaryWidthFraction = primaryFraction }
    if let minPrimaryWidth { preferences.minimumPrimaryWidth = minPrimaryWidth }
    if let maxPrimaryWidth { preferences.maximumPrimaryWidth = maxPrimaryWidth }
    return preferences
  }

  /// A display mode by name, in any case, dashes allowed (`one-over-secondary`).
  static func displayMode(_ text: String) throws -> Curtain_V1_SplitDisplayMode {
    let names = Curtain_V1_SplitDisplayMode.nameTable
    guard let mode = names.value(looselyNamed: text) else {
      throw ValidationError("'\(text)' is not a display mode: use \(names.list())")
    }
    return mode
  }

  /// A non-negative number, or `auto` (sent as -1).
  static func dimension(_ text: String) throws -> Double {
    if text == "auto" || text == "automatic" { return -1 }
    guard let value = Double(text), value.isFinite, value >= 0 else {
      throw ValidationError("'\(text)' is not a non-negative number or auto")
    }
    return value
  }
}
