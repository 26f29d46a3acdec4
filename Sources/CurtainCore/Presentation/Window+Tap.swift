// A simulated tap (Curtain's `Tap{window, point}`): the window's views are
// hit-tested as UIKit's `hitTest(_:with:)` does, at their model values
// (transforms ignored): from the window's view down, a view is hit when it
// is not hidden, its alpha is at least 0.01 and the point is inside its
// frame (edges included); its subviews are tried front to back, and the
// deepest view hit is the tap's target. A tap is an operation: it waits for
// the window to be idle (UIKit ignores touches while a transition runs), and
// the window records `tapped` with the target.
//
// A tap on a presentation's dimming view (a sheet's or a popover's) is a tap
// outside it (seed 002: "tapping outside a popover dismisses it"):
//
//   - on a view of the popover's `passthroughViews` (the first view hit below
//     the dimming view, or one inside it): the tap goes to that view, the
//     popover stays;
//   - the presented controller's `isModalInPresentation` is true:
//     `presentationControllerDidAttemptToDismiss`, nothing else;
//   - otherwise `presentationControllerShouldDismiss` (the delegate's default
//     answer, yes), `presentationControllerWillDismiss`, the animated
//     dismissal (what the presented controller presents goes too, SEMANTICS
//     §4), then `presentationControllerDidDismiss` once it completed.
//
// A tap on a tab bar item is the user's selection (SEMANTICS §3): the tab
// bar controller's delegate is asked `shouldSelect` (Window+Delegates.swift)
// and the tab bar controller does the rest (`TabBarController.prepareTap`).

/// What a tap hit, and what it did.
public struct TapHit: Hashable, Sendable {
  /// What the tap did besides reaching its target.
  public enum Effect: Hashable, Sendable {
    /// Nothing more.
    case none
    /// It went through a popover's dimming view to one of its passthrough
    /// views (`view` is then that target).
    case passthrough(presented: ControllerID)
    /// It dismissed this presented controller (a tap outside it).
    case dismissed(ControllerID)
    /// It tried to dismiss this presented controller, which is modal in
    /// presentation.
    case refused(ControllerID)
    /// It selected `tab` (the More navigation controller: the More list)
    /// of the tab bar controller `tabBar`.
    case selected(tabBar: ControllerID, tab: ControllerID)
    /// It hit the item of `tab`, already selected: `didSelect` again, and
    /// a navigation controller tab popped to its root.
    case reselected(tabBar: ControllerID, tab: ControllerID)
    /// The delegate of `tabBar` answered `shouldSelect` with no: nothing
    /// changed.
    case selectionDeclined(tabBar: ControllerID, tab: ControllerID)
  }

  /// Where the tap landed, in the window's coordinates.
  public let point: Point
  /// The view the tap reached (the window's own view when no other).
  public let view: ViewID
  /// The role of that view.
  public let role: ViewRole
  /// The controller owning that view (its root view or its chrome).
  public let controller: ControllerID?
  /// What the tap did.
  public let effect: Effect

  /// Creates a hit.
  public init(point: Point, view: ViewID, role: ViewRole, controller: ControllerID?, effect: Effect)
  {
    self.point = point
    self.view = view
    self.role = role
    self.controller = controller
    self.effect = effect
  }
}

extension Window {
  /// The deepest view under `point` (window coordinates), or the window's
  /// own view; with `below`, only views behind it (and not inside it).
  public func hitTest(_ point: Point, below: View? = nil) -> View {
    hit(view, at: point, origin: .zero, below: below) ?? view
  }

  private func hit(_ candidate: View, at point: Point, origin: Point, below: View?) -> View? {
    guard candidate !== below, !candidate.isHidden, candidate.alpha >= 0.01 else { return nil }
    let frame =
      candidate === view
      ? bounds : candidate.frame.offsetBy(dx: origin.x, dy: origin.y)
    guard frame.contains(point) else { return nil }
    let inner = Point(
      x: frame.minX - candidate.bounds.minX, y: frame.minY - candidate.bounds.minY)
    var subviews = candidate.subviews
    if let below, let index = subviews.firstIndex(where: { $0 === below }) {
      subviews = Array(subviews[..<index])
    }
    for subview in subviews.reversed() {
      if let found = hit(subview, at: point, origin: inner, below: below) { return found }
    }
    return candidate
  }

  /// What a tap at `point` reaches and does, before any delegate is
  /// asked: the view it reaches, its effect, and the presentation whose
  /// dimming view it hit.
  private func tapOutcome(at point: Point) -> (View, TapHit.Effect, Presentation?) {
    let target = hitTest(point)
    guard target.role == .dimming, let id = target.controllerID,
      let found = session.controllers[id]?.presentation, found.dimmingView === target
    else { return (target, .none, nil) }
    let through = hitTest(point, below: target)
    if found.passthroughViews.contains(where: { through.isDescendant(of: $0) }) {
      return (through, .passthrough(presented: id), found)
    }
    if found.presented.isModalInPresentation { return (target, .refused(id), found) }
    return (target, .dismissed(id), found)
  }

  /// The tab bar controller and the tab whose item a tap at `point`
  /// reaches, if it reaches one.
  func tabBarItemTap(at point: Point) -> (TabBarController, ViewController)? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let target = hitTest(point)
    guard target.role == .tabBarItem, let owner = target.superview?.controllerID,
      let tabs = session.controllers[owner] as? TabBarController,
      let tab = tabs.tabControllers.first(where: { $0.id == target.controllerID })
    else { return nil }
    return (tabs, tab)
  }

  /// The controller whose adaptive delegate a tap at `point` asks
  /// `presentationControllerShouldDismiss` (one outside a presented
  /// controller that would dismiss it), if any.
  func tapDismissalQuestion(at point: Point) -> ControllerID? {
    guard point.x.isFinite, point.y.isFinite,
      case (_, .dismissed(let presented), _) = tapOutcome(at: point)
    else { return nil }
    return presented
  }

  /// `presentationControllerDidDismiss`, once the dismissal the operation
  /// of `context` started completes (at once when it did not animate;
  /// never when it is cancelled).
  func tellDidDismiss(
    _ presenter: ViewController, _ presented: ViewController, for context: OperationContext?
  ) {
    let didDismiss = { presenter.emitPresentation(presented, .didDismiss) }
    if let running = context?.operation.transition.flatMap(transition) {
      running.addCompletion { context in
        if !context.transitionWasCancelled { didDismiss() }
      }
    } else {
      didDismiss()
    }
  }

  /// A tap at `point`, as its delegates answered: the adaptive delegate
  /// of the presented controller it would dismiss
  /// (`presentationControllerShouldDismiss`), the tab bar controller's
  /// delegate for an item (`shouldSelect`, the animation controller) or the
  /// navigation delegate of a tab it pops to its root.
  func prepareTap(at point: Point, answers: DelegateAnswers = DelegateAnswers()) throws
    -> PreparedChange
  {
    guard point.x.isFinite, point.y.isFinite else {
      throw CurtainError.invalid("A tap's point must be finite, got \(point)")
    }
    let (reached, outcome, presentation) = tapOutcome(at: point)
    var effect = outcome
    var selection: PreparedChange?
    if let (tabs, tab) = tabBarItemTap(at: point) {
      (effect, selection) = try tabs.prepareTap(
        on: tab, declined: answers.declinedSelection, animator: answers.animator)
    }
    var dismissal: PreparedChange?
    if case .dismissed(let id) = effect, let found = presentation {
      if answers.declinedDismissal {
        // Its adaptive delegate answered presentationControllerShouldDismiss
        // with no: UIKit's didAttemptToDismiss, as for a modal one.
        effect = .refused(id)
      } else {
        dismissal = try found.presenting.prepareDismiss(animated: true, animator: nil)
      }
    }
    let hit = TapHit(
      point: point, view: reached.id, role: reached.role, controller: reached.controllerID,
      effect: effect)
    var change = PreparedChange(removed: selection?.removed ?? []) { [self] context in
      append(.window(.tapped(hit)))
      selection?.run(context)
      guard let presentation else { return }
      let presenter = presentation.presenting
      let presented = presentation.presented
      switch effect {
      case .refused:
        presenter.emitPresentation(presented, .didAttemptToDismiss)
      case .dismissed:
        presenter.emitPresentation(presented, .shouldDismiss)
        presenter.emitPresentation(presented, .willDismiss)
        dismissal?.run(context)
        tellDidDismiss(presenter, presented, for: context)
      case .none, .passthrough, .selected, .reselected, .selectionDeclined:
        break
      }
    }
    change.tap = hit
    return change
  }
}
