// Page view controller options on the command line (`new-controller
// page`): transition style, orientation, spine location, double-sided.

import ArgumentParser
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

  static func style(_ text: String) throws -> Curtain_V1_PageTransitionStyle {
    switch text.lowercased() {
    case "scroll": return .scroll
    case "curl", "pagecurl", "page-curl": return .pageCurl
    default: throw ValidationError("'\(text)' is not a page style: use scroll or curl")
    }
  }

  static func orientation(_ text: String) throws -> Curtain_V1_PageOrientation {
    switch text.lowercased() {
    case "horizontal": return .horizontal
    case "vertical": return .vertical
    default:
      throw ValidationError("'\(text)' is not an orientation: use horizontal or vertical")
    }
  }

  static func spine(_ text: String) throws -> Curtain_V1_PageSpineLocation {
    switch text.lowercased() {
    case "none": return .none
    case "min": return .min
    case "mid": return .mid
    case "max": return .max
    default: throw ValidationError("'\(text)' is not a spine location: use none, min, mid or max")
    }
  }
}
