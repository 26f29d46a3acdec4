// What a client may set along with a present request: the presented
// controller's presentation properties (as UIKit code sets them just before
// calling `present`) and, for popovers, where the popover points. They are
// checked before anything changes and applied when the presentation starts.

/// `UIPopoverArrowDirection`: the directions a popover's arrow may point.
public struct PopoverArrowDirections: OptionSet, Hashable, Sendable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The arrow points up (the popover is below the source).
  public static let up = PopoverArrowDirections(rawValue: 1)
  /// The arrow points down (the popover is above the source).
  public static let down = PopoverArrowDirections(rawValue: 2)
  /// The arrow points left (the popover is to the right of the source).
  public static let left = PopoverArrowDirections(rawValue: 4)
  /// The arrow points right (the popover is to the left of the source).
  public static let right = PopoverArrowDirections(rawValue: 8)
  /// Every direction (UIKit's default).
  public static let any: PopoverArrowDirections = [.up, .down, .left, .right]
}

/// A bar button item a popover may point at (`barButtonItem`).
public enum BarItem: Hashable, Sendable, CustomStringConvertible {
  /// The left bar button item of the navigation bar above the presenter.
  case navigationLeft
  /// The right bar button item of that navigation bar.
  case navigationRight
  /// The tab bar item at this index of the tab bar controller above the
  /// presenter (among the items shown, More included).
  case tab(Int)

  /// `left`, `right` or the tab's index.
  public var description: String {
    switch self {
    case .navigationLeft: return "left"
    case .navigationRight: return "right"
    case .tab(let index): return "tab \(index)"
    }
  }
}

/// Where a popover points, as a client gives it.
public struct PopoverSource: Hashable, Sendable {
  /// The source view; `nil`: the view of the controller the present
  /// request is sent to.
  public var view: ViewID?
  /// The source rectangle in the source view's coordinates; `nil`: its
  /// bounds.
  public var rect: Rect?
  /// A bar button item to point at instead of a view (`barButtonItem`);
  /// excludes `view` and `rect`.
  public var barItem: BarItem?
  /// The permitted arrow directions; empty centres the popover on the
  /// source.
  public var permittedArrowDirections: PopoverArrowDirections
  /// `passthroughViews`: views that a tap outside the popover reaches
  /// without dismissing it.
  public var passthroughViews: [ViewID]

  /// Creates a source.
  public init(
    view: ViewID? = nil, rect: Rect? = nil, barItem: BarItem? = nil,
    permittedArrowDirections: PopoverArrowDirections = .any, passthroughViews: [ViewID] = []
  ) {
    self.view = view
    self.rect = rect
    self.barItem = barItem
    self.permittedArrowDirections = permittedArrowDirections
    self.passthroughViews = passthroughViews
  }
}

/// A client's declarative description of a `custom` presentation: what
/// its presentation controller would say (SEMANTICS §4, custom).
public struct CustomPresentation: Hashable, Sendable {
  /// The presented view's frame in the window; `nil`: the container's
  /// bounds (the window's).
  public var frame: Rect?
  /// The alpha of a dimming view the presentation owns, faded in and out
  /// with the transition; `nil`: no dimming view.
  public var dimmingAlpha: Double?
  /// `shouldRemovePresentersView`: whether the presenter's view leaves the
  /// window (and the presenter gets disappearance callbacks).
  public var removesPresenterView: Bool

  /// Creates a description.
  public init(frame: Rect? = nil, dimmingAlpha: Double? = nil, removesPresenterView: Bool = false) {
    self.frame = frame
    self.dimmingAlpha = dimmingAlpha
    self.removesPresenterView = removesPresenterView
  }

  /// Checks a finite, non-empty frame of non-negative size and an alpha
  /// in [0, 1].
  func validate() throws {
    if let frame {
      let numbers = [frame.minX, frame.minY, frame.width, frame.height]
      guard numbers.allSatisfy(\.isFinite), frame.width > 0, frame.height > 0 else {
        throw CurtainError.invalid(
          "A custom presentation's frame must be finite with a positive width and height, "
            + "got \(frame)")
      }
    }
    if let dimmingAlpha, !(dimmingAlpha >= 0 && dimmingAlpha <= 1) {
      throw CurtainError.invalid(
        "A custom presentation's dimming alpha must be between 0 and 1, got \(dimmingAlpha)")
    }
  }
}

/// Presentation properties set on the presented controller as its
/// presentation starts; `nil` keeps the controller's own.
public struct PresentOptions: Hashable, Sendable {
  /// `modalPresentationStyle`.
  public var style: ModalPresentationStyle?
  /// `modalTransitionStyle`.
  public var transitionStyle: ModalTransitionStyle?
  /// `preferredContentSize`.
  public var preferredContentSize: Size?
  /// The popover's source (popover presentations only).
  public var popover: PopoverSource?
  /// The custom presentation's description (custom presentations only).
  public var custom: CustomPresentation?
  /// The controller shown instead of the presented one while the
  /// presentation is adapted (the adaptive delegate's answer to
  /// `viewControllerForAdaptivePresentationStyle`).
  public var adaptiveReplacement: ControllerID?
  /// The tracks the custom presentation controller runs alongside the
  /// transition (its answer to `presentationTransitionWillBegin`).
  var alongside: [TrackSpec] = []

  /// Creates options.
  public init(
    style: ModalPresentationStyle? = nil, transitionStyle: ModalTransitionStyle? = nil,
    preferredContentSize: Size? = nil, popover: PopoverSource? = nil,
    custom: CustomPresentation? = nil
  ) {
    self.style = style
    self.transitionStyle = transitionStyle
    self.preferredContentSize = preferredContentSize
    self.popover = popover
    self.custom = custom
  }

  /// Checks what does not depend on state: a real modal style, a valid
  /// size, a finite source rectangle and known arrow bits.
  func validate() throws {
    if let style, style == ModalPresentationStyle.none {
      throw CurtainError.invalid("none is an adaptive style, not a modal presentation style")
    }
    if let preferredContentSize {
      try ViewController.validatePreferredContentSize(preferredContentSize)
    }
    try custom?.validate()
    if let popover {
      if let rect = popover.rect {
        let numbers = [rect.minX, rect.minY, rect.width, rect.height]
        guard numbers.allSatisfy(\.isFinite), rect.width >= 0, rect.height >= 0 else {
          throw CurtainError.invalid(
            "A popover's source rect must be finite with a non-negative size, got \(rect)")
        }
      }
      if popover.barItem != nil, popover.view != nil || popover.rect != nil {
        throw CurtainError.invalid(
          "A popover points at a bar button item or at a source view and rectangle, not both")
      }
      if case .tab(let index) = popover.barItem, index < 0 {
        throw CurtainError.invalid("A tab bar item index must not be negative, got \(index)")
      }
      guard popover.passthroughViews.count <= 1024 else {
        throw CurtainError(.limitExceeded, "A popover may have at most 1024 passthrough views")
      }
      guard PopoverArrowDirections.any.isSuperset(of: popover.permittedArrowDirections) else {
        throw CurtainError.invalid(
          "Permitted arrow directions are bits up 1, down 2, left 4, right 8; got "
            + "\(popover.permittedArrowDirections.rawValue)")
      }
    }
  }
}

/// A popover's source, resolved when the presentation starts.
public struct PopoverAnchor {
  /// The source view (a bar, for a bar button item).
  public let view: View
  /// The source rectangle given, in the source view's coordinates; `nil`
  /// follows the view's bounds as they change.
  let givenRect: Rect?
  /// The bar button item pointed at, and the container whose bar holds it:
  /// the rectangle follows the item as the bar changes.
  let barItem: (item: BarItem, container: ViewController)?
  /// The permitted arrow directions.
  public let permittedArrowDirections: PopoverArrowDirections

  /// The source rectangle in the source view's coordinates now.
  public var rect: Rect {
    if let (item, container) = barItem { return container.rect(of: item) ?? view.bounds }
    return givenRect ?? view.bounds
  }
}
