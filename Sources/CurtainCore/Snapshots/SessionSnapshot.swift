// A snapshot is a full description of a quiescent session as plain values:
// every window (metrics, clock, revision, time, event ring), every view
// (state and place in its tree), every controller with every property it
// has (containment, stacks, tabs and More, split and page state, the
// presentation that shows it), the loaded storyboards, the id counters and
// the detached controllers' events. `Session.snapshot()` takes one and
// `Session(restoring:configuration:)` rebuilds the session from it, object
// for object and id for id.
//
// A session is quiescent when no transition runs, no operation waits and
// nothing animates: running transitions hold closures (the containers'
// bookkeeping, coordinator handlers), which values cannot describe. The
// daemon snapshots a session at such a moment and keeps a journal of what
// happened since (docs/durability.md). The snapshot's bytes are made
// elsewhere: CurtainWire maps it to the protobuf session image
// (SessionSnapshot+Image.swift), which the daemon stores and exports.
//
// References between objects are ids. A controller's parent is the
// controller whose `children` list it; a view's superview the view whose
// `subviews` list it; a window's view and a root controller's window come
// from the window. The snapshot says each fact once, so a restored session
// cannot hold two versions of it.

/// A quiescent session as values (see the file's header).
public struct SessionSnapshot: Hashable, Sendable {
  /// The session's name.
  public var name: String
  /// The next id of each kind.
  public var nextIDs: IdentifierCounters
  /// The windows, by id.
  public var windows: [WindowSnapshot]
  /// The controllers, by id.
  public var controllers: [ControllerSnapshot]
  /// The views, by id (windows' own views included).
  public var views: [ViewSnapshot]
  /// The loaded storyboards, by name.
  public var storyboards: [Storyboard]
  /// The events of controllers in no window.
  public var detachedEvents: EventLogSnapshot
  /// Why the transitions the session remembers ended, oldest first
  /// (`Session.ending(of:)`).
  public var endings: [RememberedEnding] = []
  /// The names of deleted controllers that their last events still use,
  /// oldest first.
  public var departedNames: [DepartedName] = []
  /// The remote delegates registered (Session+Delegates.swift), by
  /// controller and role, and the next delegate call id. A daemon's own
  /// stores keep the registrations; a portable document has none (they
  /// belong to connections).
  public var delegates: [DelegateRegistration] = []
  public var nextDelegateCall: UInt64 = 1

  /// Creates a snapshot.
  public init(
    name: String, nextIDs: IdentifierCounters, windows: [WindowSnapshot],
    controllers: [ControllerSnapshot], views: [ViewSnapshot], storyboards: [Storyboard],
    detachedEvents: EventLogSnapshot
  ) {
    self.name = name
    self.nextIDs = nextIDs
    self.windows = windows
    self.controllers = controllers
    self.views = views
    self.storyboards = storyboards
    self.detachedEvents = detachedEvents
  }
}

/// Why a transition ended, as the session remembers it.
public struct RememberedEnding: Hashable, Sendable {
  /// The transition.
  public var transition: TransitionID
  /// Why it ended.
  public var ending: TransitionEnding

  /// Creates an entry.
  public init(transition: TransitionID, ending: TransitionEnding) {
    self.transition = transition
    self.ending = ending
  }
}

/// The name a deleted controller had.
public struct DepartedName: Hashable, Sendable {
  /// The deleted controller.
  public var controller: ControllerID
  /// Its name (`@Identifier` or its id).
  public var name: String

  /// Creates an entry.
  public init(controller: ControllerID, name: String) {
    self.controller = controller
    self.name = name
  }
}

/// The next id a session hands out, per kind.
public struct IdentifierCounters: Hashable, Sendable {
  /// The next window id.
  public var window: UInt64
  /// The next controller id.
  public var controller: UInt64
  /// The next view id.
  public var view: UInt64
  /// The next transition id.
  public var transition: UInt64
  /// The next operation id.
  public var operation: UInt64

  /// Creates the counters.
  public init(
    window: UInt64, controller: UInt64, view: UInt64, transition: UInt64, operation: UInt64
  ) {
    self.window = window
    self.controller = controller
    self.view = view
    self.transition = transition
    self.operation = operation
  }
}

/// An event log: the sequence number of its newest event and the events it
/// still keeps, oldest first, ending with that one.
public struct EventLogSnapshot: Hashable, Sendable {
  /// The newest event's sequence number (0 before the first).
  public var lastSeq: UInt64
  /// The kept events, oldest first.
  public var events: [Event]

  /// Creates a log snapshot.
  public init(lastSeq: UInt64, events: [Event]) {
    self.lastSeq = lastSeq
    self.events = events
  }
}

/// A window.
public struct WindowSnapshot: Hashable, Sendable {
  /// Its id.
  public var id: WindowID
  /// Its own view (role `window`).
  public var view: ViewID
  /// Size, safe area, scale, idiom and explicit traits.
  public var metrics: WindowMetrics
  /// How its time moves.
  public var clockMode: ClockMode
  /// The root controller.
  public var root: ControllerID?
  /// Whether it is visible.
  public var isVisible: Bool
  /// Its revision.
  public var revision: UInt64
  /// Its model time.
  public var time: Double
  /// Its event log.
  public var events: EventLogSnapshot
  /// The next id its timeline gives an animation.
  public var nextAnimationID: UInt64

  /// Creates a window snapshot.
  public init(
    id: WindowID, view: ViewID, metrics: WindowMetrics, clockMode: ClockMode, root: ControllerID?,
    isVisible: Bool, revision: UInt64, time: Double, events: EventLogSnapshot,
    nextAnimationID: UInt64
  ) {
    self.id = id
    self.view = view
    self.metrics = metrics
    self.clockMode = clockMode
    self.root = root
    self.isVisible = isVisible
    self.revision = revision
    self.time = time
    self.events = events
    self.nextAnimationID = nextAnimationID
  }
}

/// A view.
public struct ViewSnapshot: Hashable, Sendable {
  /// Its id.
  public var id: ViewID
  /// What it is for.
  public var role: ViewRole
  /// The controller whose root view or chrome it is.
  public var controller: ControllerID?
  /// Its model state.
  public var state: ViewState
  /// Whether it is hidden.
  public var isHidden: Bool
  /// Its colour name.
  public var backgroundColorName: String
  /// Its subviews, back to front.
  public var subviews: [ViewID]

  /// Creates a view snapshot.
  public init(
    id: ViewID, role: ViewRole, controller: ControllerID?, state: ViewState, isHidden: Bool,
    backgroundColorName: String, subviews: [ViewID]
  ) {
    self.id = id
    self.role = role
    self.controller = controller
    self.state = state
    self.isHidden = isHidden
    self.backgroundColorName = backgroundColorName
    self.subviews = subviews
  }
}

/// A controller and every property it has.
public struct ControllerSnapshot: Hashable, Sendable {
  /// Its id.
  public var id: ControllerID
  /// Its kind.
  public var kind: ControllerKind
  /// Its identifier.
  public var identifier: String?
  /// Its title.
  public var title: String?
  /// Its children, in containment order.
  public var children: [ControllerID]
  /// Its appearance state.
  public var appearance: AppearanceState
  /// The `animated` flag of its last `will` appearance callback.
  public var appearanceAnimated: Bool
  /// Its root view, once loaded.
  public var view: ViewID?
  /// The window it is the root of.
  public var hostWindow: WindowID?
  /// `modalPresentationStyle`.
  public var modalPresentationStyle: ModalPresentationStyle
  /// `modalTransitionStyle`.
  public var modalTransitionStyle: ModalTransitionStyle
  /// `definesPresentationContext`.
  public var definesPresentationContext: Bool
  /// `providesPresentationContextTransitionStyle`.
  public var providesPresentationContextTransitionStyle: Bool
  /// `preferredContentSize`.
  public var preferredContentSize: Size
  /// `isModalInPresentation`.
  public var isModalInPresentation: Bool
  /// `edgesForExtendedLayout`.
  public var edgesForExtendedLayout: RectEdges
  /// `shouldAutomaticallyForwardAppearanceMethods` (false only for custom
  /// containers).
  public var shouldAutomaticallyForwardAppearanceMethods: Bool
  /// The controller it presents.
  public var presented: ControllerID?
  /// The presentation that shows it.
  public var presentation: PresentationSnapshot?
  /// The storyboard scene it was instantiated from.
  public var scene: SceneReference?
  /// The unwind actions it declares, sorted.
  public var unwindActions: [String]
  /// Its answers to `shouldPerformSegue`, by segue identifier.
  public var shouldPerformAnswers: [String: Bool]
  /// What its kind of container keeps.
  public var container: ContainerSnapshot

  /// Creates a controller snapshot.
  public init(
    id: ControllerID, kind: ControllerKind, identifier: String?, title: String?,
    children: [ControllerID], appearance: AppearanceState, appearanceAnimated: Bool,
    view: ViewID?, hostWindow: WindowID?, modalPresentationStyle: ModalPresentationStyle,
    modalTransitionStyle: ModalTransitionStyle, definesPresentationContext: Bool,
    providesPresentationContextTransitionStyle: Bool, preferredContentSize: Size,
    isModalInPresentation: Bool, edgesForExtendedLayout: RectEdges,
    shouldAutomaticallyForwardAppearanceMethods: Bool, presented: ControllerID?,
    presentation: PresentationSnapshot?, scene: SceneReference?,
    unwindActions: [String], shouldPerformAnswers: [String: Bool], container: ContainerSnapshot
  ) {
    self.id = id
    self.kind = kind
    self.identifier = identifier
    self.title = title
    self.children = children
    self.appearance = appearance
    self.appearanceAnimated = appearanceAnimated
    self.view = view
    self.hostWindow = hostWindow
    self.modalPresentationStyle = modalPresentationStyle
    self.modalTransitionStyle = modalTransitionStyle
    self.definesPresentationContext = definesPresentationContext
    self.providesPresentationContextTransitionStyle = providesPresentationContextTransitionStyle
    self.preferredContentSize = preferredContentSize
    self.isModalInPresentation = isModalInPresentation
    self.edgesForExtendedLayout = edgesForExtendedLayout
    self.shouldAutomaticallyForwardAppearanceMethods = shouldAutomaticallyForwardAppearanceMethods
    self.presented = presented
    self.presentation = presentation
    self.scene = scene
    self.unwindActions = unwindActions
    self.shouldPerformAnswers = shouldPerformAnswers
    self.container = container
  }
}

/// What a container keeps besides its children, per kind.
public enum ContainerSnapshot: Hashable, Sendable {
  /// A content controller: nothing.
  case content
  /// A navigation controller.
  case navigation(NavigationSnapshot)
  /// A tab bar controller.
  case tabBar(TabBarSnapshot)
  /// A split view controller.
  case split(SplitSnapshot)
  /// A page view controller.
  case page(PageSnapshot)
  /// A collection view controller.
  case collection(CollectionSnapshot)
  /// A custom container.
  case container(CustomContainerSnapshot)
}

/// A navigation controller's own state (its stack is its children).
public struct NavigationSnapshot: Hashable, Sendable {
  /// Its navigation bar, once its view is loaded.
  public var navigationBar: ViewID?
  /// The tab bar controller whose More navigation controller it is.
  public var managingTabBarController: ControllerID?
  /// Whether its bar is translucent.
  public var isBarTranslucent: Bool

  /// Creates the state.
  public init(
    navigationBar: ViewID?, managingTabBarController: ControllerID?, isBarTranslucent: Bool
  ) {
    self.navigationBar = navigationBar
    self.managingTabBarController = managingTabBarController
    self.isBarTranslucent = isBarTranslucent
  }
}

/// A tab bar controller's own state.
public struct TabBarSnapshot: Hashable, Sendable {
  /// The tabs, in order.
  public var viewControllers: [ControllerID]
  /// The selected index (`nil`: none, or the More list).
  public var selectedIndex: Int?
  /// Its tab bar, once its view is loaded.
  public var tabBar: ViewID?
  /// The More navigation controller.
  public var moreNavigationController: ControllerID?
  /// The More list.
  public var moreListController: ControllerID?
  /// The controller whose view is installed.
  public var shownController: ControllerID?
  /// Whether its bar is translucent.
  public var isBarTranslucent: Bool

  /// Creates the state.
  public init(
    viewControllers: [ControllerID], selectedIndex: Int?, tabBar: ViewID?,
    moreNavigationController: ControllerID?, moreListController: ControllerID?,
    shownController: ControllerID?, isBarTranslucent: Bool
  ) {
    self.viewControllers = viewControllers
    self.selectedIndex = selectedIndex
    self.tabBar = tabBar
    self.moreNavigationController = moreNavigationController
    self.moreListController = moreListController
    self.shownController = shownController
    self.isBarTranslucent = isBarTranslucent
  }
}

/// A split view controller's own state.
public struct SplitSnapshot: Hashable, Sendable {
  /// The primary column's controller.
  public var primary: ControllerID?
  /// The secondary column's controller.
  public var secondary: ControllerID?
  /// The preferred display mode and widths.
  public var preferences: SplitPreferences
  /// Whether it is collapsed.
  public var isCollapsed: Bool

  /// Creates the state.
  public init(
    primary: ControllerID?, secondary: ControllerID?, preferences: SplitPreferences,
    isCollapsed: Bool
  ) {
    self.primary = primary
    self.secondary = secondary
    self.preferences = preferences
    self.isCollapsed = isCollapsed
  }
}

/// A page view controller's own state.
public struct PageSnapshot: Hashable, Sendable {
  /// Style, orientation and spine.
  public var options: PageOptions
  /// The pages shown.
  public var viewControllers: [ControllerID]
  /// The pages `turnPage` moves through.
  public var dataSource: [ControllerID]

  /// Creates the state.
  public init(options: PageOptions, viewControllers: [ControllerID], dataSource: [ControllerID]) {
    self.options = options
    self.viewControllers = viewControllers
    self.dataSource = dataSource
  }
}

/// A collection view controller's own state.
public struct CollectionSnapshot: Hashable, Sendable {
  /// The item count, layout and `useLayoutToLayoutNavigationTransitions`.
  public var options: CollectionOptions
  /// The item views, in item order, once the view is loaded.
  public var itemViews: [ViewID]

  /// Creates the state.
  public init(options: CollectionOptions, itemViews: [ViewID]) {
    self.options = options
    self.itemViews = itemViews
  }
}

/// A custom container's own state.
public struct CustomContainerSnapshot: Hashable, Sendable {
  /// The frames clients gave when adding children.
  public var childFrames: [ControllerID: Rect]
  /// The children added without their view, which no transition has
  /// installed yet.
  public var childrenAwaitingView: Set<ControllerID>

  /// Creates the state.
  public init(childFrames: [ControllerID: Rect], childrenAwaitingView: Set<ControllerID>) {
    self.childFrames = childFrames
    self.childrenAwaitingView = childrenAwaitingView
  }
}

/// A live presentation (owned by the presented controller).
public struct PresentationSnapshot: Hashable, Sendable {
  /// The presenting controller.
  public var presenting: ControllerID
  /// The style asked for.
  public var requestedStyle: ModalPresentationStyle
  /// The adaptive style the client asked for.
  public var adaptiveStyle: ModalPresentationStyle?
  /// The style in force.
  public var style: ModalPresentationStyle
  /// Whether a sheet shows as the compact-width card.
  public var isCard: Bool
  /// The transition style.
  public var transitionStyle: ModalTransitionStyle
  /// The context controller's superview (currentContext styles).
  public var contextContainer: ViewID?
  /// The window's view.
  public var windowView: ViewID
  /// Its dimming view.
  public var dimmingView: ViewID?
  /// A popover's source.
  public var popover: PopoverAnchorSnapshot?
  /// The views a tap on the dimming view reaches, in the order given.
  public var passthroughViews: [ViewID]
  /// Where the presenter's view was when the presentation took it out.
  public var removedPresenterSlot: PresenterSlot?
  /// The adaptive delegate's replacement controller.
  public var replacement: ControllerID?
  /// While the replacement is shown (it is the presented controller): the
  /// controller asked for.
  public var original: ControllerID?
  /// Whether it completed and no dismissal began.
  public var isEstablished: Bool
  /// Whether the presented view left the window with its context.
  public var viewHiddenWithContext: Bool
  /// Whether the dimming view left the window with the context.
  public var dimmingHiddenWithContext: Bool
  /// A custom presentation's description.
  public var custom: CustomPresentation?
  /// Where the popover is.
  public var popoverPlacement: PopoverPlacement?

  /// Creates a presentation snapshot.
  public init(
    presenting: ControllerID, requestedStyle: ModalPresentationStyle,
    adaptiveStyle: ModalPresentationStyle?, style: ModalPresentationStyle, isCard: Bool,
    transitionStyle: ModalTransitionStyle, contextContainer: ViewID?, windowView: ViewID,
    dimmingView: ViewID?, popover: PopoverAnchorSnapshot?, passthroughViews: [ViewID],
    removedPresenterSlot: PresenterSlot?, replacement: ControllerID? = nil,
    original: ControllerID? = nil, isEstablished: Bool, viewHiddenWithContext: Bool,
    dimmingHiddenWithContext: Bool,
    custom: CustomPresentation?, popoverPlacement: PopoverPlacement?
  ) {
    self.presenting = presenting
    self.requestedStyle = requestedStyle
    self.adaptiveStyle = adaptiveStyle
    self.style = style
    self.isCard = isCard
    self.transitionStyle = transitionStyle
    self.contextContainer = contextContainer
    self.windowView = windowView
    self.dimmingView = dimmingView
    self.popover = popover
    self.passthroughViews = passthroughViews
    self.removedPresenterSlot = removedPresenterSlot
    self.replacement = replacement
    self.original = original
    self.isEstablished = isEstablished
    self.viewHiddenWithContext = viewHiddenWithContext
    self.dimmingHiddenWithContext = dimmingHiddenWithContext
    self.custom = custom
    self.popoverPlacement = popoverPlacement
  }
}

/// A popover's resolved source.
public struct PopoverAnchorSnapshot: Hashable, Sendable {
  /// The source view (the bar, for a bar button item).
  public var view: ViewID
  /// The rectangle given (`nil`: the view's bounds, as they change).
  public var rect: Rect?
  /// The bar button item pointed at, and the container whose bar holds it.
  public var barItem: BarItemAnchorSnapshot?
  /// The permitted arrow directions.
  public var permittedArrowDirections: PopoverArrowDirections

  /// Creates the source.
  public init(
    view: ViewID, rect: Rect?, barItem: BarItemAnchorSnapshot?,
    permittedArrowDirections: PopoverArrowDirections
  ) {
    self.view = view
    self.rect = rect
    self.barItem = barItem
    self.permittedArrowDirections = permittedArrowDirections
  }
}

/// A bar button item a popover points at.
public struct BarItemAnchorSnapshot: Hashable, Sendable {
  /// The item.
  public var item: BarItem
  /// The navigation or tab bar controller whose bar holds it.
  public var container: ControllerID

  /// Creates the anchor.
  public init(item: BarItem, container: ControllerID) {
    self.item = item
    self.container = container
  }
}

/// Where a view was in its superview.
public struct PresenterSlot: Hashable, Sendable {
  /// The superview.
  public var superview: ViewID
  /// The index among its subviews.
  public var index: Int

  /// Creates the slot.
  public init(superview: ViewID, index: Int) {
    self.superview = superview
    self.index = index
  }
}
