// The tree of a window, as UIKit's `_printHierarchy` prints it (one line per
// controller, children indented with `   | `, the controller a controller
// presents with `   + `), and the same as a structured value for JSON and
// the wire.

/// How a presented controller is presented.
public struct PresentationNode: Hashable, Sendable {
  /// The presenting controller.
  public let presenting: ControllerID
  /// The style asked for (`automatic` resolved).
  public let requestedStyle: ModalPresentationStyle
  /// The style in force after adaptation.
  public let style: ModalPresentationStyle
  /// Whether a sheet shows as the compact-width card.
  public let isCard: Bool
  /// The transition style.
  public let transitionStyle: ModalTransitionStyle
  /// The presented view's model frame in the presentation's container.
  public let frame: Rect?
  /// Popovers: the source view.
  public var sourceView: ViewID? = nil
  /// Popovers: the source rectangle in the source view's coordinates.
  public var sourceRect: Rect? = nil
  /// Popovers: the permitted arrow directions.
  public var permittedArrowDirections: PopoverArrowDirections? = nil
  /// Popovers pointing at a bar button item: the item.
  public var sourceBarItem: BarItem? = nil
  /// Popovers: the passthrough views.
  public var passthroughViews: [ViewID] = []
  /// Where the popover is, while the style in force is popover.
  public var popoverPlacement: PopoverPlacement? = nil
  /// Custom presentations: the client's description, when it gave one.
  public var custom: CustomPresentation? = nil
}

/// A split view controller's state.
public struct SplitNode: Hashable, Sendable {
  /// Whether it is collapsed.
  public let isCollapsed: Bool
  /// The display mode asked for.
  public let preferredDisplayMode: SplitDisplayMode
  /// The display mode of the expanded layout (automatic resolved).
  public let displayMode: SplitDisplayMode
  /// The primary column's width in the split's bounds.
  public let primaryColumnWidth: Double
}

/// A page view controller's state.
public struct PageNode: Hashable, Sendable {
  /// The transition style.
  public let transitionStyle: PageTransitionStyle
  /// The navigation orientation.
  public let orientation: PageNavigationOrientation
  /// The spine location in force.
  public let spineLocation: PageSpineLocation
  /// Whether pages have a back side.
  public let isDoubleSided: Bool
  /// The data source, in order.
  public let dataSource: [ControllerID]
}

/// A collection view controller's state.
public struct CollectionNode: Hashable, Sendable {
  /// How many items it shows.
  public let itemCount: Int
  /// `collectionViewLayout`.
  public let layout: CollectionLayout
  /// `useLayoutToLayoutNavigationTransitions`.
  public let usesLayoutToLayoutNavigationTransitions: Bool
  /// The item views, in item order, once the view is loaded.
  public let itemViews: [ViewID]
}

/// One controller of a tree, with its children.
public struct ControllerNode: Hashable, Sendable {
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
  /// The root view's safe-area insets (SEMANTICS §3), while it is in a
  /// window.
  public var safeAreaInsets: EdgeInsets? = nil
  /// Whether the view extends under a navigation bar or tab bar of a
  /// container above it (the bars add to its safe area).
  public var isUnderBars = false
  /// For tab bar controllers: the selected index (`nil` for More or none).
  public let selectedIndex: Int?
  /// The children, in order (a navigation controller's stack bottom to top).
  public let children: [ControllerNode]
  /// How the controller is presented, when it is.
  public let presentation: PresentationNode?
  /// The controller it presents, if any (zero or one element).
  public let presented: [ControllerNode]
  /// For split view controllers: their state.
  public let split: SplitNode?
  /// For page view controllers: their state.
  public let page: PageNode?
  /// For collection view controllers: their state.
  public var collection: CollectionNode? = nil
}

/// A window and its controller tree.
public struct WindowNode: Hashable, Sendable {
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
      safeAreaInsets: viewIfLoaded?.window != nil ? safeAreaInsets : nil,
      isUnderBars: isUnderBars,
      selectedIndex: (self as? TabBarController)?.selectedIndex,
      children: children.map(\.node),
      presentation: presentation.map {
        PresentationNode(
          presenting: $0.presenting.id, requestedStyle: $0.requestedStyle, style: $0.style,
          isCard: $0.isCard, transitionStyle: $0.transitionStyle, frame: viewIfLoaded?.frame,
          sourceView: $0.popover?.view.id, sourceRect: $0.popover?.rect,
          permittedArrowDirections: $0.popover?.permittedArrowDirections,
          sourceBarItem: $0.popover?.barItem?.item,
          passthroughViews: $0.passthroughViews.map(\.id),
          popoverPlacement: $0.popoverPlacement, custom: $0.custom)
      },
      presented: presentedViewController.map { [$0.node] } ?? [],
      split: (self as? SplitViewController).map {
        SplitNode(
          isCollapsed: $0.isCollapsed, preferredDisplayMode: $0.preferences.displayMode,
          displayMode: $0.displayMode, primaryColumnWidth: $0.primaryColumnWidth)
      },
      page: (self as? PageViewController).map {
        PageNode(
          transitionStyle: $0.options.transitionStyle, orientation: $0.options.orientation,
          spineLocation: $0.options.resolvedSpineLocation,
          isDoubleSided: $0.options.resolvedDoubleSided, dataSource: $0.dataSource.map(\.id))
      },
      collection: (self as? CollectionViewController).map {
        CollectionNode(
          itemCount: $0.itemCount, layout: $0.layout,
          usesLayoutToLayoutNavigationTransitions: $0.usesLayoutToLayoutNavigationTransitions,
          itemViews: $0.itemViews.map(\.id))
      })
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
      if isUnderBars, let insets = safeAreaInsets { text += ", under bars, safe area \(insets)" }
    } else {
      text += ", view: not loaded"
    }
    if kind == .tabBar { text += ", selected: \(selectedIndex.map(String.init) ?? "more")" }
    if let split {
      text +=
        split.isCollapsed
        ? ", collapsed"
        : ", \(split.displayMode.rawValue), primary width \(formatPoints(split.primaryColumnWidth))"
    }
    if let page {
      text += ", \(page.transitionStyle.rawValue) \(page.orientation.rawValue)"
      if page.transitionStyle == .pageCurl { text += " spine \(page.spineLocation.rawValue)" }
      if page.isDoubleSided { text += " double-sided" }
      if let first = children.first?.id, let index = page.dataSource.firstIndex(of: first) {
        text += ", page \(index + 1) of \(page.dataSource.count)"
      }
    }
    if let collection {
      text +=
        ", \(collection.itemCount) item\(collection.itemCount == 1 ? "" : "s"), \(collection.layout)"
      if collection.usesLayoutToLayoutNavigationTransitions { text += ", layout-to-layout" }
    }
    if let presentation {
      text += ", presented by \(presentation.presenting) as \(presentation.style.rawValue)"
      if presentation.isCard { text += " card" }
      if presentation.style != presentation.requestedStyle {
        text += " (adapted from \(presentation.requestedStyle.rawValue))"
      }
      text += ", \(presentation.transitionStyle.rawValue)"
      if let item = presentation.sourceBarItem {
        text += ", from the \(item) bar item"
      }
      if let sourceView = presentation.sourceView, let sourceRect = presentation.sourceRect {
        text += ", from \(sourceView) \(sourceRect)"
      }
      if !presentation.passthroughViews.isEmpty {
        text +=
          ", passthrough \(presentation.passthroughViews.map(\.description).joined(separator: " "))"
      }
      if let placement = presentation.popoverPlacement { text += ", \(placement)" }
      if let custom = presentation.custom, presentation.style == .custom {
        // The frame as described; the view's frame above is it clipped to
        // the window.
        if let frame = custom.frame { text += ", custom frame \(frame)" }
        if let alpha = custom.dimmingAlpha { text += ", dimming \(formatPoints(alpha))" }
        text += custom.removesPresenterView ? ", removes presenter view" : ", keeps presenter view"
      }
    }
    return text
  }

  /// The lines of this controller (marked `   + ` when presented), its
  /// children and what it presents.
  func lines(depth: Int, presentedMarker: Bool = false) -> [String] {
    var prefix = String(repeating: "   | ", count: depth)
    if presentedMarker, depth > 0 {
      prefix = String(repeating: "   | ", count: depth - 1) + "   + "
    }
    return [prefix + summary] + children.flatMap { $0.lines(depth: depth + 1) }
      + presented.flatMap { $0.lines(depth: depth + 1, presentedMarker: true) }
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
    hierarchyDescription(root: rootViewController?.node)
  }

  /// The same, where `root` is the node of the window's root controller,
  /// built by the caller (who needs it anyway).
  public func hierarchyDescription(root: ControllerNode?) -> String {
    DescribedWindow(self, root: root).text
  }
}

/// What a window's `hierarchyDescription` shows, and nothing else: the
/// text is a function of this value (the window's time, say, is not in it).
struct DescribedWindow: Equatable {
  let id: WindowID
  let metrics: WindowMetrics
  let traits: TraitCollection
  let isVisible: Bool
  let revision: UInt64
  let root: ControllerNode?

  init(_ window: Window, root: ControllerNode?) {
    id = window.id
    metrics = window.metrics
    traits = window.traitCollection
    isVisible = window.isVisible
    revision = window.revision
    self.root = root
  }

  /// A header line for the window, then `_printHierarchy` of its root.
  var text: String {
    var lines = [
      "\(id) \(metrics.size) scale \(formatPoints(metrics.scale)) "
        + "\(traits.horizontalSizeClass.rawValue)×\(traits.verticalSizeClass.rawValue) "
        + "safe area \(metrics.safeAreaInsets) revision \(revision)"
        + (isVisible ? "" : " hidden")
    ]
    if let root {
      lines += root.lines(depth: 0)
    } else {
      lines.append("(no root view controller)")
    }
    return lines.joined(separator: "\n")
  }
}

/// The last `hierarchyDescription` made, with what it describes: asked
/// again for a window that shows the same (the same revision, and the same
/// controllers in the same states, titles included, which change without a
/// new revision), it gives the text it made instead of formatting it again.
/// It holds one window's tree, so it costs the memory of one description
/// (the daemon keeps one for `GetTree`, which clients poll).
public final class HierarchyDescriptionCache {
  private var last: (window: DescribedWindow, text: String)?
  /// How many descriptions were given from the cache (for tests).
  public private(set) var hits = 0

  public init() {}

  /// `window.hierarchyDescription`, where `root` is the node of the
  /// window's root controller, built by the caller (who needs it anyway).
  public func description(of window: Window, root: ControllerNode?) -> String {
    let described = DescribedWindow(window, root: root)
    if let last, last.window == described {
      hits += 1
      return last.text
    }
    let text = described.text
    last = (described, text)
    return text
  }
}
