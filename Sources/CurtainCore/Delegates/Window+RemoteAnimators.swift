// Remote animators (docs/delegates.md, "Remote animators"): a delegate that
// answers an animation-controller question with a remote animator runs the
// transition's `animateTransition(using:)` itself. The transition has no
// tracks of its own: the client's frames (`TransitionFrame`) set its views'
// presentation values and its percentComplete, which the coordinator's
// alongside animations follow, and the client's `completeTransition(_:)`
// (`CompleteTransition`) ends it, once. A client that never completes it
// gets the duration plus its registration's timeout (counted from its last
// frame while the transition is interactive); then the daemon ends it as
// UIKit's default would, completing it or cancelling an interactive one,
// with a fallback event. So does the delegate's connection closing.
//
// A frame's values hold until the next frame changes them or the transition
// ends; at the end every view goes back to its model value (where the
// container puts it: the incoming view at its final frame), whatever the
// client showed last.

/// A transition handed to a remote animator, for the daemon to tell the
/// client (its `animateTransition(using:)`).
public struct RemoteAnimation: Hashable, Sendable {
  /// The client and the question it answered.
  public let driver: RemoteDriver
  /// The window running the transition.
  public let window: WindowID
  /// The transition.
  public let transition: TransitionID
  /// What it animates.
  public let kind: TransitionKind
  /// What the animator sees.
  public let context: TransitionContext
  /// `transitionDuration(using:)`, as the client answered.
  public let duration: Double
}

/// One presentation value in a remote animator's frame.
public struct RemoteViewValue: Hashable, Sendable {
  /// The view.
  public var view: ViewID
  /// The property.
  public var property: AnimatableProperty
  /// Its value until the next frame.
  public var value: AnimatableValue

  /// Creates a value.
  public init(view: ViewID, property: AnimatableProperty, value: AnimatableValue) {
    self.view = view
    self.property = property
    self.value = value
  }
}

extension Window {
  /// The most values one frame may set.
  public static let maxRemoteFrameValues = 4096

  /// Hands a transition that just began to its remote animator.
  func handOver(_ transition: Transition, to driver: RemoteDriver) {
    transition.remote = driver
    transition.state = .remote(fraction: 0)
    transition.remoteDeadline = time + transition.duration + driver.grace
    session.delegates.animations.append(
      RemoteAnimation(
        driver: driver, window: id, transition: transition.id, kind: transition.kind,
        context: transition.context, duration: transition.duration))
  }

  /// A remote animator's frame: `percent` (clamped to [0, 1]; `nil` keeps
  /// it) and presentation values, all checked before any applies.
  public func applyRemoteFrame(
    _ id: TransitionID, percent: Double?, values: [RemoteViewValue], by owner: OwnerID
  ) throws {
    let transition = try remoteTransition(id, by: owner)
    if let percent, !percent.isFinite {
      throw CurtainError.invalid("The percentage must be finite")
    }
    guard values.count <= Self.maxRemoteFrameValues else {
      throw CurtainError(
        .limitExceeded, "A frame may set at most \(Self.maxRemoteFrameValues) values")
    }
    for value in values {
      guard let view = session.views[value.view], view.window === self else {
        throw CurtainError.notFound("No view \(value.view) in window \(self.id)")
      }
      try TrackSpec(target: .view(value.view), property: value.property, to: .value(value.value))
        .validate()
    }
    if let percent { transition.state = .remote(fraction: min(1, max(0, percent))) }
    for value in values {
      timeline.add(
        view: value.view, property: value.property, from: value.value, to: value.value,
        timing: .linear, clock: .transition(id), delay: 0, duration: 0)
    }
    if transition.context.isInteractive, let driver = transition.remote {
      transition.remoteDeadline = time + transition.duration + driver.grace
    }
  }

  /// `completeTransition(_:)` from the remote animator: the transition
  /// ends, cancelled when `didComplete` is false.
  public func completeRemoteTransition(_ id: TransitionID, didComplete: Bool, by owner: OwnerID)
    throws
  {
    let transition = try remoteTransition(id, by: owner)
    session.emitting(into: self) {
      endRemote(transition, didComplete: didComplete, ending: nil)
    }
  }

  /// The remote animator's deadline passed: a fallback event, then UIKit's
  /// default ending.
  func expireRemote(_ transition: Transition) {
    guard let driver = transition.remote else { return }
    abandon(
      transition, reason: .timeout,
      ending: .animatorTimedOut(seconds: transition.duration + driver.grace))
  }

  /// Ends the remote transitions `owner` runs here (its connection closed,
  /// or the daemon restarted: `owner` nil ends them all), each with a
  /// fallback event. Returns whether there were any.
  @discardableResult
  func abandonRemoteTransitions(of owner: OwnerID?, reason: DelegateFallbackReason) -> Bool {
    let held = transitions.filter {
      guard let driver = $0.remote, !$0.isCompleted else { return false }
      return owner == nil || driver.delegate == owner
    }
    session.emitting(into: self) {
      for transition in held { abandon(transition, reason: reason, ending: .animatorLeft) }
    }
    return !held.isEmpty
  }

  private func abandon(
    _ transition: Transition, reason: DelegateFallbackReason, ending: TransitionEnding
  ) {
    guard let driver = transition.remote, case .remote = transition.state else { return }
    emitting(trace: transition.traceID) {
      append(.delegate(driver.controller, .fallback(call: driver.call, driver.method, reason)))
    }
    session.delegates.fallbacks.append(reason.name)
    endRemote(transition, didComplete: !transition.context.isInteractive, ending: ending)
  }

  /// Ends a remote transition: an interactive one stops being interactive
  /// first (`interactionChanged`, the coordinator's interaction handlers),
  /// then it completes, cancelled unless `didComplete`.
  func endRemote(_ transition: Transition, didComplete: Bool, ending: TransitionEnding?) {
    guard case .remote(let fraction) = transition.state else { return }
    let cancel = !didComplete
    if transition.context.isInteractive {
      transition.context.isInteractive = false
      transition.context.transitionWasCancelled = cancel
      emitting(trace: transition.traceID) {
        append(.transition(transition.id, .interactionChanged(isCancelled: cancel)))
      }
      for handler in transition.interactionHandlers { handler(transition.context) }
      transition.interactionHandlers = []
      transition.ending = ending ?? (cancel ? .cancelled : .finished)
    } else {
      transition.ending = ending ?? (cancel ? .cancelled : .completed)
    }
    transition.state =
      cancel
      ? .cancelling(fraction: fraction, start: time, span: 0, curve: .linear)
      : .finishing(fraction: fraction, start: time, span: 0, curve: .linear)
    complete(transition)
  }

  private func remoteTransition(_ id: TransitionID, by owner: OwnerID) throws -> Transition {
    guard let transition = transition(id) else {
      throw CurtainError.notFound("No running transition \(id) in window \(self.id)")
    }
    guard let driver = transition.remote, case .remote = transition.state else {
      throw CurtainError.invalid("Transition \(id) is not run by a remote animator")
    }
    guard driver.delegate == owner else {
      throw CurtainError(
        .notOwner,
        "Transition \(id) is run by the remote animator of \(driver.delegate), not \(owner)")
    }
    return transition
  }
}
