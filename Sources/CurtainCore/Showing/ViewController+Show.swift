// `show(_:sender:)` and `showDetailViewController(_:sender:)`: the sender
// does not say how the controller appears; the hierarchy decides. UIKit's
// `targetViewController(forAction:sender:)` walks from the sender up through
// its parents and stops at the first controller that overrides the action:
// a navigation controller pushes for show; a split view controller replaces
// or shows its secondary for showDetail (and acts as show when collapsed).
// Containers say so with `canShow(_:)` and do it in
// `prepareShowAsTarget(_:_:sender:animated:animator:)`.
//
// When no controller handles the action, UIKit presents the controller
// modally. **Curtain's choice:** the sender presents it, so the usual
// presenter resolution applies (SEMANTICS §4): full-screen styles go to the
// top of the sender's presentation context (the window's root, or the
// presented controller the sender is in), context styles to the controller
// that defines the context. The walk follows parents only, never
// presenters: a controller presented over a navigation controller does not
// push onto the stack hidden behind it.

/// The two actions UIKit routes up the hierarchy.
public enum ShowAction: String, Hashable, Sendable, CaseIterable {
  /// `show(_:sender:)`.
  case show
  /// `showDetailViewController(_:sender:)`.
  case showDetail
}

extension ViewController {
  /// `targetViewController(forAction:sender:)`: the first of this
  /// controller and its parents that handles `action`, if any.
  public func targetViewController(for action: ShowAction) -> ViewController? {
    var node: ViewController? = self
    while let current = node {
      if current.canShow(action) { return current }
      node = current.parent
    }
    return nil
  }

  /// `show` or `showDetail` of `controller`, sent to `self`.
  func prepareShow(
    _ action: ShowAction, _ controller: ViewController, animated: Bool, animator: AnimatorSpec?
  ) throws -> PreparedChange {
    if controller === self {
      throw CurtainError.invalid("\(name) cannot show itself")
    }
    if let target = targetViewController(for: action) {
      return try target.prepareShowAsTarget(
        action, controller, sender: self, animated: animated, animator: animator)
    }
    return try preparePresent(
      controller, animated: animated, animator: animator, adaptiveStyle: nil)
  }
}
