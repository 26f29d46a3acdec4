// A controller tree to build in one go, as a window's root (the CLI's
// `--root 'Tabs=tab[Nav=nav[Home],Settings]'`, the protocol's
// `CreateWindow.root`). The whole tree is checked before anything is
// created, and built all at once: either every controller exists and is in
// place, or none was created.
//
// Children go where a storyboard puts embedded scenes: a navigation
// controller's stack (bottom first), a tab bar controller's tabs, a custom
// container's children, a split view controller's primary and secondary
// columns, a page view controller's data source (showing its first pages).
// A collection view controller contains no controllers; its node may give
// its items, layout and useLayoutToLayoutNavigationTransitions.

/// A controller and the controllers it contains, to build together.
public struct ControllerTreeSpec: Hashable, Sendable {
  /// The controller's kind.
  public var kind: ControllerKind
  /// Its identifier, if any (unique in the session).
  public var identifier: String?
  /// Its title, if any.
  public var title: String?
  /// What it contains, in order (none for content and collection view
  /// controllers).
  public var children: [ControllerTreeSpec]
  /// A collection view controller's items, layout and flag (`nil`: no
  /// items, a flow layout with UIKit's defaults); only for that kind.
  public var collection: CollectionOptions?

  /// Creates a node.
  public init(
    kind: ControllerKind, identifier: String? = nil, title: String? = nil,
    children: [ControllerTreeSpec] = [], collection: CollectionOptions? = nil
  ) {
    self.kind = kind
    self.identifier = identifier
    self.title = title
    self.children = children
    self.collection = collection
  }

  /// The deepest nesting accepted.
  public static let maximumDepth = 32

  /// The nodes of the tree, parents before their children.
  var nodes: [ControllerTreeSpec] { [self] + children.flatMap(\.nodes) }

  /// Checks the tree's shape: kinds that take children, at most two
  /// columns in a split view controller, the depth.
  func validateShape(depth: Int = 1) throws {
    guard depth <= Self.maximumDepth else {
      throw CurtainError.invalid(
        "The controller tree nests deeper than \(Self.maximumDepth) levels")
    }
    let name = identifier.map { "'\($0)'" } ?? "a \(kind.rawValue) controller"
    if kind == .content, !children.isEmpty {
      throw CurtainError.invalid("\(name) is a content controller, which contains no controllers")
    }
    if kind == .collection, !children.isEmpty {
      throw CurtainError.invalid(
        "\(name) is a collection view controller, which contains no controllers")
    }
    if let collection {
      guard kind == .collection else {
        throw CurtainError.invalid(
          "\(name) is not a collection view controller: collection options do not apply")
      }
      try collection.validate()
    }
    if kind == .split, children.count > 2 {
      throw CurtainError.invalid(
        "\(name) is a split view controller: a primary and at most one secondary column, "
          + "not \(children.count)")
    }
    if let title, title.count > 1024 {
      throw CurtainError.invalid("A title may have at most 1024 characters")
    }
    for child in children { try child.validateShape(depth: depth + 1) }
  }
}

extension Session {
  /// Builds a controller tree in no window and returns its root. Everything
  /// is checked first (identifiers valid, unused in the session and used
  /// once in the tree, the shape, the controller limit); a failure creates
  /// nothing.
  public func makeControllerTree(_ spec: ControllerTreeSpec) throws -> ViewController {
    try spec.validateShape()
    let nodes = spec.nodes
    var used = Set<String>()
    for identifier in nodes.compactMap(\.identifier) {
      try Self.validateIdentifier(identifier)
      guard used.insert(identifier).inserted else {
        throw CurtainError.invalid("Identifier '\(identifier)' is used twice in the tree")
      }
      guard controller(identifier: identifier) == nil else {
        throw CurtainError.invalid("A controller with identifier '\(identifier)' already exists")
      }
    }
    guard controllers.count + nodes.count <= configuration.maxControllers else {
      throw CurtainError.limitExceeded(
        "A session may have at most \(configuration.maxControllers) controllers",
        limit: "max-controllers", value: configuration.maxControllers)
    }
    return try tentatively { try build(spec) }
  }

  /// Creates a window whose root is a new controller tree, in one step:
  /// the metrics, the window limit and the tree are checked first, and a
  /// failure creates nothing (no controller, no window). Returns the window
  /// and the root's `setRoot` ticket.
  public func makeWindow(
    metrics: WindowMetrics = .init(), clockMode: ClockMode = .realtime, root: ControllerTreeSpec,
    options: OperationOptions = .init()
  ) throws -> (window: Window, ticket: OperationTicket) {
    try metrics.validate()
    guard windows.count < configuration.maxWindows else {
      throw CurtainError.limitExceeded(
        "A session may have at most \(configuration.maxWindows) windows", limit: "max-windows",
        value: configuration.maxWindows)
    }
    let savedIDs = ids
    let tree = try makeControllerTree(root)
    let window = try makeWindow(metrics: metrics, clockMode: clockMode)
    do {
      let ticket = try submit(.setRoot(window: window.id, controller: tree.id), options: options)
      return (window, ticket)
    } catch {
      windows[window.id] = nil
      destroy(heldTree(of: [tree]))
      views[window.view.id] = nil
      ids = savedIDs
      throw error
    }
  }

  /// Builds a node after its children (checked already).
  private func build(_ spec: ControllerTreeSpec) throws -> ViewController {
    let children = try spec.children.map(build)
    let controller = try makeController(
      kind: spec.kind, identifier: spec.identifier, title: spec.title)
    if let options = spec.collection, let collection = controller as? CollectionViewController {
      try collection.configure(options)
    }
    try controller.adoptInitialChildren(children)
    return controller
  }
}

extension ViewController {
  /// Puts freshly made controllers in place as this container's initial
  /// contents (see the file comment), at once: the container is in no
  /// window, so its events go to the session's log.
  func adoptInitialChildren(_ children: [ViewController]) throws {
    guard !children.isEmpty else { return }
    try session.emitting(into: nil) {
      switch self {
      case let nav as NavigationController:
        try nav.prepareSetViewControllers(children, animated: false, animator: nil).run(nil)
      case let tabs as TabBarController:
        try tabs.prepareSetViewControllers(children).run(nil)
      case let container as ContainerController:
        for child in children { try container.prepareAddChild(child, frame: nil).run(nil) }
      case let split as SplitViewController:
        try split.prepareSetColumns(primary: children[0], secondary: children.dropFirst().first)
          .run(nil)
      case let page as PageViewController:
        try page.prepareSetViewControllers(
          [], direction: .forward, animated: false, animator: nil, dataSource: children
        ).run(nil)
      default:
        break
      }
    }
  }
}
