// Routing operations: an operation runs in the window of the controller it
// targets (or the window it names). Controllers that are in no window change
// at once, with their events in the session's detached log.

extension Session {
  /// Submits an operation to the window it concerns (see `Window.submit`).
  /// Operations on controllers in no window run at once.
  @discardableResult
  public func submit(_ operation: WindowOperation, options: OperationOptions = .init()) throws
    -> OperationTicket
  {
    for id in operation.controllerIDs { _ = try controller(id) }
    let targetWindow: Window?
    if let windowID = operation.targetWindow {
      targetWindow = try window(windowID)
    } else {
      targetWindow = try operation.targetController.map(controller)?.window
    }
    try checkNotHeldElsewhere(operation, target: targetWindow)
    if let targetWindow {
      return try targetWindow.submit(operation, options: options)
    }
    try validateStatically(operation, in: nil)
    let (running, created) = try recordingCreations {
      let change = try prepare(operation, in: nil, owner: options.owner)
      let running = RunningOperation(id: ids.operation(), traceID: options.traceID, change: change)
      detachedTraceID = options.traceID
      withActiveWindow(nil) { change.run() }
      detachedTraceID = nil
      return running
    }
    running.created = created
    let started = running.outcome(.started, window: nil, revision: 0)
    record(started)
    record(running.outcome(.completed(cancelled: false), window: nil, revision: 0))
    return OperationTicket(started: started, isCompleted: true)
  }

  /// A controller that a running transition of another window still holds
  /// (it moves it, or its `didMove` is pending) must wait for that window;
  /// it cannot be changed from outside. Within its own window the queue
  /// makes the operation wait instead. Checked at submission and again when
  /// a queued operation starts.
  func checkNotHeldElsewhere(_ operation: WindowOperation, target: Window?) throws {
    for id in operation.controllerIDs {
      try checkNotHeld(try controller(id), outside: target)
    }
  }

  /// Throws `BUSY` when a running transition of a window other than
  /// `target` holds `controller`.
  func checkNotHeld(_ controller: ViewController, outside target: Window?) throws {
    for window in windows.values where window !== target && window.holds(controller) {
      throw CurtainError(
        .busy, "\(controller.name) is part of a running transition in window \(window.id)")
    }
  }

  /// Checks what does not depend on the window's state (ids, kinds, specs),
  /// so that a queued operation is refused at once when it can never run.
  func validateStatically(_ operation: WindowOperation, in window: Window?) throws {
    for id in operation.controllerIDs { _ = try controller(id) }
    try operation.animator?.validate()
    switch operation {
    case .setRoot(_, let controller):
      if let controller = try controller.map(self.controller), controller.hostWindow !== window {
        try checkMovable(controller, into: window)
      }
    case .setVisible:
      break
    case .resize(_, let metrics, let animation):
      try metrics.validate()
      try animation?.validate()
    case .addChild(let parent, let child, let frame, _):
      _ = try container(parent)
      try checkMovable(controller(child), into: window)
      if let frame {
        let numbers = [frame.minX, frame.minY, frame.width, frame.height]
        guard numbers.allSatisfy(\.isFinite), frame.width >= 0, frame.height >= 0 else {
          throw CurtainError.invalid("A child frame must be finite with a non-negative size")
        }
      }
    case .removeFromParent:
      break
    case .transitionChildren(let container, _, _, _):
      _ = try self.container(container)
    case .push(let nav, let controller, _, _):
      try checkNotMore(navigation(nav))
      try checkMovable(self.controller(controller), into: window)
    case .pop(let nav, _, _), .popTo(let nav, _, _, _), .beginInteractivePop(let nav, _):
      // The More navigation controller pops what `show` pushed onto it (its
      // prepare checks that).
      _ = try navigation(nav)
    case .popToRoot(let nav, _, _):
      try checkNotMore(navigation(nav))
    case .setViewControllers(let nav, let list, _, _):
      try checkNotMore(navigation(nav))
      for id in list { try checkMovable(controller(id), into: window) }
    case .selectTab(let tab, let selection, _),
      .beginInteractiveTabSelection(let tab, let selection, _):
      _ = try tabBar(tab)
      if case .index(let index) = selection, index < 0 {
        throw CurtainError.invalid("Tab index \(index) is negative")
      }
    case .beginAppearanceTransition, .endAppearanceTransition:
      break
    case .tap(_, let point):
      guard point.x.isFinite, point.y.isFinite else {
        throw CurtainError.invalid("A tap's point must be finite, got \(point)")
      }
    case .setTabs(let tab, let list):
      _ = try tabBar(tab)
      for id in list { try checkMovable(controller(id), into: window) }
    case .present(let presenter, let presented, _, _, _, let options),
      .beginInteractivePresent(let presenter, let presented, _, _, let options):
      try options.validate()
      let presented = try controller(presented)
      if presenter == presented.id {
        throw CurtainError.invalid(
          "Application tried to present modally an active controller \(presented.name).")
      }
      // Whether it is still presented when its turn comes is checked then.
      if presented.presentation == nil { try checkMovable(presented, into: window) }
    case .dismiss, .beginInteractiveDismiss:
      break
    case .show(_, let sender, let shown, _, _):
      let shown = try controller(shown)
      if sender == shown.id {
        throw CurtainError.invalid("\(shown.name) cannot show itself")
      }
      // Whether it is pushed or presented, it must be free to move.
      try checkMovable(shown, into: window)
    case .performSegue(let source, let identifier, _, _):
      _ = try segue(identifier, from: controller(source))
    case .unwind(_, let action, _):
      try Storyboard.validateName(action, what: "Unwind action")
    case .setSplitColumns(let split, let primary, let secondary):
      _ = try self.split(split)
      for id in [primary] + (secondary.map { [$0] } ?? []) {
        try checkMovable(controller(id), into: window)
      }
    case .configureSplit(let split, let change, _, _):
      _ = try change.applied(to: self.split(split).preferences)
    case .setPages(let page, let list, _, _, _, let source):
      _ = try self.page(page)
      for id in list + (source ?? []) { try checkMovable(controller(id), into: window) }
    case .turnPage(let page, _, _, _), .beginInteractivePageTurn(let page, _, _):
      _ = try self.page(page)
    }
  }

  /// The More navigation controller's stack belongs to its tab bar controller.
  private func checkNotMore(_ nav: NavigationController) throws {
    if let tabs = nav.managingTabBarController {
      throw CurtainError.invalid(
        "\(nav.name) is the More navigation controller of \(tabs.name); select tabs instead")
    }
  }

  /// A controller may join `window`'s tree unless it is the root of a window
  /// or sits in another window.
  func checkMovable(_ controller: ViewController, into window: Window?) throws {
    let more = (controller as? NavigationController) ?? (controller.parent as? NavigationController)
    if let more, let tabs = more.managingTabBarController,
      more === controller || more.children.first === controller
    {
      throw CurtainError.invalid(
        "\(controller.name) belongs to the More navigation controller of \(tabs.name)")
    }
    if controller.parent == nil, let host = controller.hostWindow {
      throw CurtainError.invalid(
        "\(controller.name) is the root view controller of window \(host.id)")
    }
    if let presenter = controller.presentingViewController {
      throw CurtainError.invalid(
        "\(controller.name) is presented by \(presenter.name); dismiss it first")
    }
    if let other = controller.window, other !== window {
      throw CurtainError.invalid("\(controller.name) is in another window (\(other.id))")
    }
  }

  /// A controller id set aside when a segue that instantiates a
  /// destination waits in a window's queue, so that the answer names the
  /// destination it will instantiate (with that id) when it starts.
  func reserveDestination(for operation: WindowOperation) -> ControllerID? {
    guard case .performSegue(let source, let identifier, _, _) = operation,
      let source = controllers[source], let found = try? segue(identifier, from: source),
      found.segue.destination != nil
    else { return nil }
    return ids.controller()
  }

  /// Prepares an operation against the current state; `destination` is the
  /// id set aside for a queued segue's destination.
  func prepare(
    _ operation: WindowOperation, in window: Window?, owner: OwnerID?,
    destination: ControllerID? = nil
  ) throws -> PreparedChange {
    switch operation {
    case .setRoot(let windowID, let controller):
      return try self.window(windowID).prepareSetRoot(controller.map(self.controller))
    case .setVisible(let windowID, let visible):
      return try self.window(windowID).prepareSetVisible(visible)
    case .resize(let windowID, let metrics, let animation):
      return try self.window(windowID).prepareResize(metrics, animation: animation)
    case .addChild(let parent, let child, let frame, let installsView):
      return try container(parent).prepareAddChild(
        controller(child), frame: frame, installsView: installsView)
    case .beginInteractiveTabSelection(let tab, let selection, let animator):
      return try tabBar(tab).prepareInteractiveSelect(selection, animator: animator, owner: owner)
    case .beginAppearanceTransition(let controller, let appearing, let animated):
      return try self.controller(controller).prepareBeginAppearanceTransition(
        appearing: appearing, animated: animated)
    case .endAppearanceTransition(let controller):
      return try self.controller(controller).prepareEndAppearanceTransition()
    case .tap(let windowID, let point):
      return try self.window(windowID).prepareTap(at: point)
    case .removeFromParent(let child):
      return try controller(child).prepareRemoveFromParent()
    case .transitionChildren(let container, let from, let to, let animator):
      return try self.container(container).prepareTransition(
        from: controller(from), to: controller(to), animator: animator)
    case .push(let nav, let controller, let animated, let animator):
      return try navigation(nav).preparePush(
        self.controller(controller), animated: animated, animator: animator)
    case .pop(let nav, let animated, let animator):
      return try navigation(nav).preparePop(animated: animated, animator: animator)
    case .popTo(let nav, let controller, let animated, let animator):
      return try navigation(nav).preparePopTo(
        self.controller(controller), animated: animated, animator: animator)
    case .popToRoot(let nav, let animated, let animator):
      return try navigation(nav).preparePopToRoot(animated: animated, animator: animator)
    case .setViewControllers(let nav, let list, let animated, let animator):
      return try navigation(nav).prepareSetViewControllers(
        list.map(controller), animated: animated, animator: animator)
    case .selectTab(let tab, let selection, let animator):
      return try tabBar(tab).prepareSelect(selection, animator: animator)
    case .setTabs(let tab, let list):
      return try tabBar(tab).prepareSetViewControllers(list.map(controller))
    case .beginInteractivePop(let nav, let animator):
      return try navigation(nav).prepareInteractivePop(animator: animator, owner: owner)
    case .present(
      let presenter, let presented, let animated, let animator, let adaptiveStyle, let options):
      return try controller(presenter).preparePresent(
        controller(presented), animated: animated, animator: animator,
        adaptiveStyle: adaptiveStyle, options: options)
    case .dismiss(let controller, let animated, let animator):
      return try self.controller(controller).prepareDismiss(
        animated: animated, animator: animator)
    case .show(let action, let sender, let shown, let animated, let animator):
      return try controller(sender).prepareShow(
        action, controller(shown), animated: animated, animator: animator)
    case .performSegue(let source, let identifier, let triggered, let animated):
      return try controller(source).preparePerformSegue(
        identifier, triggered: triggered, animated: animated, destinationID: destination)
    case .unwind(let source, let action, let animated):
      return try controller(source).prepareUnwind(
        to: action, segue: nil, animated: animated)
    case .beginInteractivePresent(
      let presenter, let presented, let animator, let adaptiveStyle, let options):
      return try controller(presenter).preparePresent(
        controller(presented), animated: true, animator: animator,
        adaptiveStyle: adaptiveStyle, options: options, interactive: true, owner: owner)
    case .beginInteractiveDismiss(let controller, let animator):
      return try self.controller(controller).prepareDismiss(
        animated: true, animator: animator, interactive: true, owner: owner)
    case .setSplitColumns(let split, let primary, let secondary):
      return try self.split(split).prepareSetColumns(
        primary: controller(primary), secondary: secondary.map(controller))
    case .configureSplit(let split, let change, let animated, let animator):
      return try self.split(split).prepareConfigure(change, animated: animated, animator: animator)
    case .setPages(let page, let list, let direction, let animated, let animator, let source):
      return try self.page(page).prepareSetViewControllers(
        list.map(controller), direction: direction, animated: animated, animator: animator,
        dataSource: source.map { try $0.map(controller) })
    case .turnPage(let page, let direction, let animated, let animator):
      return try self.page(page).prepareTurn(direction, animated: animated, animator: animator)
    case .beginInteractivePageTurn(let page, let direction, let animator):
      return try self.page(page).prepareTurn(
        direction, animated: true, animator: animator, interactive: true, owner: owner)
    }
  }

  /// The controller with this id, which must be a `T` (`what` names the
  /// kind in the error).
  private func controller<T: ViewController>(_ id: ControllerID, as type: T.Type, _ what: String)
    throws -> T
  {
    let found = try controller(id)
    guard let typed = found as? T else {
      throw CurtainError.invalid("\(found.name) is not \(what)")
    }
    return typed
  }

  /// The navigation controller with this id.
  func navigation(_ id: ControllerID) throws -> NavigationController {
    try controller(id, as: NavigationController.self, "a navigation controller")
  }

  /// The tab bar controller with this id.
  func tabBar(_ id: ControllerID) throws -> TabBarController {
    try controller(id, as: TabBarController.self, "a tab bar controller")
  }

  /// The custom container with this id.
  func container(_ id: ControllerID) throws -> ContainerController {
    try controller(id, as: ContainerController.self, "a custom container")
  }

  /// The split view controller with this id.
  func split(_ id: ControllerID) throws -> SplitViewController {
    try controller(id, as: SplitViewController.self, "a split view controller")
  }

  /// The page view controller with this id.
  func page(_ id: ControllerID) throws -> PageViewController {
    try controller(id, as: PageViewController.self, "a page view controller")
  }
}
