// Resizing a window (a size transition, Window+SizeTransition.swift) and
// closing it: closing settles what runs in the window (each transition ends
// where it was heading, with its callbacks), then dismantles its tree.

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
    nextDeadline(interactionTimeout: session.configuration.interactionTimeout)
  }

  /// `nextDeadline` with the session's interaction timeout already read
  /// (`Session.advance` looks at every window it moves, every tick).
  func nextDeadline(interactionTimeout timeout: Double) -> Double? {
    // Read for every realtime window after each of its steps: no arrays.
    var earliest = timeline.nextAbsoluteEnd
    for transition in transitions {
      guard let end = transition.endTime(interactionTimeout: timeout) else { continue }
      if let current = earliest, current <= end { continue }
      earliest = end
    }
    return earliest
  }
}

extension Session {
  /// Closes a window. Curtain's rule (docs/protocol.md, `close_window`):
  /// waiting operations never start and fail with `NOT_FOUND`; each running
  /// transition ends at once where it was heading, with every callback it
  /// owes (containment, appearance, presentation, coordinator completions):
  /// one a client holds interactively, or that was cancelling, ends
  /// cancelled; one playing by itself, or finishing, ends completed. Then
  /// presentations end, the root disappears and leaves the window. Then the
  /// controllers of its tree (the root, what it holds and presents:
  /// Session+Lifecycle.swift) are destroyed, which frees their identifiers,
  /// unless `keepingControllers`: then they stay in the session, in no
  /// window. An operation that had not completed by then fails with
  /// `NOT_FOUND` in its outcome. Returns the controllers destroyed.
  @discardableResult
  public func closeWindow(_ id: WindowID, keepingControllers: Bool = false) throws
    -> [ControllerID]
  {
    let window = try self.window(id)
    let closed = CurtainError(.notFound, "Window \(id) was closed")
    var tree: [ViewController] = []
    emitting(into: window) {
      if let awaiting = window.awaitingDelegate {
        // The question is withdrawn: a late answer is ignored.
        closeDelegateCall(awaiting.call.id)
        window.awaitingDelegate = nil
        window.queue.insert(awaiting.pending, at: 0)
      }
      for pending in window.queue {
        window.append(.operation(pending.id, .failed(closed)))
      }
      let dropped = window.queue.map(\.id)
      window.queue = []
      window.settleTransitionsForClosing()
      // What the window holds once its transitions ended: a controller a
      // settled pop let go of stays, one a settled push took in goes.
      tree = heldTree(of: [window.rootViewController].compactMap { $0 })
      let unfinished = window.operationsInFlight.keys.sorted() + dropped
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

extension Window {
  /// Ends every running transition at once, oldest first, as closing does:
  /// an interactive one is cancelled (`interactionChanged(cancelled)`, as
  /// when its client lets go), then each completes with its callbacks. The
  /// queue must be empty, so that no completion starts another operation.
  fileprivate func settleTransitionsForClosing() {
    while let transition = transitions.first {
      if transition.remote != nil {
        endRemote(
          transition, didComplete: !transition.context.isInteractive, ending: .windowClosed)
        transitions.removeAll { $0 === transition }
        continue
      }
      if transition.isInteractive {
        letGo(
          transition, cancel: true, completion: InteractionCompletion(), ending: .windowClosed)
      }
      transition.ending = .windowClosed
      complete(transition)
      transitions.removeAll { $0 === transition }
    }
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
