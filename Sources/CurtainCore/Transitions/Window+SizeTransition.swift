// Size transitions (SEMANTICS §5 "Coordinator", §4 "Adaptation").
//
// A resize is an operation: like any other it waits until the window is
// idle, then runs in UIKit's order:
//
//   window.resized(size)
//   X.willTransition(to: traits)          every controller, if the traits change
//   X.viewWillTransition(to: size)        every controller, with its own new size
//   P.adapted(style), [A.viewWill(Dis)Appear(animated)]
//                                         each presentation whose adaptation
//                                         changes (only on a size-class change)
//   P.popoverPlaced(placement)            each popover placed anew
//   X.traitCollectionDidChange(previous)  every controller, if the traits changed
//   began(sizeTransition, old size → new size, old traits → new traits)
//                          *animation*  [A.viewDid(Dis)Appear]  ended
//
// "Every controller" is the window's root, then depth first the children
// whose views are in their parent's view (a navigation controller's top, a
// tab bar controller's selected tab, a custom container's shown children —
// also when a presentation over the current context took the view out),
// each controller followed by what it presents: each controller once, in
// that order. **Curtain's choice** (UIKit does the same in practice): the
// hidden children (stack controllers below the top, unselected tabs) are not
// told; they are laid out when they next appear.
//
// A controller's size is its root view's size in the new layout: the
// window's for the root, the content area for a navigation controller's top,
// the sheet's or popover's size for a presented controller.
//
// The new layout is computed at once (model values). The transition, owned
// by the window's root, animates every view whose frame changed from where it
// was to where it now is, along the resize's curve, on the transition's own
// timeline: coordinator alongside tracks, completions and frames work as for
// any transition. A size transition plays by itself: it cannot be paused,
// driven or cancelled. A hidden window, or `animation == nil`, changes at
// once (no transition events).

/// How a size transition animates (the rotation animation's duration and
/// curve).
public struct SizeTransitionAnimation: Hashable, Sendable {
  /// Curtain's choice for the duration: 0.4 s.
  public static let defaultDuration = 0.4

  /// The duration in seconds.
  public var duration: Double
  /// The curve every view's frame follows.
  public var timing: TimingFunction

  /// Creates the parameters (defaults: 0.4 s, easeInOut).
  public init(duration: Double = defaultDuration, timing: TimingFunction = .easeInOut) {
    self.duration = duration
    self.timing = timing
  }

  /// Checks the duration like an animator's.
  func validate() throws {
    try AnimatorSpec(duration: duration, tracks: []).validate()
  }
}

extension Window {
  func prepareResize(_ newMetrics: WindowMetrics, animation: SizeTransitionAnimation?) throws
    -> PreparedChange
  {
    try newMetrics.validate()
    if newMetrics == metrics { return .nothing }
    return PreparedChange { [self] context in
      performResize(to: newMetrics, animation: animation, for: context)
    }
  }

  /// The controllers a size transition tells, in the order they are told.
  var sizeTransitionControllers: [ViewController] {
    var result: [ViewController] = []
    func visit(_ controller: ViewController) {
      result.append(controller)
      for child in controller.sizeTransitionChildren { visit(child) }
      if let presented = controller.presentedViewController { visit(presented) }
    }
    if let root = rootViewController { visit(root) }
    return result
  }

  private func performResize(
    to newMetrics: WindowMetrics, animation: SizeTransitionAnimation?,
    for context: OperationContext?
  ) {
    let before = Dictionary(
      view.subtree.map { ($0.id, presentationState(of: $0).frame) }, uniquingKeysWith: { a, _ in a }
    )
    let oldTraits = traitCollection
    let oldSize = size
    let placements = popoverPlacements
    metrics = newMetrics
    append(.window(.resized(newMetrics.size)))
    let traits = traitCollection
    let animate = animation != nil && isVisible && rootViewController != nil
    // Split view controllers collapse or expand first: the size transition
    // then tells the tree as it now is and animates its moves.
    if traits.horizontalSizeClass != oldTraits.horizontalSizeClass {
      updateSplitViewControllers()
    }
    let controllers = sizeTransitionControllers
    let adaptations =
      traits.sizeClassesDiffer(from: oldTraits) ? readaptPresentations(animated: animate) : []
    layout()

    if traits != oldTraits {
      for controller in controllers {
        controller.emitSizeTransition(.willTransitionToTraits(traits))
      }
    }
    for controller in controllers {
      controller.emitSizeTransition(.viewWillTransition(to: controller.view.frame.size))
    }
    for adaptation in adaptations { adaptation.begin() }
    emitPopoverPlacements(changedFrom: placements)
    if traits != oldTraits {
      for controller in controllers {
        controller.emitSizeTransition(.traitCollectionDidChange(previous: oldTraits))
      }
    }

    let timing = animation?.timing ?? .easeInOut
    var tracks = adaptations.flatMap { $0.tracks(timing: timing) }
    for moved in view.subtree {
      guard let old = before[moved.id], old != moved.frame else { continue }
      tracks.append(
        TrackSpec(
          target: .view(moved.id), property: .frame, from: .value(.rect(old)),
          to: .value(.rect(moved.frame)), timing: timing))
    }
    let finish = { for adaptation in adaptations { adaptation.finish() } }
    guard let root = rootViewController else { return finish() }
    let request = TransitionRequest(
      kind: .sizeTransition, container: root, containerView: view, from: nil, to: nil,
      animated: animate,
      animator: AnimatorSpec(
        duration: animation?.duration ?? SizeTransitionAnimation.defaultDuration, tracks: tracks),
      sizeChange: SizeChange(
        oldSize: oldSize, newSize: newMetrics.size, oldTraits: oldTraits, newTraits: traits),
      operation: context)
    runTransition(request) { _ in finish() }
  }

  /// Whether `transition` coordinates `controller`: the controller or an
  /// ancestor takes part in it, or it is a size transition of the window
  /// the controller is in.
  func coordinates(_ transition: Transition, _ controller: ViewController) -> Bool {
    if transition.kind == .sizeTransition { return controller.window === self }
    var node: ViewController? = controller
    while let current = node {
      if transition.involves(current.id) { return true }
      node = current.parent
    }
    return false
  }
}

extension ViewController {
  /// The children a size transition tells: those whose views are in this
  /// controller's view, and those whose view a presentation took out of it.
  var sizeTransitionChildren: [ViewController] {
    guard let root = viewIfLoaded else { return [] }
    return children.filter { child in
      if child.viewIfLoaded?.isDescendant(of: root) ?? false { return true }
      let slot = child.presentedViewController?.presentation?.removedPresenterSlot
      return slot?.superview.isDescendant(of: root) ?? false
    }
  }

  /// Emits a size-transition callback of this controller.
  func emitSizeTransition(_ callback: SizeTransitionCallback) {
    session.emit(.sizeTransition(id, callback))
  }
}
