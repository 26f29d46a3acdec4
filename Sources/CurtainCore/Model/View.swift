// A view is a rectangle in a tree of rectangles: the root view of a
// controller, or chrome a container owns (a navigation bar, a tab bar). Its
// model state changes at once when a change is committed; what it looks like
// while animating comes from the window's timeline.

/// What a view is for, so renderers can draw it and tests can find it.
public enum ViewRole: String, Hashable, Sendable {
  /// A window's own view, the top of its view tree.
  case window
  /// The root view of a view controller.
  case controllerRoot
  /// A navigation controller's navigation bar.
  case navigationBar
  /// A tab bar controller's tab bar.
  case tabBar
  /// An item of a tab bar (a subview of the tab bar): the `tabBarItem` of
  /// the controller it selects, which owns it (the More navigation
  /// controller's for the More item).
  case tabBarItem
  /// The dimming view a sheet or popover presentation owns.
  case dimming
  /// An item of a collection view controller's collection view.
  case collectionItem
}

/// A rectangle in the view tree.
public final class View {
  /// Session-scoped id.
  public let id: ViewID
  /// What the view is for.
  public let role: ViewRole
  /// The controller whose root view (or chrome) this is, if any.
  public let controllerID: ControllerID?
  /// The model state: the value once every running animation has ended.
  public internal(set) var state: ViewState
  /// Whether the view is hidden.
  public internal(set) var isHidden = false
  /// A colour name for renderers (`systemBackground`, `systemBlue`, …).
  public internal(set) var backgroundColorName: String
  /// The superview, if the view is in a tree.
  public internal(set) weak var superview: View?
  /// The subviews, back to front.
  public internal(set) var subviews: [View] = []
  /// The window whose view this is, for a window's own view.
  weak var hostWindow: Window?

  init(
    id: ViewID, role: ViewRole, controllerID: ControllerID?, frame: Rect,
    backgroundColorName: String
  ) {
    self.id = id
    self.role = role
    self.controllerID = controllerID
    self.state = ViewState(frame: frame)
    self.backgroundColorName = backgroundColorName
  }

  /// The model frame in the superview's coordinates.
  public var frame: Rect {
    get { state.frame }
    set { state.frame = newValue }
  }

  /// The model bounds.
  public var bounds: Rect { state.bounds }

  /// The model centre.
  public var center: Point { state.center }

  /// The model alpha.
  public var alpha: Double { state.alpha }

  /// The model transform.
  public var transform: AffineTransform { state.transform }

  /// The model corner radius.
  public var cornerRadius: Double { state.cornerRadius }

  /// Adds `view` on top of the subviews, removing it from its old superview.
  func addSubview(_ view: View) {
    insertSubview(view, at: subviews.count)
  }

  /// Inserts `view` at `index` among the subviews (clamped).
  func insertSubview(_ view: View, at index: Int) {
    view.removeFromSuperview()
    subviews.insert(view, at: min(max(0, index), subviews.count))
    view.superview = self
  }

  /// Inserts `view` just below `sibling` (on top when `sibling` is not a subview).
  func insertSubview(_ view: View, below sibling: View) {
    view.removeFromSuperview()
    let index = subviews.firstIndex { $0 === sibling } ?? subviews.count
    insertSubview(view, at: index)
  }

  /// Inserts `view` just above `sibling` (on top when `sibling` is not a subview).
  func insertSubview(_ view: View, above sibling: View) {
    view.removeFromSuperview()
    let index = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
    insertSubview(view, at: index)
  }

  /// Takes the view out of its superview.
  func removeFromSuperview() {
    guard let parent = superview else { return }
    parent.subviews.removeAll { $0 === self }
    superview = nil
  }

  /// Whether `self` is `view` or one of its descendants.
  func isDescendant(of view: View) -> Bool {
    var current: View? = self
    while let node = current {
      if node === view { return true }
      current = node.superview
    }
    return false
  }

  /// The window whose view tree holds this view, if any.
  public var window: Window? {
    var current: View = self
    while let parent = current.superview { current = parent }
    return current.hostWindow
  }

  /// The model frame in the window's coordinates (transforms ignored).
  public var frameInWindow: Rect {
    var rect = frame
    var current = superview
    while let node = current, node.role != .window {
      rect = rect.offsetBy(
        dx: node.frame.minX - node.bounds.minX, dy: node.frame.minY - node.bounds.minY)
      current = node.superview
    }
    return rect
  }

  /// This view and all its descendants, depth first, back to front.
  var subtree: [View] {
    [self] + subviews.flatMap(\.subtree)
  }
}
