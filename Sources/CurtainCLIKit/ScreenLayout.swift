// What a window looks like, as a flat list of boxes: the view tree of a
// `Tree` walked back to front, each view's rectangle taken to window
// coordinates through its ancestors (centre, bounds and transform, as Core
// Animation composes layers), with the opacity it inherits and a label
// naming what it shows. `curtain watch` draws these boxes on a character
// grid and `curtain snapshot` writes the view tree as SVG; both start here.
//
// Presentation values from a frame replace a view's state: views absent
// from a frame keep the values the tree has.

public import CurtainCore
public import CurtainWire

/// One view as drawn.
public struct ScreenBox: Equatable, Sendable {
  /// The view.
  public var viewID: UInt64
  /// What the view is for (`window`, `controllerRoot`, `navigationBar`, …).
  public var role: String
  /// The text shown in the box (see `ScreenLayout.label`).
  public var label: String
  /// The smallest rectangle in window coordinates holding the view's
  /// transformed bounds.
  public var rect: Rect
  /// The view's opacity times its ancestors'.
  public var alpha: Double
  /// How far below the box's top its label goes (points): the top of the
  /// safe area for a controller's view that extends under a navigation
  /// bar (SEMANTICS §3), so that the bar does not hide it; else 0.
  public var labelInset: Double = 0
}

/// Flattening a view tree into boxes and naming what each box shows.
public enum ScreenLayout {
  /// Views at or below this opacity (with their subviews) are not drawn.
  public static let invisibleAlpha = 0.01

  /// The visible views of `tree`, back to front. `overrides` (a frame's
  /// presentation values by view id) replace the tree's states. Hidden
  /// views, views with opacity at most `invisibleAlpha` and their subviews
  /// are left out, and so are tab bar items (the tab bar's label names
  /// them). `labels` names the boxes (default: the tree's
  /// controllers).
  public static func boxes(
    of tree: Curtain_V1_Tree, overrides: [UInt64: Curtain_V1_ViewState] = [:],
    labels: ControllerLabels? = nil
  ) -> [ScreenBox] {
    guard tree.hasView else { return [] }
    let names = labels ?? ControllerLabels(tree)
    var boxes: [ScreenBox] = []
    func visit(_ node: Curtain_V1_ViewNode, parent: AffineTransform, alpha: Double) {
      guard !node.hidden else { return }
      let state = overrides[node.id] ?? node.state
      let opacity = alpha * state.alpha
      guard opacity > invisibleAlpha else { return }
      let toWindow = localTransform(state).concatenating(parent)
      let bounds = Rect(state.bounds)
      // A tab bar's label names its items: on a character grid their own
      // boxes would only draw over it.
      guard node.role != "tabBarItem" else { return }
      boxes.append(
        ScreenBox(
          viewID: node.id, role: node.role, label: names.label(of: node),
          rect: boundingBox(of: bounds, through: toWindow), alpha: opacity,
          labelInset: names.labelInset(of: node)))
      for subview in node.subviews {
        visit(subview, parent: toWindow, alpha: opacity)
      }
    }
    visit(tree.view, parent: .identity, alpha: 1)
    return boxes
  }

  /// The transform from a view's bounds coordinates to its superview's:
  /// a point p goes to centre + T·(p − middle of the bounds).
  public static func localTransform(_ state: Curtain_V1_ViewState) -> AffineTransform {
    let transform = state.hasTransform ? AffineTransform(state.transform) : .identity
    let bounds = Rect(state.bounds)
    let frame = Rect(state.frame)
    let linear = AffineTransform(
      a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
    let middle = linear.apply(to: bounds.center)
    return AffineTransform(
      a: transform.a, b: transform.b, c: transform.c, d: transform.d,
      tx: frame.midX - middle.x + transform.tx, ty: frame.midY - middle.y + transform.ty)
  }

  /// The axis-aligned rectangle around `rect`'s corners mapped by
  /// `transform`.
  static func boundingBox(of rect: Rect, through transform: AffineTransform) -> Rect {
    let corners = [
      Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
      Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
    ].map(transform.apply)
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let minX = xs.min() ?? 0
    let minY = ys.min() ?? 0
    return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
  }
}

/// The controllers of a tree by id (children and presented controllers),
/// and the labels of the views they own.
public struct ControllerLabels {
  private var controllers: [UInt64: Curtain_V1_ControllerNode] = [:]
  /// Names of controllers that are not in the tree.
  private var others: [UInt64: String] = [:]
  private let windowID: UInt64

  /// Indexes the controllers of `tree`; `others` (the session's
  /// controllers, from ListControllers) names the views of controllers that
  /// have left the tree but still animate, such as a controller being
  /// popped.
  public init(_ tree: Curtain_V1_Tree, others infos: [Curtain_V1_ControllerInfo] = []) {
    windowID = tree.window.id
    for info in infos {
      others[info.id] = Self.name(identifier: info.identifier, title: info.title, id: info.id)
    }
    func index(_ node: Curtain_V1_ControllerNode) {
      controllers[node.id] = node
      node.children.forEach(index)
      if node.hasPresented { index(node.presented) }
    }
    if tree.hasRoot { index(tree.root) }
  }

  /// The ids of every controller of the tree and of `others`.
  public var ids: Set<UInt64> { Set(controllers.keys).union(others.keys) }

  /// A controller's name: its identifier, else its title, else `c<id>`.
  public func name(of id: UInt64) -> String {
    guard let node = controllers[id] else { return others[id] ?? "c\(id)" }
    return Self.name(identifier: node.identifier, title: node.title, id: id)
  }

  private static func name(identifier: String, title: String, id: UInt64) -> String {
    if !identifier.isEmpty { return identifier }
    if !title.isEmpty { return title }
    return "c\(id)"
  }

  /// What a view's box shows: `w1` for the window, the controller's name
  /// for its root view, the top controller's name for a navigation bar,
  /// the tabs for a tab bar (the selected one in brackets; beyond five
  /// tabs, four and `More`), nothing for a dimming view or a tab bar item
  /// (the bar names it), its number from 1 for a collection view's item,
  /// and the role for anything else.
  public func label(of view: Curtain_V1_ViewNode) -> String {
    switch view.role {
    case "window":
      return "w\(windowID)"
    case "controllerRoot":
      return name(of: view.controllerID)
    case "navigationBar":
      guard let top = controllers[view.controllerID]?.children.last else { return "" }
      return name(of: top.id)
    case "tabBar":
      return tabs(of: view.controllerID)
    case "dimming", "tabBarItem":
      return ""
    case "collectionItem":
      guard let items = controllers[view.controllerID]?.collection.itemViewIds,
        let index = items.firstIndex(of: view.id)
      else { return "" }
      return String(index + 1)
    default:
      return view.role
    }
  }

  /// Where a view's label goes below its top (`ScreenBox.labelInset`): the
  /// safe area's top for the root view of a controller under the bars.
  public func labelInset(of view: Curtain_V1_ViewNode) -> Double {
    guard view.role == "controllerRoot", let node = controllers[view.controllerID],
      node.underBars
    else { return 0 }
    return max(0, node.safeAreaInsets.top)
  }

  /// `[Home] Settings`, or with more than five tabs `A B C D [More]`.
  private func tabs(of id: UInt64) -> String {
    let bar = tabItems(of: id)
    return bar.items.enumerated().map { $0.offset == bar.selected ? "[\($0.element)]" : $0.element }
      .joined(separator: " ")
  }

  /// The items a tab bar controller's tab bar shows and the selected one
  /// (-1 for none): its tabs' names, or with more than five tabs the first
  /// four and `More`.
  public func tabItems(of id: UInt64) -> (items: [String], selected: Int) {
    guard let node = controllers[id] else { return ([], -1) }
    var items = node.children.map { name(of: $0.id) }
    var selected = Int(node.selectedIndex)
    if items.count > 5 {
      items = Array(items.prefix(4)) + ["More"]
      if selected < 0 || selected >= 4 { selected = 4 }
    }
    return (items, selected)
  }
}
