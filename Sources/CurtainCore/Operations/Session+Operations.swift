// Where an operation enters the model. `submit` resolves the controllers it
// names (once, into references: ResolvedOperation.swift) and hands it to
// the window that runs it (Window+Operations.swift), which checks it, asks
// its delegates and starts it. An operation on controllers in no window has
// no queue and no delegates: it runs here at once, with its events in the
// session's detached log.
//
// "How an operation runs" in CONTRIBUTING.md walks the whole path.

extension Session {
  /// Submits an operation to the window it concerns (see `Window.submit`).
  /// Operations on controllers in no window run at once.
  @discardableResult
  public func submit(_ operation: WindowOperation, options: OperationOptions = .init()) throws
    -> OperationTicket
  {
    let resolved = try resolve(operation)
    if let window = resolved.window {
      return try window.submit(resolved, options: options)
    }
    try resolved.check(in: nil, of: self)
    let (running, created) = try recordingCreations {
      let change = try resolved.prepare(
        answers: DelegateAnswers(), owner: options.owner, destination: nil)
      let running = RunningOperation(
        id: ids.operation(), traceID: options.traceID, change: change, initiator: options.owner)
      emitting(into: nil, trace: options.traceID) {
        change.run(OperationContext(operation: running))
      }
      return running
    }
    running.created = created
    let started = running.outcome(.started, window: nil, revision: 0)
    record(started)
    record(running.outcome(.completed(cancelled: false), window: nil, revision: 0))
    return OperationTicket(started: started, isCompleted: true)
  }

  /// Throws `BUSY` when a running transition of a window other than
  /// `target` holds `controller` (it moves it, or its `didMove` is
  /// pending): the controller must wait for that window and cannot be
  /// changed from outside. Within its own window the queue makes the
  /// operation wait instead.
  func checkNotHeld(_ controller: ViewController, outside target: Window?) throws {
    for window in windows.values where window !== target && window.holds(controller) {
      throw CurtainError(
        .busy, "\(controller.name) is part of a running transition in window \(window.id)")
    }
  }

  /// The More navigation controller's stack belongs to its tab bar controller.
  func checkNotMore(_ nav: NavigationController) throws {
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
  func reserveDestination(for operation: ResolvedOperation) -> ControllerID? {
    guard case .performSegue(let source, let identifier, _, _) = operation,
      let found = try? segue(identifier, from: source), found.segue.destination != nil
    else { return nil }
    return ids.controller()
  }
}
