// A generic custom container: the client adds and removes children and
// swaps them with `transition(from:to:duration:options:)`.
//
// Adding a child runs `willMove(P)`, then the container adds the child's view
// (frame given, else the container's bounds) and calls `didMove(P)`. When
// the container is on screen the child appears around it, in seed 003's
// order (SEMANTICS §2): willMove(P), viewDidLoad (first time),
// viewWillAppear(false), didMove(P), viewDidAppear(false). Removal mirrors
// it: willMove(nil), viewWillDisappear(false), didMove(nil),
// viewDidDisappear(false).
// A child added before the container's view exists gets its view, at the
// frame it was given, when the container's view loads. Children added
// without a frame keep filling the container's bounds when it is laid out
// again (a controller's root view resizes with its superview in UIKit).
//
// A child may also be added without its view (`installsView: false`, UIKit's
// `addChild` alone): willMove(P), didMove(P), and its view stays out (it
// does not load) until `transition(from:to:)` installs it, as UIKit's custom
// container transition does. **Curtain's choice:** the containment completes
// at once (its didMove does not wait for the transition), so that every
// willMove has its didMove within one operation.
//
// `transition(from:to:)` needs two distinct children; `to`'s view goes beside
// `from`'s at the same frame, `from` disappears while `to` appears
// (to.viewDidLoad the first time, from.viewWillDisappear, to.viewWillAppear,
// *animation*, from.viewDidDisappear, to.viewDidAppear) and `from`'s view
// leaves at the end. A child added with its view shows it at once, so `to`'s
// view may already be in the container (the first transition after two
// adds): it then moves beside `from`'s and, having appeared already, gets no
// appearance callbacks.

/// A custom container view controller.
public final class ContainerController: ViewController {
  override public var kind: ControllerKind { .container }

  /// The frames clients gave when adding children; a child without one fills
  /// the container's bounds.
  var childFrames: [ControllerID: Rect] = [:]
  /// The children added without their view, until a transition installs it.
  public internal(set) var childrenAwaitingView: Set<ControllerID> = []

  override func viewDidLoadContents() {
    // Children added before the view existed get their views now.
    for child in children where !childrenAwaitingView.contains(child.id) {
      view.addSubview(child.view)
      child.view.frame = childFrames[child.id] ?? view.bounds
    }
  }

  override func layoutContents() {
    guard let root = viewIfLoaded, !(window?.transitions.contains { $0.container == id } ?? false)
    else { return }
    for child in children where childFrames[child.id] == nil {
      if let childView = child.viewIfLoaded, childView.superview === root {
        childView.frame = root.bounds
      }
    }
  }

  /// Whether `child` shows: its view is in ours (or a presentation took it
  /// out of ours); a transition away takes it out.
  override func showsView(of child: ViewController) -> Bool {
    guard let root = viewIfLoaded, let childView = child.viewIfLoaded else { return true }
    if childView.isDescendant(of: root) { return true }
    guard child.isViewTakenOutByPresentation,
      let slot = child.presentedViewController?.presentation?.removedPresenterSlot
    else { return false }
    return slot.superview.isDescendant(of: root)
  }

  func prepareAddChild(_ child: ViewController, frame: Rect?, installsView: Bool = true) throws
    -> PreparedChange
  {
    if child === self || isWithin(child) {
      throw CurtainError.invalid(
        "\(child.name) cannot be added as a child of \(name), which it contains")
    }
    if child.parent === self { return .nothing }
    return PreparedChange { [self] context in
      child.leaveCurrentParent()
      child.emit(.willMove(toParent: id))
      attachChild(child)
      childFrames[child.id] = frame
      if !installsView { childrenAwaitingView.insert(child.id) }
      var appearing = false
      if installsView, let root = viewIfLoaded {
        child.loadViewIfNeeded()
        appearing = isOnScreen && shouldAutomaticallyForwardAppearanceMethods
        if appearing { child.beginAppearance(true, animated: false) }
        root.addSubview(child.view)
        child.view.frame = frame ?? root.bounds
      }
      child.emit(.didMove(toParent: id))
      if appearing { child.endAppearance() }
    }
  }

  override func prepareRemoveChild(_ child: ViewController) throws -> PreparedChange {
    let removal = try super.prepareRemoveChild(child)
    return PreparedChange(removed: removal.removed) { [self] context in
      removal.run(context)
      childFrames[child.id] = nil
      childrenAwaitingView.remove(child.id)
    }
  }

  func prepareTransition(from: ViewController, to: ViewController, animator requested: AnimatorSpec)
    throws -> PreparedChange
  {
    // A re-timed built-in look: the plain transition (no movement).
    let animator = AnimatorSpec.resolved(requested, builtIn: .none(duration: 0))
    guard from.parent === self, to.parent === self else {
      throw CurtainError.invalid(
        "Children view controllers \(from.name) and \(to.name) must have a common parent view "
          + "controller (\(name)) when calling transition(from:to:)")
    }
    guard from !== to else {
      throw CurtainError.invalid("transition(from:to:) needs two different children")
    }
    guard let root = viewIfLoaded, let fromView = from.viewIfLoaded, fromView.isDescendant(of: root)
    else {
      throw CurtainError.invalid("\(from.name)'s view is not in \(name)'s view")
    }
    return PreparedChange { [self] context in
      let onScreen = isOnScreen
      let animate = onScreen && animator.duration > 0
      // Without automatic forwarding the client drives both appearances.
      let forwards = onScreen && shouldAutomaticallyForwardAppearanceMethods
      to.loadViewIfNeeded()
      if forwards {
        from.beginAppearance(false, animated: animate)
        to.beginAppearance(true, animated: animate)
      }
      let frame = fromView.frame
      childrenAwaitingView.remove(to.id)
      // A view that a presentation over `to` took out stays out.
      if !to.isViewTakenOutByPresentation {
        fromView.superview?.insertSubview(to.view, above: fromView)
        to.view.frame = frame
      }
      childFrames[to.id] = childFrames[from.id]
      let request = TransitionRequest(
        kind: .containerTransition, container: self, containerView: fromView.superview ?? root,
        from: from, to: to, fromView: fromView, toView: to.view, fromInitialFrame: frame,
        fromFinalFrame: .zero, toInitialFrame: .zero, toFinalFrame: frame, animated: animate,
        animator: animator, operation: context)
      runTransition(request) { _ in
        fromView.removeFromSuperview()
        if forwards {
          from.endAppearance()
          to.endAppearance()
        }
      }
    }
  }
}
