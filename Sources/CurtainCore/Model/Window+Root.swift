// Setting a window's root and its visibility. On a visible window the
// outgoing root disappears and the incoming one appears, without animation:
// new.viewDidLoad, old.viewWillDisappear, new.viewWillAppear, (views swap),
// old.viewDidDisappear, new.viewDidAppear.

extension Window {
  func prepareSetRoot(_ newRoot: ViewController?) throws -> PreparedChange {
    if newRoot === rootViewController { return .nothing }
    if let newRoot, let parent = newRoot.parent {
      throw CurtainError.invalid(
        "\(newRoot.name) is a child of \(parent.name) and cannot be a window's root")
    }
    return PreparedChange { [self] in
      let oldRoot = rootViewController
      newRoot?.loadViewIfNeeded()
      if isVisible {
        oldRoot?.beginAppearance(false, animated: false)
        newRoot?.beginAppearance(true, animated: false)
      }
      oldRoot?.viewIfLoaded?.removeFromSuperview()
      oldRoot?.hostWindow = nil
      rootViewController = newRoot
      if let newRoot {
        newRoot.hostWindow = self
        view.addSubview(newRoot.view)
        newRoot.view.frame = bounds
      }
      append(.hierarchy(.rootChanged(newRoot?.id)))
      layout()
      if isVisible {
        oldRoot?.endAppearance()
        newRoot?.endAppearance()
      }
    }
  }

  func prepareSetVisible(_ visible: Bool) throws -> PreparedChange {
    if visible == isVisible { return .nothing }
    return PreparedChange { [self] in
      isVisible = visible
      append(.window(.visibilityChanged(visible)))
      rootViewController?.runAppearance(visible)
    }
  }
}
