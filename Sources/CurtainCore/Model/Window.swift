// A window is the unit of state and of serialisation. It owns a view tree
// (its own view, the root controller's view and everything below), the
// metrics and traits, an event log, a revision counter, a timeline, the
// running transitions and a FIFO queue of operations.
//
// Time only moves when the owner calls `advance(to:)`: the core never reads a
// clock. Every mutation happens at the window's current model time, so a
// sequence of calls replays bit for bit.

/// How a window's model time moves (informational for the core: the daemon
/// feeds loop time to realtime windows, and only explicit steps to manual ones).
public enum ClockMode: String, Hashable, Sendable {
  case realtime, manual
}

/// A window of a session.
public final class Window {
  /// The default size (an iPhone in portrait).
  public static let defaultSize = Size(width: 390, height: 844)

  /// The window's id.
  public let id: WindowID
  /// The session owning it.
  public unowned let session: Session
  /// The window's own view: the top of its view tree.
  public let view: View
  /// Size, safe area, scale and explicit traits.
  public internal(set) var metrics: WindowMetrics
  /// How the owner moves time.
  public internal(set) var clockMode: ClockMode
  /// The root view controller.
  public internal(set) var rootViewController: ViewController?
  /// Whether the window is visible (windows are created visible).
  public internal(set) var isVisible = true
  /// Increases with every committed change.
  public internal(set) var revision: UInt64 = 0
  /// The model time, in seconds.
  public internal(set) var time: Double = 0
  /// The last events of this window.
  public internal(set) var log: EventLog
  /// The animations of this window.
  let timeline = Timeline()
  /// Running transitions, oldest first.
  public internal(set) var transitions: [Transition] = []
  /// Operations waiting for the window to become idle.
  var queue: [PendingOperation] = []
  /// The operation waiting for a delegate's answer (Window+Delegates.swift).
  var awaitingDelegate: AwaitingDelegate?
  /// Operations that started and wait for their transition (or are
  /// starting: the queue waits for them).
  var operationsInFlight: [OperationID: RunningOperation] = [:]
  /// Controllers told `willMove` in this window whose `didMove` is pending.
  var pendingMoves: Set<ControllerID> = []
  /// Views whose animations ended during the current step, with their
  /// last presentation state (they appear in that step's frame).
  var endedThisStep: [(ViewID, ViewState)] = []
  /// Things that happened by themselves during the current step.
  private var actionsThisStep = 0

  convenience init(id: WindowID, session: Session, metrics: WindowMetrics, clockMode: ClockMode) {
    let view = session.makeView(
      role: .window, controller: nil, frame: Rect(origin: .zero, size: metrics.size),
      color: "black")
    self.init(
      id: id, session: session, metrics: metrics, clockMode: clockMode, view: view,
      log: session.configuration.makeEventLog())
  }

  /// A window around an existing view and log (and restoring a snapshot).
  init(
    id: WindowID, session: Session, metrics: WindowMetrics, clockMode: ClockMode, view: View,
    log: EventLog
  ) {
    self.id = id
    self.session = session
    self.metrics = metrics
    self.clockMode = clockMode
    self.log = log
    self.view = view
    self.view.hostWindow = self
  }

  /// The size in points.
  public var size: Size { metrics.size }
  /// The safe-area insets.
  public var safeAreaInsets: EdgeInsets { metrics.safeAreaInsets }
  /// The traits in force.
  public var traitCollection: TraitCollection { metrics.resolvedTraits }
  /// The window's bounds.
  public var bounds: Rect { Rect(origin: .zero, size: metrics.size) }

  /// Whether no transition runs and no operation waits.
  public var isIdle: Bool { transitions.isEmpty && queue.isEmpty && awaitingDelegate == nil }

  /// Whether some animation is moving (interactive transitions held still
  /// by a client do not count): when the owner should produce frames.
  public var isAnimating: Bool {
    if transitions.contains(where: { !$0.isInteractive }) { return true }
    return timeline.animations.contains { animation in
      if case .absolute = animation.clock { return true }
      return false
    }
  }

  /// The number of operations waiting.
  public var queuedOperationCount: Int { queue.count }

  // MARK: Events

  /// Appends an event to the log, stamped with the current revision, time
  /// and the trace id of what acts in this window (`Session.eventScope`).
  @discardableResult
  func append(_ kind: EventKind) -> Event {
    session.windowsWithNewEvents.insert(id)
    let trace = actingTraceID
    return log.append { seq in
      Event(seq: seq, windowID: id, revision: revision, traceID: trace, time: time, kind: kind)
    }
  }

  /// The trace id of what acts in this window now, if anything does.
  var actingTraceID: String? {
    session.eventScope.window === self ? session.eventScope.traceID : nil
  }

  /// Runs `body` with the events it emits going to this window, stamped
  /// with `trace` (`Session.emitting(into:trace:_:)`).
  @discardableResult
  func emitting<T>(trace: String?, _ body: () throws -> T) rethrows -> T {
    try session.emitting(into: self, trace: trace, body)
  }

  /// Marks a committed change.
  func commit() {
    revision += 1
  }

  /// The events after `seq`, or `nil` if some fell out of the log.
  public func events(after seq: UInt64) -> [Event]? {
    log.events(after: seq)
  }

  // MARK: Layout

  /// The safe-area insets of `view`: the window's insets minus the view's
  /// distance from each window edge, never negative; none for a view out
  /// of the window. A view that a presentation took out (and the views
  /// inside it) counts as at its old place, where it comes back: a
  /// navigation bar there keeps below the status bar.
  func safeAreaInsets(of view: View) -> EdgeInsets {
    guard let frame = placedFrameInWindow(of: view) else { return EdgeInsets() }
    let insets = metrics.safeAreaInsets
    return EdgeInsets(
      top: max(0, insets.top - frame.minY),
      left: max(0, insets.left - frame.minX),
      bottom: max(0, insets.bottom - (metrics.size.height - frame.maxY)),
      right: max(0, insets.right - (metrics.size.width - frame.maxX)))
  }

  /// The frame of `view` in the window's coordinates, going through the old
  /// place of any view on the way that a presentation took out; `nil` when
  /// the view is not (even so) in this window.
  func placedFrameInWindow(of view: View) -> Rect? {
    var slots: [ViewID: View] = [:]
    for presented in presentedControllers {
      if let presentation = presented.presentation, let slot = presentation.removedPresenterSlot,
        let taken = presentation.presenting.viewIfLoaded, taken.superview == nil
      {
        slots[taken.id] = slot.superview
      }
    }
    var rect = view.frame
    var node = view
    while let parent = node.superview ?? slots[node.id] {
      if parent === self.view { return rect }
      rect = rect.offsetBy(
        dx: parent.frame.minX - parent.bounds.minX, dy: parent.frame.minY - parent.bounds.minY)
      node = parent
    }
    return node === self.view ? rect : nil
  }

  /// Lays the whole tree out again: the root fills the window, containers
  /// place their chrome and visible children.
  func layout() {
    syncContextPresentations()
    view.frame = bounds
    guard let root = rootViewController, let rootView = root.viewIfLoaded else { return }
    // A root whose view a presentation took out keeps the window's size.
    if rootView.superview === view || rootView.superview == nil { rootView.frame = bounds }
    layout(root)
    for presented in presentedControllers { layoutPresentation(of: presented) }
  }

  /// Lays out a controller's chrome and children, and theirs.
  func layout(_ controller: ViewController) {
    controller.layoutContents()
    for child in controller.children { layout(child) }
  }

  /// Every presented controller of the window, presenters before the
  /// controllers they present.
  public var presentedControllers: [ViewController] {
    rootViewController?.presentedInSubtree ?? []
  }

  /// Puts a presented view (and its dimming view) where its presentation
  /// says, then lays out its tree.
  private func layoutPresentation(of presented: ViewController) {
    guard let presentation = presented.presentation, let presentedView = presented.viewIfLoaded
    else { return }
    let container = presentation.containerView
    if presentedView.superview === container {
      presentedView.frame = presentation.frameOfPresentedView(in: self)
    }
    presentation.dimmingView?.frame = container.bounds
    layout(presented)
  }

  /// The transition currently coordinating `controller`: the nearest
  /// transitioning ancestor's (`transitionCoordinator`).
  public func transitionCoordinator(for controller: ViewController) -> Transition? {
    transitions.first { coordinates($0, controller) }
  }

  /// Whether a running transition of this window holds `controller`: the
  /// transition coordinates it (see `coordinates`), or it was told
  /// `willMove` and still waits for `didMove`.
  func holds(_ controller: ViewController) -> Bool {
    guard !transitions.isEmpty else { return false }
    if pendingMoves.contains(controller.id) { return true }
    return transitions.contains { coordinates($0, controller) }
  }

  /// The running transition with this id.
  public func transition(_ id: TransitionID) -> Transition? {
    transitions.first { $0.id == id }
  }
}

extension Window {
  /// The result of moving a window's clock forward. What happened on the
  /// way is in the window's event log, and what became of operations in
  /// the session's outcomes (`Session.takeOutcomes()`).
  public struct Step: Sendable {
    /// The frame at the new time, or `nil` when nothing animated.
    public let frame: Frame?
    /// Whether anything happened by itself on the way (a transition or an
    /// animation ended, an operation started): if not, the window's next
    /// deadline and whether it animates are as before the step.
    public var ranActions = false
  }

  /// Moves model time to `time` (never backwards), completing whatever
  /// ends on the way in time order and starting the operations that were
  /// waiting, and returns the frame at `time`.
  @discardableResult
  public func advance(to time: Double) -> Step {
    beginStep()
    let target = max(self.time, time.isFinite ? time : self.time)
    while let deadline = nextActionTime, deadline <= target { runNextAction() }
    return endStep(at: target)
  }

  /// Starts a step made of `runNextAction()` calls and one `endStep(at:)`
  /// (`advance(to:)`, and `Session.advance(_:toClock:)` for several
  /// windows in one order).
  func beginStep() {
    endedThisStep = []
    actionsThisStep = 0
  }

  /// The model time of the next thing that happens by itself, if any
  /// (`nextScheduledAction`'s time, without making its action).
  var nextActionTime: Double? { nextDeadline }

  /// Runs the next thing that happens by itself, at its time.
  func runNextAction() {
    guard let (deadline, action) = nextScheduledAction() else { return }
    actionsThisStep += 1
    session.emitting(into: self) {
      self.time = max(self.time, deadline)
      action()
    }
  }

  /// Ends a step at model time `time` (never backwards) and returns its
  /// frame.
  func endStep(at time: Double) -> Step {
    self.time = max(self.time, time.isFinite ? time : self.time)
    let frame = makeFrame()
    endedThisStep = []
    var step = Step(frame: frame)
    step.ranActions = actionsThisStep > 0
    return step
  }

  /// Advances by `seconds` (an `AdvanceClock` step).
  @discardableResult
  public func advance(by seconds: Double) -> Step {
    advance(to: time + max(0, seconds.isFinite ? seconds : 0))
  }

  /// The earliest thing that happens by itself, and what to do then.
  private func nextScheduledAction() -> (Double, () -> Void)? {
    var best: (Double, () -> Void)?
    if let end = timeline.nextAbsoluteEnd {
      best = (end, { [unowned self] in self.finishAbsoluteAnimations(endingBy: end) })
    }
    let timeout = session.configuration.interactionTimeout
    for transition in transitions {
      guard let end = transition.endTime(interactionTimeout: timeout) else { continue }
      if best == nil || end < best!.0 {
        if transition.remote != nil {
          best = (end, { [unowned self] in self.expireRemote(transition) })
        } else if transition.isInteractive {
          best = (
            end,
            { [unowned self] in
              self.session.interactionTimeouts += 1
              self.letGo(
                transition, cancel: true, completion: InteractionCompletion(),
                ending: .timedOut(seconds: timeout))
            }
          )
        } else {
          best = (end, { [unowned self] in self.complete(transition) })
        }
      }
    }
    return best
  }

  private func finishAbsoluteAnimations(endingBy end: Double) {
    for animation in timeline.removeAbsolute(endingBy: end) {
      if let view = session.views[animation.view] {
        endedThisStep.append((animation.view, presentationState(of: view)))
      }
      animation.completion?(true)
    }
  }

  // MARK: Frames

  /// The presentation state of `view` now.
  public func presentationState(of view: View) -> ViewState {
    timeline.presentation(of: view.id, model: view.state, at: time) { id in
      self.transition(id)?.localTime(at: self.time)
    }
  }

  /// The frame at the current time: every view animating now, and every view
  /// whose animation ended during the current step (at its final values).
  private func makeFrame() -> Frame? {
    let animating = timeline.animatingViews
    var views: [Frame.ViewValues] = []
    views.reserveCapacity(animating.count + endedThisStep.count)
    for id in animating {
      guard let view = session.views[id] else { continue }
      views.append(Frame.ViewValues(view: view, state: presentationState(of: view)))
    }
    if !endedThisStep.isEmpty {
      var seen = Set(animating)
      for (id, state) in endedThisStep where !seen.contains(id) {
        guard let view = session.views[id] else { continue }
        seen.insert(id)
        views.append(Frame.ViewValues(view: view, state: state))
      }
    }
    let progress = transitions.map {
      Frame.TransitionProgress(
        transition: $0.id, percentComplete: $0.percentComplete(at: time),
        isInteractive: $0.isInteractive)
    }
    if views.isEmpty && progress.isEmpty { return nil }
    return Frame(windowID: id, time: time, views: views, transitions: progress)
  }
}
