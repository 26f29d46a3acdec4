// A view controller manages a root view, created lazily the first time it is
// needed (`viewDidLoad`, once per lifetime), and moves through UIKit's
// appearance state machine:
//
//     disappeared → appearing → appeared → disappearing → disappeared
//
// `viewWillAppear` enters appearing, `viewDidAppear` appeared,
// `viewWillDisappear` disappearing and `viewDidDisappear` disappeared; a
// cancelled transition runs the reverse pair, so appearing may turn into
// disappearing (and back) before its `did` arrives. A phase goes to the
// parent first and is then forwarded to every child whose root view sits in
// the parent's view tree (pre-order: parent, then children).
//
// Containers (navigation, tab bar, split, page, custom) are subclasses, one file each;
// they decide which child views are installed and where.

/// What a controller is.
public enum ControllerKind: String, Hashable, Sendable, CaseIterable {
  /// Manages only its own views.
  case content
  /// `UINavigationController`.
  case navigation
  /// `UITabBarController`.
  case tabBar = "tab"
  /// A generic custom container (`addChild`, `transition(from:to:)`).
  case container
  /// `UISplitViewController`.
  case split
  /// `UIPageViewController`.
  case page
  /// `UICollectionViewController`.
  case collection
}

/// The appearance state machine of SEMANTICS §1.
public enum AppearanceState: String, Hashable, Sendable {
  case disappeared, appearing, appeared, disappearing
}

/// A view controller: a root view, children, and appearance callbacks.
public class ViewController {
  /// Session-scoped id.
  public let id: ControllerID
  /// The client-chosen name (`@Home`), unique in the session. A change
  /// moves the controller in the session's index of identifiers.
  public internal(set) var identifier: String? {
    didSet { session.controller(self, changedIdentifierFrom: oldValue, to: identifier) }
  }
  /// The title (navigation bar, tab item).
  public internal(set) var title: String?
  /// The session the controller lives in.
  public unowned let session: Session
  /// The parent controller.
  public internal(set) weak var parent: ViewController?
  /// The child controllers, in containment order.
  public internal(set) var children: [ViewController] = []
  /// Where the controller is in the appearance state machine.
  public internal(set) var appearance: AppearanceState = .disappeared
  /// The root view, once loaded.
  public internal(set) var viewIfLoaded: View?
  /// The window this controller is the root of.
  weak var hostWindow: Window?
  /// The `animated` flag of the last `will` appearance call, for its `did`.
  var appearanceAnimated = false

  // MARK: Presentation properties (SEMANTICS §4)

  /// `modalPresentationStyle`; `automatic` (a page sheet) by default.
  public internal(set) var modalPresentationStyle: ModalPresentationStyle = .automatic
  /// `modalTransitionStyle`; coverVertical by default.
  public internal(set) var modalTransitionStyle: ModalTransitionStyle = .coverVertical
  /// `definesPresentationContext`: currentContext presentations below this
  /// controller cover its view. True for navigation controllers.
  public internal(set) var definesPresentationContext = false
  /// `providesPresentationContextTransitionStyle`: as a context, this
  /// controller's transition style replaces the presented controller's.
  public internal(set) var providesPresentationContextTransitionStyle = false
  /// `preferredContentSize` (form sheets, popovers); zero sides use defaults.
  public internal(set) var preferredContentSize: Size = .zero
  /// `isModalInPresentation`: a tap outside the presented controller (on
  /// its dimming view) does not dismiss it.
  public internal(set) var isModalInPresentation = false
  /// The controller this one presents (`presentedViewController`).
  public internal(set) var presentedViewController: ViewController?
  /// The presentation that shows this controller, while it is presented.
  public internal(set) var presentation: Presentation?

  // MARK: Layout properties (SEMANTICS §3)

  /// `edgesForExtendedLayout`: the edges along which a navigation or tab
  /// bar controller lets this controller's view go under its translucent
  /// bar; all by default.
  public internal(set) var edgesForExtendedLayout: RectEdges = .all

  // MARK: Appearance forwarding (SEMANTICS §2, seed 003)

  /// `shouldAutomaticallyForwardAppearanceMethods`: whether the controller
  /// passes its appearance phases on to its children. Only a custom
  /// container may turn it off; its client then drives each child's
  /// appearance with `beginAppearanceTransition`/`endAppearanceTransition`
  /// (ViewController+ManualAppearance.swift).
  public internal(set) var shouldAutomaticallyForwardAppearanceMethods = true

  // MARK: Storyboard properties (SEMANTICS §8)

  /// The storyboard scene this controller was instantiated from.
  public internal(set) var scene: SceneReference?
  /// The unwind actions the controller declares (its
  /// `canPerformUnwindSegueAction` answers yes for these).
  public internal(set) var unwindActions: Set<String> = []
  /// What `shouldPerformSegue(withIdentifier:)` answers, by segue
  /// identifier, as a client set it; it replaces the storyboard's
  /// `shouldPerform` for those segues.
  public internal(set) var shouldPerformAnswers: [String: Bool] = [:]

  init(id: ControllerID, session: Session, identifier: String?, title: String?) {
    self.id = id
    self.session = session
    self.identifier = identifier
    self.title = title
  }

  /// What kind of controller this is.
  public var kind: ControllerKind { .content }

  /// The identifier if there is one, else the id: how events print it.
  public var name: String { identifier ?? id.description }

  /// Whether the root view exists.
  public var isViewLoaded: Bool { viewIfLoaded != nil }

  /// The root view, loading it first if needed.
  var view: View {
    loadViewIfNeeded()
    return viewIfLoaded!
  }

  /// Creates the root view (`viewDidLoad`) if it does not exist yet.
  func loadViewIfNeeded() {
    guard viewIfLoaded == nil else { return }
    viewIfLoaded = session.makeView(
      role: .controllerRoot, controller: id, frame: Rect(origin: .zero, size: defaultViewSize),
      color: "systemBackground")
    emit(.viewDidLoad)
    viewDidLoadContents()
  }

  /// The size a freshly loaded view gets before a container lays it out:
  /// the window's size (as a storyboard would).
  private var defaultViewSize: Size {
    window?.size ?? Window.defaultSize
  }

  /// Hook for containers: add chrome and visible children after the root
  /// view loads.
  func viewDidLoadContents() {}

  /// Hook for containers: set the frames of chrome and visible children.
  func layoutContents() {}

  /// Hook for containers: the controllers they hold that may not be among
  /// their children now (tabs in the More list, pages of a data source that
  /// are not shown), destroyed with them (Session+Lifecycle.swift).
  var containerHeldControllers: [ViewController] { [] }

  /// Hook for containers: whether this controller overrides `action`
  /// (`show(_:sender:)` or `showDetailViewController(_:sender:)`), the test
  /// `targetViewController(forAction:sender:)` makes on each controller it
  /// walks past. A navigation controller handles show; a split view
  /// controller would handle both.
  func canShow(_ action: ShowAction) -> Bool { false }

  /// Hook for containers: `allowedChildViewControllersForUnwinding(from:)`,
  /// the children the unwind search looks into, in order, leaving out the
  /// one that holds `source` (the part of the tree the search comes from).
  func allowedChildrenForUnwinding(from source: ViewController?) -> [ViewController] {
    children.filter { child in !(source?.isDescendant(of: child) ?? false) }
  }

  /// Hook for containers: the change that shows `controller` for `action`
  /// sent by `sender`, when `canShow(action)` said yes.
  func prepareShowAsTarget(
    _ action: ShowAction, _ controller: ViewController, sender: ViewController, animated: Bool,
    animator: AnimatorSpec?
  ) throws -> PreparedChange {
    throw CurtainError(.internalError, "\(name) does not handle \(action.rawValue)")
  }

  /// The controller presenting this one (`presentingViewController`),
  /// while it is presented.
  public var presentingViewController: ViewController? { presentation?.presenting }

  /// The window this controller's tree is in, if any: the window of the top
  /// of its parents, following presenters up to the window's root.
  public var window: Window? {
    var node: ViewController = self
    while true {
      if let up = node.parent {
        node = up
      } else if let presenter = node.presentingViewController {
        node = presenter
      } else {
        return node.hostWindow
      }
    }
  }

  /// The top of the parent chain: the window's root or a presented
  /// controller (or a controller in no window).
  var topAncestor: ViewController {
    var node: ViewController = self
    while let up = node.parent { node = up }
    return node
  }

  /// Whether the root view is in a visible window.
  public var isViewInWindow: Bool {
    guard let window = viewIfLoaded?.window else { return false }
    return window.isVisible
  }

  /// Whether `self` is `other` or one of its descendants.
  func isDescendant(of other: ViewController) -> Bool {
    var node: ViewController? = self
    while let current = node {
      if current === other { return true }
      node = current.parent
    }
    return false
  }

  /// Whether `self` is `other`, one of its descendants, or shown through a
  /// presentation by one of them (walking parents and presenters): `other`
  /// then contains `self`, and making `other` a child of `self` would make
  /// a cycle.
  func isWithin(_ other: ViewController) -> Bool {
    var node: ViewController? = self
    while let current = node {
      if current === other { return true }
      node = current.parent ?? current.presentingViewController
    }
    return false
  }

  // MARK: Events

  /// Emits a lifecycle callback of this controller.
  func emit(_ callback: LifecycleCallback) {
    session.emit(.lifecycle(id, callback))
  }

  // MARK: Containment primitives

  /// Records `child` as a child (no callbacks: containers call those).
  func attachChild(_ child: ViewController, at index: Int? = nil) {
    children.insert(child, at: min(index ?? children.count, children.count))
    child.parent = self
    session.emit(.hierarchy(.childAdded(parent: id, child: child.id)))
  }

  /// Forgets `child` (no callbacks: containers call those). Returns the
  /// presentations of its subtree that this ended, for a container that
  /// may bring them back (`Window.restore`).
  @discardableResult
  func detachChild(_ child: ViewController) -> [EndedPresentation] {
    guard child.parent === self else { return [] }
    let ended = child.endPresentationsOfSubtree()
    children.removeAll { $0 === child }
    child.parent = nil
    session.emit(.hierarchy(.childRemoved(parent: id, child: child.id)))
    return ended
  }

  /// Removes `child` from this container without animation, with the
  /// container's usual callbacks, so that it can move to another parent.
  func removeChildForReparenting(_ child: ViewController) {
    (try? prepareRemoveChild(child))?.run(nil)
  }

  /// The custom container's removal, overridden by other containers, in
  /// SEMANTICS §2's order: `willMove(nil)`, `viewWillDisappear(false)` when
  /// it was on screen, the view leaves, `didMove(nil)`, then
  /// `viewDidDisappear(false)`.
  func prepareRemoveChild(_ child: ViewController) throws -> PreparedChange {
    PreparedChange(removed: [child.id]) { [self] context in
      child.emit(.willMove(toParent: nil))
      let disappearing = takeOutChildView(child)
      detachChild(child)
      child.emit(.didMove(toParent: nil))
      if disappearing { child.endAppearance() }
    }
  }

  /// Takes a child's view out of this container, with disappearance
  /// callbacks when it was on screen.
  func removeChildView(_ child: ViewController) {
    if takeOutChildView(child) { child.endAppearance() }
  }

  /// Takes a child's view out of this container without a transition,
  /// calling `viewWillDisappear(false)` first when it was on screen; returns
  /// whether it did, so that the caller sends the `did` half once the
  /// containment calls are done (SEMANTICS §2: `viewDidDisappear` comes
  /// after `didMove(nil)`).
  func takeOutChildView(_ child: ViewController) -> Bool {
    guard let childView = child.viewIfLoaded, childView.superview != nil else { return false }
    // Also from a container that does not forward appearance: a child that
    // leaves it disappears (ViewController+ManualAppearance.swift).
    let wasVisible = child.appearance != .disappeared
    if wasVisible { child.beginAppearance(false, animated: false) }
    childView.removeFromSuperview()
    return wasVisible
  }

  /// If the controller has a parent, removes it from that parent first
  /// (SEMANTICS §2: adding a child that has another parent).
  func leaveCurrentParent() {
    // A tab shown in the More list belongs to the tab bar controller, which
    // drops it from its tabs.
    if let more = parent as? NavigationController, let tabs = more.managingTabBarController,
      more.holdsForTabBar(self)
    {
      tabs.removeChildForReparenting(self)
    } else {
      parent?.removeChildForReparenting(self)
    }
  }

  /// Whether this container shows `child` now (the top of a navigation
  /// stack, the selected tab, a column that shows, a page that shows), so
  /// that a view a presentation took out of it goes back when the
  /// presentation ends. A custom container shows every child.
  func showsView(of child: ViewController) -> Bool { true }

  // MARK: Appearance

  /// The children whose root view is inside this controller's view tree:
  /// those that receive forwarded appearance callbacks (none when the
  /// controller does not forward them automatically).
  /// A child whose view a context presentation took out stands in for it
  /// while this container shows the child.
  var appearanceChildren: [ViewController] {
    guard shouldAutomaticallyForwardAppearanceMethods, let root = viewIfLoaded else { return [] }
    return children.filter { child in
      if child.viewIfLoaded?.isDescendant(of: root) ?? false { return true }
      return child.standsInForFollower && showsView(of: child)
    }
  }

  /// `beginAppearanceTransition(_:animated:)`: the `will` call of a phase,
  /// then forwarded to the children whose views are inside ours.
  /// A presentation that follows this controller (its context) gets the
  /// phase after it and its children; while that presentation took this
  /// controller's view out, the phase goes to the presented controller
  /// alone (`carriesFollower: false`: this controller's own phase, as when
  /// a re-adaptation takes its view out or puts it back).
  func beginAppearance(_ appearing: Bool, animated: Bool, carriesFollower: Bool = true) {
    let follower = carriesFollower ? appearanceFollower : nil
    let followerGoes =
      follower.map { !appearing || ($0.presentation?.isContextShown ?? false) } ?? false
    if carriesFollower, standsInForFollower {
      if let follower, followerGoes { follower.beginAppearance(appearing, animated: animated) }
      return
    }
    let callback: LifecycleCallback
    switch (appearing, appearance) {
    case (true, .disappeared), (true, .disappearing):
      appearance = .appearing
      callback = .viewWillAppear(animated: animated)
    case (false, .appeared), (false, .appearing):
      appearance = .disappearing
      callback = .viewWillDisappear(animated: animated)
    default:
      return
    }
    appearanceAnimated = animated
    emit(callback)
    for child in appearanceChildren { child.beginAppearance(appearing, animated: animated) }
    if let follower, followerGoes { follower.beginAppearance(appearing, animated: animated) }
  }

  /// `endAppearanceTransition()`: the `did` call of the current phase, then
  /// forwarded.
  func endAppearance(carriesFollower: Bool = true) {
    if carriesFollower, standsInForFollower {
      appearanceFollower?.endAppearance()
      return
    }
    let callback: LifecycleCallback
    switch appearance {
    case .appearing:
      appearance = .appeared
      callback = .viewDidAppear(animated: appearanceAnimated)
    case .disappearing:
      appearance = .disappeared
      callback = .viewDidDisappear(animated: appearanceAnimated)
    default:
      return
    }
    emit(callback)
    for child in appearanceChildren { child.endAppearance() }
    if carriesFollower { appearanceFollower?.endAppearance() }
  }

  /// Runs a whole appearance phase at once (non-animated changes).
  func runAppearance(_ appearing: Bool, animated: Bool = false) {
    beginAppearance(appearing, animated: animated)
    endAppearance()
  }
}
