// Setting a window's root and its visibility. On a visible window the
// outgoing root disappears and the incoming one appears, without animation:
// new.viewDidLoad, old.viewWillDisappear, new.viewWillAppear, (views swap),
// old.viewDidDisappear, new.viewDidAppear. Whatever the old root's tree
// presents is dismissed first, without animation (Curtain's choice).

extension Window {
  func prepareSetRoot(_ newRoot: ViewController?) throws -> PreparedChange {
    if newRoot === rootViewController { return .nothing }
    if let newRoot, let parent = newRoot.parent {
      throw CurtainError.invalid(
        "\(newRoot.name) is a child of \(parent.name) and cannot be a window's root")
    }
    return PreparedChange { [self] context in
      let oldRoot = rootViewController
      tearDownPresentations()
      // The new root knows its window while its view loads and appears (a
      // split view controller collapses in a compact window).
      newRoot?.hostWindow = self
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
    return PreparedChange { [self] context in
      // Controllers whose views are in the window: the root (unless a
      // presentation took its view out) and the presented controllers.
      let shown = ([rootViewController].compactMap { $0 } + presentedControllers).filter {
        $0.viewIfLoaded?.window === self
      }
      isVisible = visible
      append(.window(.visibilityChanged(visible)))
      for controller in shown { controller.runAppearance(visible) }
    }
  }
}

extension Window {
  /// Dismisses every presentation of the window at once, top first,
  /// without animation, as the root leaves (`tearDown`).
  func tearDownPresentations() {
    tearDown(presentedControllers, leaving: rootViewController)
  }

  /// Ends the presentations of `presented` (presenters first) at once, top
  /// first, without animation, as `leaving` leaves the window's tree. For
  /// each: `dismissalTransitionWillBegin`, the presented controller's
  /// `viewWillDisappear`, then, when the presentation took the presenter's
  /// view out and its container still shows it, the view goes back to its
  /// old place (the presenter gets `viewWillAppear` and `viewDidAppear` if
  /// it is then on screen), `viewDidDisappear`,
  /// `dismissalTransitionDidEnd(true)`. The view of `leaving` itself stays
  /// out: its container is taking it out.
  func tearDown(_ presented: [ViewController], leaving: ViewController?) {
    for presented in presented.reversed() {
      guard let presentation = presented.presentation else { continue }
      let presenter = presentation.presenting
      presentation.isEstablished = false
      presenter.emitPresentation(presented, .dismissalTransitionWillBegin)
      let disappears = isVisible && presented.appearance != .disappeared
      if disappears { presented.beginAppearance(false, animated: false) }
      presented.viewIfLoaded?.removeFromSuperview()
      presentation.dimmingView?.removeFromSuperview()
      var appears = false
      if presenter !== leaving, presentation.putsPresenterViewBack {
        presentation.restorePresenterView()
        appears =
          isVisible && presenter.view.window === self
          && presenter.parent.map { $0.appearance != .disappeared } ?? true
      }
      presentation.removedPresenterSlot = nil
      presenter.presentedViewController = nil
      presented.presentation = nil
      if appears { presenter.runAppearance(true) }
      if disappears { presented.endAppearance() }
      presenter.emitPresentation(presented, .dismissalTransitionDidEnd(completed: true))
    }
  }
}
