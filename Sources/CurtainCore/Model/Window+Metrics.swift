// Resizing a window (a size transition, Window+SizeTransition.swift) and
// closing it: closing dismantles the window's tree quietly.

extension Window {
  /// Gives the window new metrics: submits a `resize` operation, which runs
  /// a size transition when the window is idle (at once when it is idle now).
  /// `animation` `nil` changes everything at once. The metrics are checked
  /// first; a failure changes nothing.
  @discardableResult
  public func resize(
    _ newMetrics: WindowMetrics, animation: SizeTransitionAnimation? = nil,
    options: OperationOptions = .init()
  ) throws -> OperationTicket {
    try session.submit(
      .resize(window: id, metrics: newMetrics, animation: animation), options: options)
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
  /// disappears and leaves the window. Then the controllers of its tree
  /// (the root, what it holds and presents: Session+Lifecycle.swift) are
  /// destroyed, which frees their identifiers, unless `keepingControllers`:
  /// then they stay in the session, in no window. Every operation that had
  /// not completed fails with `NOT_FOUND` in its outcome. Returns the
  /// controllers destroyed.
  @discardableResult
  public func closeWindow(_ id: WindowID, keepingControllers: Bool = false) throws
    -> [ControllerID]
  {
    let window = try self.window(id)
    let closed = CurtainError(.notFound, "Window \(id) was closed")
    let tree = heldTree(of: [window.rootViewController].compactMap { $0 })
    withActiveWindow(window) {
      for pending in window.queue {
        window.append(.operation(pending.id, .failed(closed)))
      }
      let unfinished =
        window.operationsInFlight.keys.sorted() + window.queue.map(\.id)
      window.queue = []
      for transition in window.transitions {
        transition.state = .completed(cancelled: true)
        recordEnding(.windowClosed, of: transition.id)
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
      for operation in unfinished {
        record(
          OperationOutcome(
            operation: operation, window: id, phase: .failed(closed), revision: window.revision))
      }
    }
    windows[id] = nil
    views[window.view.id] = nil
    if keepingControllers { return [] }
    destroy(tree)
    return tree.map(\.id)
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
