// The safe area of a controller's root view (SEMANTICS §3, "content under the
// bars"): the part of the window's safe-area insets that the view overlaps,
// grown by the bars it extends under. Walking up from the controller, each
// navigation controller that shows it (or the ancestor holding it) as its top
// with its bar visible adds the bar's bottom edge to the top inset, and each
// tab bar controller that shows it adds the tab bar's top edge to the bottom
// inset, as far as the view reaches under them. A view placed below a
// non-translucent bar is not under it, so the bar adds nothing there.

extension ViewController {
  /// `view.safeAreaInsets`: zero while the view is not in a window (nor at
  /// its old place in one, for a view a presentation took out).
  public var safeAreaInsets: EdgeInsets {
    guard let view = viewIfLoaded, let window = view.window ?? self.window,
      let frame = window.placedFrameInWindow(of: view)
    else { return EdgeInsets() }
    var insets = window.safeAreaInsets(of: view)
    var node: ViewController = self
    while let parent = node.parent {
      if let nav = parent as? NavigationController, nav.topViewController === node,
        let bar = nav.navigationBar, !bar.isHidden,
        let barFrame = window.placedFrameInWindow(of: bar)
      {
        insets.top = max(insets.top, min(frame.height, barFrame.maxY - frame.minY))
      }
      if let tabs = parent as? TabBarController, tabs.shownController === node,
        let bar = tabs.tabBar, let barFrame = window.placedFrameInWindow(of: bar)
      {
        insets.bottom = max(insets.bottom, min(frame.height, frame.maxY - barFrame.minY))
      }
      node = parent
    }
    return insets
  }

  /// Whether a bar of a container above adds to the safe area: the view
  /// extends under a navigation bar or a tab bar.
  var isUnderBars: Bool {
    let insets = safeAreaInsets
    guard let view = viewIfLoaded, let window, view.window === window else { return false }
    let plain = window.safeAreaInsets(of: view)
    return insets.top > plain.top || insets.bottom > plain.bottom
  }
}

extension ViewController {
  /// Changes `edgesForExtendedLayout` and, for a navigation or tab bar
  /// controller, its bar's `isTranslucent` (`nil` leaves a property as it
  /// is); the window is laid out again at once.
  public func configureLayout(edgesForExtendedLayout: RectEdges?, isBarTranslucent: Bool?) throws {
    if let edgesForExtendedLayout, !RectEdges.all.isSuperset(of: edgesForExtendedLayout) {
      throw CurtainError.invalid(
        "Edges are bits top 1, left 2, bottom 4, right 8; got \(edgesForExtendedLayout.rawValue)")
    }
    let nav = self as? NavigationController
    let tabs = self as? TabBarController
    if isBarTranslucent != nil, nav == nil, tabs == nil {
      throw CurtainError.invalid(
        "Only navigation and tab bar controllers have a bar that can be translucent "
          + "(\(name) is a \(kind.rawValue) controller)")
    }
    if let edgesForExtendedLayout { self.edgesForExtendedLayout = edgesForExtendedLayout }
    if let isBarTranslucent {
      nav?.isBarTranslucent = isBarTranslucent
      tabs?.isBarTranslucent = isBarTranslucent
    }
    if let window { session.emitting(into: window) { window.layout() } }
  }
}
