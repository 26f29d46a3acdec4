// What a client may ask of a split view controller: its preferred display
// mode and the width of its primary column (SEMANTICS §3, split view
// controller). Every width setting may be `automatic`, UIKit's
// `UISplitViewController.automaticDimension`.

/// `UISplitViewController.DisplayMode`.
public enum SplitDisplayMode: String, Hashable, Sendable, CaseIterable {
  /// Resolved from the width: regular → oneBesideSecondary.
  case automatic
  /// Only the secondary column shows; the primary is hidden.
  case secondaryOnly
  /// The primary column sits beside the secondary, which gets the rest.
  case oneBesideSecondary
  /// The primary column lies over the secondary, which fills the split.
  case oneOverSecondary
}

/// A width setting: UIKit's automatic dimension, or a value.
public enum SplitDimension: Hashable, Sendable {
  /// `UISplitViewController.automaticDimension`: Curtain's default.
  case automatic
  /// This value (points, or a fraction for the width fraction).
  case value(Double)

  /// The value, or `automatic` when there is none.
  func resolved(_ automatic: Double) -> Double {
    if case .value(let value) = self { return value }
    return automatic
  }
}

/// The preferences of a split view controller.
public struct SplitPreferences: Hashable, Sendable {
  /// `preferredDisplayMode`.
  public var displayMode: SplitDisplayMode = .automatic
  /// `preferredPrimaryColumnWidthFraction`; automatic is 0.4.
  public var primaryWidthFraction: SplitDimension = .automatic
  /// `preferredPrimaryColumnWidth`; it wins over the fraction when set.
  public var primaryWidth: SplitDimension = .automatic
  /// `minimumPrimaryColumnWidth`; automatic is 0.
  public var minimumPrimaryWidth: SplitDimension = .automatic
  /// `maximumPrimaryColumnWidth`; automatic is 320.
  public var maximumPrimaryWidth: SplitDimension = .automatic

  /// Creates the defaults (everything automatic).
  public init() {}

  /// The automatic width fraction (Curtain's choice).
  public static let automaticWidthFraction = 0.4
  /// The automatic maximum primary width (Curtain's choice).
  public static let automaticMaximumWidth = 320.0

  /// The primary column's width in a split `width` points wide: the
  /// preferred width, else the fraction of the width, clamped to the
  /// minimum and maximum, and never wider than the split.
  public func primaryColumnWidth(in width: Double) -> Double {
    let fraction = primaryWidthFraction.resolved(Self.automaticWidthFraction)
    let preferred = primaryWidth.resolved(fraction * width)
    let lower = minimumPrimaryWidth.resolved(0)
    let upper = maximumPrimaryWidth.resolved(Self.automaticMaximumWidth)
    return max(0, min(width, max(lower, min(upper, preferred))))
  }

  /// Checks the numbers: finite, widths non-negative, the fraction in
  /// [0, 1], the minimum not above the maximum.
  func validate() throws {
    let widths: [(String, SplitDimension)] = [
      ("preferred primary column width", primaryWidth),
      ("minimum primary column width", minimumPrimaryWidth),
      ("maximum primary column width", maximumPrimaryWidth),
    ]
    for (label, dimension) in widths {
      if case .value(let value) = dimension, !(value.isFinite && value >= 0 && value <= 100_000) {
        throw CurtainError.invalid(
          "The \(label) must be automatic or between 0 and 100000 points, got \(formatPoints(value))"
        )
      }
    }
    if case .value(let fraction) = primaryWidthFraction,
      !(fraction.isFinite && fraction >= 0 && fraction <= 1)
    {
      throw CurtainError.invalid(
        "The preferred primary column width fraction must be automatic or in [0, 1], got \(formatPoints(fraction))"
      )
    }
    let lower = minimumPrimaryWidth.resolved(0)
    let upper = maximumPrimaryWidth.resolved(Self.automaticMaximumWidth)
    if lower > upper {
      throw CurtainError.invalid(
        "The minimum primary column width (\(formatPoints(lower))) exceeds the maximum (\(formatPoints(upper)))"
      )
    }
  }
}

/// A change of some split preferences; `nil` fields stay as they are.
public struct SplitPreferenceChange: Hashable, Sendable {
  public var displayMode: SplitDisplayMode?
  public var primaryWidthFraction: SplitDimension?
  public var primaryWidth: SplitDimension?
  public var minimumPrimaryWidth: SplitDimension?
  public var maximumPrimaryWidth: SplitDimension?

  /// Creates a change; every field defaults to "unchanged".
  public init(
    displayMode: SplitDisplayMode? = nil, primaryWidthFraction: SplitDimension? = nil,
    primaryWidth: SplitDimension? = nil, minimumPrimaryWidth: SplitDimension? = nil,
    maximumPrimaryWidth: SplitDimension? = nil
  ) {
    self.displayMode = displayMode
    self.primaryWidthFraction = primaryWidthFraction
    self.primaryWidth = primaryWidth
    self.minimumPrimaryWidth = minimumPrimaryWidth
    self.maximumPrimaryWidth = maximumPrimaryWidth
  }

  /// Whether the change changes nothing.
  public var isEmpty: Bool { self == SplitPreferenceChange() }

  /// `preferences` with this change applied, checked.
  public func applied(to preferences: SplitPreferences) throws -> SplitPreferences {
    var result = preferences
    if let displayMode { result.displayMode = displayMode }
    if let primaryWidthFraction { result.primaryWidthFraction = primaryWidthFraction }
    if let primaryWidth { result.primaryWidth = primaryWidth }
    if let minimumPrimaryWidth { result.minimumPrimaryWidth = minimumPrimaryWidth }
    if let maximumPrimaryWidth { result.maximumPrimaryWidth = maximumPrimaryWidth }
    try result.validate()
    return result
  }
}
