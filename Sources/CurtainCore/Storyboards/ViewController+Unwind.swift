// Unwinding to an action (SEMANTICS §8).
//
// The search starts at the source's parent (or, for a presented controller,
// its presenter) and goes up through parents and presenters. At each
// controller it first looks into the children the controller allows
// (`allowedChildrenForUnwinding`: every child but the one the search comes
// from; a navigation controller's stack top-down below it; a tab bar
// controller's tabs), each subtree children first, then asks the controller
// itself. Every controller asked gets `canPerformUnwindSegueAction`, which
// answers yes when it declares the action; the first yes is the
// destination. No destination: `NOT_FOUND`, nothing changes.
//
// Then: source.canPerformUnwindSegueAction answers (in search order),
// source.prepare(destination), destination.<action>(from: source), and the
// path is unwound:
//
// - the presentation between the source and the destination's level is
//   dismissed (every controller above it goes too; only the top animates);
// - navigation controllers above the destination pop to it;
// - tab bar controllers above it select it.
//
// **Curtain's choice** for the order, as UIKit shows it: the pops and tab
// selections happen first, without animation, under the presentation, and
// the dismissal animates and reveals the destination. If the presenter
// itself would be popped, the dismissal happens first, without animation,
// and the path animates. The pops and selections go from the destination
// outward, so that each happens while an outer container still hides it;
// only the outermost one is on screen and, with no presentation to
// dismiss, animates.

extension ViewController {
  /// The first controller from here up that declares `action`, and every
  /// controller asked with its answer, in order.
  func unwindSearch(for action: String) -> (
    destination: ViewController?, asked: [(ViewController, Bool)]
  ) {
    var asked: [(ViewController, Bool)] = []
    func ask(_ controller: ViewController) -> ViewController? {
      let answer = controller.unwindActions.contains(action)
      asked.append((controller, answer))
      return answer ? controller : nil
    }
    func searchSubtree(_ controller: ViewController) -> ViewController? {
      for child in controller.allowedChildrenForUnwinding(from: nil) {
        if let found = searchSubtree(child) { return found }
      }
      return ask(controller)
    }
    var from: ViewController = self
    var node = parent ?? presentingViewController
    while let current = node {
      for child in current.allowedChildrenForUnwinding(from: from) {
        if let found = searchSubtree(child) { return (found, asked) }
      }
      if let found = ask(current) { return (found, asked) }
      from = current
      node = current.parent ?? current.presentingViewController
    }
    return (nil, asked)
  }

  /// Unwinds from this controller to the first one that declares `action`;
  /// `segue` is the unwind segue's identifier, if one was performed.
  func prepareUnwind(to action: String, segue: String?, animated: Bool) throws -> PreparedChange {
    let search = unwindSearch(for: action)
    guard let destination = search.destination else {
      throw CurtainError.notFound(
        "No view controller above \(name) declares the unwind action '\(action)'")
    }
    let path = try prepareUnwindPath(to: destination, animated: animated)
    return PreparedChange(removed: path.removed, destination: destination.id) { [self] context in
      for (controller, answer) in search.asked {
        controller.emitSegue(.canPerformUnwind(action: action, source: id, answer: answer))
      }
      emitSegue(.prepare(identifier: segue, destination: destination.id))
      destination.emitSegue(.unwindAction(action: action, source: id))
      path.run(context)
    }
  }

  /// The dismissal, pops and tab selections that bring `destination` back
  /// from this controller.
  private func prepareUnwindPath(to destination: ViewController, animated: Bool) throws
    -> PreparedChange
  {
    // The presenter at the destination's level of the presentation chain
    // that leads to this controller.
    let level = destination.topAncestor
    var presenter: ViewController?
    var node: ViewController = self
    while node.topAncestor !== level, let up = node.topAncestor.presentingViewController {
      if up.topAncestor === level { presenter = up }
      node = up
    }
    // Containers above the destination that do not show it, innermost
    // first: those changes happen off screen (an outer container hides
    // them), so only the outermost one can be seen (and animate).
    enum Step {
      case pop(NavigationController, to: ViewController)
      case select(TabBarController, ViewController)
    }
    var steps: [Step] = []
    var child = destination
    while let parent = child.parent {
      if let nav = parent as? NavigationController, nav.topViewController !== child {
        steps.append(.pop(nav, to: child))
      } else if let tabs = parent as? TabBarController, child !== tabs.moreNavigationController,
        tabs.selectedViewController !== child
      {
        steps.append(.select(tabs, child))
      }
      child = parent
    }
    let popped = steps.flatMap { step -> [ViewController] in
      guard case .pop(let nav, let child) = step else { return [] }
      return Array(nav.children.drop { $0 !== child }.dropFirst())
    }
    let dismissFirst = presenter.map { p in popped.contains { p.isDescendant(of: $0) } } ?? false
    let dismissal = try presenter?.prepareDismiss(
      animated: animated && !dismissFirst, animator: nil)
    let animatePath = animated && (dismissal == nil || dismissFirst)
    let changes = try steps.map { step in
      switch step {
      case .pop(let nav, let child):
        return try nav.preparePopTo(child, animated: animatePath, animator: nil)
      case .select(let tabs, let child):
        return try tabs.prepareSelect(.controller(child.id), animator: nil)
      }
    }
    return PreparedChange(removed: changes.flatMap(\.removed)) { context in
      if dismissFirst { dismissal?.run(context) }
      for change in changes { change.run(context) }
      if !dismissFirst { dismissal?.run(context) }
    }
  }
}
