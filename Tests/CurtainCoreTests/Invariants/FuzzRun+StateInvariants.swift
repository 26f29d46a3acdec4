// The invariants of a settled run's final state: the window's controller
// tree and its views (containers, presentations, their frames and
// superviews), and appearance matching what is in the visible window.

@testable import CurtainCore

extension FuzzRun {
  /// The controllers of the window's tree, root first (pre-order), and the
  /// tree consistency checks of invariant 5.
  func checkTree() -> [ViewController] {
    var tree: [ViewController] = []
    var seen = Set<ControllerID>()
    func walk(_ controller: ViewController, parent: ViewController?) {
      if controller.parent !== parent {
        fail(
          "I5",
          "\(controller.name) is a child of \(parent?.name ?? "the window") but its parent is \(controller.parent?.name ?? "nil")"
        )
      }
      guard seen.insert(controller.id).inserted else {
        fail("I5", "\(controller.name) appears twice in the window's tree")
        return
      }
      tree.append(controller)
      for child in controller.children { walk(child, parent: controller) }
    }
    if let root = window.rootViewController {
      walk(root, parent: nil)
      if root.window !== window { fail("I5", "root \(root.name) does not report the window") }
      if let view = root.viewIfLoaded, view.superview !== window.view, !isCovered(root) {
        fail("I5", "root \(root.name)'s view is not in the window's view")
      }
    }
    let presented = window.presentedControllers
    for controller in presented {
      guard let presentation = controller.presentation,
        presentation.presenting.presentedViewController === controller
      else {
        fail("P1", "\(controller.name) is presented but its presenter does not present it")
        continue
      }
      walk(controller, parent: nil)
      if controller.window !== window {
        fail("P1", "presented \(controller.name) does not report the window")
      }
      checkPresentedView(of: controller, presentation, covered: isCovered(controller))
    }
    let rootViews = window.view.subviews.filter { $0.role == .controllerRoot }
    let expectedRootViews =
      ([window.rootViewController].compactMap { $0 }.filter { !isCovered($0) }
        .compactMap { $0.viewIfLoaded?.id }) + presentedViews(in: window.view)
    if Set(rootViews.map(\.id)) != Set(expectedRootViews)
      || rootViews.count != expectedRootViews.count
    {
      fail(
        "I5",
        "the window's view holds controller views \(rootViews.map(\.id)), expected the root's \(expectedRootViews)"
      )
    }

    for controller in session.controllers.values.sorted(by: { $0.id < $1.id }) {
      for child in controller.children where child.parent !== controller {
        fail(
          "I5",
          "\(child.name) is among \(controller.name)'s children but its parent is \(child.parent?.name ?? "nil")"
        )
      }
      if let parent = controller.parent, !parent.children.contains(where: { $0 === controller }) {
        fail("I5", "\(controller.name)'s parent \(parent.name) does not list it as a child")
      }
      if let nav = controller as? NavigationController {
        checkNavigation(nav)
      }
      if let tab = controller as? TabBarController {
        checkTabBar(tab)
      }
      if let split = controller as? SplitViewController {
        checkSplit(split)
      }
      if let page = controller as? PageViewController {
        checkPage(page)
      }
    }

    for view in session.views.values.sorted(by: { $0.id < $1.id }) {
      if let superview = view.superview {
        let count = superview.subviews.filter { $0 === view }.count
        if count != 1 {
          fail(
            "I5",
            "view \(view.id) appears \(count) times in its superview \(superview.id)'s subviews")
        }
      }
      for subview in view.subviews where subview.superview !== view {
        fail(
          "I5",
          "view \(subview.id) is a subview of \(view.id) but its superview is \(subview.superview?.id.description ?? "nil")"
        )
      }
    }
    return tree
  }

  /// Whether a presentation took `controller`'s view out of the window.
  private func isCovered(_ controller: ViewController) -> Bool {
    controller.presentedViewController?.presentation?.removesPresenterView == true
  }

  private func controllerViews(in view: View) -> [View] {
    view.subviews.filter { $0.role == .controllerRoot }
  }

  /// The views of the presented controllers whose presentation holds them
  /// in `container` (a presentation in a currentContext style puts its
  /// view in the context controller's view's superview, SEMANTICS §4),
  /// except those a presentation above took out.
  private func presentedViews(in container: View) -> [ViewID] {
    window.presentedControllers.filter { controller in
      controller.presentation?.containerView === container
        && !isCovered(controller) && controller.presentation?.isHiddenWithContext != true
    }.compactMap { $0.viewIfLoaded?.id }
  }

  /// Invariant P1 on a presented controller's view: it is in its
  /// presentation's container (the window's view, or for a currentContext
  /// style in force the context view's superview, over exactly the context
  /// view's frame, above that view when it stays), unless a presentation
  /// above took it out.
  private func checkPresentedView(
    of controller: ViewController, _ presentation: Presentation, covered: Bool
  ) {
    let container = presentation.containerView
    let superview = controller.viewIfLoaded?.superview
    // A presentation follows its context: while the context's containers do
    // not show it, the presented view is out of the window.
    if presentation.isHiddenWithContext {
      if let view = controller.viewIfLoaded, view.window === window {
        fail(
          "P1",
          "\(controller.name)'s context \(presentation.presenting.name) is not shown but its view is in the window"
        )
      }
      return
    }
    if covered {
      if superview != nil {
        fail(
          "P1", "presented \(controller.name)'s view is covered but still in view \(superview!.id)")
      }
      return
    }
    guard let view = controller.viewIfLoaded, superview === container else {
      fail(
        "P1",
        "presented \(controller.name)'s view is in \(superview?.id.description ?? "nothing"), not in its container \(container.id) (style \(presentation.style))"
      )
      return
    }
    // One that follows its context leaves the window with an ancestor of
    // the context that a presentation took out.
    if container.window !== window, !presentation.followsContext {
      fail("P1", "\(controller.name)'s container \(container.id) is not in the window")
    }
    guard presentation.style.isContextual, let context = presentation.presenting.viewIfLoaded
    else { return }
    if view.frame != context.frame {
      fail(
        "P1",
        "\(controller.name) covers \(view.frame) but its context \(presentation.presenting.name)'s view is at \(context.frame)"
      )
    }
    if context.superview === container,
      let below = container.subviews.firstIndex(where: { $0 === context }),
      let above = container.subviews.firstIndex(where: { $0 === view }), above < below
    {
      fail(
        "P1", "\(controller.name)'s view lies below its context \(presentation.presenting.name)'s")
    }
    let contextShown =
      presentation.presenting.parent?.showsView(of: presentation.presenting) ?? true
    if !presentation.removesPresenterView, contextShown, context.superview !== container {
      fail(
        "P1",
        "\(controller.name) is over the context of \(presentation.presenting.name), whose view is in \(context.superview?.id.description ?? "nothing"), not in \(container.id)"
      )
    }
  }

  private func checkNavigation(_ nav: NavigationController) {
    if nav.viewControllers.map(\.id) != nav.children.map(\.id) {
      fail(
        "I5",
        "\(nav.name).viewControllers \(nav.viewControllers.map(\.name)) != children \(nav.children.map(\.name))"
      )
    }
    guard let root = nav.viewIfLoaded else { return }
    let shown = controllerViews(in: root)
    let top = nav.topViewController.flatMap {
      $0.isViewTakenOutByPresentation ? nil : $0.viewIfLoaded?.id
    }
    let expected = [top].compactMap { $0 } + presentedViews(in: root)
    if nav.topViewController != nil && nav.topViewController?.isViewLoaded != true {
      fail(
        "I5",
        "\(nav.name)'s view is loaded but its top \(nav.topViewController!.name)'s view is not")
    }
    if Set(shown.map(\.id)) != Set(expected) || shown.count != expected.count {
      fail(
        "I5",
        "\(nav.name)'s view holds controller views of [\(shown.map { name($0.controllerID) }.joined(separator: ", "))], expected the top \(name(nav.topViewController?.id)) and presentations over its context \(expected) (stack \(nav.viewControllers.map(\.name)))"
      )
    }
    let others = root.subviews.filter { $0.role != .controllerRoot }
    if others.count != 1 || others.first !== nav.navigationBar {
      fail(
        "I5",
        "\(nav.name)'s view holds other subviews \(others.map { "\($0.id):\($0.role)" }), expected its navigation bar"
      )
    }
  }

  /// Compares the controller views in `root` with `expected` (in any
  /// order) and fails with `what` when they differ.
  private func checkControllerViews(
    in root: View, expected: [ViewID], of container: ViewController, _ what: String
  ) {
    let shown = controllerViews(in: root)
    if Set(shown.map(\.id)) != Set(expected) || shown.count != expected.count {
      fail(
        "I5",
        "\(container.name)'s view holds controller views of [\(shown.map { name($0.controllerID) }.joined(separator: ", "))] \(shown.map(\.id)), expected \(expected): \(what)"
      )
    }
  }

  /// Invariant 5 for a split view controller: its children are its
  /// columns; in the window it is collapsed exactly when the window is
  /// horizontally compact (onto a navigation primary, without a
  /// secondary); its view holds the columns that show (collapsed: the
  /// primary; expanded: the secondary, and the primary unless the display
  /// mode is secondaryOnly) and presentations over their context.
  private func checkSplit(_ split: SplitViewController) {
    if split.viewControllers.map(\.id) != split.children.map(\.id) {
      fail(
        "I5",
        "\(split.name).viewControllers \(split.viewControllers.map(\.name)) != children \(split.children.map(\.name))"
      )
    }
    guard let root = split.viewIfLoaded else { return }
    if split.isCollapsed, split.primary is NavigationController, split.secondary != nil {
      fail("I5", "\(split.name) is collapsed onto a navigation controller but keeps a secondary")
    }
    let compact = window.traitCollection.horizontalSizeClass == .compact
    if root.window === window, split.isCollapsed != compact {
      fail(
        "I5",
        "\(split.name) is \(split.isCollapsed ? "collapsed" : "expanded") in a \(window.traitCollection.horizontalSizeClass)-width window"
      )
    }
    let showsPrimary = split.isCollapsed || split.displayMode != .secondaryOnly
    var expected: [ViewID] = []
    for (column, shows) in [(split.secondary, !split.isCollapsed), (split.primary, showsPrimary)] {
      guard let column, shows, !column.isViewTakenOutByPresentation else { continue }
      guard let view = column.viewIfLoaded else {
        fail("I5", "\(split.name)'s column \(column.name) shows but its view is not loaded")
        continue
      }
      expected.append(view.id)
    }
    checkControllerViews(
      in: root, expected: expected + presentedViews(in: root), of: split,
      "columns \(split.viewControllers.map(\.name)), \(split.isCollapsed ? "collapsed" : "expanded"), \(split.displayMode)"
    )
  }

  /// Invariant 5 for a page view controller: its children are its pages,
  /// at most as many as its spine needs (fewer once a page moved to
  /// another parent); its view holds the pages that show (both
  /// at the mid spine, else the first) and presentations over their
  /// context.
  private func checkPage(_ page: PageViewController) {
    if page.viewControllers.map(\.id) != page.children.map(\.id) {
      fail(
        "I5",
        "\(page.name).viewControllers \(page.viewControllers.map(\.name)) != children \(page.children.map(\.name))"
      )
    }
    let required = page.options.requiredViewControllerCount
    if page.viewControllers.count > required {
      fail(
        "I5", "\(page.name) shows \(page.viewControllers.count) pages, its spine needs \(required)")
    }
    guard let root = page.viewIfLoaded else { return }
    let shown =
      page.options.resolvedSpineLocation == .mid
      ? page.viewControllers : Array(page.viewControllers.prefix(1))
    let expected = shown.filter { !$0.isViewTakenOutByPresentation }.compactMap {
      $0.viewIfLoaded?.id
    }
    checkControllerViews(
      in: root, expected: expected + presentedViews(in: root), of: page,
      "pages \(page.viewControllers.map(\.name))")
  }

  private func checkTabBar(_ tab: TabBarController) {
    let more = tab.moreNavigationController
    if tab.hasMore != (more != nil) {
      fail(
        "I5",
        "\(tab.name) has \(tab.viewControllers.count) tabs but More navigation controller is \(more?.name ?? "nil")"
      )
    }
    for item in tab.viewControllers
    where item.parent !== tab && (more == nil || item.parent !== more) {
      fail("I5", "\(tab.name)'s tab \(item.name) has parent \(item.parent?.name ?? "nil")")
    }
    for child in tab.children
    where child !== more && !tab.viewControllers.contains(where: { $0 === child }) {
      fail("I5", "\(child.name) is a child of \(tab.name) but not one of its tabs")
    }
    // The controller whose view must be installed.
    let expected: ViewController?
    if tab.viewControllers.isEmpty {
      expected = nil
    } else if tab.hasMore, tab.selectedIndex.map({ $0 >= TabBarController.maximumTabs - 1 }) ?? true
    {
      expected = more
    } else if let index = tab.selectedIndex {
      expected = tab.viewControllers[index]
    } else {
      fail("I5", "\(tab.name) has tabs \(tab.viewControllers.map(\.name)) but no selection")
      expected = nil
    }
    if let index = tab.selectedIndex, !tab.viewControllers.indices.contains(index) {
      fail("I5", "\(tab.name).selectedIndex \(index) is out of range")
    }
    guard let root = tab.viewIfLoaded else { return }
    let shown = controllerViews(in: root)
    let covered = expected?.isViewTakenOutByPresentation ?? false
    let expectedViews =
      (covered ? [] : [expected?.viewIfLoaded?.id].compactMap { $0 }) + presentedViews(in: root)
    if Set(shown.map(\.id)) != Set(expectedViews) || shown.count != expectedViews.count
      || (expected != nil && expected?.isViewLoaded != true)
    {
      fail(
        "I5",
        "\(tab.name)'s view holds controller views of [\(shown.map { name($0.controllerID) }.joined(separator: ", "))], expected \(expected?.name ?? "none") and presentations over its context \(expectedViews) (tabs \(tab.viewControllers.map(\.name)), selectedIndex \(String(describing: tab.selectedIndex)))"
      )
    }
  }

  /// Invariant 1: appeared exactly for tree controllers whose view is in the
  /// visible window; every other controller disappeared and out of the window.
  func checkAppearanceMatchesWindow(tree: [ViewController]) {
    let inTree = Set(tree.map(\.id))
    for controller in tree {
      let inWindow =
        controller.viewIfLoaded.map { $0.window === window } ?? false
      let shouldAppear = inWindow && window.isVisible
      if shouldAppear != (controller.appearance == .appeared) {
        fail(
          "I1",
          "\(controller.name) (parent \(controller.parent?.name ?? "window")) is \(controller.appearance) but its view is \(controller.isViewLoaded ? (inWindow ? "in" : "not in") : "not loaded, so not in") the \(window.isVisible ? "visible" : "hidden") window; history: \(history(of: controller.id))"
        )
      }
    }
    for controller in session.controllers.values.sorted(by: { $0.id < $1.id })
    where !inTree.contains(controller.id) {
      if controller.appearance != .disappeared {
        fail(
          "I1",
          "\(controller.name) is not in the window's tree but is \(controller.appearance); history: \(history(of: controller.id))"
        )
      }
      if let view = controller.viewIfLoaded, view.window === window {
        fail("I1", "\(controller.name) is not in the window's tree but its view is in the window")
      }
    }
  }
}
