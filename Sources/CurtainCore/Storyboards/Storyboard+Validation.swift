// Checking a storyboard before it is loaded: names, unique scene ids, known
// scenes everywhere one is named, embedding that suits each kind and has no
// cycle, unique segue identifiers per source, and segue kinds that make
// sense. Every error is INVALID_ARGUMENT and names what is at fault.

extension Storyboard {
  /// Names (storyboards, scenes, segues, unwind actions) are 1 to 120
  /// letters, digits, `_`, `-` and `.`: short enough that an instance's
  /// identifier suffix (`-2`) still fits the 128 of an identifier.
  static func validateName(_ name: String, what: String) throws {
    let allowed = name.unicodeScalars.allSatisfy {
      ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
    }
    guard (1...120).contains(name.count), allowed else {
      throw CurtainError.invalid(
        "\(what) '\(name)' must be 1 to 120 letters, digits, '_', '-' or '.'")
    }
  }

  /// Checks the whole document.
  public func validate() throws {
    try Self.validateName(name, what: "Storyboard name")
    guard !scenes.isEmpty else {
      throw CurtainError.invalid("Storyboard '\(name)' has no scenes")
    }
    guard scenes.count <= Self.maxScenes, segues.count <= Self.maxSegues else {
      throw CurtainError(
        .limitExceeded,
        "A storyboard may have at most \(Self.maxScenes) scenes and \(Self.maxSegues) segues")
    }
    var ids = Set<String>()
    for scene in scenes {
      try Self.validateName(scene.id, what: "Scene id")
      guard ids.insert(scene.id).inserted else {
        throw CurtainError.invalid("Duplicate scene id '\(scene.id)'")
      }
    }
    if let initialScene, !ids.contains(initialScene) {
      throw CurtainError.invalid("The initial scene '\(initialScene)' is not a scene")
    }
    for scene in scenes { try validate(scene, ids: ids) }
    try checkEmbeddingHasNoCycle()
    var segueKeys = Set<[String]>()
    for segue in segues {
      try validate(segue, ids: ids)
      guard segueKeys.insert([segue.source, segue.identifier]).inserted else {
        throw CurtainError.invalid(
          "Duplicate segue identifier '\(segue.identifier)' from scene '\(segue.source)'")
      }
    }
  }

  private func validate(_ scene: Scene, ids: Set<String>) throws {
    let label = "Scene '\(scene.id)'"
    var children = Set<String>()
    for child in scene.children {
      guard ids.contains(child) else {
        throw CurtainError.invalid("\(label) embeds unknown scene '\(child)'")
      }
      guard children.insert(child).inserted else {
        throw CurtainError.invalid("\(label) embeds scene '\(child)' twice")
      }
    }
    if let collection = scene.collection {
      guard scene.kind == .collection else {
        throw CurtainError.invalid(
          "\(label) is not a collection scene: items, layout and "
            + "useLayoutToLayoutNavigationTransitions apply only to collection scenes")
      }
      do {
        try collection.validate()
      } catch let error as CurtainError {
        throw CurtainError.invalid("\(label): \(error.message)")
      }
    }
    switch scene.kind {
    case .collection where !scene.children.isEmpty:
      throw CurtainError.invalid(
        "\(label) is a collection view controller and cannot embed scenes (only navigation, tab, "
          + "container, split and page scenes can)")
    case .content:
      if !scene.children.isEmpty {
        throw CurtainError.invalid(
          "\(label) is a content controller and cannot embed scenes (only navigation, tab, "
            + "container, split and page scenes can)")
      }
    case .split where scene.children.count > 2:
      throw CurtainError.invalid(
        "\(label) is a split view controller and embeds at most a primary and a secondary scene")
    case .navigation:
      for child in scene.children where self.scene(child)?.kind == .navigation {
        throw CurtainError.invalid(
          "\(label) is a navigation controller and cannot embed navigation controller '\(child)' "
            + "(pushing a navigation controller is not supported)")
      }
    default:
      break
    }
    var actions = Set<String>()
    for action in scene.unwindActions {
      try Self.validateName(action, what: "\(label): unwind action")
      guard actions.insert(action).inserted else {
        throw CurtainError.invalid("\(label) declares unwind action '\(action)' twice")
      }
    }
    if let style = scene.modalPresentationStyle, style == ModalPresentationStyle.none {
      throw CurtainError.invalid(
        "\(label): none is an adaptive style, not a modal presentation style")
    }
    if let size = scene.preferredContentSize {
      guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0,
        size.width <= 100_000, size.height <= 100_000
      else {
        throw CurtainError.invalid(
          "\(label): preferredContentSize must be finite, non-negative and at most 100000 points")
      }
    }
  }

  /// A scene may not embed itself, directly or through others.
  private func checkEmbeddingHasNoCycle() throws {
    var finished = Set<String>()
    var onPath: [String] = []
    func visit(_ id: String) throws {
      if let start = onPath.firstIndex(of: id) {
        let cycle = (onPath[start...] + [id]).joined(separator: " → ")
        throw CurtainError.invalid("Scenes embed each other in a cycle: \(cycle)")
      }
      guard !finished.contains(id), let scene = scene(id) else { return }
      onPath.append(id)
      for child in scene.children { try visit(child) }
      onPath.removeLast()
      finished.insert(id)
    }
    for scene in scenes { try visit(scene.id) }
  }

  private func validate(_ segue: Segue, ids: Set<String>) throws {
    try Self.validateName(segue.identifier, what: "Segue identifier")
    let label = "Segue '\(segue.identifier)'"
    guard ids.contains(segue.source) else {
      throw CurtainError.invalid("\(label) comes from unknown scene '\(segue.source)'")
    }
    if case .unwind(let action) = segue.kind {
      try Self.validateName(action, what: "\(label): unwind action")
      if let destination = segue.destination {
        throw CurtainError.invalid(
          "\(label) is an unwind segue and cannot name a destination ('\(destination)'); the "
            + "unwind search finds it")
      }
      return
    }
    guard let destination = segue.destination else {
      throw CurtainError.invalid("\(label) (\(segue.kind.name)) needs a destination scene")
    }
    guard let scene = scene(destination) else {
      throw CurtainError.invalid("\(label) leads to unknown scene '\(destination)'")
    }
    var style = scene.modalPresentationStyle
    var transition = scene.modalTransitionStyle
    switch segue.kind {
    case .present(let segueStyle, let segueTransition):
      style = segueStyle ?? style
      transition = segueTransition ?? transition
    case .custom(let animator, let segueStyle):
      style = segueStyle ?? style
      try animator.validate()
    case .popover(let anchor):
      style = .popover
      if let rect = anchor.rect {
        let numbers = [rect.minX, rect.minY, rect.width, rect.height]
        guard numbers.allSatisfy(\.isFinite), rect.width >= 0, rect.height >= 0 else {
          throw CurtainError.invalid(
            "\(label): the popover anchor must be finite with a non-negative size")
        }
      }
      guard PopoverArrowDirections.any.isSuperset(of: anchor.permittedArrowDirections) else {
        throw CurtainError.invalid(
          "\(label): permitted arrow directions are bits up 1, down 2, left 4, right 8; got "
            + "\(anchor.permittedArrowDirections.rawValue)")
      }
    case .show, .showDetail, .unwind:
      return
    }
    if let style, style == ModalPresentationStyle.none {
      throw CurtainError.invalid(
        "\(label): none is an adaptive style, not a modal presentation style")
    }
    if transition == .partialCurl, (style ?? .automatic).resolved != .fullScreen {
      throw CurtainError.invalid(
        "\(label): \(ModalTransitionStyle.partialCurl.uiKitName) needs the fullScreen style")
    }
  }
}
