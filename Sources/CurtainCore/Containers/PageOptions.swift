// How a page view controller turns its pages, fixed when it is created
// (UIKit's `init(transitionStyle:navigationOrientation:options:)` and
// `isDoubleSided`), and the rules that follow from it: the spine location
// a style allows and how many view controllers each spine location needs.

/// `UIPageViewController.TransitionStyle`.
public enum PageTransitionStyle: String, Hashable, Sendable, CaseIterable {
  /// Pages slide (the default).
  case scroll
  /// Pages curl over a spine.
  case pageCurl
}

/// `UIPageViewController.NavigationOrientation`.
public enum PageNavigationOrientation: String, Hashable, Sendable, CaseIterable {
  /// Pages move left and right (the default).
  case horizontal
  /// Pages move up and down.
  case vertical
}

/// `UIPageViewController.SpineLocation`.
public enum PageSpineLocation: String, Hashable, Sendable, CaseIterable {
  /// No spine: the scroll style.
  case none
  /// The leading (left or top) edge: pageCurl's default.
  case min
  /// The middle: two pages show, one each side.
  case mid
  /// The trailing (right or bottom) edge.
  case max
}

/// `UIPageViewController.NavigationDirection`.
public enum PageDirection: String, Hashable, Sendable, CaseIterable {
  /// To the next page (a scroll brings it in from the right, or bottom).
  case forward
  /// To the previous page.
  case reverse
}

/// A page view controller's style, orientation and spine.
public struct PageOptions: Hashable, Sendable {
  /// The transition style.
  public var transitionStyle: PageTransitionStyle
  /// The navigation orientation.
  public var orientation: PageNavigationOrientation
  /// The spine location; `nil` takes the style's default (none for scroll,
  /// min for pageCurl).
  public var spineLocation: PageSpineLocation?
  /// `isDoubleSided`; `nil` is true for the mid spine, else false.
  public var isDoubleSided: Bool?

  /// Creates options; the defaults are UIKit's (scroll, horizontal).
  public init(
    transitionStyle: PageTransitionStyle = .scroll,
    orientation: PageNavigationOrientation = .horizontal, spineLocation: PageSpineLocation? = nil,
    isDoubleSided: Bool? = nil
  ) {
    self.transitionStyle = transitionStyle
    self.orientation = orientation
    self.spineLocation = spineLocation
    self.isDoubleSided = isDoubleSided
  }

  /// The spine location in force.
  public var resolvedSpineLocation: PageSpineLocation {
    spineLocation ?? (transitionStyle == .scroll ? PageSpineLocation.none : .min)
  }

  /// Whether pages have a back side.
  public var resolvedDoubleSided: Bool { isDoubleSided ?? (resolvedSpineLocation == .mid) }

  /// How many view controllers `setViewControllers` needs: one for scroll
  /// and single-sided pages at the min or max spine; two (front and back)
  /// for double-sided pages there; two (the facing pages) at the mid spine.
  public var requiredViewControllerCount: Int {
    resolvedSpineLocation == .mid || resolvedDoubleSided ? 2 : 1
  }

  /// Checks the combination: scroll has no spine and no back sides;
  /// pageCurl needs a spine; the mid spine needs double-sided pages.
  public func validate() throws {
    let spine = resolvedSpineLocation
    switch transitionStyle {
    case .scroll:
      if spine != .none {
        throw CurtainError.invalid(
          "A scroll page view controller has no spine (spine location none), not \(spine.rawValue)")
      }
      if isDoubleSided == true {
        throw CurtainError.invalid("Only a pageCurl page view controller can be double-sided")
      }
    case .pageCurl:
      if spine == .none {
        throw CurtainError.invalid(
          "A pageCurl page view controller needs a spine location of min, mid or max")
      }
      if spine == .mid, isDoubleSided == false {
        throw CurtainError.invalid(
          "The mid spine location requires double-sided pages (isDoubleSided must be true)")
      }
    }
  }
}
