// A storyboard is a document of scenes and segues (SEMANTICS §8). A scene
// is a controller template: a kind, a title, presentation properties, the
// unwind actions it declares and the scenes embedded in it (a navigation
// controller's stack, a tab bar controller's tabs, a custom container's
// children), which are instantiated with it; a collection scene gives its
// items, layout and useLayoutToLayoutNavigationTransitions. A segue leads from a source
// scene to a destination scene (none for unwind) and says how the
// destination appears: show, showDetail, a modal presentation with a style
// and transition, a popover, a presentation with a custom animator, or an
// unwind to an action.
//
// Loading checks the whole document first (`validate`): every error names
// the scene or segue at fault, and nothing is loaded when one is found.

/// A storyboard: scenes and the segues between them.
public struct Storyboard: Hashable, Sendable {
  /// The storyboard's name, unique in a session.
  public var name: String
  /// The scene a window's root is instantiated from, if any.
  public var initialScene: String?
  /// The scenes, in document order.
  public var scenes: [Scene]
  /// The segues, in document order.
  public var segues: [Segue]

  /// Creates a storyboard.
  public init(name: String, initialScene: String? = nil, scenes: [Scene], segues: [Segue] = []) {
    self.name = name
    self.initialScene = initialScene
    self.scenes = scenes
    self.segues = segues
  }

  /// At most this many scenes per storyboard.
  public static let maxScenes = 1_000
  /// At most this many segues per storyboard.
  public static let maxSegues = 10_000

  /// A controller template.
  public struct Scene: Hashable, Sendable {
    /// The scene's id (its storyboard identifier); instances take it as
    /// their identifier (`Detail`, then `Detail-2`, … when it is taken).
    public var id: String
    /// The kind of controller.
    public var kind: ControllerKind
    /// The title.
    public var title: String?
    /// Embedded scenes: a navigation controller's stack (bottom first), a
    /// tab bar controller's tabs, a custom container's children.
    public var children: [String]
    /// The unwind actions the controller declares.
    public var unwindActions: [String]
    /// `modalPresentationStyle`.
    public var modalPresentationStyle: ModalPresentationStyle?
    /// `modalTransitionStyle`.
    public var modalTransitionStyle: ModalTransitionStyle?
    /// `definesPresentationContext`.
    public var definesPresentationContext: Bool?
    /// `preferredContentSize`.
    public var preferredContentSize: Size?
    /// A collection scene's items, layout and
    /// `useLayoutToLayoutNavigationTransitions` (`nil`: none given, an
    /// empty collection with a default flow layout).
    public var collection: CollectionOptions?

    /// Creates a scene.
    public init(
      id: String, kind: ControllerKind = .content, title: String? = nil, children: [String] = [],
      unwindActions: [String] = [], modalPresentationStyle: ModalPresentationStyle? = nil,
      modalTransitionStyle: ModalTransitionStyle? = nil, definesPresentationContext: Bool? = nil,
      preferredContentSize: Size? = nil, collection: CollectionOptions? = nil
    ) {
      self.id = id
      self.kind = kind
      self.title = title
      self.children = children
      self.unwindActions = unwindActions
      self.modalPresentationStyle = modalPresentationStyle
      self.modalTransitionStyle = modalTransitionStyle
      self.definesPresentationContext = definesPresentationContext
      self.preferredContentSize = preferredContentSize
      self.collection = collection
    }
  }

  /// How a segue shows its destination.
  public enum SegueKind: Hashable, Sendable {
    /// `show(_:sender:)` from the source (a navigation controller pushes).
    case show
    /// `showDetailViewController(_:sender:)` from the source.
    case showDetail
    /// A modal presentation; `nil` keeps the destination scene's own style.
    case present(style: ModalPresentationStyle?, transition: ModalTransitionStyle?)
    /// A popover presentation anchored to `anchor` in the source's view.
    case popover(anchor: PopoverAnchorSpec)
    /// A modal presentation run by a custom animator; `style` `nil` keeps
    /// the destination scene's own style.
    case custom(animator: AnimatorSpec, style: ModalPresentationStyle?)
    /// An unwind to the first controller declaring `action`.
    case unwind(action: String)

    /// The kind's name in documents and events.
    public var name: String {
      switch self {
      case .show: return "show"
      case .showDetail: return "showDetail"
      case .present: return "present"
      case .popover: return "popover"
      case .custom: return "custom"
      case .unwind: return "unwind"
      }
    }
  }

  /// Where a popover segue's popover points: a rectangle of the source
  /// controller's view (`nil`: its bounds) and the permitted arrow
  /// directions (UIKit's default: any; none centres the popover on its
  /// source).
  public struct PopoverAnchorSpec: Hashable, Sendable {
    /// The rectangle in the source view's coordinates.
    public var rect: Rect?
    /// The permitted arrow directions.
    public var permittedArrowDirections: PopoverArrowDirections

    /// Creates an anchor.
    public init(rect: Rect? = nil, permittedArrowDirections: PopoverArrowDirections = .any) {
      self.rect = rect
      self.permittedArrowDirections = permittedArrowDirections
    }
  }

  /// A segue from a source scene.
  public struct Segue: Hashable, Sendable {
    /// The identifier, unique among the source scene's segues.
    public var identifier: String
    /// The source scene.
    public var source: String
    /// The destination scene (`nil` for unwind segues).
    public var destination: String?
    /// How it shows the destination.
    public var kind: SegueKind
    /// Whether it animates (the storyboard's "Animates" box).
    public var animates: Bool
    /// What the source's `shouldPerformSegue` answers when the segue is
    /// triggered (default yes).
    public var shouldPerform: Bool

    /// Creates a segue.
    public init(
      identifier: String, source: String, destination: String? = nil, kind: SegueKind,
      animates: Bool = true, shouldPerform: Bool = true
    ) {
      self.identifier = identifier
      self.source = source
      self.destination = destination
      self.kind = kind
      self.animates = animates
      self.shouldPerform = shouldPerform
    }
  }

  /// The scene with this id.
  public func scene(_ id: String) -> Scene? {
    scenes.first { $0.id == id }
  }

  /// The segue of `source` with this identifier.
  public func segue(_ identifier: String, from source: String) -> Segue? {
    segues.first { $0.source == source && $0.identifier == identifier }
  }
}

/// Where a controller came from: a scene of a loaded storyboard.
public struct SceneReference: Hashable, Sendable, CustomStringConvertible {
  /// The storyboard's name.
  public let storyboard: String
  /// The scene's id.
  public let scene: String

  /// Names a scene of a storyboard.
  public init(storyboard: String, scene: String) {
    self.storyboard = storyboard
    self.scene = scene
  }

  public var description: String { "\(storyboard)/\(scene)" }
}
