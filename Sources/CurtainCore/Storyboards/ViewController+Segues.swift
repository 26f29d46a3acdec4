// Performing a segue (SEMANTICS §8), from a controller instantiated from a
// storyboard:
//
//   [source.shouldPerformSegue(id) — only when the segue is triggered, as
//   by a control; it answers what a client set with
//   `configureShouldPerform`, else the storyboard's `shouldPerform`; a "no"
//   ends it here], the destination instantiated,
//   source.prepare(id, destination), then the kind's operation: show or
//   showDetail sent to the source, or a presentation from the source (with
//   the segue's style and transition, as a popover pointing at its anchor in
//   the source's view, or with its custom animator).
//
// Everything is checked before anything changes: the destination is
// instantiated while the operation is prepared, together with the kind's
// operation, and forgotten if that cannot run.

extension ViewController {
  /// `destinationID` is the id set aside for the destination while the
  /// segue waited in the queue; `shouldPerformAnswer` what a remote segue
  /// delegate answered to `shouldPerformSegue`, if one did.
  func preparePerformSegue(
    _ identifier: String, triggered: Bool, animated: Bool, destinationID: ControllerID? = nil,
    shouldPerformAnswer: Bool? = nil
  ) throws -> PreparedChange {
    let (storyboard, segue) = try session.segue(identifier, from: self)
    if triggered, !(shouldPerformAnswer ?? shouldPerform(segue)) {
      return PreparedChange(declined: true) { [self] context in
        emitSegue(.shouldPerform(identifier: identifier, answer: false))
      }
    }
    let askFirst = { [self] in
      if triggered { emitSegue(.shouldPerform(identifier: identifier, answer: true)) }
    }
    let animate = animated && segue.animates
    if case .unwind(let action) = segue.kind {
      let unwind = try prepareUnwind(to: action, segue: identifier, animated: animate)
      return PreparedChange(removed: unwind.removed, destination: unwind.destination) { context in
        askFirst()
        unwind.run(context)
      }
    }
    guard let destinationScene = segue.destination else {
      throw CurtainError(.internalError, "Segue '\(identifier)' has no destination")
    }
    let (destination, change) = try session.tentatively(reserving: destinationID) {
      // One instantiated while `prepare(for:sender:)` was asked is kept.
      let destination =
        try destinationID.flatMap { session.controllers[$0] }
        ?? session.instantiateScene(destinationScene, of: storyboard, id: destinationID)
      let change = try prepareSegueOperation(segue.kind, to: destination, animated: animate)
      return (destination, change)
    }
    return PreparedChange(removed: change.removed, destination: destination.id) { [self] context in
      askFirst()
      emitSegue(.prepare(identifier: identifier, destination: destination.id))
      change.run(context)
    }
  }

  /// What `shouldPerformSegue` answers for `segue` when it is triggered
  /// and no remote delegate answers: the client's answer if it set one,
  /// else the storyboard's.
  func shouldPerform(_ segue: Storyboard.Segue) -> Bool {
    shouldPerformAnswers[segue.identifier] ?? segue.shouldPerform
  }

  /// Checks that every identifier names a segue of this controller's scene
  /// (`NOT_FOUND` otherwise).
  public func checkSegues(_ identifiers: some Sequence<String>) throws {
    for identifier in identifiers.sorted() { _ = try session.segue(identifier, from: self) }
  }

  /// Sets what `shouldPerformSegue` answers for segues of this controller
  /// when they are triggered: `true` or `false`, or `nil` to go back to the
  /// storyboard's answer. Every identifier is checked before anything
  /// changes.
  public func configureShouldPerform(_ answers: [String: Bool?]) throws {
    try checkSegues(answers.keys)
    for (identifier, answer) in answers { shouldPerformAnswers[identifier] = answer }
  }

  /// The operation a segue of `kind` runs on a freshly instantiated
  /// destination.
  private func prepareSegueOperation(
    _ kind: Storyboard.SegueKind, to destination: ViewController, animated: Bool
  ) throws -> PreparedChange {
    var animator: AnimatorSpec?
    var options = PresentOptions()
    switch kind {
    case .show:
      return try prepareShow(.show, destination, animated: animated, animator: nil)
    case .showDetail:
      return try prepareShow(.showDetail, destination, animated: animated, animator: nil)
    case .present(let style, let transition):
      if let style { destination.modalPresentationStyle = style }
      if let transition { destination.modalTransitionStyle = transition }
    case .popover(let anchor):
      options.style = .popover
      options.popover = PopoverSource(
        rect: anchor.rect, permittedArrowDirections: anchor.permittedArrowDirections)
    case .custom(let spec, let style):
      if let style { destination.modalPresentationStyle = style }
      animator = spec
    case .unwind:
      throw CurtainError(.internalError, "An unwind segue has no destination to show")
    }
    return try preparePresent(
      destination, animated: animated, animator: animator, adaptiveStyle: nil, options: options)
  }

  /// Emits a segue callback of this controller.
  func emitSegue(_ callback: SegueCallback) {
    session.emit(.segue(id, callback))
  }
}
