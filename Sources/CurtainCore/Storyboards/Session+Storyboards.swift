// Loading storyboards into a session and instantiating their scenes.
//
// Instantiating a scene creates its controller outside any window, with the
// scene's title and presentation properties and the unwind actions it
// declares, then instantiates the scenes it embeds and puts them in place as
// UIKit's storyboard loading does: a navigation controller's stack
// (`setViewControllers`), a tab bar controller's tabs, a custom container's
// children (`addChild`). Their willMove/didMove and hierarchy events go to
// the session's log, as for every controller in no window. An instance's
// identifier is the scene's id, or `Id-2`, `Id-3`, … when that is taken.
//
// Segues instantiate their destination while the operation is prepared;
// `tentatively` forgets everything created when the preparation fails, so a
// failed request leaves the session as it was.

extension Session {
  /// Checks and loads a storyboard. Names are unique per session.
  public func loadStoryboard(_ storyboard: Storyboard) throws {
    try storyboard.validate()
    guard storyboards[storyboard.name] == nil else {
      throw CurtainError.invalid("A storyboard named '\(storyboard.name)' is already loaded")
    }
    storyboards[storyboard.name] = storyboard
  }

  /// Loads a storyboard and makes an instance of `scene` (default: the
  /// initial scene) the root of `window`. When any step fails, nothing is
  /// loaded, created or changed. The ticket's `created` lists the
  /// controllers instantiated: the root, then the controllers it embeds.
  public func loadStoryboard(
    _ storyboard: Storyboard, rootOf window: WindowID, scene: String? = nil,
    options: OperationOptions = .init()
  ) throws -> (root: ViewController, ticket: OperationTicket) {
    _ = try self.window(window)
    try loadStoryboard(storyboard)
    do {
      return try tentatively {
        let (root, created) = try recordingCreations {
          try instantiate(scene: scene, of: storyboard.name)
        }
        var ticket = try submit(.setRoot(window: window, controller: root.id), options: options)
        ticket.created = created + ticket.created
        return (root, ticket)
      }
    } catch {
      storyboards[storyboard.name] = nil
      throw error
    }
  }

  /// The loaded storyboard with this name.
  public func storyboard(named name: String) throws -> Storyboard {
    guard let storyboard = storyboards[name] else {
      throw CurtainError.notFound("No storyboard named '\(name)' is loaded")
    }
    return storyboard
  }

  /// `instantiateViewController(withIdentifier:)`: a new controller (and
  /// the controllers it embeds) from a scene of a loaded storyboard, in no
  /// window. `scene` `nil` means the initial scene.
  public func instantiate(scene: String?, of storyboardName: String) throws -> ViewController {
    let storyboard = try storyboard(named: storyboardName)
    guard let sceneID = scene ?? storyboard.initialScene else {
      throw CurtainError.invalid("Storyboard '\(storyboardName)' has no initial scene")
    }
    guard storyboard.scene(sceneID) != nil else {
      throw CurtainError.notFound("Storyboard '\(storyboardName)' has no scene '\(sceneID)'")
    }
    return try tentatively { try instantiateScene(sceneID, of: storyboard) }
  }

  /// Instantiates a scene known to exist, with the scenes it embeds; `id`
  /// is an id set aside for its controller (a queued segue's destination).
  func instantiateScene(_ sceneID: String, of storyboard: Storyboard, id: ControllerID? = nil)
    throws -> ViewController
  {
    guard let scene = storyboard.scene(sceneID) else {
      throw CurtainError.notFound("Storyboard '\(storyboard.name)' has no scene '\(sceneID)'")
    }
    let controller = try makeController(
      kind: scene.kind, identifier: freeIdentifier(startingWith: scene.id), title: scene.title,
      id: id)
    controller.scene = SceneReference(storyboard: storyboard.name, scene: scene.id)
    controller.unwindActions = Set(scene.unwindActions)
    try controller.configurePresentation(
      modalPresentationStyle: scene.modalPresentationStyle,
      modalTransitionStyle: scene.modalTransitionStyle,
      definesPresentationContext: scene.definesPresentationContext,
      preferredContentSize: scene.preferredContentSize)
    if let options = scene.collection, let collection = controller as? CollectionViewController {
      try collection.configure(options)
    }
    let children = try scene.children.map { try instantiateScene($0, of: storyboard) }
    try controller.adoptInitialChildren(children)
    return controller
  }

  /// `base` if no controller has it as identifier, else `base-2`, `base-3`, …
  private func freeIdentifier(startingWith base: String) -> String {
    if controller(identifier: base) == nil { return base }
    var suffix = 2
    while controller(identifier: "\(base)-\(suffix)") != nil { suffix += 1 }
    return "\(base)-\(suffix)"
  }

  /// Runs `body`; when it throws, the controllers and views it created,
  /// the ids it took and the session-log events it appended are forgotten.
  /// What `body` created is what has an id from the counters' values before
  /// it on (ids are taken from them in increasing order), and `reserved`, an
  /// id set aside earlier (a queued segue's destination) that it may create:
  /// nothing is copied up front, so a tree built in a session of many
  /// controllers costs what the tree costs, and only a failure looks at the
  /// session.
  func tentatively<T>(reserving reserved: ControllerID? = nil, _ body: () throws -> T) throws
    -> T
  {
    let savedIDs = ids
    let first = ids.counters
    let reservedExisted = reserved.map { controllers[$0] != nil } ?? true
    let savedSeq = detachedLog.lastSeq
    do {
      return try body()
    } catch {
      removeControllers(
        controllers.keys.filter {
          $0.rawValue >= first.controller || (!reservedExisted && $0 == reserved)
        })
      for id in views.keys where id.rawValue >= first.view { views[id] = nil }
      ids = savedIDs
      detachedLog.discard(after: savedSeq)
      throw error
    }
  }

  /// The storyboard and segue `identifier` of `source`'s scene.
  func segue(_ identifier: String, from source: ViewController) throws -> (
    storyboard: Storyboard, segue: Storyboard.Segue
  ) {
    guard let scene = source.scene, let storyboard = storyboards[scene.storyboard],
      let segue = storyboard.segue(identifier, from: scene.scene)
    else {
      throw CurtainError.notFound(
        "Receiver (\(source.name)) has no segue with identifier '\(identifier)'")
    }
    return (storyboard, segue)
  }

  /// Renders a segue callback of the controller named `subject`.
  func describe(
    _ callback: SegueCallback, of subject: String, name: (ControllerID?) -> String
  ) -> String {
    switch callback {
    case .shouldPerform(let identifier, let answer):
      return "\(subject).shouldPerformSegue(\(identifier), \(answer))"
    case .prepare(let identifier, let destination):
      return "\(subject).prepare(\(identifier ?? "unwind"), \(name(destination)))"
    case .canPerformUnwind(let action, let source, let answer):
      return "\(subject).canPerformUnwindSegueAction(\(action), from: \(name(source)), \(answer))"
    case .unwindAction(let action, let source):
      return "\(subject).\(action)(from: \(name(source)))"
    }
  }
}
