// Containment shared by every container: removing a child (the generic form
// is the custom container's `willMove(nil)`, view removal, `didMove(nil)`),
// and running a transition in the controller's window.

extension ViewController {
  /// `removeFromParent()` as an operation: the parent decides how (a
  /// navigation controller drops it from its stack, a tab bar controller
  /// from its tabs). A controller without a parent does nothing.
  func prepareRemoveFromParent() throws -> PreparedChange {
    guard let parent else { return .nothing }
    // A tab shown in the More list belongs to the tab bar controller.
    if let more = parent as? NavigationController, let tabs = more.managingTabBarController,
      more.holdsForTabBar(self)
    {
      return try tabs.prepareRemoveChild(self)
    }
    return try parent.prepareRemoveChild(self)
  }

  /// Runs a transition in this controller's window; outside a window it
  /// completes at once. Returns the transition while it runs.
  @discardableResult
  func runTransition(_ request: TransitionRequest, completion: @escaping (Bool) -> Void)
    -> Transition?
  {
    guard let window else {
      completion(false)
      return nil
    }
    return window.runTransition(request, completion: completion)
  }

  /// Whether the controller's view is in a visible window and has finished
  /// appearing: where changes animate and run appearance callbacks.
  var isOnScreen: Bool {
    isViewInWindow && appearance == .appeared
  }

  /// The first half of replacing children: `willMove(nil)` to each removed
  /// controller, then each added one leaves its old parent and gets
  /// `willMove(self)`.
  func beginMoves(removing removed: [ViewController], adding added: [ViewController]) {
    for controller in removed { controller.emit(.willMove(toParent: nil)) }
    for controller in added {
      controller.leaveCurrentParent()
      controller.emit(.willMove(toParent: id))
    }
  }
}
