// Page view controller options on the command line (`new-controller
// page`): transition style, orientation, spine location, double-sided.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// `--style`, `--orientation`, `--spine`, `--double-sided`.
struct PageStyleOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp("scroll (the default) or curl (pageCurl).", valueName: "style"),
    transform: PageStyleOptions.style)
  var style: Curtain_V1_PageTransitionStyle?

  @Option(
    help: ArgumentHelp("horizontal (the default) or vertical.", valueName: "orientation"),
    transform: PageStyleOptions.orientation)
  var orientation: Curtain_V1_PageOrientation?

  @Option(
    help: ArgumentHelp(
      "none, min, mid or max (default: none for scroll, min for curl).", valueName: "location"),
    transform: PageStyleOptions.spine)
  var spine: Curtain_V1_PageSpineLocation?

  @Flag(
    inversion: .prefixedNo,
    help: "Pages have a back side (curl only; default: only with the mid spine).")
  var doubleSided: Bool?

  /// Whether any option was given.
  var isEmpty: Bool { style == nil && orientation == nil && spine == nil && doubleSided == nil }

  /// The wire options.
  var wire: Curtain_V1_PageOptions {
    var options = Curtain_V1_PageOptions()
    if let style { options.transitionStyle = style }
    if let orientation { options.orientation = orientation }
    if let spine { options.spineLocation = spine }
    if let doubleSided { options.doubleSided = doubleSided }
    return options
  }

  /// `scroll`, or `curl` (also `pageCurl`, `page-curl`), in any case.
  static func style(_ text: String) throws -> Curtain_V1_PageTransitionStyle {
    try named(text, "a page style")
  }

  /// `horizontal` or `vertical`, in any case.
  static func orientation(_ text: String) throws -> Curtain_V1_PageOrientation {
    try named(text, "an orientation")
  }

  /// `none`, `min`, `mid` or `max`, in any case.
  static func spine(_ text: String) throws -> Curtain_V1_PageSpineLocation {
    try named(text, "a spine location")
  }

  /// The case `text` names loosely; the error lists the names.
  private static func named<Value: WireNamed>(_ text: String, _ what: String) throws -> Value {
    guard let value = Value.nameTable.value(looselyNamed: text) else {
      throw ValidationError("'\(text)' is not \(what): use \(Value.nameTable.list())")
    }
    return value
  }
}
