// UITabBarController. Every controller of `viewControllers` is a child; only
// the selected one's view is installed. The tab bar is 49 pt above the bottom
// safe-area inset (50 on the pad idiom; the bar itself reaches down to the
// window edge, as UIKit's does). Content goes under the bar (SEMANTICS §3):
// while the bar is translucent (the default) and the selected controller's
// `edgesForExtendedLayout` includes the bottom edge, its view fills the tab
// bar controller's view and the bar's height is in its safe area; otherwise
// it ends above the bar.
//
// Selecting a new tab makes no animation by default and calls, in UIKit's
// order: new.viewDidLoad (first time), new.viewWillAppear,
// old.viewWillDisappear, old.viewDidDisappear, new.viewDidAppear. A client
// may supply an animator; the `did` calls then wait for its end. Setting the
// tabs (no animation) adds and removes children in SEMANTICS §2's order: the
// willMove calls, the `will` appearance calls, the didMove calls, then the
// `did` appearance calls.
//
// With more than five controllers the first four get tabs and the rest sit
// behind a "More" navigation controller (a child of the tab bar controller,
// with a "More" list as its root). Selecting the More tab shows the list and
// makes `selectedIndex` not-found (`nil`). Selecting a controller beyond the
// fourth shows it pushed on the More navigation controller, which becomes
// its parent while it is shown there, as in UIKit; when the More tab is left
// or the tabs change, it returns to the tab bar controller (Curtain's choice
// for when that happens). The one exception is a tab change that keeps that
// controller selected: it stays on screen without appearance callbacks,
// either still inside More (when it still sits beyond the fourth tab) or
// moved straight to the tab bar controller, More disappearing alone.
//
// `children` follows the tab order, with the More navigation controller last.

/// `UITabBarController`.
public final class TabBarController: ViewController {
  override public var kind: ControllerKind { .tabBar }

  /// How many tabs fit before "More" takes the fifth place.
  public static let maximumTabs = 5

  /// The controllers, in tab order.
  public internal(set) var viewControllers: [ViewController] = []
  /// The selected index; `nil` when nothing or the More list is selected.
  public internal(set) var selectedIndex: Int?
  /// The tab bar, once the view is loaded.
  public internal(set) var tabBar: View?
  /// The More navigation controller, while there are more than five tabs.
  public internal(set) var moreNavigationController: NavigationController?
  /// The More list, root of the More navigation controller.
  var moreListController: ViewController?
  /// The controller whose view is installed.
  var shownController: ViewController?
  /// Set while a controller moves from here into the More navigation
  /// controller, so that leaving us does not drop it from the tabs.
  var movingIntoMore: ViewController?

  /// The selected controller (the More navigation controller when the More
  /// list is selected).
  public var selectedViewController: ViewController? {
    if let index = selectedIndex { return viewControllers[index] }
    return shownController
  }

  override var containerHeldControllers: [ViewController] {
    viewControllers + [moreNavigationController, moreListController].compactMap { $0 }
  }

  /// Whether the tabs overflow into "More".
  public var hasMore: Bool { viewControllers.count > Self.maximumTabs }

  /// The controllers that have a tab, with the More controller last when
  /// there is one.
  public var tabControllers: [ViewController] {
    guard hasMore, let more = moreNavigationController else { return viewControllers }
    return Array(viewControllers.prefix(Self.maximumTabs - 1)) + [more]
  }

  var barHeight: Double {
    window?.traitCollection.userInterfaceIdiom == .pad ? 50 : 49
  }

  /// The safe area below the view, also while a presentation took it (or
  /// an ancestor's view) out.
  private var safeBottom: Double {
    guard let root = viewIfLoaded, let window else { return 0 }
    return window.safeAreaInsets(of: root).bottom
  }

  /// `tabBar.isTranslucent`: whether content goes under the bar.
  public internal(set) var isBarTranslucent = true

  /// The frame of `child`'s view when shown: the whole view when it goes
  /// under a translucent bar, else above the bar.
  func contentFrame(for child: ViewController?) -> Rect {
    let bounds = viewIfLoaded?.bounds ?? .zero
    if isBarTranslucent, child?.edgesForExtendedLayout.contains(.bottom) ?? true {
      return Rect(origin: .zero, size: bounds.size)
    }
    return Rect(
      x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - safeBottom - barHeight))
  }

  override func viewDidLoadContents() {
    let bar = session.makeView(
      role: .tabBar, controller: id, frame: .zero, color: "systemBarBackground")
    view.addSubview(bar)
    tabBar = bar
    if let shown = shownController { view.insertSubview(shown.view, below: bar) }
    layoutContents()
  }

  /// The tab bar's items, in tab order: one view per controller of
  /// `tabControllers`, owned by that controller (its `tabBarItem`), at
  /// the frame BarItemGeometry.swift gives, so that a client finds where
  /// to tap (SEMANTICS §3).
  public var tabBarItems: [View] {
    tabBar?.subviews.filter { $0.role == .tabBarItem } ?? []
  }

  /// Gives the tab bar one item per tab, in tab order: an item stays with
  /// its controller (keeping its id) when the tabs change, a new tab gets
  /// one, and the item of a controller that lost its tab leaves the
  /// session. Nothing changes when the items already match the tabs.
  private func updateTabBarItems(in bar: View) {
    let items = tabBarItems
    let tabs = tabControllers
    guard items.map(\.controllerID) != tabs.map(\.id) else { return }
    for item in items where !tabs.contains(where: { $0.id == item.controllerID }) {
      item.removeFromSuperview()
      session.views[item.id] = nil
    }
    for (index, tab) in tabs.enumerated() {
      let item =
        items.first { $0.controllerID == tab.id }
        ?? session.makeView(role: .tabBarItem, controller: tab.id, frame: .zero, color: "clear")
      bar.insertSubview(item, at: index)
    }
  }

  /// Lays out the bar, its items and the shown child (also when a
  /// presentation over the current context took the child's view out, so
  /// that it keeps the right size).
  override func layoutContents() {
    guard let root = viewIfLoaded, let bar = tabBar else { return }
    let height = root.bounds.height
    bar.frame = Rect(
      x: 0, y: max(0, height - safeBottom - barHeight), width: root.bounds.width,
      height: min(height, safeBottom + barHeight))
    updateTabBarItems(in: bar)
    for (index, item) in tabBarItems.enumerated() {
      item.frame = rect(of: .tab(index)) ?? .zero
    }
    if let shown = shownController?.viewIfLoaded,
      shown.superview === root || shown.superview == nil,
      !(window?.transitions.contains { $0.container == id } ?? false)
    {
      shown.frame = contentFrame(for: shownController)
    }
  }

  override func showsView(of child: ViewController) -> Bool { child === shownController }

  /// The unwind search looks at the tabs in order (not the More
  /// navigation controller), leaving out the one holding the source, and
  /// the one shown in More when the search comes from there (More searched
  /// it, or it holds the source).
  override func allowedChildrenForUnwinding(from source: ViewController?) -> [ViewController] {
    let fromMore = source != nil && source === moreNavigationController
    return viewControllers.filter { tab in
      !(source?.isDescendant(of: tab) ?? false) && !(fromMore && tab.parent === source)
    }
  }

  // MARK: Operations

  func prepareSelect(_ selection: TabSelection, animator: AnimatorSpec?) throws -> PreparedChange {
    let index = try resolve(selection)
    if index == selectedIndex, shownController != nil { return .nothing }
    return PreparedChange { [self] context in
      select(index: index, animator: animator, for: context)
    }
  }

  /// The selection that picks `tab`, one of `tabControllers`: its index,
  /// or More for the More navigation controller.
  func selection(of tab: ViewController) -> TabSelection? {
    if tab === moreNavigationController { return .more }
    return viewControllers.firstIndex { $0 === tab }.map { .index($0) }
  }

  /// Whether `tab`'s item is the selected one: the selected tab's, or
  /// More's while the More list is selected.
  func isSelectedItem(_ tab: ViewController) -> Bool {
    if tab === moreNavigationController {
      return selectedIndex == nil && shownController === tab
    }
    return selectedIndex.map { viewControllers[$0] } === tab
  }

  /// A user's tap on the item of `tab` (one of `tabControllers`), once
  /// `tabBarController(_:shouldSelect:)` was asked (SEMANTICS §3, "Code and
  /// user are told apart"): declined, nothing changes; on the selected
  /// item, a navigation controller tab pops to its root (animated, with
  /// `animator` when its delegate gave one); on another item, the tab is
  /// selected as by code (More shows the More list), animated with
  /// `animator` when the tab bar's delegate gave one. Then
  /// `tabBarController(_:didSelect:)`, at once (also while the switch or
  /// the pop still animates, as UIKit calls it).
  func prepareTap(on tab: ViewController, declined: Bool, animator: AnimatorSpec?) throws
    -> (TapHit.Effect, PreparedChange)
  {
    guard let selection = selection(of: tab) else {
      throw CurtainError.invalid("\(tab.name) has no item in \(name)'s tab bar")
    }
    if declined { return (.selectionDeclined(tabBar: id, tab: tab.id), .nothing) }
    let change: PreparedChange
    let effect: TapHit.Effect
    if isSelectedItem(tab) {
      effect = .reselected(tabBar: id, tab: tab.id)
      if let nav = tab as? NavigationController, nav.viewControllers.count > 1 {
        change = try nav.preparePopToRoot(animated: true, animator: animator)
      } else {
        change = .nothing
      }
    } else {
      effect = .selected(tabBar: id, tab: tab.id)
      change = try prepareSelect(selection, animator: animator)
    }
    let tapped = PreparedChange(removed: change.removed) { [self] context in
      change.run(context)
      session.emit(.tabBarDelegate(id, .didSelect(tab.id)))
    }
    return (effect, tapped)
  }

  /// The index a selection names (`nil` for More).
  func resolve(_ selection: TabSelection) throws -> Int? {
    let index: Int?
    switch selection {
    case .index(let value):
      guard viewControllers.indices.contains(value) else {
        throw CurtainError.invalid(
          "Tab index \(value) is out of range (\(viewControllers.count) view controllers)")
      }
      index = value
    case .controller(let controllerID):
      guard let value = viewControllers.firstIndex(where: { $0.id == controllerID }) else {
        throw CurtainError.invalid(
          "\(session.controllers[controllerID]?.name ?? controllerID.description) is not one of "
            + "\(name)'s view controllers")
      }
      index = value
    case .more:
      guard hasMore else {
        throw CurtainError.invalid(
          "\(name) has no More tab (it has \(viewControllers.count) view controllers)")
      }
      index = nil
    }
    return index
  }

  /// An interactive tab switch (seed 001's swipe between tabs), begun at 0%
  /// and driven by `owner` (see `switchInteractively`).
  func prepareInteractiveSelect(
    _ selection: TabSelection, animator: AnimatorSpec?, owner: OwnerID?
  ) throws -> PreparedChange {
    let resolved = try resolve(selection)
    guard let index = resolved, !hasMore || (index < Self.maximumTabs - 1 && selectedIndex != nil)
    else {
      throw CurtainError.invalid(
        "An interactive tab switch of \(name) cannot involve its More tab")
    }
    guard let old = shownController, let oldIndex = selectedIndex else {
      throw CurtainError.invalid("\(name) has no selected tab to switch from")
    }
    guard index != oldIndex else {
      throw CurtainError.invalid("Tab \(index) of \(name) is already selected")
    }
    guard isOnScreen else {
      throw CurtainError(
        .notInWindow, "\(name) is not on screen, so it cannot switch tabs interactively")
    }
    return PreparedChange { [self] context in
      switchInteractively(
        from: old, at: oldIndex, to: index, animator: animator, owner: owner, for: context)
    }
  }

  func prepareSetViewControllers(_ list: [ViewController]) throws -> PreparedChange {
    var seen = Set<ControllerID>()
    for controller in list {
      guard seen.insert(controller.id).inserted else {
        throw CurtainError.invalid(
          "All view controllers in a tab bar controller must be distinct (\(controller.name) repeats)"
        )
      }
      if isWithin(controller) {
        throw CurtainError.invalid("\(controller.name) contains \(name), so it cannot be a tab")
      }
      if controller === moreNavigationController || controller === moreListController {
        throw CurtainError.invalid("The More navigation controller cannot be a tab")
      }
    }
    if list.count == viewControllers.count, zip(list, viewControllers).allSatisfy({ $0 === $1 }) {
      return .nothing
    }
    let removed = viewControllers.filter { tab in !list.contains { $0 === tab } }
    return PreparedChange(removed: removed.map(\.id)) { [self] _ in setViewControllers(list) }
  }

  override func prepareRemoveChild(_ child: ViewController) throws -> PreparedChange {
    if child === movingIntoMore {
      // Moving into the More navigation controller: only the parent changes;
      // the view follows when the More controller installs it.
      return PreparedChange { [self] context in
        child.emit(.willMove(toParent: nil))
        detachChild(child)
        child.emit(.didMove(toParent: nil))
      }
    }
    if child === moreNavigationController { return .nothing }
    return try prepareSetViewControllers(viewControllers.filter { $0 !== child })
  }

  // MARK: Changes

  private func select(index: Int?, animator: AnimatorSpec?, for context: OperationContext?) {
    let target = prepareShown(for: index)
    selectedIndex = index
    switchShown(to: target, animator: animator, for: context)
    session.emit(
      .hierarchy(.selectionChanged(id, index: index, selected: selectedViewController?.id)))
  }

  /// Readies the controller to show for `index`: the controller itself, or
  /// the More navigation controller with the list (and the controller).
  private func prepareShown(for index: Int?) -> ViewController? {
    guard hasMore, let more = moreNavigationController, let list = moreListController else {
      return index.map { viewControllers[$0] }
    }
    if let index, index < Self.maximumTabs - 1 { return viewControllers[index] }
    var stack = [list]
    if let index { stack.append(viewControllers[index]) }
    let previousItems = more.children.dropFirst()
    movingIntoMore = index.map { viewControllers[$0] }
    // A navigation controller tab goes onto More's stack too (it hides its
    // bar there).
    (try? more.prepareStackChange(
      to: stack, animated: false, animator: nil, allowingNestedNavigation: true))?.run(nil)
    movingIntoMore = nil
    adopt(previousItems.filter { item in !stack.contains { $0 === item } })
    return more
  }

  /// Shows `target` instead of the current controller, with the tab
  /// selection's callbacks. With `deferringDid` (a change without animation
  /// that also adds or removes tabs) the `did` appearance callbacks are left
  /// to the returned closure, which the caller runs after the `didMove`
  /// calls (SEMANTICS §2).
  @discardableResult
  private func switchShown(
    to target: ViewController?, animator: AnimatorSpec?, deferringDid: Bool = false,
    for context: OperationContext?
  ) -> () -> Void {
    let previous = shownController
    guard previous !== target else { return {} }
    shownController = target
    guard let root = viewIfLoaded else { return {} }
    // A selected controller that moved into the More navigation controller
    // stays on screen inside it: it is not the outgoing controller.
    let old = previous.flatMap { previous in
      target.map { previous.isDescendant(of: $0) } == true ? nil : previous
    }
    let onScreen = isOnScreen
    let animate = animator != nil && onScreen && old != nil && target != nil
    target?.loadViewIfNeeded()
    if onScreen {
      target?.beginAppearance(true, animated: animate)
      old?.beginAppearance(false, animated: animate)
    }
    // A view that a presentation over the target took out stays out.
    let installs = !(target?.isViewTakenOutByPresentation ?? true)
    if let target, installs {
      if let oldView = old?.viewIfLoaded, oldView.superview === root {
        root.insertSubview(target.view, above: oldView)
      } else {
        root.insertSubview(target.view, below: tabBar ?? target.view)
      }
      target.view.frame = contentFrame(for: target)
    }
    let request = TransitionRequest(
      kind: .tabSelection, container: self, containerView: root, from: old, to: target,
      fromView: old?.viewIfLoaded, toView: installs ? target?.viewIfLoaded : nil,
      fromInitialFrame: old?.viewIfLoaded?.frame ?? .zero, fromFinalFrame: .zero,
      toInitialFrame: .zero, toFinalFrame: contentFrame(for: target), animated: animate,
      animator: .resolved(animator, builtIn: .none(duration: 0)), operation: context)
    var pendingDid: () -> Void = {}
    runTransition(request) { [self] _ in
      old?.viewIfLoaded?.removeFromSuperview()
      let did = {
        if onScreen {
          old?.endAppearance()
          target?.endAppearance()
        }
      }
      // Without an animator this runs at once, inside runTransition.
      if deferringDid && !animate { pendingDid = did } else { did() }
      if previous === moreNavigationController { returnMoreItems() }
    }
    return pendingDid
  }

  /// The interactive tab switch: the selection changes when it begins
  /// (`selectionChanged`), with `new.viewDidLoad` (first time),
  /// `new.viewWillAppear(true)`, `old.viewWillDisappear(true)`; the
  /// animator (by default the tab slide of seed 001) follows the client's
  /// updates. Finished: `old.viewDidDisappear(true)`,
  /// `new.viewDidAppear(true)` and the old view leaves. Cancelled: after the
  /// interaction-change notification the old tab is selected again
  /// (`selectionChanged`), the new view leaves, and the reverse pair runs:
  /// `new.viewWillDisappear(true)`, `new.viewDidDisappear(true)`,
  /// `old.viewWillAppear(true)`, `old.viewDidAppear(true)`.
  private func switchInteractively(
    from old: ViewController, at oldIndex: Int, to index: Int, animator: AnimatorSpec?,
    owner: OwnerID?, for context: OperationContext?
  ) {
    guard let root = viewIfLoaded else { return }
    let target = viewControllers[index]
    shownController = target
    selectedIndex = index
    target.loadViewIfNeeded()
    target.beginAppearance(true, animated: true)
    old.beginAppearance(false, animated: true)
    let installs = !target.isViewTakenOutByPresentation
    if installs {
      if let oldView = old.viewIfLoaded, oldView.superview === root {
        root.insertSubview(target.view, above: oldView)
      } else {
        root.insertSubview(target.view, below: tabBar ?? target.view)
      }
      target.view.frame = contentFrame(for: target)
    }
    session.emit(.hierarchy(.selectionChanged(id, index: index, selected: target.id)))
    let request = TransitionRequest(
      kind: .tabSelection, container: self, containerView: root, from: old, to: target,
      fromView: old.viewIfLoaded, toView: installs ? target.viewIfLoaded : nil,
      fromInitialFrame: old.viewIfLoaded?.frame ?? .zero, fromFinalFrame: .zero,
      toInitialFrame: .zero, toFinalFrame: contentFrame(for: target), animated: true,
      interactive: true, owner: owner,
      animator: .resolved(animator, builtIn: .tabSlide(forward: index > oldIndex)),
      operation: context)
    runTransition(request) { [self] cancelled in
      if !cancelled {
        old.viewIfLoaded?.removeFromSuperview()
        old.endAppearance()
        target.endAppearance()
        return
      }
      shownController = old
      selectedIndex = oldIndex
      session.emit(.hierarchy(.selectionChanged(id, index: oldIndex, selected: old.id)))
      if installs { target.viewIfLoaded?.removeFromSuperview() }
      target.beginAppearance(false, animated: true)
      target.endAppearance()
      old.beginAppearance(true, animated: true)
      old.endAppearance()
    }
  }

  /// Sends controllers shown in the More navigation controller back to the
  /// tab bar controller (without animation; with appearance callbacks if the
  /// More list is on screen).
  private func returnMoreItems() {
    guard let more = moreNavigationController, let list = moreListController,
      more.children.count > 1
    else { return }
    let items = Array(more.children.dropFirst())
    (try? more.prepareStackChange(to: [list], animated: false, animator: nil))?.run(nil)
    adopt(items)
  }

  /// Takes back controllers that left the More navigation controller.
  private func adopt(_ items: [ViewController]) {
    for item in items where item.parent == nil && viewControllers.contains(where: { $0 === item }) {
      item.emit(.willMove(toParent: id))
      attachChild(item)
      orderChildren()
      item.emit(.didMove(toParent: id))
    }
  }

  /// Puts `children` in tab order, the More navigation controller last.
  private func orderChildren() {
    let tabs = viewControllers.filter { $0.parent === self }
    children = tabs + children.filter { child in !tabs.contains { $0 === child } }
  }

  /// Moves `item`, the selected controller shown inside the More navigation
  /// controller, to the tab bar controller without touching its appearance:
  /// its view moves beside More's, More disappears alone, and `item` leaves
  /// More's stack for the tab bar controller (willMove/didMove only).
  private func bringBackFromMore(_ item: ViewController) {
    guard let root = viewIfLoaded, let more = moreNavigationController,
      let moreView = more.viewIfLoaded, moreView.superview === root,
      let itemView = item.viewIfLoaded, itemView.isDescendant(of: moreView)
    else {
      returnMoreItems()
      return
    }
    root.insertSubview(itemView, above: moreView)
    itemView.frame = contentFrame(for: item)
    let wasVisible = more.appearance != .disappeared
    if wasVisible { more.beginAppearance(false, animated: false) }
    moreView.removeFromSuperview()
    if wasVisible { more.endAppearance() }
    shownController = item
    // More's stack change takes the item's view out of its superview.
    returnMoreItems()
    root.insertSubview(itemView, below: tabBar ?? itemView)
    itemView.frame = contentFrame(for: item)
  }

  private func setViewControllers(_ list: [ViewController]) {
    let oldSelected = selectedViewController
    let oldIndex = selectedIndex
    let wasMore =
      selectedIndex == nil && shownController != nil
      && shownController === moreNavigationController
    // The selected controller, shown inside More, stays selected: it stays
    // in More if it still sits beyond the fourth tab, else it comes back.
    if let kept = oldSelected, let more = moreNavigationController, kept.parent === more,
      let newIndex = list.firstIndex(where: { $0 === kept })
    {
      if list.count <= Self.maximumTabs || newIndex < Self.maximumTabs - 1 {
        bringBackFromMore(kept)
      }
    } else {
      returnMoreItems()
    }
    let removed = viewControllers.filter { old in !list.contains { $0 === old } }
    let added = list.filter { new in !viewControllers.contains { $0 === new } }
    beginMoves(removing: removed, adding: added)
    for controller in removed where controller.parent === self { detachChild(controller) }
    for controller in added { attachChild(controller) }
    viewControllers = list
    orderChildren()
    session.emit(.hierarchy(.viewControllersChanged(id, list.map(\.id))))
    if hasMore, moreNavigationController == nil { makeMoreNavigationController() }

    let newIndex: Int?
    if wasMore, hasMore {
      newIndex = nil
    } else if let oldSelected, let index = list.firstIndex(where: { $0 === oldSelected }) {
      newIndex = index
    } else if let oldIndex, oldIndex < list.count {
      newIndex = oldIndex
    } else {
      newIndex = list.isEmpty ? nil : 0
    }
    // A newly added controller selected beyond the fourth tab moves on into
    // More's stack: its move to the tab bar completes first, so its
    // willMove/didMove pairs nest nowhere.
    var pendingDidMove = added
    if hasMore, let newIndex, newIndex >= Self.maximumTabs - 1,
      let position = pendingDidMove.firstIndex(where: { $0 === list[newIndex] })
    {
      pendingDidMove.remove(at: position).emit(.didMove(toParent: id))
    }
    let target = list.isEmpty ? nil : prepareShown(for: newIndex)
    selectedIndex = newIndex
    let finishAppearance = switchShown(to: target, animator: nil, deferringDid: true, for: nil)
    if !hasMore, let more = moreNavigationController {
      returnMoreItems()
      more.emit(.willMove(toParent: nil))
      detachChild(more)
      more.emit(.didMove(toParent: nil))
      moreNavigationController = nil
      moreListController = nil
    }
    for controller in removed { controller.emit(.didMove(toParent: nil)) }
    for controller in pendingDidMove { controller.emit(.didMove(toParent: id)) }
    finishAppearance()
    if newIndex != oldIndex || selectedViewController !== oldSelected {
      session.emit(
        .hierarchy(.selectionChanged(id, index: newIndex, selected: selectedViewController?.id)))
    }
  }

  private func makeMoreNavigationController() {
    guard
      let more = try? session.makeController(kind: .navigation, title: "More")
        as? NavigationController,
      let list = try? session.makeController(kind: .content, title: "More")
    else { return }
    more.managingTabBarController = self
    more.emit(.willMove(toParent: id))
    attachChild(more)
    more.emit(.didMove(toParent: id))
    (try? more.prepareStackChange(to: [list], animated: false, animator: nil))?.run(nil)
    moreNavigationController = more
    moreListController = list
  }
}
