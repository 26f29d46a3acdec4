/// `UIModalPresentationStyle`: how a presented controller covers the screen
/// (SEMANTICS §4).
public enum ModalPresentationStyle: String, Hashable, Sendable, CaseIterable {
  /// Covers the window; the presenter's view leaves the window.
  case fullScreen
  /// A page sheet (the card in compact width).
  case pageSheet
  /// A form sheet of `preferredContentSize` (the card in compact width).
  case formSheet
  /// Covers the context controller's view, which leaves the window.
  case currentContext
  /// A custom presentation controller (default: the container's bounds).
  case custom
  /// Covers the window; the presenter's view stays.
  case overFullScreen
  /// Covers the context controller's view, which stays.
  case overCurrentContext
  /// A popover.
  case popover
  /// No presentation style: only meaningful as an adaptive style ("do not
  /// adapt").
  case none
  /// Resolves to pageSheet.
  case automatic

  /// `automatic` resolved.
  var resolved: ModalPresentationStyle { self == .automatic ? .pageSheet : self }

  /// Whether a presentation asked for in this (resolved) style runs a
  /// custom animator: only fullScreen and custom do (seed 001); the other
  /// styles keep their built-in look (SEMANTICS §5).
  var takesCustomAnimator: Bool { self == .fullScreen || self == .custom }

  /// Whether the style presents over a context controller's view.
  var isContextual: Bool { self == .currentContext || self == .overCurrentContext }

  /// Whether the presenter's view leaves the window once the presentation
  /// has ended.
  var removesPresenterView: Bool { self == .fullScreen || self == .currentContext }

  /// The dimming view's alpha once presented, for styles that have one.
  var dimmingAlpha: Double? {
    switch self {
    case .pageSheet, .formSheet: return 0.4
    case .popover: return 0.2
    default: return nil
    }
  }

  /// The styles a client may ask for as an adaptive style.
  /// Whether a presentation in this (resolved) style adapts to compact
  /// environments (Presentation.adapt), so that an adaptive delegate is
  /// asked about it.
  var adapts: Bool {
    switch self {
    case .pageSheet, .formSheet, .popover, .currentContext, .overCurrentContext: return true
    default: return false
    }
  }

  /// The style a presentation asked for in this style adapts to in a
  /// compact environment, given the adaptive style the client chose
  /// (`nil`: UIKit's own adaptation); `nil` when it does not adapt.
  func compactAdaptation(answered: ModalPresentationStyle?) -> ModalPresentationStyle? {
    if let answered { return answered == .none ? nil : answered }
    switch self {
    case .popover: return .overFullScreen
    case .pageSheet, .formSheet, .currentContext, .overCurrentContext: return .fullScreen
    default: return nil
    }
  }

  var isAcceptedAdaptiveStyle: Bool {
    switch self {
    case .none, .fullScreen, .overFullScreen, .formSheet: return true
    default: return false
    }
  }
}

/// `UIModalTransitionStyle`: the built-in look of a presentation.
public enum ModalTransitionStyle: String, Hashable, Sendable, CaseIterable {
  /// The presented view slides up from the bottom (the default).
  case coverVertical
  /// A 3D flip around the vertical axis.
  case flipHorizontal
  /// A cross-fade.
  case crossDissolve
  /// The presenter's view curls up (full screen only).
  case partialCurl

  /// UIKit's constant name, for error messages.
  var uiKitName: String {
    switch self {
    case .coverVertical: return "UIModalTransitionStyleCoverVertical"
    case .flipHorizontal: return "UIModalTransitionStyleFlipHorizontal"
    case .crossDissolve: return "UIModalTransitionStyleCrossDissolve"
    case .partialCurl: return "UIModalTransitionStylePartialCurl"
    }
  }
}
