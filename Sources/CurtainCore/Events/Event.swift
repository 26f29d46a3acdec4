// Every observable effect of the model is an event: each lifecycle callback
// UIKit would make, each hierarchy change, each transition and operation
// phase. Events are appended to the log of the window they happened in, in
// exactly UIKit's order, each with a gap-free sequence number, the window's
// revision after it, the trace id of the operation that caused it and the
// model time. Tests assert these sequences; clients subscribe to them.

/// One observable effect, stamped with where and when it happened.
public struct Event: Hashable, Sendable {
  /// Position in the window's log: gap-free, starting at 1.
  public let seq: UInt64
  /// The window whose log holds the event; `nil` for the session's log of
  /// controllers that are in no window.
  public let windowID: WindowID?
  /// The window's revision after this event.
  public let revision: UInt64
  /// The trace id of the operation that caused the event, if it had one.
  public let traceID: String?
  /// The model time, in seconds of the window's clock.
  public let time: Double
  /// What happened.
  public let kind: EventKind

  /// Creates an event (the logs make them; a restore reads them back).
  public init(
    seq: UInt64, windowID: WindowID?, revision: UInt64, traceID: String?, time: Double,
    kind: EventKind
  ) {
    self.seq = seq
    self.windowID = windowID
    self.revision = revision
    self.traceID = traceID
    self.time = time
    self.kind = kind
  }

  /// The subscription category the event belongs to.
  public var category: EventCategory { kind.category }
}

/// Kinds of events a client can subscribe to.
public enum EventCategory: String, Hashable, Sendable, CaseIterable {
  /// View-controller lifecycle callbacks and navigation delegate calls.
  case lifecycle
  /// Roots, children, stacks and selections changing.
  case hierarchy
  /// Transitions beginning, changing interactivity and ending.
  case transition
  /// Modal presentations: transitions of presentation controllers.
  case presentation
  /// Windows being created, resized or closed.
  case window
  /// Operations queued, started, completed or failed.
  case operation
}

/// What an event says happened.
public enum EventKind: Hashable, Sendable {
  /// A lifecycle callback of a controller.
  case lifecycle(ControllerID, LifecycleCallback)
  /// A navigation controller's delegate call.
  case navigationDelegate(ControllerID, NavigationDelegateCall)
  /// A tab bar controller's delegate call.
  case tabBarDelegate(ControllerID, TabBarDelegateCall)
  /// A change of the controller hierarchy.
  case hierarchy(HierarchyChange)
  /// A phase of a transition.
  case transition(TransitionID, TransitionPhase)
  /// A phase of an operation.
  case operation(OperationID, OperationPhase)
  /// A change to the window itself.
  case window(WindowChange)
  /// A presentation controller's phase: `presented` is shown by
  /// `presenting`.
  case presentation(presented: ControllerID, presenting: ControllerID, PresentationPhase)
  /// A size-transition callback of a controller (`UIContentContainer` and
  /// `UITraitEnvironment`), during a window's size transition.
  case sizeTransition(ControllerID, SizeTransitionCallback)
  /// A storyboard segue callback of a controller (`shouldPerformSegue`,
  /// `prepare(for:sender:)`, the unwind search and action).
  case segue(ControllerID, SegueCallback)
  /// A question asked of a remote delegate of a controller, its answer, or
  /// its fallback to UIKit's default (docs/delegates.md).
  /// (Boxed: rare and larger than the other kinds, it would make every
  /// event larger.)
  indirect case delegate(ControllerID, DelegateEvent)

  /// The subscription category.
  public var category: EventCategory {
    switch self {
    case .lifecycle, .navigationDelegate, .tabBarDelegate, .sizeTransition, .segue, .delegate:
      return .lifecycle
    case .hierarchy: return .hierarchy
    case .transition: return .transition
    case .operation: return .operation
    case .window: return .window
    case .presentation: return .presentation
    }
  }
}

/// The callbacks UIKit makes on a view controller.
public enum LifecycleCallback: Hashable, Sendable {
  /// `viewDidLoad()`, once per controller lifetime.
  case viewDidLoad
  /// `viewWillAppear(_ animated:)`.
  case viewWillAppear(animated: Bool)
  /// `viewDidAppear(_ animated:)`.
  case viewDidAppear(animated: Bool)
  /// `viewWillDisappear(_ animated:)`.
  case viewWillDisappear(animated: Bool)
  /// `viewDidDisappear(_ animated:)`.
  case viewDidDisappear(animated: Bool)
  /// `willMove(toParent:)`; `nil` when leaving its parent.
  case willMove(toParent: ControllerID?)
  /// `didMove(toParent:)`; `nil` when it left its parent.
  case didMove(toParent: ControllerID?)
}

/// The callbacks a controller gets when its window changes size or traits
/// (SEMANTICS §5, "Size transitions"), in this order for the whole tree.
public enum SizeTransitionCallback: Hashable, Sendable {
  /// `willTransition(to newCollection:with:)`: the traits about to be in
  /// force (only when they change).
  case willTransitionToTraits(TraitCollection)
  /// `viewWillTransition(to size:with:)`: the controller's own new size.
  case viewWillTransition(to: Size)
  /// `traitCollectionDidChange(_ previous:)` (only when the traits changed).
  case traitCollectionDidChange(previous: TraitCollection)
}

/// The segue callbacks UIKit makes on a view controller (SEMANTICS §8).
public enum SegueCallback: Hashable, Sendable {
  /// `shouldPerformSegue(withIdentifier:sender:)` and the answer it gave.
  case shouldPerform(identifier: String, answer: Bool)
  /// `prepare(for:sender:)` on the source, with the segue's identifier
  /// (`nil` for an unwind requested by action) and its destination.
  case prepare(identifier: String?, destination: ControllerID)
  /// `canPerformUnwindSegueAction(_:from:sender:)` during the unwind search,
  /// with the answer.
  case canPerformUnwind(action: String, source: ControllerID, answer: Bool)
  /// The destination's unwind action method, called with the segue.
  case unwindAction(action: String, source: ControllerID)
}

/// `UINavigationControllerDelegate` calls.
public enum NavigationDelegateCall: Hashable, Sendable {
  /// `navigationController(_:willShow:animated:)`.
  case willShow(ControllerID, animated: Bool)
  /// `navigationController(_:didShow:animated:)`.
  case didShow(ControllerID, animated: Bool)
}

/// `UITabBarControllerDelegate` calls that are notifications (the
/// questions, `shouldSelect` and the animation controller, go to remote
/// delegates: docs/delegates.md).
public enum TabBarDelegateCall: Hashable, Sendable {
  /// `tabBarController(_:didSelect:)`: a user's tap on a tab bar item
  /// selected (or reselected) this controller; never for a selection made
  /// by code (SEMANTICS §3).
  case didSelect(ControllerID)
}

/// A committed change of the controller hierarchy.
public enum HierarchyChange: Hashable, Sendable {
  /// The window's root controller changed.
  case rootChanged(ControllerID?)
  /// `child` became a child of `parent`.
  case childAdded(parent: ControllerID, child: ControllerID)
  /// `child` stopped being a child of `parent`.
  case childRemoved(parent: ControllerID, child: ControllerID)
  /// A navigation, tab bar, split or page view controller's
  /// `viewControllers` changed.
  case viewControllersChanged(ControllerID, [ControllerID])
  /// A tab bar controller's selection changed; `index` is `nil` for "More".
  case selectionChanged(ControllerID, index: Int?, selected: ControllerID?)
  /// A split view controller collapsed (`true`) or expanded (`false`).
  case splitCollapsed(ControllerID, Bool)
  /// A split view controller's display mode (automatic resolved) changed.
  case splitDisplayModeChanged(ControllerID, SplitDisplayMode)
}

/// Phases of a transition.
public enum TransitionPhase: Hashable, Sendable {
  /// The transition was set up and starts now. (Boxed, as the other
  /// large payloads of events, so that every event of a log is small:
  /// EventLog.swift.)
  indirect case began(TransitionInfo)
  /// An interruptible transition was paused and became interactive.
  case paused(percent: Double)
  /// Interactivity ended (`notifyWhenInteractionChanges`).
  case interactionChanged(isCancelled: Bool)
  /// The transition completed; `cancelled` when it was cancelled.
  case ended(cancelled: Bool)
}

/// What a transition is about, as the `began` event reports it.
public struct TransitionInfo: Hashable, Sendable {
  /// What kind of change animates.
  public let kind: TransitionKind
  /// The container controller running it.
  public let container: ControllerID?
  /// The outgoing controller.
  public let from: ControllerID?
  /// The incoming controller.
  public let to: ControllerID?
  /// Whether it animates.
  public let animated: Bool
  /// Whether it is driven interactively.
  public let interactive: Bool
  /// Its duration in seconds.
  public let duration: Double
  /// A size transition's change of the window: its old and new size and
  /// traits (`nil` for every other kind).
  public var sizeChange: SizeChange? = nil
  /// A layout transition's change of the collection view's layout (`nil`
  /// for every other kind).
  public var layoutChange: LayoutChange? = nil

  /// Creates the information.
  public init(
    kind: TransitionKind, container: ControllerID?, from: ControllerID?, to: ControllerID?,
    animated: Bool, interactive: Bool, duration: Double, sizeChange: SizeChange? = nil,
    layoutChange: LayoutChange? = nil
  ) {
    self.kind = kind
    self.container = container
    self.from = from
    self.to = to
    self.animated = animated
    self.interactive = interactive
    self.duration = duration
    self.sizeChange = sizeChange
    self.layoutChange = layoutChange
  }
}

/// What a size transition changes: the window's size and traits before and
/// after.
public struct SizeChange: Hashable, Sendable, CustomStringConvertible {
  /// The window's size before.
  public let oldSize: Size
  /// The window's size after.
  public let newSize: Size
  /// The traits before.
  public let oldTraits: TraitCollection
  /// The traits after (equal to `oldTraits` when they did not change).
  public let newTraits: TraitCollection

  /// Creates the change.
  public init(oldSize: Size, newSize: Size, oldTraits: TraitCollection, newTraits: TraitCollection)
  {
    self.oldSize = oldSize
    self.newSize = newSize
    self.oldTraits = oldTraits
    self.newTraits = newTraits
  }

  /// `390×844 → 844×390, compact×regular @3x phone → regular×compact @3x
  /// phone`; the traits appear once when they did not change.
  public var description: String {
    let traits =
      oldTraits == newTraits ? "\(newTraits)" : "\(oldTraits) → \(newTraits)"
    return "\(oldSize) → \(newSize), \(traits)"
  }
}

/// What a layout transition changes: the collection view's layout before
/// and after.
public struct LayoutChange: Hashable, Sendable, CustomStringConvertible {
  /// The layout before.
  public let oldLayout: CollectionLayout
  /// The layout after.
  public let newLayout: CollectionLayout

  /// Creates the change.
  public init(oldLayout: CollectionLayout, newLayout: CollectionLayout) {
    self.oldLayout = oldLayout
    self.newLayout = newLayout
  }

  /// `flow 50×50 spacing 10 line 10 → frames layout`.
  public var description: String { "\(oldLayout) → \(newLayout)" }
}

/// Phases of an operation.
public enum OperationPhase: Hashable, Sendable {
  /// The window was busy; the operation waits at this 1-based position.
  case queued(position: Int)
  /// The operation started; the transition it runs, if any, reports its
  /// `began` with the same trace id.
  case started
  /// The operation completed; `removed` lists controllers it removed (pops).
  case completed(cancelled: Bool, removed: [ControllerID])
  /// The operation could not start when its turn came.
  indirect case failed(CurtainError)
}

/// The calls a presentation controller gets (SEMANTICS §4, "Order of
/// events").
public enum PresentationPhase: Hashable, Sendable {
  /// `presentationTransitionWillBegin()`.
  case presentationTransitionWillBegin
  /// `presentationTransitionDidEnd(_ completed:)`.
  case presentationTransitionDidEnd(completed: Bool)
  /// `dismissalTransitionWillBegin()`.
  case dismissalTransitionWillBegin
  /// `dismissalTransitionDidEnd(_ completed:)`.
  case dismissalTransitionDidEnd(completed: Bool)
  /// The style in force changed after a size-class change (adaptation).
  case adapted(to: ModalPresentationStyle)
  /// A popover was placed (when presented, and whenever its arrow or frame
  /// changes with a resize or a new preferred size).
  indirect case popoverPlaced(PopoverPlacement)
  /// `presentationControllerShouldDismiss(_:)`, asked when a tap outside
  /// the presented controller would dismiss it (the answer is the
  /// delegate's default, yes).
  case shouldDismiss
  /// `presentationControllerWillDismiss(_:)`: a tap outside is dismissing it.
  case willDismiss
  /// `presentationControllerDidDismiss(_:)`: that dismissal completed.
  case didDismiss
  /// `presentationControllerDidAttemptToDismiss(_:)`: a tap outside a
  /// controller that is modal in presentation.
  case didAttemptToDismiss
}

/// A change of the window itself.
public enum WindowChange: Hashable, Sendable {
  /// The window was created with this size.
  case created(Size)
  /// The window became visible or hidden.
  case visibilityChanged(Bool)
  /// The window got a new size (or other metrics).
  case resized(Size)
  /// The window was closed.
  case closed
  /// A tap reached a view (Window+Tap.swift).
  indirect case tapped(TapHit)
}
