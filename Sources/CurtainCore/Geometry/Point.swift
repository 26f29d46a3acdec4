// Geometry is UIKit's: points in a top-left origin coordinate space, y growing
// downwards, measured in points (not pixels). All values are `Double`.

/// A location in a two-dimensional coordinate space.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// Creates a point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin.
  public static let zero = Point(x: 0, y: 0)

  /// The point moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Point {
    Point(x: x + dx, y: y + dy)
  }

  public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// Formats a coordinate the way the tree and events print it: integral values
/// without a fraction, others with up to four decimals.
func formatPoints(_ value: Double) -> String {
  if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
    return String(Int(value))
  }
  let rounded = (value * 10_000).rounded() / 10_000
  return "\(rounded)"
}
