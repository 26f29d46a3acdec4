// How a collection view controller places its items (SEMANTICS §3): a list
// of item frames a client gives (a custom `UICollectionViewLayout`), or a
// flow layout (`UICollectionViewFlowLayout`: item size, spacing, section
// insets, lines wrapping at the collection view's width).
//
// **Curtain's choices** for the flow layout (UIKit's sources are not
// public): it scrolls vertically; the number of items per line is the most
// that fit between the insets with at least the interitem spacing between
// them (at least one); a line of more than one item is justified, the
// spacing between columns growing so that the first item touches the left
// inset and the last of a full line the right one, and every line (the last
// too) uses the same columns; a single column sits at the left inset. Lines
// are the item height plus the line spacing apart, starting at the top
// inset.

/// `UICollectionViewFlowLayout`'s geometry.
public struct FlowLayout: Hashable, Sendable {
  /// `itemSize`; UIKit's default is 50 × 50.
  public var itemSize: Size
  /// `minimumInteritemSpacing` (between items of a line); default 10.
  public var interitemSpacing: Double
  /// `minimumLineSpacing` (between lines); default 10.
  public var lineSpacing: Double
  /// `sectionInset`; default zero.
  public var sectionInset: EdgeInsets

  /// Creates a flow layout; the defaults are UIKit's.
  public init(
    itemSize: Size = Size(width: 50, height: 50), interitemSpacing: Double = 10,
    lineSpacing: Double = 10, sectionInset: EdgeInsets = .zero
  ) {
    self.itemSize = itemSize
    self.interitemSpacing = interitemSpacing
    self.lineSpacing = lineSpacing
    self.sectionInset = sectionInset
  }

  /// The frames of `count` items in a collection view `width` points wide.
  public func itemFrames(count: Int, width: Double) -> [Rect] {
    guard count > 0 else { return [] }
    let available = width - sectionInset.left - sectionInset.right
    let fit = Int(
      ((available + interitemSpacing) / (itemSize.width + interitemSpacing)).rounded(.down))
    let columns = max(1, min(count, fit))
    // Full lines are justified: the spacing grows to fill the line.
    let fullLines = count >= fit && fit > 1
    let spacing =
      fullLines
      ? (available - Double(columns) * itemSize.width) / Double(columns - 1)
      : interitemSpacing
    return (0..<count).map { index in
      let column = index % columns
      let line = index / columns
      return Rect(
        x: sectionInset.left + Double(column) * (itemSize.width + spacing),
        y: sectionInset.top + Double(line) * (itemSize.height + lineSpacing),
        width: itemSize.width, height: itemSize.height)
    }
  }

  /// Checks the numbers: finite, a positive item size, spacings and insets
  /// not negative.
  public func validate() throws {
    let numbers = [
      itemSize.width, itemSize.height, interitemSpacing, lineSpacing, sectionInset.top,
      sectionInset.left, sectionInset.bottom, sectionInset.right,
    ]
    guard numbers.allSatisfy(\.isFinite) else {
      throw CurtainError.invalid("A flow layout's numbers must be finite")
    }
    guard itemSize.width > 0, itemSize.height > 0 else {
      throw CurtainError.invalid(
        "A flow layout's item size must be positive, got \(itemSize)")
    }
    guard numbers.dropFirst(2).allSatisfy({ $0 >= 0 }) else {
      throw CurtainError.invalid("A flow layout's spacings and insets must not be negative")
    }
  }
}

/// A collection view's layout.
public enum CollectionLayout: Hashable, Sendable {
  /// Item frames given by a client, item by item, in the collection view's
  /// coordinates (a custom layout).
  case frames([Rect])
  /// A flow layout.
  case flow(FlowLayout)

  /// The most items (and frames) a collection view may have.
  public static let maxItems = 1000

  /// The frames of `count` items in a collection view `width` points wide
  /// (a frames layout gives at least `count`, `validate` checks it).
  public func itemFrames(count: Int, width: Double) -> [Rect] {
    switch self {
    case .frames(let frames): return Array(frames.prefix(count))
    case .flow(let flow): return flow.itemFrames(count: count, width: width)
    }
  }

  /// Checks the layout for `itemCount` items: a frames layout gives a
  /// finite frame with a non-negative size for each of them.
  public func validate(itemCount: Int) throws {
    switch self {
    case .frames(let frames):
      guard frames.count <= Self.maxItems else {
        throw CurtainError.invalid(
          "A collection layout has at most \(Self.maxItems) item frames, got \(frames.count)")
      }
      for frame in frames {
        let numbers = [frame.minX, frame.minY, frame.width, frame.height]
        guard numbers.allSatisfy(\.isFinite), frame.width >= 0, frame.height >= 0 else {
          throw CurtainError.invalid(
            "An item frame must be finite with a non-negative size, got \(frame)")
        }
      }
      guard frames.count >= itemCount else {
        throw CurtainError.invalid(
          "The layout gives \(frames.count) item frames for \(itemCount) items")
      }
    case .flow(let flow):
      try flow.validate()
    }
  }
}

/// What a collection view controller is created with.
public struct CollectionOptions: Hashable, Sendable {
  /// How many items it shows; `nil`: one per frame of a frames layout, none
  /// for a flow layout.
  public var itemCount: Int?
  /// Its layout; a flow layout with UIKit's defaults by default.
  public var layout: CollectionLayout
  /// `useLayoutToLayoutNavigationTransitions`.
  public var usesLayoutToLayoutNavigationTransitions: Bool

  /// Creates options.
  public init(
    itemCount: Int? = nil, layout: CollectionLayout = .flow(FlowLayout()),
    usesLayoutToLayoutNavigationTransitions: Bool = false
  ) {
    self.itemCount = itemCount
    self.layout = layout
    self.usesLayoutToLayoutNavigationTransitions = usesLayoutToLayoutNavigationTransitions
  }

  /// The item count in force.
  public var resolvedItemCount: Int {
    if let itemCount { return itemCount }
    if case .frames(let frames) = layout { return frames.count }
    return 0
  }

  /// Checks the item count and the layout.
  public func validate() throws {
    let count = resolvedItemCount
    guard count >= 0, count <= CollectionLayout.maxItems else {
      throw CurtainError.invalid(
        "A collection view has 0 to \(CollectionLayout.maxItems) items, got \(count)")
    }
    try layout.validate(itemCount: count)
  }
}

extension CollectionLayout: CustomStringConvertible {
  /// `flow 50×50 spacing 10 line 10` (the section inset when there is one),
  /// or `frames layout`.
  public var description: String {
    switch self {
    case .frames: return "frames layout"
    case .flow(let flow):
      var text =
        "flow \(flow.itemSize) spacing \(formatPoints(flow.interitemSpacing)) "
        + "line \(formatPoints(flow.lineSpacing))"
      if flow.sectionInset != .zero { text += " inset \(flow.sectionInset)" }
      return text
    }
  }
}
