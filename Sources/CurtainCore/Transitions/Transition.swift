// A transition ties together a transition context, an animator (its tracks
// run on the window's timeline against the transition's own local time), an
// optional interaction driver and a coordinator.
//
// Local time is what the tracks see. It runs with window time while the
// transition plays by itself, is set to p × duration while a client drives it
// (`update(p)`), and is re-timed when the client lets go: `finish()` plays the
// rest, (1 − p) × duration / completionSpeed seconds along completionCurve;
// `cancel()` plays backwards to 0 over p × duration / completionSpeed. The
// state machine only answers questions about time; the window executes what
// follows (completion, events, the next queued operation).

/// `UIViewControllerTransitionCoordinator` and the running transition it
/// coordinates.
public final class Transition {
  /// The transition's id.
  public let id: TransitionID
  /// What it animates.
  public let kind: TransitionKind
  /// The container controller running it.
  public let container: ControllerID
  /// The context the animator sees.
  public internal(set) var context: TransitionContext
  /// Its duration in seconds.
  public let duration: Double
  /// The client driving it, once interactive.
  public internal(set) var owner: OwnerID?
  /// The client whose operation started it (`nil`: none, or one whose
  /// interactions belong to no client). A transition playing by itself
  /// belongs to its initiator; one that is interactive, to its owner.
  public internal(set) var initiator: OwnerID?
  /// The operation that started it.
  public let operationID: OperationID?
  /// The trace id of that operation.
  public let traceID: String?
  /// Where it is.
  var state: State
  /// Window time of the last interaction (update, begin, pause), for the
  /// idle timeout.
  var lastInteraction: Double
  /// The container's bookkeeping once the animator completes (`did`
  /// callbacks, view removal); told whether it was cancelled.
  var containerCompletion: (Bool) -> Void
  /// Coordinator completion handlers, in registration order.
  var completionHandlers: [(TransitionContext) -> Void] = []
  /// Coordinator interaction-change handlers.
  var interactionHandlers: [(TransitionContext) -> Void] = []
  /// Tracks resolved at start, remembered so their end values can become
  /// model values.
  var trackEnds:
    [(view: ViewID, property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue)] = []
  /// What the animator's completion sets (`AnimatorSpec.completion`),
  /// resolved when the transition ends.
  var completion: [CompletionValue] = []
  /// Why an interaction was let go, once it was (how it ends).
  var ending: TransitionEnding?
  /// The client running the animator, for a transition whose delegate
  /// answered with a remote animator.
  public internal(set) var remote: RemoteDriver?
  /// Window time at which the daemon ends a remote transition the client
  /// has not completed: the start plus the duration plus the grace (for an
  /// interactive one, the last frame plus both).
  var remoteDeadline: Double = 0
  /// Controllers the transition holds besides those it involves: the
  /// presented controllers of presentations its change ended and brings
  /// back if it is cancelled.
  var heldControllers: Set<ControllerID> = []

  /// The phases of a transition's clock.
  enum State {
    /// Playing by itself since window time `begin`.
    case running(begin: Double)
    /// Held by a client at `fraction` of the duration.
    case interactive(fraction: Double)
    /// Playing forward from `fraction` to the end, from window time `start`
    /// over `span` seconds along `curve`.
    case finishing(fraction: Double, start: Double, span: Double, curve: TimingFunction)
    /// Playing backwards from `fraction` to 0, likewise.
    case cancelling(fraction: Double, start: Double, span: Double, curve: TimingFunction)
    /// Run by a client (a remote animator) at `fraction` of the duration,
    /// as its last frame said.
    case remote(fraction: Double)
    /// Done.
    case completed(cancelled: Bool)
  }

  init(
    id: TransitionID, kind: TransitionKind, container: ControllerID, context: TransitionContext,
    duration: Double, owner: OwnerID?, operationID: OperationID?, traceID: String?,
    begin: Double, containerCompletion: @escaping (Bool) -> Void
  ) {
    self.id = id
    self.kind = kind
    self.container = container
    self.context = context
    self.duration = duration
    self.owner = owner
    self.operationID = operationID
    self.traceID = traceID
    self.state = context.isInteractive ? .interactive(fraction: 0) : .running(begin: begin)
    self.lastInteraction = begin
    self.containerCompletion = containerCompletion
  }

  /// Whether it has completed.
  public var isCompleted: Bool {
    if case .completed = state { return true }
    return false
  }

  /// Whether a client currently holds it (update/finish/cancel allowed).
  public var isInteractive: Bool {
    if case .interactive = state { return true }
    return false
  }

  /// The tracks' local time at window time `time`.
  func localTime(at time: Double) -> Double {
    switch state {
    case .running(let begin):
      return min(duration, max(0, time - begin))
    case .interactive(let fraction), .remote(let fraction):
      return fraction * duration
    case .finishing(let fraction, let start, let span, let curve):
      let eased = span <= 0 ? 1 : curve.progress(at: (time - start) / span, duration: span)
      return (fraction + (1 - fraction) * eased) * duration
    case .cancelling(let fraction, let start, let span, let curve):
      let eased = span <= 0 ? 1 : curve.progress(at: (time - start) / span, duration: span)
      return fraction * (1 - eased) * duration
    case .completed(let cancelled):
      return cancelled ? 0 : duration
    }
  }

  /// `percentComplete` at window time `time`.
  public func percentComplete(at time: Double) -> Double {
    duration > 0 ? localTime(at: time) / duration : (isCompleted ? 1 : 0)
  }

  /// When the transition will complete on its own, if it is playing; for
  /// an interaction, when it is cancelled for want of updates: only one
  /// that belongs to no client, and never with a timeout of 0 (SEMANTICS
  /// §5: an undriven interaction stays at its start, as in UIKit; its
  /// owner's disconnect cancels an owned one).
  func endTime(interactionTimeout: Double) -> Double? {
    switch state {
    case .running(let begin): return begin + duration
    case .finishing(_, let start, let span, _), .cancelling(_, let start, let span, _):
      return start + span
    case .interactive:
      guard owner == nil, interactionTimeout > 0 else { return nil }
      return lastInteraction + interactionTimeout
    case .remote: return remoteDeadline
    case .completed: return nil
    }
  }

  /// Whether the transition, once it ends, ends cancelled.
  var endsCancelled: Bool {
    switch state {
    case .cancelling: return true
    case .completed(let cancelled): return cancelled
    default: return false
    }
  }

  /// Whether `controller` is involved, as the container, the outgoing or the
  /// incoming controller (how a child finds its coordinator).
  func involves(_ controller: ControllerID) -> Bool {
    controller == container || controller == context.fromController
      || controller == context.toController || heldControllers.contains(controller)
  }

  /// Registers a coordinator completion handler (`animate(alongsideTransition:completion:)`).
  /// Returns `false` once the transition has completed.
  @discardableResult
  public func addCompletion(_ handler: @escaping (TransitionContext) -> Void) -> Bool {
    guard !isCompleted else { return false }
    completionHandlers.append(handler)
    return true
  }

  /// `notifyWhenInteractionChanges`: called once, when interactivity ends.
  @discardableResult
  public func notifyWhenInteractionChanges(_ handler: @escaping (TransitionContext) -> Void)
    -> Bool
  {
    guard !isCompleted else { return false }
    interactionHandlers.append(handler)
    return true
  }
}

/// How a client lets go of an interactive transition.
public struct InteractionCompletion: Hashable, Sendable {
  /// `completionSpeed`; values ≤ 0 (or not finite) read as 1.
  public var speed: Double
  /// `completionCurve`.
  public var curve: TimingFunction

  /// Creates the completion parameters (defaults: speed 1, easeInOut).
  public init(speed: Double = 1, curve: TimingFunction = .easeInOut) {
    self.speed = speed
    self.curve = curve
  }

  /// The speed in force.
  var effectiveSpeed: Double { speed.isFinite && speed > 0 ? speed : 1 }
}
