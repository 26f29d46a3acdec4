// Changing a window's metrics and closing it. Resizing lays the tree out
// again at once (size transitions with a coordinator arrive with the
// presentation issue); closing a window dismantles its tree quietly.

extension Window {
  /// Gives the window new metrics and lays its tree out again. The new
  /// metrics are checked first; a failure changes nothing.
  public func resize(_ newMetrics: WindowMetrics) throws {
    try newMetrics.validate()
    guard newMetrics != metrics else { return }
    let oldTraits = traitCollection
    metrics = newMetrics
    session.withActiveWindow(self) {
      commit()
      append(.window(.resized(newMetrics.size)))
      let traits = traitCollection
      if traits.horizontalSizeClass != oldTraits.horizontalSizeClass
        || traits.verticalSizeClass != oldTraits.verticalSizeClass
      {
        readaptPresentations()
      }
      layout()
    }
  }

  /// The earliest model time at which something happens by itself (an
  /// animation or transition ends, an idle interaction times out), if any:
  /// when the owner should advance the window next even without frames.
  public var nextDeadline: Double? {
    let timeout = session.configuration.interactionTimeout
    let ends = transitions.compactMap { $0.endTime(interactionTimeout: timeout) }
    return (ends + [timeline.nextAbsoluteEnd].compactMap { $0 }).min()
  }
}

extension Session {
  /// Closes a window: waiting operations are dropped with a failure event,
  /// running transitions end cancelled without callbacks, the root
  /// disappears and leaves the window. Its controllers stay in the session,
  /// in no window.
  public func closeWindow(_ id: WindowID) throws {
    let window = try self.window(id)
    withActiveWindow(window) {
      for pending in window.queue {
        window.append(
          .operation(pending.id, .failed(CurtainError(.notFound, "Window \(id) was closed"))))
      }
      window.queue = []
      for transition in window.transitions {
        transition.state = .completed(cancelled: true)
        _ = window.timeline.removeAnimations(of: transition.id)
        window.append(.transition(transition.id, .ended(cancelled: true)))
      }
      window.transitions = []
      window.operationsInFlight = [:]
      window.timeline.removeAnimations(ofViews: Set(window.timeline.animatingViews))
      window.tearDownPresentations()
      if let root = window.rootViewController {
        if window.isVisible { root.runAppearance(false) }
        root.viewIfLoaded?.removeFromSuperview()
        root.hostWindow = nil
        window.rootViewController = nil
      }
      window.commit()
      window.append(.window(.closed))
    }
    windows[id] = nil
    views[window.view.id] = nil
  }
}

extension ViewController {
  /// Changes the title (`nil` leaves it) and the identifier (`nil` leaves
  /// it, an empty string removes it).
  public func configure(title: String?, identifier: String?) throws {
    if let identifier, !identifier.isEmpty {
      try Session.validateIdentifier(identifier)
      if let other = session.controller(identifier: identifier), other !== self {
        throw CurtainError.invalid("A controller with identifier '\(identifier)' already exists")
      }
    }
    if let title {
      guard title.count <= 1024 else {
        throw CurtainError.invalid("A title may have at most 1024 characters")
      }
      self.title = title
    }
    if let identifier { self.identifier = identifier.isEmpty ? nil : identifier }
  }
}
