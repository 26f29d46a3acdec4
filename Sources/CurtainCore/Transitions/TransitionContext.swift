/// What kind of change a transition animates.
public enum TransitionKind: String, Hashable, Sendable {
  /// A navigation push (also `setViewControllers` with a new top).
  case push
  /// A navigation pop (also pop-to, pop-to-root, `setViewControllers` to an
  /// older controller).
  case pop
  /// A tab bar selection.
  case tabSelection
  /// A custom container's `transition(from:to:duration:options:)`.
  case containerTransition
  /// A modal presentation (`present(_:animated:)`).
  case presentation
  /// A modal dismissal (`dismiss(animated:)`).
  case dismissal
  /// A window's size transition (`viewWillTransition(to:with:)`).
  case sizeTransition
  /// A split view controller's columns moving for a new display mode or
  /// primary column width.
  case displayModeChange
  /// A page view controller turning pages (`setViewControllers`).
  case pageTurn
  /// A collection view changing its layout (`setCollectionViewLayout`, or
  /// an interactive layout transition).
  case layoutTransition
}

/// `UIViewControllerContextTransitioning`: everything an animator may use.
///
/// A view is absent when the animator must not touch it. The on-screen
/// controller starts at its current frame; the incoming controller's initial
/// frame is zero (the animator decides); the outgoing controller's final
/// frame is zero when its view will be removed.
public struct TransitionContext: Hashable, Sendable {
  /// The view in which the transition takes place.
  public let containerView: ViewID
  /// The container's size, for container-relative values.
  public let containerSize: Size
  /// The outgoing controller.
  public let fromController: ControllerID?
  /// The incoming controller.
  public let toController: ControllerID?
  /// The outgoing controller's view, if the animator may move it.
  public let fromView: ViewID?
  /// The incoming controller's view, if the animator may move it.
  public let toView: ViewID?
  /// `initialFrame(for: from)`.
  public let fromInitialFrame: Rect
  /// `finalFrame(for: from)`.
  public let fromFinalFrame: Rect
  /// `initialFrame(for: to)`.
  public let toInitialFrame: Rect
  /// `finalFrame(for: to)`.
  public let toFinalFrame: Rect
  /// `isAnimated`.
  public let isAnimated: Bool
  /// `isInteractive`: true while a client drives it.
  public internal(set) var isInteractive: Bool
  /// `transitionWasCancelled`.
  public internal(set) var transitionWasCancelled = false
}
