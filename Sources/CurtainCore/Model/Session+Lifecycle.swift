// Controllers have a lifecycle: they are created, live in a window or in
// none, and are destroyed. Closing a window destroys the controllers of its
// tree (unless the caller keeps them), `deleteController` destroys a
// controller in no window with everything it holds, and a controller tree
// that was built for a request that then failed is destroyed again, so that
// a failed request creates nothing.
//
// What a controller holds: its children, what it presents, a tab bar
// controller's tabs and its More navigation controller, a page view
// controller's data source. A destroyed controller leaves the session with
// its views; its identifier is free again, its id is never reused.

extension ViewController {
  /// The controllers this one holds besides its children: what it
  /// presents. Containers add theirs.
  var heldControllers: [ViewController] {
    children + [presentedViewController].compactMap { $0 } + containerHeldControllers
  }
}

extension Session {
  /// `roots` and every controller they hold, recursively, each once, roots
  /// first.
  public func heldTree(of roots: [ViewController]) -> [ViewController] {
    var seen = Set<ControllerID>()
    var order: [ViewController] = []
    var stack = roots.reversed() as [ViewController]
    while let next = stack.popLast() {
      guard seen.insert(next.id).inserted else { continue }
      order.append(next)
      stack.append(contentsOf: next.heldControllers.reversed())
    }
    return order
  }

  /// Destroys controllers that are in no window: they leave the session
  /// with their views, and page view controllers that keep one in their
  /// data source forget it.
  func destroy(_ doomed: [ViewController]) {
    let ids = Set(doomed.map(\.id))
    guard !ids.isEmpty else { return }
    var viewIDs = Set<ViewID>()
    for controller in doomed {
      if let view = controller.viewIfLoaded { collect(view, into: &viewIDs) }
    }
    for view in views.values where view.controllerID.map(ids.contains) == true {
      collect(view, into: &viewIDs)
    }
    for id in viewIDs {
      views[id]?.removeFromSuperview()
      views[id] = nil
    }
    for controller in doomed { rememberName(of: controller) }
    removeControllers(ids)
    for case let page as PageViewController in controllers.values {
      page.forgetPages(ids)
    }
  }

  /// How many destroyed controllers' names the session remembers.
  static let rememberedNames = 4096

  /// Remembers a destroyed controller's name for the events that mention
  /// it (a closed window's last events, replays), forgetting the oldest
  /// beyond the limit.
  private func rememberName(of controller: ViewController) {
    if departedNames.updateValue(controller.name, forKey: controller.id) == nil {
      departedOrder.append(controller.id)
    }
    if departedOrder.count > Self.rememberedNames {
      let forgotten = departedOrder.count - Self.rememberedNames
      for id in departedOrder.prefix(forgotten) { departedNames[id] = nil }
      departedOrder.removeFirst(forgotten)
    }
  }

  /// A view and its subviews, recursively.
  private func collect(_ view: View, into ids: inout Set<ViewID>) {
    guard ids.insert(view.id).inserted else { return }
    for subview in view.subviews { collect(subview, into: &ids) }
  }

  /// Destroys a controller that is in no window and has no parent, with
  /// everything it holds (see the file comment). Returns the ids destroyed,
  /// the controller first.
  @discardableResult
  public func deleteController(_ id: ControllerID) throws -> [ControllerID] {
    let controller = try self.controller(id)
    if let window = controller.window {
      throw CurtainError(
        .invalidArgument,
        "\(controller.name) is in window \(window.id); close the window or take it out first")
    }
    if let parent = controller.parent {
      throw CurtainError.invalid(
        "\(controller.name) is a child of \(parent.name); delete \(parent.name) or remove "
          + "\(controller.name) from it first")
    }
    let doomed = heldTree(of: [controller])
    destroy(doomed)
    return doomed.map(\.id)
  }

  /// Closes every window, destroys every controller and unloads every
  /// storyboard: what is left is an empty session (its ids keep counting).
  public func empty() {
    for window in orderedWindows { _ = try? closeWindow(window.id) }
    destroy(Array(controllers.values))
    storyboards = [:]
  }

  /// Unloads a storyboard. Controllers instantiated from it stay; their
  /// segues can no longer be performed.
  public func unloadStoryboard(named name: String) throws {
    _ = try storyboard(named: name)
    storyboards[name] = nil
  }
}
