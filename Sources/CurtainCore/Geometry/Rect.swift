/// An axis-aligned rectangle: an origin (top-left corner) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The extents.
  public var size: Size

  /// Creates a rectangle from its origin and size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates and extents.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// Creates the rectangle of `size` whose centre is `center`.
  public init(center: Point, size: Size) {
    self.init(
      x: center.x - size.width / 2, y: center.y - size.height / 2,
      width: size.width, height: size.height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The smallest x coordinate.
  public var minX: Double { origin.x }
  /// The smallest y coordinate.
  public var minY: Double { origin.y }
  /// The largest x coordinate.
  public var maxX: Double { origin.x + size.width }
  /// The largest y coordinate.
  public var maxY: Double { origin.y + size.height }
  /// The horizontal centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The vertical centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }
  /// The centre point.
  public var center: Point { Point(x: midX, y: midY) }
  /// The area (zero for empty rectangles).
  public var area: Double { max(0, size.width) * max(0, size.height) }
  /// The same size at the origin: what a view's bounds are for this frame.
  public var localBounds: Rect { Rect(origin: .zero, size: size) }

  /// The rectangle moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
  }

  /// The rectangle shrunk by `insets` (sizes never become negative).
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }

  /// The rectangle moved (not resized) as little as possible to lie inside
  /// `area`; on an axis where it is larger, it starts at `area`'s start.
  public func shifted(into area: Rect) -> Rect {
    Rect(
      x: max(area.minX, min(minX, area.maxX - width)),
      y: max(area.minY, min(minY, area.maxY - height)), width: width, height: height)
  }

  /// The common part of two rectangles, or `nil` when they do not overlap.
  public func intersection(_ other: Rect) -> Rect? {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 >= x0, y1 >= y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// Whether `point` lies inside (edges included).
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
  }

  public var description: String {
    "(\(formatPoints(minX)), \(formatPoints(minY)), \(formatPoints(width)), \(formatPoints(height)))"
  }
}
