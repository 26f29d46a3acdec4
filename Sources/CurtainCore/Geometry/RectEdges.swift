/// `UIRectEdge`: a set of a rectangle's edges, with UIKit's bits.
public struct RectEdges: OptionSet, Hashable, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The top edge.
  public static let top = RectEdges(rawValue: 1)
  /// The left edge.
  public static let left = RectEdges(rawValue: 2)
  /// The bottom edge.
  public static let bottom = RectEdges(rawValue: 4)
  /// The right edge.
  public static let right = RectEdges(rawValue: 8)
  /// Every edge (UIKit's default `edgesForExtendedLayout`).
  public static let all: RectEdges = [.top, .left, .bottom, .right]
}
