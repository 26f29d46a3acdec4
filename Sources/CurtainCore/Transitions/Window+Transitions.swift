// Running transitions in a window: setting one up (context, animator tracks
// on the timeline, `began` event), completing it (model values, container
// bookkeeping, coordinator completions, `ended` event, the next queued
// operation), and the interaction driver's requests.

/// Everything a container says about a transition it wants to run.
struct TransitionRequest {
  var kind: TransitionKind
  var container: ViewController
  var containerView: View
  var from: ViewController?
  var to: ViewController?
  var fromView: View?
  var toView: View?
  var fromInitialFrame: Rect = .zero
  var fromFinalFrame: Rect = .zero
  var toInitialFrame: Rect = .zero
  var toFinalFrame: Rect = .zero
  var animated: Bool
  var interactive = false
  var owner: OwnerID?
  var animator: AnimatorSpec
  /// A size transition's change of the window, for its `began` event.
  var sizeChange: SizeChange?
  /// A layout transition's change of layout, for its `began` event.
  var layoutChange: LayoutChange?
  /// The operation whose change begins it, if one does.
  var operation: OperationContext?
}

extension Window {
  /// Sets up and starts a transition. A transition that is neither animated
  /// nor interactive completes at once (its completion runs before this
  /// returns) and `nil` is returned.
  @discardableResult
  func runTransition(_ request: TransitionRequest, completion: @escaping (Bool) -> Void)
    -> Transition?
  {
    var request = request
    // A delegate's interaction controller makes the transition interactive,
    // owned by its client.
    let operation = request.operation?.operation
    if request.animated, !request.interactive, let driver = operation?.interactionOwner {
      request.interactive = true
      request.owner = driver
    }
    guard request.animated || request.interactive else {
      completion(false)
      return nil
    }
    let context = TransitionContext(
      containerView: request.containerView.id, containerSize: request.containerView.bounds.size,
      fromController: request.from?.id, toController: request.to?.id,
      fromView: request.fromView?.id, toView: request.toView?.id,
      fromInitialFrame: request.fromInitialFrame, fromFinalFrame: request.fromFinalFrame,
      toInitialFrame: request.toInitialFrame, toFinalFrame: request.toFinalFrame,
      isAnimated: request.animated, isInteractive: request.interactive)
    let transition = Transition(
      id: session.ids.transition(), kind: request.kind, container: request.container.id,
      context: context, duration: request.animator.duration,
      owner: request.interactive ? request.owner : nil,
      operationID: operation?.id, traceID: actingTraceID, begin: time,
      containerCompletion: completion)
    transition.initiator = operation?.initiator ?? transition.owner
    transitions.append(transition)
    operation?.transition = transition.id
    append(
      .transition(
        transition.id,
        .began(
          TransitionInfo(
            kind: request.kind, container: request.container.id, from: request.from?.id,
            to: request.to?.id, animated: request.animated, interactive: request.interactive,
            duration: request.animator.duration, sizeChange: request.sizeChange,
            layoutChange: request.layoutChange))))
    // A remote animator's transition keeps the tracks the container added
    // (a dimming view's fade): they follow the client's percentage.
    addTracks(request.animator.tracks, to: transition, startingAt: 0)
    transition.completion = request.animator.completion
    if let driver = request.animator.remote {
      handOver(transition, to: driver)
      return transition
    }
    if !request.interactive && request.animator.duration <= 0 {
      complete(transition)
    }
    return transition
  }

  /// Resolves tracks against the transition's context and puts them on the
  /// timeline. Tracks added after the start (`startingAt` > 0) are squeezed
  /// into what is left of the duration, so they end with the transition.
  func addTracks(_ tracks: [TrackSpec], to transition: Transition, startingAt start: Double) {
    let context = transition.context
    let remaining = max(0, transition.duration - start)
    for track in tracks {
      guard let (view, initial, final) = resolve(track.target, in: context) else { continue }
      let current = presentationState(of: view)[track.property]
      let from = track.from.resolve(
        property: track.property, initialFrame: initial, finalFrame: final, current: current,
        containerSize: context.containerSize)
      let to = track.to.resolve(
        property: track.property, initialFrame: initial, finalFrame: final, current: current,
        containerSize: context.containerSize)
      timeline.add(
        view: view.id, property: track.property, from: from, to: to, timing: track.timing,
        clock: .transition(transition.id), delay: start + track.relativeDelay * remaining,
        duration: track.relativeDuration * remaining)
      transition.trackEnds.append((view.id, track.property, from, to))
    }
  }

  /// The view a track or completion value of a transition in `context`
  /// targets, with the initial and final frames its frame-relative values
  /// start from (the context's, else the view's frame); `nil` when the
  /// context has no such view or it is gone.
  private func resolve(_ target: TrackTarget, in context: TransitionContext)
    -> (view: View, initial: Rect, final: Rect)?
  {
    let viewID: ViewID?
    var initial = Rect.zero
    var final = Rect.zero
    switch target {
    case .fromView:
      viewID = context.fromView
      initial = context.fromInitialFrame
      final = context.fromFinalFrame
    case .toView:
      viewID = context.toView
      initial = context.toInitialFrame
      final = context.toFinalFrame
    case .containerView:
      viewID = context.containerView
    case .dimmingView:
      // A presentation resolves it to its dimming view before the
      // transition runs (`AnimatorSpec.withDimming`).
      viewID = nil
    case .view(let id):
      viewID = id
    }
    guard let id = viewID, let view = session.views[id] else { return nil }
    if target == .containerView || initial == .zero && final == .zero {
      initial = view.frame
      final = view.frame
    }
    return (view, initial, final)
  }

  /// The transition's completion values resolved against its context, the
  /// views' values in `ended` (where the tracks left them) standing for
  /// `current`; values for views that are gone are dropped.
  private func completionValues(of transition: Transition, ended: [ViewID: ViewState])
    -> [(view: View, property: AnimatableProperty, value: AnimatableValue)]
  {
    let context = transition.context
    return transition.completion.compactMap { completion in
      guard let (view, initial, final) = resolve(completion.target, in: context) else {
        return nil
      }
      let current = (ended[view.id] ?? presentationState(of: view))[completion.property]
      let value = completion.value.resolve(
        property: completion.property, initialFrame: initial, finalFrame: final,
        current: current, containerSize: context.containerSize)
      return (view, completion.property, value)
    }
  }

  /// Completes a transition whose clock reached its end: model values,
  /// container bookkeeping, coordinator completions, the `ended` event, the
  /// operation's completion, then whatever waits in the queue.
  func complete(_ transition: Transition) {
    guard !transition.isCompleted else { return }
    let cancelled = transition.endsCancelled
    transition.state = .completed(cancelled: cancelled)
    transition.context.transitionWasCancelled = cancelled
    transition.context.isInteractive = false
    // Its events carry its trace id.
    emitting(trace: transition.traceID) {
      // Each view once, in the order its animations started (a Set's order
      // would change from run to run).
      var ended: [(ViewID, ViewState)] = []
      var seen = Set<ViewID>()
      for view in timeline.removeAnimations(of: transition.id).map(\.view)
      where seen.insert(view).inserted {
        if let state = session.views[view].map(presentationState(of:)) {
          ended.append((view, applyingTrackEnds(of: transition, to: state, view: view)))
        }
      }
      // The animator's completion: after the last frame (its values are in
      // this step's frame), before completeTransition, in the model.
      let completion = completionValues(
        of: transition, ended: Dictionary(ended, uniquingKeysWith: { first, _ in first }))
      for (view, property, value) in completion {
        if let index = ended.firstIndex(where: { $0.0 == view.id }) {
          ended[index].1[property] = value
        } else {
          var state = presentationState(of: view)
          state[property] = value
          ended.append((view.id, state))
        }
        view.state[property] = value
      }
      endedThisStep += ended
      commit()
      transition.containerCompletion(cancelled)
      // Views still in the window keep where their tracks ended, unless the
      // completion set the property.
      let completed = Set(
        completion.map { CompletedProperty(view: $0.view.id, property: $0.property) })
      for end in transition.trackEnds
      where !completed.contains(CompletedProperty(view: end.view, property: end.property)) {
        guard let view = session.views[end.view], view.window === self else { continue }
        if view.controllerID != nil, end.property == .frame { continue }
        view.state[end.property] = cancelled ? end.from : end.to
      }
      for handler in transition.completionHandlers { handler(transition.context) }
      transitions.removeAll { $0 === transition }
      session.recordEnding(
        transition.ending ?? (cancelled ? .cancelled : .completed), of: transition.id)
      append(.transition(transition.id, .ended(cancelled: cancelled)))
      if let operation = transition.operationID {
        finishOperation(operation, cancelled: cancelled)
      }
      layout()
      startQueuedOperations()
    }
  }

  /// A property of a view that an animator's completion set.
  private struct CompletedProperty: Hashable {
    let view: ViewID
    let property: AnimatableProperty
  }

  private func applyingTrackEnds(of transition: Transition, to state: ViewState, view: ViewID)
    -> ViewState
  {
    var result = state
    let cancelled = transition.endsCancelled
    for end in transition.trackEnds where end.view == view {
      result[end.property] = cancelled ? end.from : end.to
    }
    return result
  }

  // MARK: Interaction driver

  /// Finds a transition a client may drive.
  private func drivable(_ id: TransitionID, by owner: OwnerID?) throws -> Transition {
    guard let transition = transition(id) else {
      throw CurtainError.notFound("No running transition \(id) in window \(self.id)")
    }
    if let driver = transition.remote {
      throw CurtainError.invalid(
        "Transition \(id) is run by a remote animator (\(driver.delegate)): it moves with "
          + "TransitionFrame and ends with CompleteTransition")
    }
    if let holder = transition.owner, holder != owner {
      throw CurtainError(
        .notOwner, "Transition \(id) is driven by another client (\(holder))")
    }
    return transition
  }

  /// `updateInteractiveTransition(_:)`: sets the fraction, clamped to [0, 1].
  public func updateInteraction(_ id: TransitionID, percent: Double, by owner: OwnerID? = nil)
    throws
  {
    let transition = try drivable(id, by: owner)
    guard transition.isInteractive else {
      throw CurtainError.invalid("Transition \(id) is not interactive")
    }
    guard percent.isFinite else { throw CurtainError.invalid("The percentage must be finite") }
    transition.state = .interactive(fraction: min(1, max(0, percent)))
    transition.lastInteraction = time
  }

  /// `pauseInteractiveTransition()`: a transition playing by itself becomes
  /// interactive at its current fraction, owned by `owner`.
  public func pauseTransition(_ id: TransitionID, by owner: OwnerID? = nil) throws {
    let transition = try drivable(id, by: owner)
    guard case .running = transition.state else {
      throw CurtainError.invalid("Transition \(id) is not playing, so it cannot be paused")
    }
    guard transition.kind != .sizeTransition else {
      throw CurtainError.invalid("Transition \(id) is a size transition, which cannot be paused")
    }
    let fraction = transition.percentComplete(at: time)
    transition.state = .interactive(fraction: fraction)
    transition.context.isInteractive = true
    transition.owner = owner
    transition.lastInteraction = time
    emitting(trace: transition.traceID) { append(.transition(id, .paused(percent: fraction))) }
  }

  /// `finishInteractiveTransition()`: plays the rest forward.
  public func finishInteraction(
    _ id: TransitionID, completion: InteractionCompletion = InteractionCompletion(),
    by owner: OwnerID? = nil
  ) throws {
    let transition = try drivable(id, by: owner)
    guard transition.isInteractive else {
      throw CurtainError.invalid("Transition \(id) is not interactive")
    }
    session.emitting(into: self) {
      letGo(transition, cancel: false, completion: completion, ending: .finished)
    }
  }

  /// `cancelInteractiveTransition()`: plays back to the start, then
  /// completes cancelled.
  public func cancelInteraction(
    _ id: TransitionID, completion: InteractionCompletion = InteractionCompletion(),
    by owner: OwnerID? = nil
  ) throws {
    let transition = try drivable(id, by: owner)
    guard transition.isInteractive else {
      throw CurtainError.invalid("Transition \(id) is not interactive")
    }
    session.emitting(into: self) {
      letGo(transition, cancel: true, completion: completion, ending: .cancelled)
    }
  }

  /// Cancels every interactive transition held by `owner` (its client went
  /// away). Returns the transitions cancelled.
  @discardableResult
  public func cancelInteractions(ownedBy owner: OwnerID) -> [TransitionID] {
    cancelInteractions { $0.owner == owner }
  }

  /// Ends what `owner`, a client that disconnected, held here: first the
  /// interactive begins it left waiting (`dropInteractiveBegins(of:)`),
  /// then its interactive transitions. Returns whether anything ended.
  public func release(_ owner: OwnerID) -> Bool {
    let dropped = dropInteractiveBegins(of: owner)
    return !cancelInteractions(ownedBy: owner).isEmpty || dropped
  }

  /// Whether `owner` holds an interactive transition here.
  public func holdsInteraction(_ owner: OwnerID) -> Bool {
    transitions.contains { $0.owner == owner && $0.isInteractive }
  }

  /// Cancels every interactive transition, whoever holds it (settling a
  /// restored session). Returns the transitions cancelled.
  @discardableResult
  public func cancelAllInteractions() -> [TransitionID] {
    cancelInteractions { _ in true }
  }

  /// Cancels the interactions `holds` picks until none is left: one that
  /// never moved ends at once, and an operation queued behind it may then
  /// begin another interaction for the same owner, which (owned) would
  /// never end by itself (SEMANTICS §5).
  private func cancelInteractions(where holds: (Transition) -> Bool) -> [TransitionID] {
    var cancelled: [TransitionID] = []
    while case let held = transitions.filter({ holds($0) && $0.isInteractive }), !held.isEmpty {
      session.emitting(into: self) {
        for transition in held {
          letGo(transition, cancel: true, completion: InteractionCompletion(), ending: .ownerLeft)
        }
      }
      cancelled += held.map(\.id)
    }
    return cancelled
  }

  /// Ends interactivity: re-times the rest of the timeline and tells the
  /// coordinator's interaction handlers.
  func letGo(
    _ transition: Transition, cancel: Bool, completion: InteractionCompletion,
    ending: TransitionEnding
  ) {
    guard case .interactive(let fraction) = transition.state else { return }
    transition.ending = ending
    let speed = completion.effectiveSpeed
    let span = (cancel ? fraction : 1 - fraction) * transition.duration / speed
    transition.state =
      cancel
      ? .cancelling(fraction: fraction, start: time, span: span, curve: completion.curve)
      : .finishing(fraction: fraction, start: time, span: span, curve: completion.curve)
    transition.context.isInteractive = false
    transition.context.transitionWasCancelled = cancel
    emitting(trace: transition.traceID) {
      append(.transition(transition.id, .interactionChanged(isCancelled: cancel)))
    }
    for handler in transition.interactionHandlers { handler(transition.context) }
    transition.interactionHandlers = []
    if span <= 0 { complete(transition) }
  }

  /// `animate(alongsideTransition:)`: adds tracks to a running transition.
  /// Returns `false` when the transition already completed.
  public func animateAlongside(_ id: TransitionID, tracks: [TrackSpec]) throws -> Bool {
    for track in tracks { try track.validate() }
    guard let transition = transition(id), !transition.isCompleted else { return false }
    addTracks(tracks, to: transition, startingAt: transition.localTime(at: time))
    return true
  }
}
