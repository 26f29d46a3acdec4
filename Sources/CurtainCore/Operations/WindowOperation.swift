// Operations are values: what a client asks a window to do. Each window runs
// them one at a time in arrival order. An operation that arrives while a
// transition runs (or others wait) joins the window's FIFO queue and starts
// when the window is idle; a full queue is a `BUSY` error, never a drop.
//
// Running an operation has two steps. `prepare` checks everything against
// the current state and returns the change as a closure, so a failing
// operation changes nothing; then the window commits (revision + 1), emits
// `started` and runs the change, which may start a transition. The operation
// completes when that transition does, or at once.

/// Which tab to select.
public enum TabSelection: Hashable, Sendable {
  /// The controller at this index of `viewControllers`.
  case index(Int)
  /// This controller of `viewControllers`.
  case controller(ControllerID)
  /// The "More" tab (when there are more than five controllers).
  case more
}

/// A change a client asks for.
public enum WindowOperation: Hashable, Sendable {
  /// Sets (or clears) a window's root view controller.
  case setRoot(window: WindowID, controller: ControllerID?)
  /// Shows or hides a window.
  case setVisible(window: WindowID, visible: Bool)
  /// Gives a window new metrics: a size transition (SEMANTICS §5) that
  /// animates with `animation`, or happens at once when it is `nil`.
  case resize(window: WindowID, metrics: WindowMetrics, animation: SizeTransitionAnimation?)
  /// Adds a child to a custom container (`addChild` + view + `didMove`);
  /// without `installsView`, `addChild` alone: the view waits for a
  /// `transitionChildren` to install it.
  case addChild(parent: ControllerID, child: ControllerID, frame: Rect?, installsView: Bool = true)
  /// Removes a controller from its parent.
  case removeFromParent(ControllerID)
  /// A custom container's `transition(from:to:duration:options:)`.
  case transitionChildren(
    container: ControllerID, from: ControllerID, to: ControllerID, animator: AnimatorSpec)
  /// `pushViewController(_:animated:)`.
  case push(
    navigation: ControllerID, controller: ControllerID, animated: Bool, animator: AnimatorSpec?)
  /// `popViewController(animated:)`.
  case pop(navigation: ControllerID, animated: Bool, animator: AnimatorSpec?)
  /// `popToViewController(_:animated:)`.
  case popTo(
    navigation: ControllerID, controller: ControllerID, animated: Bool, animator: AnimatorSpec?)
  /// `popToRootViewController(animated:)`.
  case popToRoot(navigation: ControllerID, animated: Bool, animator: AnimatorSpec?)
  /// `setViewControllers(_:animated:)` on a navigation controller.
  case setViewControllers(
    navigation: ControllerID, controllers: [ControllerID], animated: Bool,
    animator: AnimatorSpec?)
  /// Selects a tab.
  case selectTab(tabBar: ControllerID, selection: TabSelection, animator: AnimatorSpec?)
  /// `setViewControllers(_:animated:)` on a tab bar controller.
  case setTabs(tabBar: ControllerID, controllers: [ControllerID])
  /// Begins an interactive pop (the edge swipe), driven by the submitter.
  case beginInteractivePop(navigation: ControllerID, animator: AnimatorSpec?)
  /// Begins an interactive tab switch (seed 001's swipe between tabs),
  /// driven by the submitter.
  case beginInteractiveTabSelection(
    tabBar: ControllerID, selection: TabSelection, animator: AnimatorSpec?)
  /// `beginAppearanceTransition(_:animated:)` on a child of a custom
  /// container that does not forward appearance automatically.
  case beginAppearanceTransition(controller: ControllerID, appearing: Bool, animated: Bool)
  /// `endAppearanceTransition()` on such a child.
  case endAppearanceTransition(controller: ControllerID)
  /// A tap at `point` (window coordinates): hit-testing, and a tap outside
  /// a sheet or popover dismisses it (Window+Tap.swift).
  case tap(window: WindowID, point: Point)
  /// `present(_:animated:)` sent to `presenter`; `adaptiveStyle` is the
  /// style to adapt to in compact environments (only none, fullScreen,
  /// overFullScreen and formSheet are honoured); `options` are properties
  /// set on the presented controller as the presentation starts.
  case present(
    presenter: ControllerID, controller: ControllerID, animated: Bool, animator: AnimatorSpec?,
    adaptiveStyle: ModalPresentationStyle?, options: PresentOptions = PresentOptions())
  /// `dismiss(animated:)` sent to `controller`.
  case dismiss(controller: ControllerID, animated: Bool, animator: AnimatorSpec?)
  /// `show(_:sender:)` or `showDetailViewController(_:sender:)` sent to
  /// `sender`: the first of the sender and its parents that handles the
  /// action shows `controller` (a navigation controller pushes it), else the
  /// sender presents it.
  case show(
    ShowAction, sender: ControllerID, controller: ControllerID, animated: Bool,
    animator: AnimatorSpec?)
  /// `performSegue(withIdentifier:sender:)` on `source`, a controller
  /// instantiated from a storyboard. `triggered`: as if a control fired the
  /// segue, so `shouldPerformSegue` is asked first. `animated: false` turns
  /// off the segue's animation.
  case performSegue(source: ControllerID, identifier: String, triggered: Bool, animated: Bool)
  /// Unwinds from `source` to the first controller that declares `action`
  /// (SEMANTICS §8), as an unwind segue without a storyboard entry.
  case unwind(source: ControllerID, action: String, animated: Bool)
  /// An interactive `present(_:animated:)` (a percent-driven presentation),
  /// driven by the submitter.
  case beginInteractivePresent(
    presenter: ControllerID, controller: ControllerID, animator: AnimatorSpec?,
    adaptiveStyle: ModalPresentationStyle?, options: PresentOptions = PresentOptions())
  /// An interactive `dismiss(animated:)` (the sheet pulled down), driven by
  /// the submitter.
  case beginInteractiveDismiss(controller: ControllerID, animator: AnimatorSpec?)
  /// `viewControllers = [primary, secondary]` on a split view controller.
  case setSplitColumns(split: ControllerID, primary: ControllerID, secondary: ControllerID?)
  /// Changes a split view controller's preferred display mode and primary
  /// column widths.
  case configureSplit(
    split: ControllerID, change: SplitPreferenceChange, animated: Bool, animator: AnimatorSpec?)
  /// `setViewControllers(_:direction:animated:)` on a page view controller;
  /// with `dataSource`, also replaces its data source (an empty list then
  /// shows the data source's first pages).
  case setPages(
    page: ControllerID, controllers: [ControllerID], direction: PageDirection, animated: Bool,
    animator: AnimatorSpec?, dataSource: [ControllerID]?)
  /// Turns a page view controller to the next or previous pages of its
  /// data source.
  case turnPage(
    page: ControllerID, direction: PageDirection, animated: Bool, animator: AnimatorSpec?)
  /// An interactive page turn (the page dragged) to the next or previous
  /// pages of the data source, driven by the submitter.
  case beginInteractivePageTurn(
    page: ControllerID, direction: PageDirection, animator: AnimatorSpec?)
  /// `setCollectionViewLayout(_:animated:)` on a collection view
  /// controller.
  case setCollectionLayout(
    collection: ControllerID, layout: CollectionLayout, animated: Bool, animator: AnimatorSpec?)
  /// `startInteractiveTransition(to:)` on a collection view controller's
  /// collection view: a layout transition driven by the submitter, whose
  /// fraction is `transitionProgress`.
  case beginInteractiveLayoutTransition(
    collection: ControllerID, layout: CollectionLayout, animator: AnimatorSpec?)

  /// The controller whose window runs the operation, if it names one.
  var targetController: ControllerID? {
    switch self {
    case .setRoot, .setVisible, .resize, .tap: return nil
    case .addChild(let parent, _, _, _): return parent
    case .beginInteractiveTabSelection(let tab, _, _): return tab
    case .beginAppearanceTransition(let controller, _, _), .endAppearanceTransition(let controller):
      return controller
    case .removeFromParent(let child): return child
    case .transitionChildren(let container, _, _, _): return container
    case .push(let nav, _, _, _), .pop(let nav, _, _), .popTo(let nav, _, _, _),
      .popToRoot(let nav, _, _), .setViewControllers(let nav, _, _, _),
      .beginInteractivePop(let nav, _):
      return nav
    case .selectTab(let tab, _, _), .setTabs(let tab, _): return tab
    case .present(let presenter, _, _, _, _, _),
      .beginInteractivePresent(let presenter, _, _, _, _):
      return presenter
    case .dismiss(let controller, _, _), .beginInteractiveDismiss(let controller, _):
      return controller
    case .show(_, let sender, _, _, _): return sender
    case .performSegue(let source, _, _, _), .unwind(let source, _, _): return source
    case .setSplitColumns(let split, _, _), .configureSplit(let split, _, _, _): return split
    case .setPages(let page, _, _, _, _, _), .turnPage(let page, _, _, _),
      .beginInteractivePageTurn(let page, _, _):
      return page
    case .setCollectionLayout(let collection, _, _, _),
      .beginInteractiveLayoutTransition(let collection, _, _):
      return collection
    }
  }

  /// The window an operation names directly.
  public var targetWindow: WindowID? {
    switch self {
    case .setRoot(let window, _), .setVisible(let window, _), .resize(let window, _, _),
      .tap(let window, _):
      return window
    default: return nil
    }
  }

  /// Every controller the operation names.
  public var controllerIDs: [ControllerID] {
    switch self {
    case .setRoot(_, let controller): return controller.map { [$0] } ?? []
    case .setVisible, .resize, .tap: return []
    case .addChild(let parent, let child, _, _): return [parent, child]
    case .beginInteractiveTabSelection(let tab, .controller(let controller), _):
      return [tab, controller]
    case .beginInteractiveTabSelection(let tab, _, _): return [tab]
    case .beginAppearanceTransition(let controller, _, _), .endAppearanceTransition(let controller):
      return [controller]
    case .removeFromParent(let child): return [child]
    case .transitionChildren(let container, let from, let to, _): return [container, from, to]
    case .push(let nav, let controller, _, _), .popTo(let nav, let controller, _, _):
      return [nav, controller]
    case .pop(let nav, _, _), .popToRoot(let nav, _, _), .beginInteractivePop(let nav, _):
      return [nav]
    case .setViewControllers(let nav, let list, _, _): return [nav] + list
    case .selectTab(let tab, .controller(let controller), _): return [tab, controller]
    case .selectTab(let tab, _, _): return [tab]
    case .setTabs(let tab, let list): return [tab] + list
    case .present(let presenter, let controller, _, _, _, _),
      .beginInteractivePresent(let presenter, let controller, _, _, _):
      return [presenter, controller]
    case .dismiss(let controller, _, _), .beginInteractiveDismiss(let controller, _):
      return [controller]
    case .show(_, let sender, let controller, _, _): return [sender, controller]
    case .performSegue(let source, _, _, _), .unwind(let source, _, _): return [source]
    case .setSplitColumns(let split, let primary, let secondary):
      return [split, primary] + (secondary.map { [$0] } ?? [])
    case .configureSplit(let split, _, _, _): return [split]
    case .setPages(let page, let list, _, _, _, let source): return [page] + list + (source ?? [])
    case .turnPage(let page, _, _, _), .beginInteractivePageTurn(let page, _, _): return [page]
    case .setCollectionLayout(let collection, _, _, _),
      .beginInteractiveLayoutTransition(let collection, _, _):
      return [collection]
    }
  }
}

/// Who submits an operation and what they expect.
public struct OperationOptions: Hashable, Sendable {
  /// A client-chosen id stamped on every event the operation causes.
  public var traceID: String?
  /// Fail with `CONFLICT` unless the window is at this revision.
  public var expectedRevision: UInt64?
  /// The submitting client (owner of an interactive transition it begins).
  public var owner: OwnerID?

  /// Creates options.
  public init(traceID: String? = nil, expectedRevision: UInt64? = nil, owner: OwnerID? = nil) {
    self.traceID = traceID
    self.expectedRevision = expectedRevision
    self.owner = owner
  }
}

/// The answer to a submitted operation: accepted, started or done.
public struct OperationTicket: Hashable, Sendable {
  /// The operation's id.
  public let operation: OperationID
  /// The window running it; `nil` for controllers in no window.
  public let window: WindowID?
  /// 0 when it started at once, else its 1-based place in the queue.
  public let position: Int
  /// The window's revision after accepting it.
  public let revision: UInt64
  /// The transition it started, if it started one.
  public let transition: TransitionID?
  /// Whether it has already completed.
  public let isCompleted: Bool
  /// Controllers it removed, when it started at once.
  public let removed: [ControllerID]
  /// Controllers it created, when it started at once (see
  /// `OperationOutcome.created`).
  public internal(set) var created: [ControllerID] = []
  /// A segue's destination: when it started, the controller instantiated
  /// or found by the unwind search; while it waits in the queue, the id set
  /// aside for the controller it will instantiate (an unwind's destination
  /// is not known until it starts).
  public internal(set) var destination: ControllerID?
  /// Whether a triggered segue was declined by `shouldPerformSegue`.
  public internal(set) var declined = false
  /// The delegate question it waits for, when it waits for one
  /// (Window+Delegates.swift).
  public internal(set) var delegateCall: UInt64?
  /// Whether it started and changed nothing (popping a root, dismissing
  /// when nothing is presented, selecting the selected tab).
  public let unchanged: Bool
  /// A tap's target and effect, when it started.
  public internal(set) var tap: TapHit?
  /// Whether it started and left the animator it was given unused (a
  /// presentation whose style keeps its built-in look, SEMANTICS §5).
  public internal(set) var animatorNotUsed = false

  /// The ticket of an operation waiting at `position` in `window`'s queue.
  init(
    queued operation: OperationID, window: WindowID, position: Int, revision: UInt64,
    destination: ControllerID?
  ) {
    self.operation = operation
    self.window = window
    self.position = position
    self.revision = revision
    self.transition = nil
    self.isCompleted = false
    self.removed = []
    self.destination = destination
    self.unchanged = false
  }

  /// The ticket of an operation whose turn came and that waits for the
  /// answer to delegate question `call`.
  init(
    awaiting operation: OperationID, window: WindowID, revision: UInt64, call: UInt64,
    destination: ControllerID?
  ) {
    self.init(
      queued: operation, window: window, position: 0, revision: revision,
      destination: destination)
    delegateCall = call
  }

  /// The ticket of an operation that started at once, from the outcome of
  /// its start.
  init(started: OperationOutcome, isCompleted: Bool) {
    operation = started.operation
    window = started.window
    position = 0
    revision = started.revision
    transition = started.transition
    self.isCompleted = isCompleted
    removed = started.removed
    created = started.created
    destination = started.destination
    declined = started.declined
    unchanged = started.unchanged
    tap = started.tap
    animatorNotUsed = started.animatorNotUsed
  }
}

/// A change checked against the current state, ready to run.
struct PreparedChange {
  /// Controllers the change removes from their container.
  var removed: [ControllerID] = []
  /// A segue's destination (instantiated, or found by the unwind search).
  var destination: ControllerID?
  /// Whether `shouldPerformSegue` answered no.
  var declined = false
  /// Whether the change is `nothing`.
  var changesNothing = false
  /// A tap's target and effect.
  var tap: TapHit?
  /// Whether the animator it was given is not used: a presentation or
  /// dismissal whose style keeps its built-in look (SEMANTICS §5).
  var animatorNotUsed = false
  /// Performs the change, for the operation `context` names (`nil`: a
  /// change the model makes by itself, outside any operation).
  let run: (OperationContext?) -> Void

  /// A change that does nothing (popping the root, selecting the selected tab).
  static var nothing: PreparedChange { PreparedChange(changesNothing: true, run: { _ in }) }
}

/// What an operation's change runs with, handed down explicitly from the
/// window that starts it to the code that begins its transition: the
/// operation (its id, trace id, initiator, and the client whose
/// interaction controller drives it), on which the transition it begins is
/// noted.
struct OperationContext {
  /// The operation running.
  let operation: RunningOperation
}

/// What an operation's delegates answered when its turn came (a question
/// that fell back answers `useDefault`), by method, and the frames a size
/// transition's custom presentations answered, by presented controller
/// (Window+Operations.swift asks; `ResolvedOperation.prepare` uses them).
struct DelegateAnswers {
  var byMethod: [DelegateMethod: DelegateAnswer] = [:]
  var frames: [ControllerID: DelegateAnswer] = [:]
  /// The delegate whose interaction controller drives the transition, when
  /// one answered with one.
  var interactionOwner: OwnerID?

  /// Whether nothing was asked yet.
  var isEmpty: Bool { byMethod.isEmpty && frames.isEmpty }

  /// Whether question `method` about `controller` has its answer (or fell
  /// back): the frame questions of a size transition are one per custom
  /// presentation.
  func has(_ method: DelegateMethod, of controller: ControllerID) -> Bool {
    method == .frameOfPresentedView ? frames[controller] != nil : byMethod[method] != nil
  }

  /// The animator a delegate returned, replacing the request's.
  var animator: AnimatorSpec? {
    for (method, answer) in byMethod where method.answerKind == .animator {
      if case .animator(let spec) = answer { return spec }
    }
    return nil
  }

  /// The tracks a custom presentation controller adds alongside its
  /// transition (`presentationTransitionWillBegin`,
  /// `dismissalTransitionWillBegin`).
  var alongside: [TrackSpec] {
    [DelegateMethod.presentationTransitionWillBegin, .dismissalTransitionWillBegin].flatMap {
      method -> [TrackSpec] in
      if case .animator(let spec)? = byMethod[method] { return spec.tracks }
      return []
    }
  }

  /// What `adaptivePresentationStyle` answered, if its delegate did.
  var style: ModalPresentationStyle? {
    if case .style(let style) = byMethod[.adaptivePresentationStyle] { return style }
    return nil
  }

  /// The custom presentation controller a delegate described.
  var presentation: CustomPresentation? {
    for case .presentation(let description) in byMethod.values { return description }
    return nil
  }

  /// The controller `viewControllerForAdaptivePresentationStyle` answered.
  var replacement: ControllerID? {
    for case .controller(let id) in byMethod.values { return id }
    return nil
  }

  /// What `shouldPerformSegue` answered, if its delegate did.
  var shouldPerformSegue: Bool? {
    if case .bool(let answer) = byMethod[.shouldPerformSegue] { return answer }
    return nil
  }

  /// Whether `presentationControllerShouldDismiss` answered no.
  var declinedDismissal: Bool {
    byMethod[.presentationControllerShouldDismiss] == .bool(false)
  }

  /// Whether `tabBarController(_:shouldSelect:)` answered no.
  var declinedSelection: Bool { byMethod[.tabBarShouldSelect] == .bool(false) }
}

/// An operation waiting in a window's queue, or whose turn came and that
/// waits for a delegate's answer.
struct PendingOperation {
  let id: OperationID
  let operation: ResolvedOperation
  let options: OperationOptions
  /// The id set aside for the destination a queued segue instantiates.
  var destination: ControllerID?
  /// What its delegates answered so far.
  var answers = DelegateAnswers()
  /// Set when the client that began it (an interactive transition, which
  /// only its owner ends) disconnected while it waited for a delegate's
  /// answer: when its turn comes back it fails instead of starting.
  var ownerLeft = false
}

/// An operation that started and has not completed.
final class RunningOperation {
  let id: OperationID
  let traceID: String?
  /// What its prepared change said.
  let change: PreparedChange
  /// The client that submitted it (`OperationOptions.owner`): the
  /// initiator of the transition it starts.
  let initiator: OwnerID?
  /// The client whose interaction controller drives its transition
  /// (`DelegateAnswers.interactionOwner`).
  let interactionOwner: OwnerID?
  /// The controllers created as it started.
  var created: [ControllerID] = []
  /// The transition it started, if any.
  var transition: TransitionID?
  /// Set while its change runs: a completion inside it (a transition that
  /// ends at once) is reported after the start, and the window's queue
  /// waits.
  var isStarting = true
  /// A completion that happened while it was starting: whether cancelled.
  var completedWhileStarting: Bool?

  init(
    id: OperationID, traceID: String?, change: PreparedChange, initiator: OwnerID? = nil,
    interactionOwner: OwnerID? = nil
  ) {
    self.id = id
    self.traceID = traceID
    self.change = change
    self.initiator = initiator
    self.interactionOwner = interactionOwner
  }

  /// Its outcome in `phase`, in `window` (nil: no window) at `revision`.
  func outcome(_ phase: OperationOutcome.Phase, window: WindowID?, revision: UInt64)
    -> OperationOutcome
  {
    OperationOutcome(
      operation: id, window: window, phase: phase, revision: revision, transition: transition,
      removed: removed(in: phase), created: created, destination: change.destination,
      declined: change.declined, unchanged: change.changesNothing, tap: change.tap,
      animatorNotUsed: change.animatorNotUsed)
  }

  /// The controllers it removed, as of `phase`: none once its transition
  /// was cancelled (they stayed where they were).
  func removed(in phase: OperationOutcome.Phase) -> [ControllerID] {
    if case .completed(cancelled: true) = phase { return [] }
    return change.removed
  }
}
