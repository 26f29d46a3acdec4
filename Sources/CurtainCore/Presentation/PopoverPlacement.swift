// Popover placement (SEMANTICS §6).
//
// A popover points at a source rectangle (in a source view's coordinates).
// Its size is the content size (preferredContentSize, 320 × 480 by default,
// Curtain's choice) plus 8 pt on each side, plus the 13 pt arrow on the
// arrow's axis. The arrow directions are tried in the order
//
//   down   the popover above the source      region: from the top margin to
//                                            the source's top
//   left   the popover right of the source   region: from the source's right
//                                            to the right margin
//   up     the popover below the source      region: from the source's bottom
//                                            to the bottom margin
//   right  the popover left of the source    region: from the left margin to
//                                            the source's left
//
// keeping only the permitted ones. Each region is the container minus 10 pt
// margins, on that side of the source rectangle. Each candidate is clipped to
// its region (its width and height become at most the region's); the largest
// clipped area wins, a tie keeps the earlier direction. The winner sits
// against the source on the arrow's axis and centred on the source on the
// other, then is shifted inside its region. **Curtain's choice:** when no
// direction is permitted, or no region has room (every area is zero), the
// popover has no arrow and is centred on the source, clipped to the
// container minus the margins and shifted inside it.
//
// The arrow's offset is the distance along the arrow's edge from the edge's
// middle to the source's middle (positive: right or down), clamped to the
// edge. The presented view fills the popover minus its insets and arrow.

/// The direction a popover's arrow points (`UIPopoverArrowDirection`).
public enum PopoverArrowDirection: String, Hashable, Sendable, CaseIterable {
  /// The arrow points up: the popover is below the source.
  case up
  /// The arrow points down: the popover is above the source.
  case down
  /// The arrow points left: the popover is right of the source.
  case left
  /// The arrow points right: the popover is left of the source.
  case right

  /// The order in which directions are tried (SEMANTICS §6).
  static let placementOrder: [PopoverArrowDirection] = [.down, .left, .up, .right]

  /// Whether the arrow is on a horizontal edge (up or down).
  var isVertical: Bool { self == .up || self == .down }

  /// The direction as a member of a set of permitted directions.
  public var option: PopoverArrowDirections {
    switch self {
    case .up: return .up
    case .down: return .down
    case .left: return .left
    case .right: return .right
    }
  }
}

/// Where a popover was placed.
public struct PopoverPlacement: Hashable, Sendable, CustomStringConvertible {
  /// The popover's frame (content, insets and arrow) in the container's
  /// coordinates.
  public let frame: Rect
  /// The presented view's frame: `frame` minus the insets and the arrow.
  public let contentFrame: Rect
  /// The arrow's direction; `nil` when the popover has no arrow.
  public let arrowDirection: PopoverArrowDirection?
  /// From the middle of the arrow's edge to the source's middle, along the
  /// edge (positive: right or down); 0 without an arrow.
  public let arrowOffset: Double

  /// Creates a placement (`place` computes them; a restore reads them
  /// back).
  public init(
    frame: Rect, contentFrame: Rect, arrowDirection: PopoverArrowDirection?, arrowOffset: Double
  ) {
    self.frame = frame
    self.contentFrame = contentFrame
    self.arrowDirection = arrowDirection
    self.arrowOffset = arrowOffset
  }

  /// `arrow down +12 (x, y, w, h)` (`arrow none (…)` without an arrow).
  public var description: String {
    let arrow = arrowDirection.map {
      "\($0.rawValue) \(arrowOffset < 0 ? "" : "+")\(formatPoints(arrowOffset))"
    }
    return "arrow \(arrow ?? "none") \(frame)"
  }

  /// The margin to the container's edges.
  static let margin = 10.0
  /// The inset around the content on each side.
  static let inset = 8.0
  /// The arrow's height.
  static let arrowHeight = 13.0
  /// The content size when the preferred size has a zero side.
  public static let defaultContentSize = Size(width: 320, height: 480)

  /// Places a popover of `content` size pointing at `source` (in
  /// `bounds`'s coordinates) with the `permitted` arrow directions.
  public static func place(
    content: Size, source: Rect, permitted: PopoverArrowDirections, in bounds: Rect
  ) -> PopoverPlacement {
    let area = bounds.inset(
      by: EdgeInsets(top: margin, left: margin, bottom: margin, right: margin))
    var best: (direction: PopoverArrowDirection, region: Rect, size: Size)?
    for direction in PopoverArrowDirection.placementOrder where permitted.contains(direction.option)
    {
      let region = Self.region(direction, of: source, in: area)
      let full = Self.size(of: content, arrow: direction)
      let size = Size(
        width: min(full.width, region.width), height: min(full.height, region.height))
      if size.width * size.height > (best.map { $0.size.width * $0.size.height } ?? 0) {
        best = (direction, region, size)
      }
    }
    guard let (direction, region, size) = best else {
      let full = Self.size(of: content, arrow: nil)
      let size = Size(width: min(full.width, area.width), height: min(full.height, area.height))
      let frame = Rect(
        x: source.midX - size.width / 2, y: source.midY - size.height / 2, width: size.width,
        height: size.height
      ).shifted(into: area)
      return PopoverPlacement(
        frame: frame, contentFrame: Self.contentFrame(of: frame, arrow: nil), arrowDirection: nil,
        arrowOffset: 0)
    }
    let origin: Point
    switch direction {
    case .down: origin = Point(x: source.midX - size.width / 2, y: source.minY - size.height)
    case .up: origin = Point(x: source.midX - size.width / 2, y: source.maxY)
    case .left: origin = Point(x: source.maxX, y: source.midY - size.height / 2)
    case .right: origin = Point(x: source.minX - size.width, y: source.midY - size.height / 2)
    }
    let frame = Rect(origin: origin, size: size).shifted(into: region)
    let offset =
      direction.isVertical
      ? min(frame.width / 2, max(-frame.width / 2, source.midX - frame.midX))
      : min(frame.height / 2, max(-frame.height / 2, source.midY - frame.midY))
    return PopoverPlacement(
      frame: frame, contentFrame: Self.contentFrame(of: frame, arrow: direction),
      arrowDirection: direction, arrowOffset: offset)
  }

  /// The popover's full size for `content` with an arrow in `direction`.
  private static func size(of content: Size, arrow: PopoverArrowDirection?) -> Size {
    let arrowWidth = arrow.map { $0.isVertical ? 0 : arrowHeight } ?? 0
    let arrowLength = arrow.map { $0.isVertical ? arrowHeight : 0 } ?? 0
    return Size(
      width: content.width + 2 * inset + arrowWidth,
      height: content.height + 2 * inset + arrowLength)
  }

  /// The part of `area` on the side of `source` where a popover with an
  /// arrow in `direction` goes (empty when there is none).
  private static func region(_ direction: PopoverArrowDirection, of source: Rect, in area: Rect)
    -> Rect
  {
    var minX = area.minX
    var minY = area.minY
    var maxX = area.maxX
    var maxY = area.maxY
    switch direction {
    case .down: maxY = min(maxY, source.minY)
    case .up: minY = max(minY, source.maxY)
    case .left: minX = max(minX, source.maxX)
    case .right: maxX = min(maxX, source.minX)
    }
    return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
  }

  /// `frame` minus the insets and, on the arrow's edge, the arrow.
  private static func contentFrame(of frame: Rect, arrow: PopoverArrowDirection?) -> Rect {
    frame.inset(
      by: EdgeInsets(
        top: inset + (arrow == .up ? arrowHeight : 0),
        left: inset + (arrow == .left ? arrowHeight : 0),
        bottom: inset + (arrow == .down ? arrowHeight : 0),
        right: inset + (arrow == .right ? arrowHeight : 0)))
  }
}
