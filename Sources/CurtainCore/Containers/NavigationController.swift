// UINavigationController. Its children are its stack, bottom to top; only the
// top controller's view is installed. The navigation bar sits 44 pt below the
// top safe-area inset (50 on the pad idiom). Content goes under the bar, as
// in UIKit since iOS 7 (SEMANTICS §3): while the bar is translucent (the
// default) and the top's `edgesForExtendedLayout` includes the top edge (the
// default), the top's view fills the navigation controller's view and the
// bar's height is in its safe area (`ViewController.safeAreaInsets`);
// otherwise it fills the rest below the bar. A navigation controller on
// another's stack (a collapsed split view controller's secondary, a tab
// shown from the More list) hides its bar and its top fills its view: one
// bar shows.
//
// Every stack change (push, pop, pop-to, pop-to-root, setViewControllers, the
// interactive pop) goes through `prepareStackChange`: `viewControllers`
// changes at once, the visible controller changes when the transition
// starts, and the callbacks come in UIKit's order (SEMANTICS §3):
//
//   removed.willMove(nil), added.willMove(nav), new.viewDidLoad,
//   willShow(new), old.viewWillDisappear, new.viewWillAppear, *animation*,
//   old.viewDidDisappear, new.viewDidAppear, removed.didMove(nil),
//   added.didMove(nav), didShow(new)
//
// A cancelled (interactive) change restores the old stack and runs the
// reverse appearance pair: new disappears, old appears, then each removed
// controller gets `didMove(nav)` (its move was cancelled); no `didShow`.
// Then the presentations that the removed controllers' subtrees lost come
// back (EndedPresentation.swift).
// Controllers other than the old and new tops are added and removed
// silently, with only their willMove/didMove (Curtain's choice). Off screen
// nothing animates and no appearance callback or delegate call is made.
// A collection view controller with `useLayoutToLayoutNavigationTransitions`
// pushed above another (or popped back to it) keeps every callback of this
// order and changes only the look: its items move between the two layouts
// (CollectionViewController.swift).

/// `UINavigationController`.
public final class NavigationController: ViewController {
  override public var kind: ControllerKind { .navigation }

  override init(id: ControllerID, session: Session, identifier: String?, title: String?) {
    super.init(id: id, session: session, identifier: identifier, title: title)
    definesPresentationContext = true
  }

  /// The navigation bar, once the view is loaded.
  public internal(set) var navigationBar: View?

  /// The tab bar controller whose "More" navigation controller this is: it
  /// alone changes the bottom of the stack (the More list and the tab shown
  /// there); `show` pushes above it.
  weak var managingTabBarController: TabBarController?

  /// For the More navigation controller, how many controllers at the bottom
  /// of the stack belong to the tab bar controller: the More list, and the
  /// tab shown there if any. Controllers above were pushed by `show`.
  var tabBarDepth: Int {
    guard let tabs = managingTabBarController, !children.isEmpty else { return 0 }
    guard children.count > 1, tabs.viewControllers.contains(where: { $0 === children[1] }) else {
      return 1
    }
    return 2
  }

  /// Whether `controller` sits at the bottom of the More navigation
  /// controller's stack on behalf of its tab bar controller.
  func holdsForTabBar(_ controller: ViewController) -> Bool {
    guard let index = children.firstIndex(where: { $0 === controller }) else { return false }
    return index < tabBarDepth
  }

  /// Refuses a pop of the More navigation controller that would remove the
  /// More list or the tab shown there: those belong to the tab bar
  /// controller (only controllers pushed above them can be popped).
  private func checkPop(keeping count: Int) throws {
    if let tabs = managingTabBarController, count < tabBarDepth {
      throw CurtainError.invalid(
        "\(name) is the More navigation controller of \(tabs.name); select tabs instead")
    }
  }

  /// The stack, bottom to top.
  public var viewControllers: [ViewController] { children }

  /// The top of the stack.
  public var topViewController: ViewController? { children.last }

  /// The navigation bar's height for the window's idiom.
  var barHeight: Double {
    window?.traitCollection.userInterfaceIdiom == .pad ? 50 : 44
  }

  /// The safe area above the view, also while a presentation took it (or
  /// an ancestor's view) out: it keeps its place under the status bar.
  private var safeTop: Double {
    guard let root = viewIfLoaded, let window else { return 0 }
    return window.safeAreaInsets(of: root).top
  }

  /// Whether the navigation bar is hidden: a navigation controller on
  /// another's stack (a split view controller's secondary collapsed onto
  /// its primary, a tab shown from the More list) leaves the bar to the
  /// outer one, so that one bar shows (Curtain's choice; UIKit too shows
  /// one bar there). Its top then fills its view.
  public var isNavigationBarHidden: Bool { parent is NavigationController }

  /// `navigationBar.isTranslucent`: whether content goes under the bar.
  public internal(set) var isBarTranslucent = true

  /// The frame of `child`'s view as the top: the whole view when it goes
  /// under a translucent bar (or the bar is hidden), else below the bar, to
  /// the bottom.
  func contentFrame(for child: ViewController?) -> Rect {
    let bounds = viewIfLoaded?.bounds ?? .zero
    let underBar =
      isNavigationBarHidden
      || (isBarTranslucent && (child?.edgesForExtendedLayout.contains(.top) ?? true))
    let top = underBar ? 0 : min(bounds.height, safeTop + barHeight)
    return Rect(x: 0, y: top, width: bounds.width, height: bounds.height - top)
  }

  override func viewDidLoadContents() {
    let bar = session.makeView(
      role: .navigationBar, controller: id, frame: .zero, color: "systemBarBackground")
    view.addSubview(bar)
    navigationBar = bar
    if let top = topViewController { view.insertSubview(top.view, below: bar) }
    layoutContents()
  }

  /// Lays out the bar and the shown child (also when a presentation over
  /// the current context took the child's view out, so that it keeps the
  /// right size).
  override func layoutContents() {
    guard let root = viewIfLoaded, let bar = navigationBar else { return }
    bar.frame = Rect(x: 0, y: safeTop, width: root.bounds.width, height: barHeight)
    bar.isHidden = isNavigationBarHidden
    if let top = topViewController?.viewIfLoaded, top.superview === root || top.superview == nil,
      !(window?.transitions.contains { $0.container == id } ?? false)
    {
      top.frame = contentFrame(for: topViewController)
    }
  }

  override func showsView(of child: ViewController) -> Bool { child === topViewController }

  // MARK: Operations

  /// `show(_:sender:)` inside a navigation controller pushes, also inside
  /// the More navigation controller (above the tab shown there), as in
  /// UIKit.
  override func canShow(_ action: ShowAction) -> Bool {
    action == .show
  }

  /// The unwind search looks at the stack top-down, below the controller
  /// holding the source. The More navigation controller's list offers
  /// nothing (it is the tab bar controller's business); the tab shown there
  /// and the controllers pushed above it are searched like a stack.
  override func allowedChildrenForUnwinding(from source: ViewController?) -> [ViewController] {
    let holder = source.flatMap { source in children.firstIndex { source.isDescendant(of: $0) } }
    let bottom = managingTabBarController == nil ? 0 : 1
    let top = holder ?? children.count
    return top > bottom ? Array(children[bottom..<top].reversed()) : []
  }

  override func prepareShowAsTarget(
    _ action: ShowAction, _ controller: ViewController, sender: ViewController, animated: Bool,
    animator: AnimatorSpec?
  ) throws -> PreparedChange {
    try preparePush(controller, animated: animated, animator: animator)
  }

  func preparePush(
    _ controller: ViewController, animated: Bool, animator: AnimatorSpec?,
    allowingNestedNavigation: Bool = false
  ) throws -> PreparedChange {
    if children.contains(where: { $0 === controller }) {
      throw CurtainError.invalid(
        "Pushing the same view controller instance (\(controller.name)) more than once is not supported"
      )
    }
    return try prepareStackChange(
      to: children + [controller], animated: animated, animator: animator,
      allowingNestedNavigation: allowingNestedNavigation)
  }

  func preparePop(animated: Bool, animator: AnimatorSpec?) throws -> PreparedChange {
    try checkPop(keeping: children.count - 1)
    guard children.count > 1 else { return .nothing }
    return try prepareStackChange(
      to: Array(children.dropLast()), animated: animated, animator: animator)
  }

  func preparePopTo(_ controller: ViewController, animated: Bool, animator: AnimatorSpec?) throws
    -> PreparedChange
  {
    guard let index = children.firstIndex(where: { $0 === controller }) else {
      throw CurtainError.invalid(
        "Tried to pop to a view controller that doesn't exist (\(controller.name))")
    }
    try checkPop(keeping: index + 1)
    return try prepareStackChange(
      to: Array(children[...index]), animated: animated, animator: animator)
  }

  func preparePopToRoot(animated: Bool, animator: AnimatorSpec?) throws -> PreparedChange {
    guard children.count > 1 else { return .nothing }
    return try prepareStackChange(to: [children[0]], animated: animated, animator: animator)
  }

  func prepareSetViewControllers(
    _ list: [ViewController], animated: Bool, animator: AnimatorSpec?
  ) throws -> PreparedChange {
    try prepareStackChange(to: list, animated: animated, animator: animator)
  }

  func prepareInteractivePop(animator: AnimatorSpec?, owner: OwnerID?) throws -> PreparedChange {
    try checkPop(keeping: children.count - 1)
    guard children.count > 1 else {
      throw CurtainError.invalid(
        "An interactive pop needs at least two view controllers on the stack")
    }
    guard isOnScreen else {
      throw CurtainError(.notInWindow, "\(name) is not on screen, so it cannot pop interactively")
    }
    return try prepareStackChange(
      to: Array(children.dropLast()), animated: true, animator: animator, interactive: true,
      owner: owner)
  }

  override func prepareRemoveChild(_ child: ViewController) throws -> PreparedChange {
    try prepareStackChange(to: children.filter { $0 !== child }, animated: false, animator: nil)
  }

  // MARK: The stack change

  /// Checks a new stack and returns the change to it. A navigation
  /// controller may join the stack only when `allowingNestedNavigation` (a
  /// split view controller collapsing its secondary onto this one); one
  /// that is already on the stack may stay. `handingOff` is an outgoing top
  /// that moves on elsewhere without leaving the screen (a split view
  /// controller expanding): it gets no appearance callbacks.
  func prepareStackChange(
    to newStack: [ViewController], animated: Bool, animator: AnimatorSpec?,
    interactive: Bool = false, owner: OwnerID? = nil, allowingNestedNavigation: Bool = false,
    handingOff: ViewController? = nil
  ) throws -> PreparedChange {
    var seen = Set<ControllerID>()
    for controller in newStack {
      guard seen.insert(controller.id).inserted else {
        throw CurtainError.invalid(
          "All view controllers in a navigation controller must be distinct (\(controller.name) repeats)"
        )
      }
      if controller is NavigationController, !allowingNestedNavigation, controller.parent !== self {
        throw CurtainError.invalid(
          "Pushing a navigation controller is not supported (\(controller.name))")
      }
      if isWithin(controller) {
        throw CurtainError.invalid(
          "\(controller.name) contains \(name), so it cannot be on its stack")
      }
    }
    let old = children
    let removed = old.filter { controller in !newStack.contains { $0 === controller } }
    if old.count == newStack.count, zip(old, newStack).allSatisfy({ $0 === $1 }) {
      return .nothing
    }
    return PreparedChange(removed: removed.map(\.id)) { [self] context in
      performStackChange(
        from: old, to: newStack, animated: animated, animator: animator,
        interactive: interactive, owner: owner, handingOff: handingOff, for: context)
    }
  }

  /// The look of a layout-to-layout transition (CollectionViewController
  /// .swift), when the change is one: a collection view controller with
  /// `useLayoutToLayoutNavigationTransitions` pushed above another, or
  /// popped back to it.
  private func layoutToLayoutLook(
    from oldTop: ViewController?, to newTop: ViewController?, isPush: Bool
  )
    -> AnimatorSpec?
  {
    guard let old = oldTop as? CollectionViewController,
      let new = newTop as? CollectionViewController
    else { return nil }
    let width = viewIfLoaded?.bounds.width ?? 0
    return isPush
      ? new.layoutToLayoutPush(above: old, width: width)
      : old.layoutToLayoutPop(to: new, width: width)
  }

  /// Replaces the stack; returns the presentations that the controllers
  /// leaving it ended.
  @discardableResult
  private func setStack(_ stack: [ViewController]) -> [EndedPresentation] {
    var ended: [EndedPresentation] = []
    for controller in children where !stack.contains(where: { $0 === controller }) {
      ended += detachChild(controller)
    }
    for controller in stack where controller.parent !== self {
      attachChild(controller)
    }
    children = stack
    session.emit(.hierarchy(.viewControllersChanged(id, stack.map(\.id))))
    return ended
  }

  private func performStackChange(
    from old: [ViewController], to newStack: [ViewController], animated: Bool,
    animator: AnimatorSpec?, interactive: Bool, owner: OwnerID?, handingOff: ViewController?,
    for context: OperationContext?
  ) {
    let removed = old.filter { controller in !newStack.contains { $0 === controller } }
    let added = newStack.filter { controller in !old.contains { $0 === controller } }
    let oldTop = old.last
    let newTop = newStack.last
    let topChanged = oldTop !== newTop

    beginMoves(removing: removed, adding: added)
    let ended = setStack(newStack)
    // Leaving an old parent may have changed what is on screen (a tab bar
    // controller losing a tab selects another), so look only now.
    let onScreen = isOnScreen

    func finishMoves() {
      for controller in removed { controller.emit(.didMove(toParent: nil)) }
      for controller in added { controller.emit(.didMove(toParent: id)) }
    }

    guard topChanged, let root = viewIfLoaded else {
      finishMoves()
      return
    }
    // A controller handed off keeps its view where it went.
    let keepsView =
      oldTop != nil && oldTop === handingOff && oldTop?.viewIfLoaded?.superview !== root
    guard onScreen else {
      if !keepsView { oldTop?.viewIfLoaded?.removeFromSuperview() }
      // A view that a presentation over the new top took out stays out.
      if let newTop, !newTop.isViewTakenOutByPresentation {
        newTop.loadViewIfNeeded()
        root.insertSubview(newTop.view, below: navigationBar ?? newTop.view)
        newTop.view.frame = contentFrame(for: newTop)
      }
      finishMoves()
      return
    }

    let animate = (animated || interactive) && oldTop != nil && newTop != nil
    let isPush = newTop.map { top in !old.contains { $0 === top } } ?? false
    newTop?.loadViewIfNeeded()
    if let newTop {
      session.emit(.navigationDelegate(id, .willShow(newTop.id, animated: animate)))
    }
    let leaving = oldTop === handingOff ? nil : oldTop
    // The old top may already be hidden (a presentation over its context
    // took its view out): a cancelled change then leaves it hidden.
    let leavingShows = leaving.map { $0.appearance != .disappeared } ?? false
    leaving?.beginAppearance(false, animated: animate)
    newTop?.beginAppearance(true, animated: animate)
    let installsTop = !(newTop?.isViewTakenOutByPresentation ?? true)
    if let newTop, installsTop {
      if isPush, let oldView = oldTop?.viewIfLoaded, oldView.superview === root {
        root.insertSubview(newTop.view, above: oldView)
      } else if let oldView = oldTop?.viewIfLoaded, oldView.superview === root {
        root.insertSubview(newTop.view, below: oldView)
      } else {
        root.insertSubview(newTop.view, below: navigationBar ?? newTop.view)
      }
      newTop.view.frame = contentFrame(for: newTop)
    }
    let request = TransitionRequest(
      kind: isPush ? .push : .pop, container: self, containerView: root, from: oldTop,
      to: newTop, fromView: oldTop?.viewIfLoaded, toView: installsTop ? newTop?.viewIfLoaded : nil,
      fromInitialFrame: oldTop?.viewIfLoaded?.frame ?? .zero, fromFinalFrame: .zero,
      toInitialFrame: .zero, toFinalFrame: contentFrame(for: newTop), animated: animate,
      interactive: interactive, owner: owner,
      animator: .resolved(
        animator,
        builtIn: layoutToLayoutLook(from: oldTop, to: newTop, isPush: isPush)
          ?? (isPush ? .push : .pop)),
      operation: context)
    let transition = runTransition(request) { [self] cancelled in
      if !cancelled {
        if !keepsView { oldTop?.viewIfLoaded?.removeFromSuperview() }
        leaving?.endAppearance()
        newTop?.endAppearance()
        finishMoves()
        if let newTop {
          session.emit(.navigationDelegate(id, .didShow(newTop.id, animated: animate)))
        }
        return
      }
      for controller in added { detachChild(controller) }
      setStack(old)
      newTop?.viewIfLoaded?.removeFromSuperview()
      newTop?.beginAppearance(false, animated: animate)
      newTop?.endAppearance()
      if leavingShows {
        oldTop?.beginAppearance(true, animated: animate)
        oldTop?.endAppearance()
      }
      for controller in removed { controller.emit(.didMove(toParent: id)) }
      for controller in added { controller.emit(.didMove(toParent: nil)) }
      if let window, !ended.isEmpty { session.emitting(into: window) { window.restore(ended) } }
    }
    transition?.hold(ended)
  }
}
