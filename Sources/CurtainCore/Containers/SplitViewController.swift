// UISplitViewController, in its classic two-column form. Its children are
// its columns: the primary, then the secondary (either may be missing).
//
// Expanded (the window is horizontally regular) the display mode decides
// what shows (SEMANTICS §3): `oneBesideSecondary` puts the primary column
// at the leading edge and the secondary beside it with the rest of the
// width; `oneOverSecondary` lays the primary over a secondary that fills
// the split; `secondaryOnly` shows the secondary alone. `automatic`
// resolves to oneBesideSecondary. The primary column's width is the
// preferred width, else the preferred fraction (automatic 0.4) of the
// split's width, clamped to [minimum, maximum] (automatic 0 and 320).
//
// Collapsed (horizontally compact) only the primary shows, filling the
// split. Collapsing pushes the secondary onto the primary when the primary
// is a navigation controller (without animation: the secondary's view never
// leaves the screen, so only the primary's old top disappears); otherwise
// the secondary stays a child but its view leaves. Expanding pops the
// primary navigation controller's top (again keeping it on screen) and that
// becomes the secondary (when the display mode hides the primary, the
// primary leaves the screen before it pops). **Curtain's choice** for a
// secondary that is a navigation controller: it is pushed as it is, with its
// stack, and hides its bar while on the primary's stack (one bar shows, as
// in UIKit's collapse); the pop on expand gives it back its bar, so the
// structure is exactly the one before. The split collapses or expands when its view
// loads, when it is about to appear, when its window is resized across
// a horizontal size class (right after `window.resized`, before the size
// transition tells the controllers; its transition then animates the moves),
// and after any operation that brought it into a window off screen (a
// hidden window) whose size class it does not match.
//
// A display-mode or width change animates the columns for 0.35 s
// (Curtain's choice): a primary that starts showing slides in from the
// leading edge (viewWillAppear, *animation*, viewDidAppear); one that
// stops showing slides out and its view leaves at the end. Setting the
// columns removes the outgoing ones (willMove(nil), disappearance) and
// adds the incoming ones (willMove(split), appearance), then their
// didMove calls follow, then the `did` appearance callbacks (SEMANTICS §2),
// without animation. The split handles `showDetail`
// (ViewController+Show.swift routes it here from any controller inside): it
// replaces the secondary when expanded and acts as `show` from the primary
// when collapsed (a push onto a primary navigation controller).

/// `UISplitViewController`.
public final class SplitViewController: ViewController {
  override public var kind: ControllerKind { .split }

  /// How long display-mode and width changes animate (Curtain's choice).
  public static let columnAnimationDuration = 0.35

  /// The primary column's controller.
  public internal(set) var primary: ViewController?
  /// The secondary column's controller (`nil` once collapsed onto a
  /// navigation controller).
  public internal(set) var secondary: ViewController?
  /// The preferred display mode and primary column widths.
  public internal(set) var preferences = SplitPreferences()
  /// Whether the split is collapsed (horizontally compact).
  public internal(set) var isCollapsed = false

  /// `viewControllers`: the primary and the secondary, as they are.
  public var viewControllers: [ViewController] { [primary, secondary].compactMap { $0 } }

  /// The display mode of the expanded layout, `automatic` resolved.
  public var displayMode: SplitDisplayMode {
    preferences.displayMode == .automatic ? .oneBesideSecondary : preferences.displayMode
  }

  /// The width of the primary column in the split's current bounds.
  public var primaryColumnWidth: Double {
    preferences.primaryColumnWidth(in: (viewIfLoaded?.bounds ?? window?.bounds ?? .zero).width)
  }

  private var showsPrimary: Bool { isCollapsed || displayMode != .secondaryOnly }
  private var showsSecondary: Bool { !isCollapsed }

  /// The primary's frame in `bounds`: the whole split when collapsed, else
  /// the column at the leading edge.
  private func primaryFrame(in bounds: Rect) -> Rect {
    if isCollapsed { return bounds }
    let width = preferences.primaryColumnWidth(in: bounds.width)
    return Rect(x: 0, y: 0, width: width, height: bounds.height)
  }

  /// The secondary's frame in `bounds`.
  private func secondaryFrame(in bounds: Rect) -> Rect {
    guard displayMode == .oneBesideSecondary, showsPrimary else { return bounds }
    let width = preferences.primaryColumnWidth(in: bounds.width)
    return Rect(x: width, y: 0, width: bounds.width - width, height: bounds.height)
  }

  override func viewDidLoadContents() {
    updateCollapse()
    syncColumns()
  }

  override func layoutContents() {
    guard let root = viewIfLoaded, !(window?.transitions.contains { $0.container == id } ?? false)
    else { return }
    if let view = primary?.viewIfLoaded, view.superview === root {
      view.frame = primaryFrame(in: root.bounds)
    }
    if let view = secondary?.viewIfLoaded, view.superview === root {
      view.frame = secondaryFrame(in: root.bounds)
    }
  }

  override func showsView(of child: ViewController) -> Bool {
    (child === primary && showsPrimary) || (child === secondary && showsSecondary)
  }

  override func beginAppearance(_ appearing: Bool, animated: Bool, carriesFollower: Bool = true) {
    // Nothing of the split is on screen yet: catch up with the window's
    // size class silently before the columns are told to appear.
    if appearing, appearance == .disappeared { updateCollapse() }
    super.beginAppearance(appearing, animated: animated, carriesFollower: carriesFollower)
  }

  // MARK: Collapse and expand

  /// The window's horizontal size class changed (a resize operation, which
  /// runs only when the window is idle): collapse or expand. A split whose
  /// view is not loaded decides when it loads.
  func windowSizeClassDidChange() {
    if isViewLoaded { updateCollapse() }
  }

  /// Collapses in a horizontally compact window, expands in a regular one.
  private func updateCollapse() {
    guard let window else { return }
    let compact = window.traitCollection.horizontalSizeClass == .compact
    if compact, !isCollapsed {
      collapse()
    } else if !compact, isCollapsed {
      expand()
    }
  }

  private func collapse() {
    isCollapsed = true
    session.emit(.hierarchy(.splitCollapsed(id, true)))
    if let moving = secondary, let nav = primary as? NavigationController {
      secondary = nil
      moving.emit(.willMove(toParent: nil))
      detachChild(moving)
      moving.emit(.didMove(toParent: nil))
      emitViewControllers()
      (try? nav.prepareStackChange(
        to: nav.children + [moving], animated: false, animator: nil,
        allowingNestedNavigation: true))?.run(nil)
    }
    syncColumns()
  }

  private func expand() {
    isCollapsed = false
    session.emit(.hierarchy(.splitCollapsed(id, false)))
    guard secondary == nil, let nav = primary as? NavigationController, nav.children.count > 1,
      let top = nav.topViewController
    else {
      syncColumns()
      return
    }
    if !showsPrimary, let root = viewIfLoaded, let topView = top.viewIfLoaded {
      // The primary will not show: the top moves to the secondary column
      // first and the primary leaves the screen before it pops, so that
      // its new top does not appear for a moment.
      root.insertSubview(topView, at: 0)
      syncColumns()
    }
    (try? nav.prepareStackChange(
      to: Array(nav.children.dropLast()), animated: false, animator: nil, handingOff: top))?
      .run(nil)
    top.emit(.willMove(toParent: id))
    attachChild(top)
    secondary = top
    emitViewControllers()
    syncColumns()
    top.emit(.didMove(toParent: id))
  }

  /// Puts the views of the columns that show into the split's view and
  /// takes the others out, with appearance callbacks when the split is on
  /// screen (a column that is already on screen gets none), then lays
  /// them out. With `deferringDid` the `did` halves are left to the caller:
  /// it gets the columns that wait for them (setting the columns sends
  /// them after the `didMove` calls, SEMANTICS §2).
  @discardableResult
  private func syncColumns(deferringDid: Bool = false) -> [ViewController] {
    guard let root = viewIfLoaded else { return [] }
    let onScreen = isOnScreen
    var pending: [ViewController] = []
    for (column, shows) in [(secondary, showsSecondary), (primary, showsPrimary)] {
      guard let column else { continue }
      let installed = column.viewIfLoaded?.superview === root
      if shows, !installed, !column.isViewTakenOutByPresentation {
        column.loadViewIfNeeded()
        if onScreen { column.beginAppearance(true, animated: false) }
        if column === secondary {
          root.insertSubview(column.view, at: 0)
        } else {
          root.addSubview(column.view)
        }
        if onScreen { pending.append(column) }
      } else if !shows, installed, takeOutChildView(column) {
        pending.append(column)
      }
    }
    layoutContents()
    if deferringDid { return pending }
    for column in pending { column.endAppearance() }
    return []
  }

  private func emitViewControllers() {
    session.emit(.hierarchy(.viewControllersChanged(id, viewControllers.map(\.id))))
  }

  // MARK: Operations

  func prepareSetColumns(
    primary newPrimary: ViewController, secondary newSecondary: ViewController?
  )
    throws -> PreparedChange
  {
    if newPrimary === newSecondary {
      throw CurtainError.invalid(
        "The primary and secondary view controllers of a split view controller must be distinct "
          + "(\(newPrimary.name) is both)")
    }
    for column in [newPrimary, newSecondary].compactMap({ $0 }) where isWithin(column) {
      throw CurtainError.invalid(
        "\(column.name) contains \(name), so it cannot be one of its columns")
    }
    if newPrimary === primary, newSecondary === secondary { return .nothing }
    var change = PreparedChange { [self] context in
      setColumns(primary: newPrimary, secondary: newSecondary)
    }
    // The columns it replaces leave the split view controller.
    change.removed = [primary, secondary].compactMap { $0 }
      .filter { $0 !== newPrimary && $0 !== newSecondary }.map(\.id)
    return change
  }

  private func setColumns(
    primary newPrimary: ViewController, secondary newSecondary: ViewController?
  ) {
    // Collapsed onto a navigation controller, the secondary goes onto its stack.
    let nav = isCollapsed ? newPrimary as? NavigationController : nil
    let kept = nav == nil ? newSecondary : nil
    let list = [newPrimary, kept].compactMap { $0 }
    let old = children
    let removed = old.filter { controller in !list.contains { $0 === controller } }
    let added = list.filter { controller in !old.contains { $0 === controller } }
    beginMoves(removing: removed, adding: added)
    var pendingDid: [ViewController] = []
    for controller in removed {
      if takeOutChildView(controller) { pendingDid.append(controller) }
      detachChild(controller)
    }
    for controller in added { attachChild(controller) }
    primary = newPrimary
    secondary = kept
    children = list
    if list.map(\.id) != old.map(\.id) { emitViewControllers() }
    pendingDid += syncColumns(deferringDid: true)
    for controller in removed { controller.emit(.didMove(toParent: nil)) }
    for controller in added { controller.emit(.didMove(toParent: id)) }
    for controller in pendingDid { controller.endAppearance() }
    if let nav, let detail = newSecondary, !nav.children.contains(where: { $0 === detail }) {
      (try? nav.prepareStackChange(
        to: nav.children + [detail], animated: false, animator: nil,
        allowingNestedNavigation: true))?.run(nil)
    }
  }

  /// A split view controller handles `showDetailViewController(_:sender:)`.
  override func canShow(_ action: ShowAction) -> Bool { action == .showDetail }

  override func prepareShowAsTarget(
    _ action: ShowAction, _ controller: ViewController, sender: ViewController, animated: Bool,
    animator: AnimatorSpec?
  ) throws -> PreparedChange {
    try prepareShowDetail(controller, animated: animated, animator: animator)
  }

  /// `showDetailViewController(_:sender:)`: replaces the secondary when
  /// expanded (without animation); collapsed, acts as `show` from the
  /// primary: a push onto a primary navigation controller (a navigation
  /// controller may be pushed there, as UIKit nests the detail's), else
  /// whatever handles `show` above, else a presentation.
  func prepareShowDetail(_ controller: ViewController, animated: Bool, animator: AnimatorSpec?)
    throws -> PreparedChange
  {
    if isCollapsed, let nav = primary as? NavigationController {
      return try nav.preparePush(
        controller, animated: animated, animator: animator, allowingNestedNavigation: true)
    }
    if isCollapsed, let primary {
      return try primary.prepareShow(.show, controller, animated: animated, animator: animator)
    }
    guard let primary else {
      throw CurtainError.invalid(
        "\(name) has no primary view controller, so it cannot show a detail view controller")
    }
    return try prepareSetColumns(primary: primary, secondary: controller)
  }

  func prepareConfigure(_ change: SplitPreferenceChange, animated: Bool, animator: AnimatorSpec?)
    throws -> PreparedChange
  {
    let new = try change.applied(to: preferences)
    if new == preferences { return .nothing }
    return PreparedChange { [self] context in
      apply(new, animated: animated, animator: animator, for: context)
    }
  }

  private func apply(
    _ new: SplitPreferences, animated: Bool, animator: AnimatorSpec?,
    for context: OperationContext?
  ) {
    let oldMode = displayMode
    preferences = new
    if displayMode != oldMode {
      session.emit(.hierarchy(.splitDisplayModeChanged(id, displayMode)))
    }
    guard !isCollapsed, let root = viewIfLoaded else { return }
    let onScreen = isOnScreen
    let bounds = root.bounds
    // A primary whose view a presentation took out counts as shown.
    let wasShown =
      primary?.viewIfLoaded?.superview === root || (primary?.isViewTakenOutByPresentation ?? false)
    let appearing = showsPrimary && !wasShown ? primary : nil
    let disappearing = !showsPrimary && wasShown ? primary : nil
    let primaryFinal = primaryFrame(in: bounds)
    let primaryHidden = primaryFinal.offsetBy(dx: -primaryFinal.width, dy: 0)
    var moves: [(View, Rect, Rect)] = []
    if let view = primary?.viewIfLoaded, wasShown {
      moves.append((view, view.frame, showsPrimary ? primaryFinal : primaryHidden))
    }
    if let view = secondary?.viewIfLoaded, view.superview === root {
      moves.append((view, view.frame, secondaryFrame(in: bounds)))
    }
    appearing?.loadViewIfNeeded()
    if let view = appearing?.viewIfLoaded, !(appearing?.isViewTakenOutByPresentation ?? false) {
      root.addSubview(view)
      view.frame = primaryFinal
      moves.append((view, primaryHidden, primaryFinal))
    }
    let changed = moves.contains { $0.1 != $0.2 }
    let animate = animated && onScreen && changed
    if onScreen {
      disappearing?.beginAppearance(false, animated: animate)
      appearing?.beginAppearance(true, animated: animate)
    }
    for (view, _, final) in moves where view !== disappearing?.viewIfLoaded { view.frame = final }
    let tracks = moves.filter { $0.1 != $0.2 }.map { view, from, to in
      TrackSpec(
        target: .view(view.id), property: .frame, from: .value(.rect(from)), to: .value(.rect(to)))
    }
    let request = TransitionRequest(
      kind: .displayModeChange, container: self, containerView: root, from: disappearing,
      to: appearing, fromView: disappearing?.viewIfLoaded, toView: appearing?.viewIfLoaded,
      fromInitialFrame: disappearing?.viewIfLoaded?.frame ?? .zero, fromFinalFrame: .zero,
      toInitialFrame: primaryHidden, toFinalFrame: primaryFinal, animated: animate,
      animator: .resolved(
        animator, builtIn: AnimatorSpec(duration: Self.columnAnimationDuration, tracks: tracks)),
      operation: context)
    runTransition(request) { _ in
      disappearing?.viewIfLoaded?.removeFromSuperview()
      if onScreen {
        disappearing?.endAppearance()
        appearing?.endAppearance()
      }
    }
  }

  override func prepareRemoveChild(_ child: ViewController) throws -> PreparedChange {
    let removal = try super.prepareRemoveChild(child)
    return PreparedChange(removed: removal.removed) { [self] context in
      removal.run(context)
      if primary === child { primary = nil }
      if secondary === child { secondary = nil }
      emitViewControllers()
    }
  }
}

extension Window {
  /// Tells every split view controller of the window (presented ones
  /// included) that the horizontal size class may have changed: each
  /// collapses or expands if it does not match it.
  func updateSplitViewControllers() {
    var splits: [SplitViewController] = []
    func visit(_ controller: ViewController) {
      if let split = controller as? SplitViewController { splits.append(split) }
      controller.children.forEach(visit)
    }
    if let root = rootViewController { visit(root) }
    presentedControllers.forEach(visit)
    for split in splits { split.windowSizeClassDidChange() }
  }
}
