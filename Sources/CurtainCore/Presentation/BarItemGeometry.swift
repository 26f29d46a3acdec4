// Where bar button items are, for popovers that point at them
// (`UIPopoverPresentationController.barButtonItem`, SEMANTICS §6). Curtain
// has no item views, so their frames are Curtain's choice, in the bar's
// coordinates and inside the window's safe area:
//
//   navigation bar   left item   44 × bar height, 8 pt from the leading edge
//                    right item  44 × bar height, 8 pt from the trailing edge
//   tab bar          item i of n the i-th of n equal parts of the bar's width,
//                                bar height (49, pad 50) tall from its top
//
// The popover is then placed against that rectangle like any source (§6),
// and follows the item when the bar changes (a resize, tabs added).

extension ViewController {
  /// The item's frame in its bar's coordinates, when this controller is a
  /// navigation controller (left, right) or a tab bar controller (a tab
  /// item in range) with its bar.
  func rect(of item: BarItem) -> Rect? {
    let margin = 8.0
    let side = 44.0
    switch item {
    case .navigationLeft, .navigationRight:
      guard let nav = self as? NavigationController, let bar = nav.navigationBar else {
        return nil
      }
      let insets = nav.window?.safeAreaInsets(of: bar) ?? EdgeInsets()
      let x =
        item == .navigationLeft
        ? insets.left + margin : bar.bounds.width - insets.right - margin - side
      return Rect(x: x, y: 0, width: side, height: nav.barHeight)
    case .tab(let index):
      guard let tabs = self as? TabBarController, let bar = tabs.tabBar else { return nil }
      let count = tabs.tabControllers.count
      guard index >= 0, index < count else { return nil }
      let insets = tabs.window?.safeAreaInsets(of: bar) ?? EdgeInsets()
      let width = max(0, bar.bounds.width - insets.left - insets.right) / Double(count)
      return Rect(
        x: insets.left + Double(index) * width, y: 0, width: width, height: tabs.barHeight)
    }
  }

  /// The container above this controller (itself included) whose bar holds
  /// `item`: the nearest navigation controller with a visible bar, or the
  /// nearest tab bar controller.
  func barItemContainer(for item: BarItem) throws -> (container: ViewController, bar: View) {
    var node: ViewController? = self
    while let current = node {
      switch item {
      case .navigationLeft, .navigationRight:
        if let nav = current as? NavigationController, !nav.isNavigationBarHidden,
          let bar = nav.navigationBar
        {
          return (nav, bar)
        }
      case .tab(let index):
        if let tabs = current as? TabBarController, let bar = tabs.tabBar {
          let count = tabs.tabControllers.count
          guard index < count else {
            throw CurtainError.invalid(
              "Tab bar item \(index) is out of range (\(tabs.name) shows \(count) items)")
          }
          return (tabs, bar)
        }
      }
      node = current.parent
    }
    switch item {
    case .navigationLeft, .navigationRight:
      throw CurtainError.invalid(
        "\(name) is not in a navigation controller with a visible navigation bar, so it has no "
          + "\(item) bar button item")
    case .tab:
      throw CurtainError.invalid(
        "\(name) is not in a tab bar controller, so it has no tab bar item")
    }
  }
}
