// Manual appearance forwarding (seed 003, SEMANTICS §2). A custom container
// whose `shouldAutomaticallyForwardAppearanceMethods` is false passes none of
// its appearance phases on to its children, and its own containment (adding
// a child, `transition(from:to:)`) makes no appearance calls: its client
// calls `beginAppearanceTransition(_:animated:)` and
// `endAppearanceTransition()` on each child, as a UIKit custom container
// does. Each begin is followed by exactly one end; anything else is
// UIKit's "Unbalanced calls to begin/end appearance transitions" error. A
// begin must move the child's appearance state (appearing from disappeared
// or disappearing, disappearing from appeared or appearing, as a cancelled
// transition's reverse pair does). The child forwards each phase to its own
// children as usual.
//
// **Curtain's choice:** a child that leaves such a container while it is
// not disappeared gets `viewWillDisappear(false)`/`viewDidDisappear(false)`
// as it leaves, as from any container, so that a controller out of its
// container is never left appearing or appeared.

extension ViewController {
  /// Turns automatic appearance forwarding on or off (custom containers
  /// only: the other containers decide their children's appearance).
  public func configureAppearanceForwarding(_ forwards: Bool) throws {
    guard forwards || self is ContainerController else {
      throw CurtainError.invalid(
        "Only a custom container can stop forwarding appearance methods (\(name) is a "
          + "\(kind.rawValue) controller)")
    }
    shouldAutomaticallyForwardAppearanceMethods = forwards
  }

  /// The error of an unbalanced begin or end.
  private var unbalanced: CurtainError {
    CurtainError.invalid(
      "Unbalanced calls to begin/end appearance transitions for \(name) (it is \(appearance.rawValue))"
    )
  }

  /// `beginAppearanceTransition(_:animated:)` sent by the client of the
  /// container that does not forward appearance.
  func prepareBeginAppearanceTransition(appearing: Bool, animated: Bool) throws -> PreparedChange {
    try checkManuallyForwarded()
    switch (appearing, appearance) {
    case (_, .appearing), (_, .disappearing):
      throw unbalanced
    case (true, .appeared):
      throw CurtainError.invalid("\(name) has already appeared")
    case (false, .disappeared):
      throw CurtainError.invalid("\(name) has already disappeared")
    default:
      return PreparedChange { [self] context in beginAppearance(appearing, animated: animated) }
    }
  }

  /// `endAppearanceTransition()`: the `did` call of the pending begin.
  func prepareEndAppearanceTransition() throws -> PreparedChange {
    try checkManuallyForwarded()
    guard appearance == .appearing || appearance == .disappearing else { throw unbalanced }
    return PreparedChange { [self] context in endAppearance() }
  }

  /// Only the children of a container that does not forward appearance
  /// automatically take manual appearance calls.
  private func checkManuallyForwarded() throws {
    guard let parent, !parent.shouldAutomaticallyForwardAppearanceMethods else {
      throw CurtainError.invalid(
        "\(name)'s appearance is forwarded automatically"
          + (parent.map { " by \($0.name)" } ?? "")
          + "; begin/end appearance transitions apply to children of a custom container "
          + "whose shouldAutomaticallyForwardAppearanceMethods is false")
    }
  }
}
