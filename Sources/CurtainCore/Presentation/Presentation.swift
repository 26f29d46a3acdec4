// A presentation is what UIKit's presentation controller keeps: who presents
// whom, in which style (the requested one, resolved from `automatic`, and
// the one in force after adaptation), with which transition style, in which
// container view, with which dimming view, and where the presenter's view was
// when the presentation took it out of the window.
//
// Frames (SEMANTICS §4, "Styles"):
//
//   fullScreen, overFullScreen           the container's bounds (the window)
//   custom                               the client's frame in the window
//                                        clipped to it (moved inside first
//                                        when wholly outside), else the
//                                        container's bounds
//   currentContext, overCurrentContext   the context controller's view frame
//   pageSheet, regular width             width min(W, 0.75 H, 704), centred,
//                                        from safe-area top + 10 to the bottom
//   pageSheet/formSheet as a card        full width, safe-area top + 10 to the
//                                        bottom (compact width)
//   formSheet, regular width             preferredContentSize, else 540×600
//                                        (larger window side ≤ 1024), 580×640
//                                        (≤ 1590), 620×680; centred, clipped
//   popover                              placed next to its source
//                                        (PopoverPlacement.swift, §6)
//
// Adaptation (SEMANTICS §4, "Adaptation") maps the requested style and the
// window's traits to the style in force; a size change across a size class
// re-evaluates it (`Window.readaptPresentations`).

/// A live modal presentation: the presented controller owns it.
public final class Presentation {
  /// The controller that presents.
  public unowned let presenting: ViewController
  /// The controller presented: the one asked for, or its replacement
  /// while that is shown (Presentation+Replacement.swift).
  public internal(set) unowned var presented: ViewController
  /// The adaptive delegate's replacement controller, shown instead of the
  /// one asked for while the presentation is adapted.
  public internal(set) weak var replacement: ViewController?
  /// While the replacement is shown: the controller asked for.
  public internal(set) weak var original: ViewController?
  /// The style asked for, `automatic` resolved.
  public let requestedStyle: ModalPresentationStyle
  /// The adaptive style the client asked for, if it is one of those
  /// accepted (none, fullScreen, overFullScreen, formSheet).
  public let adaptiveStyle: ModalPresentationStyle?
  /// The style in force after adaptation.
  public internal(set) var style: ModalPresentationStyle
  /// Whether a sheet is shown as the compact-width card.
  public internal(set) var isCard: Bool
  /// The transition style used to present and dismiss.
  public let transitionStyle: ModalTransitionStyle
  /// The view holding the presented view: the context controller's
  /// superview while a currentContext style is in force, else the window's
  /// view (a currentContext presentation adapted to fullScreen covers the
  /// window, not the context).
  var containerView: View { style.isContextual ? contextContainer ?? windowView : windowView }
  /// The context controller's superview, for presentations asked for in a
  /// currentContext style.
  let contextContainer: View?
  /// The window's view.
  let windowView: View
  /// The dimming view the presentation owns, for sheets and popovers.
  public internal(set) var dimmingView: View?
  /// A popover's source (for presentations asked for as popovers).
  public internal(set) var popover: PopoverAnchor?
  /// `passthroughViews`: views a tap on the dimming view reaches without
  /// dismissing (Window+Tap.swift).
  public internal(set) var passthroughViews: [View] = []
  /// Where the presenter's view was when the presentation took it out of
  /// the window: restored there on dismissal.
  var removedPresenterSlot: (superview: View, index: Int)?
  /// Whether the presenter's view, which this presentation took out, goes
  /// back to its slot when the presentation ends or stops removing it: it
  /// is still out and its container still shows it (a navigation
  /// controller that pushed over the presenter installs its view again
  /// when it shows it).
  var putsPresenterViewBack: Bool {
    removedPresenterSlot != nil && presenting.viewIfLoaded?.superview == nil
      && (presenting.parent?.showsView(of: presenting) ?? true)
  }
  /// Whether the presentation has completed and no dismissal has begun:
  /// only then does it follow its context.
  var isEstablished = false
  /// Whether the presented view left the window because the context's
  /// container stopped showing the context: it comes back when the
  /// context is shown again.
  var viewHiddenWithContext = false
  /// Likewise for the dimming view.
  var dimmingHiddenWithContext = false
  /// Whether the presentation follows its context (**Curtain's choice**,
  /// as UIKit's presentations in a tab): one asked for over the current
  /// context, and whatever is presented over a controller that follows.
  /// Its presented controller appears and disappears with the context, and
  /// its view leaves the window while the context's containers do not show
  /// the context.
  var followsContext: Bool {
    guard isEstablished else { return false }
    return requestedStyle.isContextual || (presenting.presentation?.followsContext ?? false)
  }
  /// Whether the containers above the presenter show it (up to the
  /// window's root or a presented controller, whose own presentation must
  /// then be shown if it follows a context).
  var isContextShown: Bool {
    var node = presenting
    while let parent = node.parent {
      if !parent.showsView(of: node) { return false }
      node = parent
    }
    guard let presentation = node.presentation, presentation.followsContext else { return true }
    return presentation.isContextShown
  }
  /// Whether the presentation follows a context that is not shown.
  var isHiddenWithContext: Bool { followsContext && !isContextShown }
  /// The client's description of a custom presentation.
  public internal(set) var custom: CustomPresentation?
  /// Where the popover is, while the style in force is popover.
  public internal(set) var popoverPlacement: PopoverPlacement?

  init(
    presenting: ViewController, presented: ViewController,
    requestedStyle: ModalPresentationStyle, adaptiveStyle: ModalPresentationStyle?,
    transitionStyle: ModalTransitionStyle, contextContainer: View?, windowView: View,
    traits: TraitCollection
  ) {
    self.presenting = presenting
    self.presented = presented
    self.requestedStyle = requestedStyle
    self.adaptiveStyle = adaptiveStyle
    self.transitionStyle = transitionStyle
    self.contextContainer = contextContainer
    self.windowView = windowView
    let adapted = Self.adapt(requestedStyle, adaptiveStyle: adaptiveStyle, traits: traits)
    self.style = adapted.style
    self.isCard = adapted.isCard
  }

  /// Whether the presenter's view leaves the window (and the presenter gets
  /// disappearance callbacks).
  /// A custom presentation removes it only if its description says so.
  public var removesPresenterView: Bool {
    style == .custom ? custom?.removesPresenterView ?? false : style.removesPresenterView
  }

  /// The dimming view's alpha once presented, when the style in force has
  /// one (a custom presentation: when its description gives one).
  var dimmingAlpha: Double? { style == .custom ? custom?.dimmingAlpha : style.dimmingAlpha }

  // MARK: Adaptation

  /// The style in force for `style` in an environment with `traits`.
  static func adapt(
    _ style: ModalPresentationStyle, adaptiveStyle: ModalPresentationStyle?,
    traits: TraitCollection
  ) -> (style: ModalPresentationStyle, isCard: Bool) {
    if style == .fullScreen || style == .overFullScreen {
      return (style, false)
    }
    if let adaptiveStyle, adaptiveStyle == ModalPresentationStyle.none {
      return (style, false)
    }
    let compactWidth = traits.horizontalSizeClass == .compact
    let compactHeight = traits.verticalSizeClass == .compact
    /// The client's adaptive style when there is one, else `fallback`.
    func adapted(default fallback: () -> (ModalPresentationStyle, Bool)) -> (
      style: ModalPresentationStyle, isCard: Bool
    ) {
      guard let adaptiveStyle else { return fallback() }
      if adaptiveStyle == .formSheet {
        return adapt(.formSheet, adaptiveStyle: nil, traits: traits)
      }
      return (adaptiveStyle, false)
    }
    switch style {
    case .pageSheet, .formSheet:
      if compactHeight { return adapted { (.fullScreen, false) } }
      if compactWidth { return adapted { (style, true) } }
    case .popover:
      // Seed 002: "in a horizontally compact environment, popovers adapt to
      // UIModalPresentationOverFullScreen by default".
      if compactWidth || compactHeight { return adapted { (.overFullScreen, false) } }
    case .currentContext, .overCurrentContext:
      if compactWidth { return adapted { (.fullScreen, false) } }
    default:
      break
    }
    return (style, false)
  }

  // MARK: Frames

  /// The presented view's frame in the container view's coordinates (a
  /// popover is placed again: `popoverPlacement`).
  func frameOfPresentedView(in window: Window) -> Rect {
    let bounds = containerView.bounds
    popoverPlacement = style == .popover ? placePopover(in: window) : nil
    let safeTop = window.safeAreaInsets(of: containerView).top
    let card = Rect(
      x: 0, y: min(bounds.height, safeTop + 10), width: bounds.width,
      height: max(0, bounds.height - safeTop - 10))
    switch style {
    case .custom:
      guard let frame = custom?.frame else { return bounds }
      let origin = containerView.frameInWindow.origin
      return Self.clip(
        frame.offsetBy(dx: -origin.x + bounds.minX, dy: -origin.y + bounds.minY), to: bounds)
    case .fullScreen, .overFullScreen, .none, .automatic:
      return bounds
    case .currentContext, .overCurrentContext:
      return presenting.viewIfLoaded?.frame ?? bounds
    case .pageSheet:
      if isCard || window.traitCollection.horizontalSizeClass == .compact { return card }
      let width = min(bounds.width, 0.75 * bounds.height, 704)
      return Rect(
        x: (bounds.width - width) / 2, y: card.minY, width: width, height: card.height)
    case .formSheet:
      if isCard { return card }
      let larger = max(window.size.width, window.size.height)
      let standard =
        larger <= 1024
        ? Size(width: 540, height: 600)
        : larger <= 1590 ? Size(width: 580, height: 640) : Size(width: 620, height: 680)
      return centred(preferred: presented.preferredContentSize, standard: standard, in: bounds)
    case .popover:
      return popoverPlacement?.contentFrame ?? bounds
    }
  }

  /// A custom presentation's frame in `bounds` (Curtain's choice): the
  /// part of `frame` inside `bounds`; a frame with no area inside (the
  /// window shrank away from it) is first moved inside as little as
  /// possible, then clipped.
  static func clip(_ frame: Rect, to bounds: Rect) -> Rect {
    if let part = frame.intersection(bounds), part.width > 0, part.height > 0 { return part }
    return frame.shifted(into: bounds).intersection(bounds) ?? bounds
  }

  /// Places the popover next to its source (SEMANTICS §6). A source that
  /// left the window keeps the popover where it was; without a source (a
  /// presentation that adapted back to a popover) it is centred without an
  /// arrow.
  private func placePopover(in window: Window) -> PopoverPlacement {
    let preferred = presented.preferredContentSize
    let standard = PopoverPlacement.defaultContentSize
    let content = Size(
      width: preferred.width > 0 ? preferred.width : standard.width,
      height: preferred.height > 0 ? preferred.height : standard.height)
    let bounds = containerView.bounds
    guard let anchor = popover, anchor.view.window === window else {
      if let popoverPlacement { return popoverPlacement }
      return .place(content: content, source: bounds, permitted: [], in: bounds)
    }
    let view = anchor.view
    let origin = view.frameInWindow.origin
    return .place(
      content: content,
      source: anchor.rect.offsetBy(
        dx: origin.x - view.bounds.minX, dy: origin.y - view.bounds.minY),
      permitted: anchor.permittedArrowDirections, in: bounds)
  }

  /// A rectangle of the preferred size (each zero side taken from
  /// `standard`) centred in `bounds` and clipped to it.
  private func centred(preferred: Size, standard: Size, in bounds: Rect) -> Rect {
    let size = Size(
      width: preferred.width > 0 ? preferred.width : standard.width,
      height: preferred.height > 0 ? preferred.height : standard.height)
    let rect = Rect(
      x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2,
      width: size.width, height: size.height)
    return rect.intersection(bounds) ?? bounds
  }
}
