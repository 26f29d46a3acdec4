// The tree of a window, as UIKit's `_printHierarchy` prints it (one line per
// controller, children indented with `   | `), and the same as a structured
// value for JSON and the wire.

/// One controller of a tree, with its children.
public struct ControllerNode: Hashable, Sendable, Codable {
  /// The controller's id.
  public let id: ControllerID
  /// Its kind.
  public let kind: ControllerKind
  /// Its client identifier.
  public let identifier: String?
  /// Its title.
  public let title: String?
  /// Its appearance state.
  public let appearance: AppearanceState
  /// Its root view, if loaded.
  public let view: ViewID?
  /// The root view's model frame in its superview, if loaded.
  public let frame: Rect?
  /// Whether the root view is in the window.
  public let isViewInWindow: Bool
  /// For tab bar controllers: the selected index (`nil` for More or none).
  public let selectedIndex: Int?
  /// The children, in order (a navigation controller's stack bottom to top).
  public let children: [ControllerNode]
}

/// A window and its controller tree.
public struct WindowNode: Hashable, Sendable, Codable {
  /// The window's id.
  public let id: WindowID
  /// Size, safe area, scale.
  public let metrics: WindowMetrics
  /// The traits in force.
  public let traits: TraitCollection
  /// Whether it is visible.
  public let isVisible: Bool
  /// The revision.
  public let revision: UInt64
  /// The model time.
  public let time: Double
  /// The root controller's tree.
  public let root: ControllerNode?
}

extension ViewController {
  /// This controller and its descendants as a structured value.
  public var node: ControllerNode {
    ControllerNode(
      id: id, kind: kind, identifier: identifier, title: title, appearance: appearance,
      view: viewIfLoaded?.id, frame: viewIfLoaded?.frame,
      isViewInWindow: viewIfLoaded?.window != nil,
      selectedIndex: (self as? TabBarController)?.selectedIndex,
      children: children.map(\.node))
  }

  /// `_printHierarchy`: one line per controller, children indented.
  public var hierarchyDescription: String {
    node.lines(depth: 0).joined(separator: "\n")
  }
}

extension ControllerNode {
  /// The line describing this controller alone.
  public var summary: String {
    var text = "\(id) \(kind.rawValue)"
    if let identifier { text += " @\(identifier)" }
    if let title { text += " \"\(title)\"" }
    text += ", state: \(appearance.rawValue)"
    if let view, let frame {
      text += ", view: \(view) \(frame)"
      if !isViewInWindow { text += " not in the window" }
    } else {
      text += ", view: not loaded"
    }
    if kind == .tabBar { text += ", selected: \(selectedIndex.map(String.init) ?? "more")" }
    return text
  }

  func lines(depth: Int) -> [String] {
    let prefix = String(repeating: "   | ", count: depth)
    return [prefix + summary] + children.flatMap { $0.lines(depth: depth + 1) }
  }
}

extension Window {
  /// The window and its tree as a structured value.
  public var node: WindowNode {
    WindowNode(
      id: id, metrics: metrics, traits: traitCollection, isVisible: isVisible,
      revision: revision, time: time, root: rootViewController?.node)
  }

  /// A header line for the window, then `_printHierarchy` of its root.
  public var hierarchyDescription: String {
    let traits = traitCollection
    var lines = [
      "\(id) \(size) scale \(formatPoints(metrics.scale)) "
        + "\(traits.horizontalSizeClass.rawValue)×\(traits.verticalSizeClass.rawValue) "
        + "safe area \(safeAreaInsets) revision \(revision)"
        + (isVisible ? "" : " hidden")
    ]
    if let root = rootViewController {
      lines += root.node.lines(depth: 0)
    } else {
      lines.append("(no root view controller)")
    }
    return lines.joined(separator: "\n")
  }
}
