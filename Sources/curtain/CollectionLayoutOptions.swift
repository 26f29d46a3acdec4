// A collection view's layout on the command line (`new-controller
// collection`, `set-layout`, `interact begin layout`): a flow layout
// (--item-size, --spacing, --line-spacing, --section-inset) or item frames
// (--frames).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// `--item-size`, `--spacing`, `--line-spacing`, `--section-inset`,
/// `--frames`.
struct CollectionLayoutOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A flow layout's item size (default 50x50).", valueName: "width,height"),
    transform: CollectionLayoutOptions.size)
  var itemSize: Curtain_V1_Size?

  @Option(
    help: ArgumentHelp(
      "A flow layout's minimum spacing between the items of a line (default 10).",
      valueName: "points"))
  var spacing: Double?

  @Option(
    help: ArgumentHelp(
      "A flow layout's minimum spacing between lines (default 10).", valueName: "points"))
  var lineSpacing: Double?

  @Option(
    help: ArgumentHelp(
      "A flow layout's section inset (default 0,0,0,0).", valueName: "top,left,bottom,right"),
    transform: CollectionLayoutOptions.insets)
  var sectionInset: Curtain_V1_EdgeInsets?

  @Option(
    help: ArgumentHelp(
      "Item frames instead of a flow layout, one per item, separated by ';'.",
      valueName: "x,y,w,h;…"),
    transform: CollectionLayoutOptions.frames)
  var frames: [Curtain_V1_Rect]?

  /// Whether no layout option was given.
  var isEmpty: Bool {
    itemSize == nil && spacing == nil && lineSpacing == nil && sectionInset == nil && frames == nil
  }

  /// The layout the options describe (`nil` when none was given).
  func layout() throws -> Curtain_V1_CollectionLayout? {
    if let frames {
      guard itemSize == nil, spacing == nil, lineSpacing == nil, sectionInset == nil else {
        throw ValidationError(
          "--frames gives item frames; --item-size, --spacing, --line-spacing and "
            + "--section-inset describe a flow layout: use one or the other")
      }
      var wire = Curtain_V1_CollectionLayout.ItemFrames()
      wire.frames = frames
      var layout = Curtain_V1_CollectionLayout()
      layout.kind = .frames(wire)
      return layout
    }
    guard !isEmpty else { return nil }
    var flow = Curtain_V1_FlowLayout()
    if let itemSize { flow.itemSize = itemSize }
    if let spacing { flow.interitemSpacing = spacing }
    if let lineSpacing { flow.lineSpacing = lineSpacing }
    if let sectionInset { flow.sectionInset = sectionInset }
    var layout = Curtain_V1_CollectionLayout()
    layout.kind = .flow(flow)
    return layout
  }

  /// `W,H` or `WxH`, positive.
  static func size(_ text: String) throws -> Curtain_V1_Size {
    let normalized = String(text.map { $0 == "x" ? "," : $0 })
    guard let values = TargetName.numbers(normalized, count: 2), values.allSatisfy({ $0 > 0 })
    else {
      throw ValidationError("'\(text)' is not an item size: use WIDTH,HEIGHT (> 0) as in 100,100")
    }
    var size = Curtain_V1_Size()
    size.width = values[0]
    size.height = values[1]
    return size
  }

  /// `TOP,LEFT,BOTTOM,RIGHT`, not negative.
  static func insets(_ text: String) throws -> Curtain_V1_EdgeInsets {
    guard let insets = TargetName.insets(text) else {
      throw ValidationError(
        "'\(text)' is not a section inset: use TOP,LEFT,BOTTOM,RIGHT (≥ 0) as in 10,20,10,20")
    }
    return insets
  }

  /// Rectangles `X,Y,W,H` separated by `;`.
  static func frames(_ text: String) throws -> [Curtain_V1_Rect] {
    try text.split(separator: ";").map { try TargetName.rect(String($0)) }
  }
}
