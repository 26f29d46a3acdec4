// An operation whose controllers have been looked up, once, when it was
// submitted: each is a reference of the kind the operation needs (a
// navigation controller for a push, a tab bar controller for a tab), so that
// nothing downstream looks an id up again or checks a kind again. `prepare`
// is the one place that routes each operation to the container method that
// holds its UIKit logic (NavigationController.preparePush and the like):
// from a request handler, a reader gets there in two steps.
//
// A queued operation keeps its references while it waits; when its turn
// comes, `checkStillInSession` makes sure none of them was deleted
// meanwhile (ids are never reused, so a reference either is the session's
// controller of that id or is gone).

/// A `WindowOperation` with its controllers resolved.
enum ResolvedOperation {
  case setRoot(Window, ViewController?)
  case setVisible(Window, Bool)
  case resize(Window, WindowMetrics, SizeTransitionAnimation?)
  case addChild(ContainerController, ViewController, frame: Rect?, installsView: Bool)
  case removeFromParent(ViewController)
  case transitionChildren(
    ContainerController, from: ViewController, to: ViewController, AnimatorSpec)
  case push(NavigationController, ViewController, animated: Bool, AnimatorSpec?)
  case pop(NavigationController, animated: Bool, AnimatorSpec?)
  case popTo(NavigationController, ViewController, animated: Bool, AnimatorSpec?)
  case popToRoot(NavigationController, animated: Bool, AnimatorSpec?)
  case setViewControllers(NavigationController, [ViewController], animated: Bool, AnimatorSpec?)
  case selectTab(TabBarController, TabSelection, AnimatorSpec?)
  case setTabs(TabBarController, [ViewController])
  case beginInteractivePop(NavigationController, AnimatorSpec?)
  case beginInteractiveTabSelection(TabBarController, TabSelection, AnimatorSpec?)
  case beginAppearanceTransition(ViewController, appearing: Bool, animated: Bool)
  case endAppearanceTransition(ViewController)
  case tap(Window, Point)
  case present(
    presenter: ViewController, ViewController, animated: Bool, AnimatorSpec?,
    adaptiveStyle: ModalPresentationStyle?, PresentOptions)
  case dismiss(ViewController, animated: Bool, AnimatorSpec?)
  case show(ShowAction, sender: ViewController, ViewController, animated: Bool, AnimatorSpec?)
  case performSegue(source: ViewController, identifier: String, triggered: Bool, animated: Bool)
  case unwind(source: ViewController, action: String, animated: Bool)
  case beginInteractivePresent(
    presenter: ViewController, ViewController, AnimatorSpec?,
    adaptiveStyle: ModalPresentationStyle?, PresentOptions)
  case beginInteractiveDismiss(ViewController, AnimatorSpec?)
  case setSplitColumns(SplitViewController, primary: ViewController, secondary: ViewController?)
  case configureSplit(SplitViewController, SplitPreferenceChange, animated: Bool, AnimatorSpec?)
  case setPages(
    PageViewController, [ViewController], PageDirection, animated: Bool, AnimatorSpec?,
    dataSource: [ViewController]?)
  case turnPage(PageViewController, PageDirection, animated: Bool, AnimatorSpec?)
  case beginInteractivePageTurn(PageViewController, PageDirection, AnimatorSpec?)
  case setCollectionLayout(
    CollectionViewController, CollectionLayout, animated: Bool, AnimatorSpec?)
  case beginInteractiveLayoutTransition(CollectionViewController, CollectionLayout, AnimatorSpec?)
}

extension Session {
  /// Looks up every window and controller `operation` names, once, each as
  /// the kind the operation needs: `NOT_FOUND` for an id that names
  /// nothing, `INVALID_ARGUMENT` for a controller of the wrong kind.
  func resolve(_ operation: WindowOperation) throws -> ResolvedOperation {
    func any(_ id: ControllerID) throws -> ViewController { try controller(id) }
    switch operation {
    case .setRoot(let window, let root):
      // The controller is looked up first: an unknown controller is the
      // error, whatever the window.
      let root = try root.map(any)
      return .setRoot(try self.window(window), root)
    case .setVisible(let window, let visible):
      return .setVisible(try self.window(window), visible)
    case .resize(let window, let metrics, let animation):
      return .resize(try self.window(window), metrics, animation)
    case .tap(let window, let point):
      return .tap(try self.window(window), point)
    case .addChild(let parent, let child, let frame, let installsView):
      let (parent, child) = (try any(parent), try any(child))
      return .addChild(
        try typed(parent, ContainerController.self, "a custom container"), child, frame: frame,
        installsView: installsView)
    case .removeFromParent(let child):
      return .removeFromParent(try any(child))
    case .transitionChildren(let container, let from, let to, let animator):
      let (container, from, to) = (try any(container), try any(from), try any(to))
      return .transitionChildren(
        try typed(container, ContainerController.self, "a custom container"), from: from, to: to,
        animator)
    case .push(let nav, let controller, let animated, let animator):
      let (nav, controller) = (try any(nav), try any(controller))
      return .push(try navigation(nav), controller, animated: animated, animator)
    case .pop(let nav, let animated, let animator):
      return .pop(try navigation(any(nav)), animated: animated, animator)
    case .popTo(let nav, let controller, let animated, let animator):
      let (nav, controller) = (try any(nav), try any(controller))
      return .popTo(try navigation(nav), controller, animated: animated, animator)
    case .popToRoot(let nav, let animated, let animator):
      return .popToRoot(try navigation(any(nav)), animated: animated, animator)
    case .setViewControllers(let nav, let list, let animated, let animator):
      let nav = try any(nav)
      let list = try list.map(any)
      return .setViewControllers(try navigation(nav), list, animated: animated, animator)
    case .beginInteractivePop(let nav, let animator):
      return .beginInteractivePop(try navigation(any(nav)), animator)
    case .selectTab(let tab, let selection, let animator):
      let tab = try any(tab)
      if case .controller(let id) = selection { _ = try any(id) }
      return .selectTab(try tabBar(tab), selection, animator)
    case .beginInteractiveTabSelection(let tab, let selection, let animator):
      let tab = try any(tab)
      if case .controller(let id) = selection { _ = try any(id) }
      return .beginInteractiveTabSelection(try tabBar(tab), selection, animator)
    case .setTabs(let tab, let list):
      let tab = try any(tab)
      let list = try list.map(any)
      return .setTabs(try tabBar(tab), list)
    case .beginAppearanceTransition(let controller, let appearing, let animated):
      return .beginAppearanceTransition(
        try any(controller), appearing: appearing, animated: animated)
    case .endAppearanceTransition(let controller):
      return .endAppearanceTransition(try any(controller))
    case .present(let presenter, let presented, let animated, let animator, let style, let options):
      return .present(
        presenter: try any(presenter), try any(presented), animated: animated, animator,
        adaptiveStyle: style, options)
    case .beginInteractivePresent(
      let presenter, let presented, let animator, let style, let options):
      return .beginInteractivePresent(
        presenter: try any(presenter), try any(presented), animator, adaptiveStyle: style,
        options)
    case .dismiss(let controller, let animated, let animator):
      return .dismiss(try any(controller), animated: animated, animator)
    case .beginInteractiveDismiss(let controller, let animator):
      return .beginInteractiveDismiss(try any(controller), animator)
    case .show(let action, let sender, let shown, let animated, let animator):
      return .show(action, sender: try any(sender), try any(shown), animated: animated, animator)
    case .performSegue(let source, let identifier, let triggered, let animated):
      return .performSegue(
        source: try any(source), identifier: identifier, triggered: triggered, animated: animated)
    case .unwind(let source, let action, let animated):
      return .unwind(source: try any(source), action: action, animated: animated)
    case .setSplitColumns(let split, let primary, let secondary):
      let (split, primary) = (try any(split), try any(primary))
      let secondary = try secondary.map(any)
      return .setSplitColumns(
        try typed(split, SplitViewController.self, "a split view controller"), primary: primary,
        secondary: secondary)
    case .configureSplit(let split, let change, let animated, let animator):
      return .configureSplit(
        try typed(any(split), SplitViewController.self, "a split view controller"), change,
        animated: animated, animator)
    case .setPages(let page, let list, let direction, let animated, let animator, let source):
      let page = try any(page)
      let list = try list.map(any)
      let source = try source.map { try $0.map(any) }
      return .setPages(
        try typed(page, PageViewController.self, "a page view controller"), list, direction,
        animated: animated, animator, dataSource: source)
    case .turnPage(let page, let direction, let animated, let animator):
      return .turnPage(
        try typed(any(page), PageViewController.self, "a page view controller"), direction,
        animated: animated, animator)
    case .beginInteractivePageTurn(let page, let direction, let animator):
      return .beginInteractivePageTurn(
        try typed(any(page), PageViewController.self, "a page view controller"), direction,
        animator)
    case .setCollectionLayout(let collection, let layout, let animated, let animator):
      return .setCollectionLayout(
        try typed(any(collection), CollectionViewController.self, "a collection view controller"),
        layout, animated: animated, animator)
    case .beginInteractiveLayoutTransition(let collection, let layout, let animator):
      return .beginInteractiveLayoutTransition(
        try typed(any(collection), CollectionViewController.self, "a collection view controller"),
        layout, animator)
    }
  }

  /// `controller` as a `T` (`what` names the kind in the error).
  private func typed<T: ViewController>(_ controller: ViewController, _: T.Type, _ what: String)
    throws -> T
  {
    guard let typed = controller as? T else {
      throw CurtainError.invalid("\(controller.name) is not \(what)")
    }
    return typed
  }

  private func navigation(_ controller: ViewController) throws -> NavigationController {
    try typed(controller, NavigationController.self, "a navigation controller")
  }

  private func tabBar(_ controller: ViewController) throws -> TabBarController {
    try typed(controller, TabBarController.self, "a tab bar controller")
  }
}

extension ResolvedOperation {
  /// The window that runs the operation: the one it names, else the window
  /// of the controller it targets (`nil`: a controller in no window, which
  /// changes at once).
  var window: Window? {
    switch self {
    case .setRoot(let window, _), .setVisible(let window, _), .resize(let window, _, _),
      .tap(let window, _):
      return window
    default:
      return target?.window
    }
  }

  /// The controller the operation is sent to, if it names one.
  var target: ViewController? {
    switch self {
    case .setRoot, .setVisible, .resize, .tap: return nil
    case .addChild(let parent, _, _, _): return parent
    case .removeFromParent(let child): return child
    case .transitionChildren(let container, _, _, _): return container
    case .push(let nav, _, _, _), .pop(let nav, _, _), .popTo(let nav, _, _, _),
      .popToRoot(let nav, _, _), .setViewControllers(let nav, _, _, _),
      .beginInteractivePop(let nav, _):
      return nav
    case .selectTab(let tab, _, _), .setTabs(let tab, _),
      .beginInteractiveTabSelection(let tab, _, _):
      return tab
    case .beginAppearanceTransition(let controller, _, _), .endAppearanceTransition(let controller),
      .dismiss(let controller, _, _), .beginInteractiveDismiss(let controller, _):
      return controller
    case .present(let presenter, _, _, _, _, _),
      .beginInteractivePresent(let presenter, _, _, _, _):
      return presenter
    case .show(_, let sender, _, _, _): return sender
    case .performSegue(let source, _, _, _), .unwind(let source, _, _): return source
    case .setSplitColumns(let split, _, _), .configureSplit(let split, _, _, _): return split
    case .setPages(let page, _, _, _, _, _), .turnPage(let page, _, _, _),
      .beginInteractivePageTurn(let page, _, _):
      return page
    case .setCollectionLayout(let collection, _, _, _),
      .beginInteractiveLayoutTransition(let collection, _, _):
      return collection
    }
  }

  /// Every controller the operation names (a tab selected by id is looked
  /// up in its tab bar controller's list when the operation starts).
  var controllers: [ViewController] {
    switch self {
    case .setRoot(_, let root): return root.map { [$0] } ?? []
    case .setVisible, .resize, .tap: return []
    case .addChild(let parent, let child, _, _): return [parent, child]
    case .removeFromParent(let child): return [child]
    case .transitionChildren(let container, let from, let to, _): return [container, from, to]
    case .push(let nav, let controller, _, _), .popTo(let nav, let controller, _, _):
      return [nav, controller]
    case .pop(let nav, _, _), .popToRoot(let nav, _, _), .beginInteractivePop(let nav, _):
      return [nav]
    case .setViewControllers(let nav, let list, _, _): return [nav] + list
    case .selectTab(let tab, _, _), .beginInteractiveTabSelection(let tab, _, _): return [tab]
    case .setTabs(let tab, let list): return [tab] + list
    case .beginAppearanceTransition(let controller, _, _), .endAppearanceTransition(let controller),
      .dismiss(let controller, _, _), .beginInteractiveDismiss(let controller, _):
      return [controller]
    case .present(let presenter, let presented, _, _, _, _),
      .beginInteractivePresent(let presenter, let presented, _, _, _):
      return [presenter, presented]
    case .show(_, let sender, let shown, _, _): return [sender, shown]
    case .performSegue(let source, _, _, _), .unwind(let source, _, _): return [source]
    case .setSplitColumns(let split, let primary, let secondary):
      return [split, primary] + (secondary.map { [$0] } ?? [])
    case .configureSplit(let split, _, _, _): return [split]
    case .setPages(let page, let list, _, _, _, let source): return [page] + list + (source ?? [])
    case .turnPage(let page, _, _, _), .beginInteractivePageTurn(let page, _, _): return [page]
    case .setCollectionLayout(let collection, _, _, _),
      .beginInteractiveLayoutTransition(let collection, _, _):
      return [collection]
    }
  }

  /// The animator the request carries, if any.
  var animator: AnimatorSpec? {
    switch self {
    case .transitionChildren(_, _, _, let animator): return animator
    case .push(_, _, _, let animator), .pop(_, _, let animator), .popTo(_, _, _, let animator),
      .popToRoot(_, _, let animator), .setViewControllers(_, _, _, let animator),
      .selectTab(_, _, let animator), .beginInteractivePop(_, let animator),
      .beginInteractiveTabSelection(_, _, let animator),
      .present(_, _, _, let animator, _, _), .dismiss(_, _, let animator),
      .show(_, _, _, _, let animator), .beginInteractivePresent(_, _, let animator, _, _),
      .beginInteractiveDismiss(_, let animator), .configureSplit(_, _, _, let animator),
      .setPages(_, _, _, _, let animator, _), .turnPage(_, _, _, let animator),
      .beginInteractivePageTurn(_, _, let animator), .setCollectionLayout(_, _, _, let animator),
      .beginInteractiveLayoutTransition(_, _, let animator):
      return animator
    default: return nil
    }
  }

  /// Whether it begins an interactive transition, which only its owner
  /// (the submitting client) updates and ends.
  var beginsInteraction: Bool {
    switch self {
    case .beginInteractivePop, .beginInteractiveTabSelection, .beginInteractivePresent,
      .beginInteractiveDismiss, .beginInteractivePageTurn, .beginInteractiveLayoutTransition:
      return true
    default: return false
    }
  }

  /// Fails with `NOT_FOUND`, as the submission would have, when a
  /// controller the operation names was deleted while it waited.
  func checkStillInSession(_ session: Session) throws {
    for controller in controllers where session.controllers[controller.id] !== controller {
      throw CurtainError.notFound("No view controller \(controller.id)")
    }
    if case .selectTab(_, .controller(let id), _) = self { _ = try session.controller(id) }
    if case .beginInteractiveTabSelection(_, .controller(let id), _) = self {
      _ = try session.controller(id)
    }
  }
}

extension ResolvedOperation {
  /// Checks the operation against the session as it is now, before it
  /// starts (or, in a busy window, before it joins the queue, so that one
  /// that can never run is refused at once): its controllers still exist,
  /// none is held by another window's running transition, and its specs,
  /// numbers and controllers can run in `window` (the kinds were checked
  /// when it was resolved).
  func check(in window: Window?, of session: Session) throws {
    try checkStillInSession(session)
    for controller in controllers { try session.checkNotHeld(controller, outside: window) }
    try animator?.validate()
    switch self {
    case .setRoot(_, let root):
      if let root, root.hostWindow !== window { try session.checkMovable(root, into: window) }
    case .setVisible, .removeFromParent, .beginAppearanceTransition, .endAppearanceTransition,
      .dismiss, .beginInteractiveDismiss, .transitionChildren, .turnPage,
      .beginInteractivePageTurn:
      break
    case .resize(_, let metrics, let animation):
      try metrics.validate()
      try animation?.validate()
    case .addChild(_, let child, let frame, _):
      try session.checkMovable(child, into: window)
      if let frame {
        let numbers = [frame.minX, frame.minY, frame.width, frame.height]
        guard numbers.allSatisfy(\.isFinite), frame.width >= 0, frame.height >= 0 else {
          throw CurtainError.invalid("A child frame must be finite with a non-negative size")
        }
      }
    case .push(let nav, let controller, _, _):
      try session.checkNotMore(nav)
      try session.checkMovable(controller, into: window)
    case .pop, .popTo, .beginInteractivePop:
      // The More navigation controller pops what `show` pushed onto it (its
      // prepare checks that).
      break
    case .popToRoot(let nav, _, _):
      try session.checkNotMore(nav)
    case .setViewControllers(let nav, let list, _, _):
      try session.checkNotMore(nav)
      for controller in list { try session.checkMovable(controller, into: window) }
    case .selectTab(_, let selection, _), .beginInteractiveTabSelection(_, let selection, _):
      if case .index(let index) = selection, index < 0 {
        throw CurtainError.invalid("Tab index \(index) is negative")
      }
    case .tap(_, let point):
      guard point.x.isFinite, point.y.isFinite else {
        throw CurtainError.invalid("A tap's point must be finite, got \(point)")
      }
    case .setTabs(_, let list):
      for controller in list { try session.checkMovable(controller, into: window) }
    case .present(let presenter, let presented, _, _, _, let options),
      .beginInteractivePresent(let presenter, let presented, _, _, let options):
      try options.validate()
      if presenter === presented {
        throw CurtainError.invalid(
          "Application tried to present modally an active controller \(presented.name).")
      }
      // Whether it is still presented when its turn comes is checked then.
      if presented.presentation == nil { try session.checkMovable(presented, into: window) }
    case .show(_, let sender, let shown, _, _):
      if sender === shown {
        throw CurtainError.invalid("\(shown.name) cannot show itself")
      }
      // Whether it is pushed or presented, it must be free to move.
      try session.checkMovable(shown, into: window)
    case .performSegue(let source, let identifier, _, _):
      _ = try session.segue(identifier, from: source)
    case .unwind(_, let action, _):
      try Storyboard.validateName(action, what: "Unwind action")
    case .setSplitColumns(_, let primary, let secondary):
      for controller in [primary] + (secondary.map { [$0] } ?? []) {
        try session.checkMovable(controller, into: window)
      }
    case .configureSplit(let split, let change, _, _):
      _ = try change.applied(to: split.preferences)
    case .setPages(_, let list, _, _, _, let source):
      for controller in list + (source ?? []) { try session.checkMovable(controller, into: window) }
    case .setCollectionLayout(let collection, let layout, _, _),
      .beginInteractiveLayoutTransition(let collection, let layout, _):
      try layout.validate(itemCount: collection.itemCount)
    }
  }

  /// The change the operation makes now, as its delegates' answers shape
  /// it (an animator they returned replaces the request's; an adaptive
  /// style, a custom presentation or a replacement controller changes the
  /// presentation), from the container that holds its UIKit logic.
  /// `owner` is the submitting client (of an interactive transition it
  /// begins); `destination` the id set aside for a queued segue's
  /// destination.
  func prepare(answers: DelegateAnswers, owner: OwnerID?, destination: ControllerID?) throws
    -> PreparedChange
  {
    let answered = answers.animator
    switch self {
    case .setRoot(let window, let root):
      return try window.prepareSetRoot(root)
    case .setVisible(let window, let visible):
      return try window.prepareSetVisible(visible)
    case .resize(let window, let metrics, let animation):
      return try window.prepareResize(metrics, animation: animation)
    case .tap(let window, let point):
      return try window.prepareTap(at: point, answers: answers)
    case .addChild(let parent, let child, let frame, let installsView):
      return try parent.prepareAddChild(child, frame: frame, installsView: installsView)
    case .removeFromParent(let child):
      return try child.prepareRemoveFromParent()
    case .transitionChildren(let container, let from, let to, let animator):
      return try container.prepareTransition(from: from, to: to, animator: animator)
    case .push(let nav, let controller, let animated, let animator):
      return try nav.preparePush(controller, animated: animated, animator: answered ?? animator)
    case .pop(let nav, let animated, let animator):
      return try nav.preparePop(animated: animated, animator: answered ?? animator)
    case .popTo(let nav, let controller, let animated, let animator):
      return try nav.preparePopTo(controller, animated: animated, animator: answered ?? animator)
    case .popToRoot(let nav, let animated, let animator):
      return try nav.preparePopToRoot(animated: animated, animator: answered ?? animator)
    case .setViewControllers(let nav, let list, let animated, let animator):
      return try nav.prepareSetViewControllers(
        list, animated: animated, animator: answered ?? animator)
    case .beginInteractivePop(let nav, let animator):
      return try nav.prepareInteractivePop(animator: answered ?? animator, owner: owner)
    case .selectTab(let tab, let selection, let animator):
      return try tab.prepareSelect(selection, animator: answered ?? animator)
    case .beginInteractiveTabSelection(let tab, let selection, let animator):
      return try tab.prepareInteractiveSelect(
        selection, animator: answered ?? animator, owner: owner)
    case .setTabs(let tab, let list):
      return try tab.prepareSetViewControllers(list)
    case .beginAppearanceTransition(let controller, let appearing, let animated):
      return try controller.prepareBeginAppearanceTransition(
        appearing: appearing, animated: animated)
    case .endAppearanceTransition(let controller):
      return try controller.prepareEndAppearanceTransition()
    case .present(let presenter, let presented, let animated, let animator, let style, let options):
      return try presenter.preparePresent(
        presented, animated: animated, animator: answered ?? animator,
        adaptiveStyle: answers.style ?? style,
        options: withAnswers(options, answers, presented: presented.id))
    case .beginInteractivePresent(
      let presenter, let presented, let animator, let style, let options):
      return try presenter.preparePresent(
        presented, animated: true, animator: answered ?? animator,
        adaptiveStyle: answers.style ?? style,
        options: withAnswers(options, answers, presented: presented.id),
        interactive: true, owner: owner)
    case .dismiss(let controller, let animated, let animator):
      return try controller.prepareDismiss(
        animated: animated, animator: answered ?? animator, alongside: answers.alongside)
    case .beginInteractiveDismiss(let controller, let animator):
      return try controller.prepareDismiss(
        animated: true, animator: answered ?? animator, alongside: answers.alongside,
        interactive: true, owner: owner)
    case .show(let action, let sender, let shown, let animated, let animator):
      return try sender.prepareShow(action, shown, animated: animated, animator: animator)
    case .performSegue(let source, let identifier, let triggered, let animated):
      return try source.preparePerformSegue(
        identifier, triggered: triggered, animated: animated, destinationID: destination,
        shouldPerformAnswer: answers.shouldPerformSegue)
    case .unwind(let source, let action, let animated):
      return try source.prepareUnwind(to: action, segue: nil, animated: animated)
    case .setSplitColumns(let split, let primary, let secondary):
      return try split.prepareSetColumns(primary: primary, secondary: secondary)
    case .configureSplit(let split, let change, let animated, let animator):
      return try split.prepareConfigure(change, animated: animated, animator: animator)
    case .setPages(let page, let list, let direction, let animated, let animator, let source):
      return try page.prepareSetViewControllers(
        list, direction: direction, animated: animated, animator: animator, dataSource: source)
    case .turnPage(let page, let direction, let animated, let animator):
      return try page.prepareTurn(direction, animated: animated, animator: animator)
    case .beginInteractivePageTurn(let page, let direction, let animator):
      return try page.prepareTurn(
        direction, animated: true, animator: animator, interactive: true, owner: owner)
    case .setCollectionLayout(let collection, let layout, let animated, let animator):
      return try collection.prepareSetLayout(layout, animated: animated, animator: animator)
    case .beginInteractiveLayoutTransition(let collection, let layout, let animator):
      return try collection.prepareSetLayout(
        layout, animated: true, animator: animator, interactive: true, owner: owner)
    }
  }

  /// A presentation's options with what its delegates answered: a custom
  /// presentation controller's description, the presented view's frame
  /// (`frameOfPresentedViewInContainerView`, over the description's),
  /// whether the presenter's view leaves the window
  /// (`shouldRemovePresentersView`, over the description's), an adaptive
  /// replacement, the animations alongside (`presentationTransitionWillBegin`).
  private func withAnswers(
    _ options: PresentOptions, _ answers: DelegateAnswers, presented: ControllerID
  ) -> PresentOptions {
    var options = options
    if let custom = answers.presentation { options.custom = custom }
    if case .frame(let frame)? = answers.frames[presented] {
      options.custom = options.custom ?? CustomPresentation()
      options.custom?.frame = frame
    }
    if case .bool(let removes)? = answers.byMethod[.shouldRemovePresentersView] {
      options.custom = options.custom ?? CustomPresentation()
      options.custom?.removesPresenterView = removes
    }
    if let replacement = answers.replacement { options.adaptiveReplacement = replacement }
    options.alongside = answers.alongside
    return options
  }
}
