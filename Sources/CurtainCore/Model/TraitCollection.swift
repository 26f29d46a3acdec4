/// A size class, as `UIUserInterfaceSizeClass`.
public enum SizeClass: String, Hashable, Sendable {
  case compact, regular
}

/// The device family the window pretends to be; it decides bar heights.
public enum UserInterfaceIdiom: String, Hashable, Sendable {
  case phone, pad
}

/// A window's traits, as `UITraitCollection`.
public struct TraitCollection: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal size class.
  public var horizontalSizeClass: SizeClass
  /// The vertical size class.
  public var verticalSizeClass: SizeClass
  /// Pixels per point.
  public var displayScale: Double
  /// Phone or pad.
  public var userInterfaceIdiom: UserInterfaceIdiom

  /// Creates traits from every value.
  public init(
    horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass, displayScale: Double,
    userInterfaceIdiom: UserInterfaceIdiom = .phone
  ) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.displayScale = displayScale
    self.userInterfaceIdiom = userInterfaceIdiom
  }

  /// `compact×regular @3x phone`: horizontal × vertical size class, scale,
  /// idiom.
  public var description: String {
    "\(horizontalSizeClass.rawValue)×\(verticalSizeClass.rawValue) "
      + "@\(formatPoints(displayScale))x \(userInterfaceIdiom.rawValue)"
  }

  /// Whether either size class differs from `other`'s.
  func sizeClassesDiffer(from other: TraitCollection) -> Bool {
    horizontalSizeClass != other.horizontalSizeClass
      || verticalSizeClass != other.verticalSizeClass
  }

  /// Curtain's choice when a client gives no traits: horizontally regular
  /// when the width is at least 600 pt, vertically regular when the height
  /// is at least 500 pt (SEMANTICS §1).
  public static func derived(
    from size: Size, scale: Double, idiom: UserInterfaceIdiom = .phone
  ) -> TraitCollection {
    TraitCollection(
      horizontalSizeClass: size.width >= 600 ? .regular : .compact,
      verticalSizeClass: size.height >= 500 ? .regular : .compact,
      displayScale: scale, userInterfaceIdiom: idiom)
  }
}

/// The metrics a window is created or resized with.
public struct WindowMetrics: Hashable, Sendable {
  /// The size in points.
  public var size: Size
  /// The safe-area insets.
  public var safeAreaInsets: EdgeInsets
  /// Pixels per point.
  public var scale: Double
  /// The idiom (bar heights).
  public var idiom: UserInterfaceIdiom
  /// Explicit traits; `nil` derives them from the size.
  public var traits: TraitCollection?

  /// Creates metrics; every value has UIKit's phone default (390 × 844,
  /// scale 3, safe area top 47 / bottom 34).
  public init(
    size: Size = Window.defaultSize,
    safeAreaInsets: EdgeInsets = EdgeInsets(top: 47, bottom: 34),
    scale: Double = 3, idiom: UserInterfaceIdiom = .phone, traits: TraitCollection? = nil
  ) {
    self.size = size
    self.safeAreaInsets = safeAreaInsets
    self.scale = scale
    self.idiom = idiom
    self.traits = traits
  }

  /// Checks that the numbers make a window.
  func validate() throws {
    let numbers = [
      size.width, size.height, scale, safeAreaInsets.top, safeAreaInsets.left,
      safeAreaInsets.bottom, safeAreaInsets.right,
    ]
    guard numbers.allSatisfy(\.isFinite) else {
      throw CurtainError.invalid("Window metrics must be finite numbers")
    }
    guard size.width > 0, size.height > 0, size.width <= 100_000, size.height <= 100_000 else {
      throw CurtainError.invalid(
        "Window size must be positive and at most 100000 points, got \(size)")
    }
    guard scale > 0, scale <= 16 else {
      throw CurtainError.invalid("Display scale must be in (0, 16], got \(formatPoints(scale))")
    }
    let insets = [
      safeAreaInsets.top, safeAreaInsets.left, safeAreaInsets.bottom, safeAreaInsets.right,
    ]
    guard insets.allSatisfy({ $0 >= 0 }),
      safeAreaInsets.top + safeAreaInsets.bottom <= size.height,
      safeAreaInsets.left + safeAreaInsets.right <= size.width
    else {
      throw CurtainError.invalid("Safe-area insets must be non-negative and fit in the window")
    }
  }

  /// The traits in force: the explicit ones, else derived.
  var resolvedTraits: TraitCollection {
    traits ?? .derived(from: size, scale: scale, idiom: idiom)
  }
}
