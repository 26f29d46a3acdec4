// Conversions of split and page view controller values: display modes,
// split preferences (a negative width means automatic) and page options.

public import CurtainCore

extension SplitDisplayMode {
  /// The core form of a wire display mode.
  public init(_ wire: Curtain_V1_SplitDisplayMode) throws {
    switch wire {
    case .automatic: self = .automatic
    case .secondaryOnly: self = .secondaryOnly
    case .oneBesideSecondary: self = .oneBesideSecondary
    case .oneOverSecondary: self = .oneOverSecondary
    case .UNRECOGNIZED(let value):
      throw CurtainError(.invalidArgument, "Unknown split display mode \(value)")
    }
  }

  /// The wire form.
  public var wire: Curtain_V1_SplitDisplayMode {
    switch self {
    case .automatic: return .automatic
    case .secondaryOnly: return .secondaryOnly
    case .oneBesideSecondary: return .oneBesideSecondary
    case .oneOverSecondary: return .oneOverSecondary
    }
  }
}

extension SplitPreferenceChange {
  /// The core form of wire preferences: absent fields stay unchanged, a
  /// negative number means automatic.
  public init(_ wire: Curtain_V1_SplitPreferences) throws {
    func dimension(_ has: Bool, _ value: Double) -> SplitDimension? {
      guard has else { return nil }
      return value < 0 ? .automatic : .value(value)
    }
    self.init(
      displayMode: wire.hasDisplayMode ? try SplitDisplayMode(wire.displayMode) : nil,
      primaryWidthFraction: dimension(wire.hasPrimaryWidthFraction, wire.primaryWidthFraction),
      primaryWidth: dimension(wire.hasPrimaryWidth, wire.primaryWidth),
      minimumPrimaryWidth: dimension(wire.hasMinimumPrimaryWidth, wire.minimumPrimaryWidth),
      maximumPrimaryWidth: dimension(wire.hasMaximumPrimaryWidth, wire.maximumPrimaryWidth))
  }
}

extension PageTransitionStyle {
  /// The wire form.
  public var wire: Curtain_V1_PageTransitionStyle { self == .scroll ? .scroll : .pageCurl }
}

extension PageNavigationOrientation {
  /// The wire form.
  public var wire: Curtain_V1_PageOrientation { self == .horizontal ? .horizontal : .vertical }
}

extension PageSpineLocation {
  /// The wire form.
  public var wire: Curtain_V1_PageSpineLocation {
    switch self {
    case .none: return .none
    case .min: return .min
    case .mid: return .mid
    case .max: return .max
    }
  }
}

extension PageOptions {
  /// The core form of wire page options (checked).
  public init(_ wire: Curtain_V1_PageOptions) throws {
    let style: PageTransitionStyle
    switch wire.transitionStyle {
    case .scroll: style = .scroll
    case .pageCurl: style = .pageCurl
    case .UNRECOGNIZED(let value):
      throw CurtainError(.invalidArgument, "Unknown page transition style \(value)")
    }
    let orientation: PageNavigationOrientation
    switch wire.orientation {
    case .horizontal: orientation = .horizontal
    case .vertical: orientation = .vertical
    case .UNRECOGNIZED(let value):
      throw CurtainError(.invalidArgument, "Unknown page orientation \(value)")
    }
    let spine: PageSpineLocation?
    switch wire.spineLocation {
    case .default: spine = nil
    case .none: spine = PageSpineLocation.none
    case .min: spine = .min
    case .mid: spine = .mid
    case .max: spine = .max
    case .UNRECOGNIZED(let value):
      throw CurtainError(.invalidArgument, "Unknown page spine location \(value)")
    }
    self.init(
      transitionStyle: style, orientation: orientation, spineLocation: spine,
      isDoubleSided: wire.hasDoubleSided ? wire.doubleSided : nil)
    try validate()
  }
}
