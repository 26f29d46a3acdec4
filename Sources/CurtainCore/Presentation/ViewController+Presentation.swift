// Presenting and dismissing (SEMANTICS §4).
//
// Present B on A: the presenter is resolved first (full-screen styles: the
// top of A's parents, i.e. the window's root or the top of its presentation
// chain; currentContext styles: the first of A and its parents that defines
// the presentation context, else that top), every error is checked, and the
// change runs in UIKit's order:
//
//   presentationTransitionWillBegin, B.viewDidLoad (first time),
//   [P.viewWillDisappear], B.viewWillAppear, *animation*,
//   presentationTransitionDidEnd(true), [P's view removed],
//   B.viewDidAppear, [P.viewDidDisappear], completion
//
// Dismiss: the target is what the receiver (or its nearest ancestor)
// presents, else the receiver's (or its nearest ancestor's) own
// presentation. Every controller presented above the target goes too (its
// chain, and what controllers inside it present);
// only the top one animates, the others leave at once:
//
//   dismissalTransitionWillBegin (top first), viewWillDisappear (top
//   first), [P.viewWillAppear], *animation*, dismissalTransitionDidEnd(true)
//   (top first), [P.viewDidAppear], viewDidDisappear (top first), completion
//
// Bracketed items happen only when the presentation removed the presenter's
// view. **Curtain's choice:** that view is put back at its old place when
// the dismissal begins, so that the animation reveals it; no event marks it.

extension ViewController {
  /// The controller that presents a controller of `style` when the request
  /// is sent to `self`.
  func resolvePresenter(for style: ModalPresentationStyle) -> ViewController {
    if style.isContextual {
      var node: ViewController? = self
      while let current = node {
        if current.definesPresentationContext { return current }
        node = current.parent
      }
    }
    return topAncestor
  }

  func preparePresent(
    _ presented: ViewController, animated: Bool, animator: AnimatorSpec?,
    adaptiveStyle: ModalPresentationStyle?, options: PresentOptions = PresentOptions(),
    interactive: Bool = false, owner: OwnerID? = nil
  ) throws -> PreparedChange {
    if presented === self {
      throw CurtainError.invalid(
        "Application tried to present modally an active controller \(presented.name).")
    }
    if let presenting = presented.presentingViewController {
      throw CurtainError.invalid(
        "Application tried to present modally a view controller \(presented.name) "
          + "that is already being presented by \(presenting.name).")
    }
    if let parent = presented.parent {
      throw CurtainError.invalid(
        "Application tried to present modally a view controller \(presented.name) "
          + "that has a parent view controller \(parent.name).")
    }
    if let host = presented.hostWindow {
      throw CurtainError.invalid(
        "\(presented.name) is the root view controller of window \(host.id) and cannot be presented"
      )
    }
    try options.validate()
    let style = (options.style ?? presented.modalPresentationStyle).resolved
    let presenter = resolvePresenter(for: style)
    var transitionStyle = options.transitionStyle ?? presented.modalTransitionStyle
    if style.isContextual, presenter.providesPresentationContextTransitionStyle {
      transitionStyle = presenter.modalTransitionStyle
    }
    if transitionStyle == .partialCurl, style != .fullScreen {
      throw CurtainError.invalid(
        "Application tried to present UIModalTransitionStylePartialCurl to or from "
          + "non-fullscreen view controller \(presented.name).")
    }
    if let current = presenter.presentedViewController {
      throw CurtainError(
        .alreadyPresenting,
        "Attempt to present \(presented.name) on \(presenter.name) "
          + "which is already presenting \(current.name)")
    }
    guard isViewInWindow, let window, let presenterView = presenter.viewIfLoaded,
      presenterView.window === window
    else {
      throw CurtainError(
        .notInWindow,
        "Attempt to present \(presented.name) on \(name) "
          + "whose view is not in the window hierarchy")
    }
    if presenter.presentation?.transitionStyle == .partialCurl {
      throw CurtainError.invalid(
        "\(presenter.name) was presented with \(ModalTransitionStyle.partialCurl.uiKitName) "
          + "and cannot present \(presented.name)")
    }
    if options.custom != nil, style != .custom {
      throw CurtainError.invalid(
        "A custom presentation description applies only to custom presentations; "
          + "\(presented.name) is presented as \(style.rawValue)")
    }
    let anchor = try popoverAnchor(options.popover, style: style, presented: presented, in: window)
    let passthrough = try (options.popover?.passthroughViews ?? []).map { id -> View in
      guard let found = session.views[id] else { throw CurtainError.notFound("No view \(id)") }
      guard found.window === window else {
        throw CurtainError(
          .notInWindow, "The popover's passthrough view \(id) is not in window \(window.id)")
      }
      return found
    }
    let contextContainer = style.isContextual ? presenterView.superview : nil
    let (animator, animatorNotUsed) = AnimatorSpec.given(animator, toPresentationIn: style)
    let accepted = adaptiveStyle.flatMap { $0.isAcceptedAdaptiveStyle ? $0 : nil }
    // The adaptive delegate's replacement, if it can still stand in.
    let replacement = options.adaptiveReplacement.flatMap { id in
      session.controllers[id].flatMap {
        $0 !== presented && $0.detachmentProblem == nil ? $0 : nil
      }
    }
    return PreparedChange(animatorNotUsed: animatorNotUsed) { context in
      if let style = options.style { presented.modalPresentationStyle = style }
      if let transition = options.transitionStyle { presented.modalTransitionStyle = transition }
      if let size = options.preferredContentSize { presented.preferredContentSize = size }
      let presentation = Presentation(
        presenting: presenter, presented: presented, requestedStyle: style,
        adaptiveStyle: accepted, transitionStyle: transitionStyle,
        contextContainer: contextContainer,
        windowView: window.view,
        traits: window.traitCollection)
      presentation.popover = anchor
      presentation.passthroughViews = passthrough
      presentation.custom = options.custom
      if let replacement = replacement {
        presentation.replacement = replacement
        if presentation.isAdapted { presentation.showReplacement(replacement) }
      }
      presenter.performPresent(
        presentation, in: window, animated: animated, animator: animator,
        alongside: options.alongside, interactive: interactive, owner: owner, for: context)
    }
  }

  /// The popover's source for a presentation of `style` sent to `self`:
  /// `nil` for other styles (where a source is an error). The source view
  /// defaults to `self`'s view and must be in `window`.
  private func popoverAnchor(
    _ source: PopoverSource?, style: ModalPresentationStyle, presented: ViewController,
    in window: Window
  ) throws -> PopoverAnchor? {
    guard style == .popover else {
      if source != nil {
        throw CurtainError.invalid(
          "A popover source applies only to popover presentations; \(presented.name) "
            + "is presented as \(style.rawValue)")
      }
      return nil
    }
    let source = source ?? PopoverSource()
    if let item = source.barItem {
      let (container, bar) = try barItemContainer(for: item)
      return PopoverAnchor(
        view: bar, givenRect: nil, barItem: (item, container),
        permittedArrowDirections: source.permittedArrowDirections)
    }
    let view: View
    if let id = source.view {
      guard let found = session.views[id] else { throw CurtainError.notFound("No view \(id)") }
      guard found.window === window else {
        throw CurtainError(
          .notInWindow, "The popover's source view \(id) is not in window \(window.id)")
      }
      view = found
    } else {
      view = self.view
    }
    return PopoverAnchor(
      view: view, givenRect: source.rect, barItem: nil,
      permittedArrowDirections: source.permittedArrowDirections)
  }

  /// Runs a checked presentation; `self` is the presenter.
  private func performPresent(
    _ presentation: Presentation, in window: Window, animated: Bool, animator: AnimatorSpec?,
    alongside: [TrackSpec], interactive: Bool, owner: OwnerID?, for context: OperationContext?
  ) {
    let presented = presentation.presented
    let container = presentation.containerView
    presentedViewController = presented
    presented.presentation = presentation
    emitPresentation(presented, .presentationTransitionWillBegin)
    presented.loadViewIfNeeded()
    let presenterView = view
    let removes = presentation.removesPresenterView
    let visible = window.isVisible
    let animate = animated && visible
    if visible {
      if removes { beginAppearance(false, animated: animate) }
      presented.beginAppearance(true, animated: animate)
    }
    presentation.installDimmingView()
    if presentation.transitionStyle == .partialCurl, presenterView.superview === container {
      container.insertSubview(presented.view, below: presenterView)
    } else if presentation.style.isContextual, presenterView.superview === container {
      container.insertSubview(presented.view, above: presenterView)
    } else {
      container.addSubview(presented.view)
    }
    let frame = presentation.frameOfPresentedView(in: window)
    presented.view.frame = frame
    window.layout(presented)
    if let placement = presentation.popoverPlacement {
      emitPresentation(presented, .popoverPlaced(placement))
    }
    let spec = AnimatorSpec.resolved(
      animator, builtIn: presentation.builtInAnimator(presenting: true, frame: frame)
    )
    .withDimming(
      presentation.dimmingView, from: 0, to: presentation.dimmingAlpha ?? 0, alongside: alongside)
    let request = TransitionRequest(
      kind: .presentation, container: self, containerView: container, from: self,
      to: presented, fromView: removes ? presenterView : nil, toView: presented.view,
      fromInitialFrame: presenterView.frame, fromFinalFrame: .zero, toInitialFrame: .zero,
      toFinalFrame: frame, animated: animate, interactive: interactive, owner: owner,
      animator: spec, operation: context)
    runTransition(request) { [self] cancelled in
      emitPresentation(presented, .presentationTransitionDidEnd(completed: !cancelled))
      if !cancelled {
        if removes, let superview = presenterView.superview {
          let index = superview.subviews.firstIndex { $0 === presenterView } ?? 0
          presentation.removedPresenterSlot = (superview, index)
          presenterView.removeFromSuperview()
        }
        if visible {
          presented.endAppearance()
          if removes { endAppearance() }
        }
        presentation.isEstablished = true
        return
      }
      // Cancelled: the reverse appearance pair, and nothing is presented.
      if visible {
        presented.beginAppearance(false, animated: animate)
        presented.endAppearance()
        if removes {
          beginAppearance(true, animated: animate)
          endAppearance()
        }
      }
      presented.viewIfLoaded?.removeFromSuperview()
      presentation.dimmingView?.removeFromSuperview()
      presentedViewController = nil
      presented.presentation = nil
      presentation.releaseOriginal()
    }
  }

  /// Emits a presentation-controller phase of `presented` (presented by
  /// `self`).
  func emitPresentation(_ presented: ViewController, _ phase: PresentationPhase) {
    session.emit(.presentation(presented: presented.id, presenting: id, phase))
  }

  /// What a dismissal sent to `self` dismisses: what it (or its nearest
  /// ancestor) presents, else the presentation of itself (or of its nearest
  /// presented ancestor).
  var dismissalTarget: ViewController? {
    var node: ViewController? = self
    while let current = node {
      if let presented = current.presentedViewController { return presented }
      node = current.parent
    }
    node = self
    while let current = node {
      if current.presentation != nil { return current }
      node = current.parent
    }
    return nil
  }

  func prepareDismiss(
    animated: Bool, animator: AnimatorSpec?, alongside: [TrackSpec] = [],
    interactive: Bool = false, owner: OwnerID? = nil
  ) throws -> PreparedChange {
    guard let target = dismissalTarget, let presentation = target.presentation else {
      if interactive {
        throw CurtainError.invalid(
          "\(name) presents nothing and is not presented, so there is nothing to dismiss")
      }
      return .nothing
    }
    if interactive, window?.isVisible != true {
      throw CurtainError(
        .notInWindow, "\(target.name) is not on screen, so it cannot be dismissed interactively")
    }
    // Everything presented above the target goes with it: its chain, and
    // what controllers inside it present (UIKit dismisses every controller
    // presented above the target).
    let chain = [target] + target.presentedInSubtree
    // The top one animates: its style says whether an animator is used.
    let topStyle = chain.last?.presentation?.requestedStyle ?? presentation.requestedStyle
    let (animator, animatorNotUsed) = AnimatorSpec.given(animator, toPresentationIn: topStyle)
    // A pulled-down sheet tells its adaptive delegate, when it has one
    // (Curtain's choice: a tap outside always tells, Window+Tap.swift).
    let notifies =
      interactive && session.delegate(of: target.id, role: .adaptivePresentation) != nil
    return PreparedChange(animatorNotUsed: animatorNotUsed) { context in
      let presenter = presentation.presenting
      if notifies { presenter.emitPresentation(target, .willDismiss) }
      presenter.performDismiss(
        chain, animated: animated, animator: animator, alongside: alongside,
        interactive: interactive, owner: owner, for: context)
      if notifies { presenter.window?.tellDidDismiss(presenter, target, for: context) }
    }
  }

  /// Dismisses `chain` (the bottom one, presented by `self`, then what it
  /// and the controllers inside it present, presenters first): the top
  /// animates, the others leave at once.
  private func performDismiss(
    _ chain: [ViewController], animated: Bool, animator: AnimatorSpec?, alongside: [TrackSpec],
    interactive: Bool, owner: OwnerID?, for context: OperationContext?
  ) {
    guard let target = chain.first, let top = chain.last,
      let targetPresentation = target.presentation, let topPresentation = top.presentation
    else { return }
    let topDown = Array(chain.reversed())
    let presenters = Dictionary(
      uniqueKeysWithValues: chain.compactMap { c in c.presentation.map { (c.id, $0.presenting) } })
    func emitAll(_ phase: PresentationPhase) {
      for controller in topDown {
        presenters[controller.id]?.emitPresentation(controller, phase)
      }
    }
    let window = self.window
    // A presentation hidden with its context leaves off screen.
    let visible = (window?.isVisible ?? false) && !targetPresentation.isHiddenWithContext
    let animate = animated && visible
    let restores = targetPresentation.putsPresenterViewBack
    // The presenter appears only if its view comes back into the window
    // (not under an ancestor that is out of it).
    let presenterAppears =
      visible && restores && targetPresentation.removedPresenterSlot?.superview.window === window
    for controller in chain { controller.presentation?.isEstablished = false }

    emitAll(.dismissalTransitionWillBegin)
    // Only the controllers on screen disappear (one under a full-screen
    // presentation already has).
    let disappearing = visible ? topDown.filter { $0.appearance != .disappeared } : []
    for controller in disappearing { controller.beginAppearance(false, animated: animate) }
    if presenterAppears { beginAppearance(true, animated: animate) }
    // Controllers below the top leave at once.
    var leftAtOnce: [(view: View, superview: View, index: Int)] = []
    for controller in chain.dropLast() {
      for leaving in [controller.presentation?.dimmingView, controller.viewIfLoaded] {
        guard let leaving, let superview = leaving.superview else { continue }
        let index = superview.subviews.firstIndex { $0 === leaving } ?? 0
        leftAtOnce.append((leaving, superview, index))
        leaving.removeFromSuperview()
      }
    }
    let topView = top.view
    let presenterView = view
    let slot = restores ? targetPresentation.removedPresenterSlot : nil
    if let slot {
      if topPresentation.transitionStyle == .partialCurl, topView.superview === slot.superview {
        slot.superview.insertSubview(presenterView, above: topView)
      } else {
        slot.superview.insertSubview(
          presenterView, at: targetPresentation.restoredIndex(in: slot.superview, at: slot.index))
      }
      targetPresentation.removedPresenterSlot = nil
      window?.layout()
    }
    let spec =
      AnimatorSpec.resolved(
        animator, builtIn: topPresentation.builtInAnimator(presenting: false, frame: topView.frame)
      )
      .withDimming(
        topPresentation.dimmingView, from: topPresentation.dimmingView?.alpha ?? 0, to: 0,
        alongside: alongside)
    let request = TransitionRequest(
      kind: .dismissal, container: self, containerView: topPresentation.containerView, from: top,
      to: self, fromView: topView, toView: restores ? presenterView : nil,
      fromInitialFrame: topView.frame, fromFinalFrame: .zero, toInitialFrame: .zero,
      toFinalFrame: restores ? presenterView.frame : .zero, animated: animate,
      interactive: interactive, owner: owner, animator: spec, operation: context)
    runTransition(request) { [self] cancelled in
      emitAll(.dismissalTransitionDidEnd(completed: !cancelled))
      if !cancelled {
        var replaced: [Presentation] = []
        topView.removeFromSuperview()
        topPresentation.dimmingView?.removeFromSuperview()
        presentedViewController = nil
        for controller in topDown {
          // A view that a presentation inside the dismissed controllers
          // took out (of a controller inside them that is not itself
          // dismissed) goes back, so that they leave whole.
          if controller !== target, let presentation = controller.presentation,
            !chain.contains(where: { $0 === presentation.presenting }),
            presentation.putsPresenterViewBack
          {
            presentation.restorePresenterView()
          }
          presenters[controller.id]?.presentedViewController = nil
          controller.presentedViewController = nil
          if let presentation = controller.presentation, presentation.original != nil {
            replaced.append(presentation)
          }
          controller.presentation = nil
        }
        if presenterAppears { endAppearance() }
        for controller in disappearing { controller.endAppearance() }
        for presentation in replaced { presentation.releaseOriginal() }
        return
      }
      // Cancelled: everything goes back where it was.
      for controller in disappearing {
        controller.beginAppearance(true, animated: animate)
        controller.endAppearance()
      }
      if presenterAppears {
        beginAppearance(false, animated: animate)
        endAppearance()
      }
      if let slot {
        let index = slot.superview.subviews.firstIndex { $0 === presenterView } ?? slot.index
        targetPresentation.removedPresenterSlot = (slot.superview, index)
        presenterView.removeFromSuperview()
      }
      for entry in leftAtOnce.reversed() {
        entry.superview.insertSubview(entry.view, at: entry.index)
      }
      for controller in chain { controller.presentation?.isEstablished = true }
    }
  }
}

extension ViewController {
  /// Whether a presentation (currentContext or fullScreen) took this
  /// controller's view out: containers leave it out until the dismissal
  /// puts it back.
  var isViewTakenOutByPresentation: Bool {
    presentedViewController?.presentation?.removedPresenterSlot != nil
      && viewIfLoaded?.superview == nil
  }

  /// The controller presented over this one that follows it (its context).
  var contextFollower: ViewController? {
    guard let presented = presentedViewController, presented.presentation?.followsContext == true
    else { return nil }
    return presented
  }

  /// The controller presented over this one that follows it and whose view
  /// is inside the context's superview (not adapted to cover the window):
  /// it appears and disappears with this controller. One that covers the
  /// window gets its callbacks when its view leaves or comes back
  /// (`Window.syncContextPresentations`).
  var appearanceFollower: ViewController? {
    guard let presented = contextFollower, let presentation = presented.presentation,
      presentation.containerView !== presentation.windowView
    else { return nil }
    return presented
  }

  /// Whether the presentation that follows this controller took its view
  /// out: containers leave the view out, and appearance phases sent to this
  /// controller go to the presented controller.
  var standsInForFollower: Bool { contextFollower != nil && isViewTakenOutByPresentation }

  /// Every controller presented by this controller, its descendants and
  /// what they present, presenters before the controllers they present.
  public var presentedInSubtree: [ViewController] {
    var result: [ViewController] = []
    func visit(_ controller: ViewController) {
      for child in controller.children { visit(child) }
      if let presented = controller.presentedViewController {
        result.append(presented)
        visit(presented)
      }
    }
    visit(self)
    return result
  }

  /// **Curtain's choice** (UIKit leaves such presentations orphaned): when
  /// a controller leaves its parent (removed, popped, replaced in a stack or
  /// tabs), what it and its descendants present is dismissed at once, top
  /// first, before the container's `childRemoved`, as when a window's root
  /// is replaced (`Window.tearDown`). A descendant's view that a
  /// presentation took out goes back into its superview, so that the
  /// subtree leaves whole; the leaving controller's own view stays out
  /// (its container is taking it out). Returns them, bottom first, for
  /// `Window.restore`.
  @discardableResult
  func endPresentationsOfSubtree() -> [EndedPresentation] {
    let presented = presentedInSubtree
    guard !presented.isEmpty, let window else { return [] }
    return session.emitting(into: window) {
      window.endPresentations(presented, leaving: self)
    }
  }
}

extension Presentation {
  /// Where the presenter's view goes back in `superview`: at `index`, but
  /// above the view of the presenter's own context when that is there
  /// (the old index may be stale after re-adaptations).
  func restoredIndex(in superview: View, at index: Int) -> Int {
    guard let contextPresentation = presenting.presentation,
      contextPresentation.style.isContextual,
      let contextView = contextPresentation.presenting.viewIfLoaded,
      let contextIndex = superview.subviews.firstIndex(where: { $0 === contextView })
    else { return index }
    return max(index, contextIndex + 1)
  }

  /// Moves the presented view into `containerView` after the style in
  /// force changed containers (a currentContext presentation adapting to or
  /// from fullScreen): above the context controller's view (or where that
  /// view was taken out), else below the first view of a presentation above
  /// this one, else on top.
  func moveIntoContainer() {
    guard let presentedView = presented.viewIfLoaded, presentedView.superview != nil else {
      return
    }
    let container = containerView
    if let presenterView = presenting.viewIfLoaded, presenterView.superview === container {
      container.insertSubview(presentedView, above: presenterView)
      return
    }
    if let slot = removedPresenterSlot, slot.superview === container {
      container.insertSubview(presentedView, at: slot.index)
      return
    }
    var above = presented.presentedViewController
    while let next = above {
      let views = [next.presentation?.dimmingView, next.viewIfLoaded].compactMap { $0 }
      if let first = views.first(where: { $0.superview === container }) {
        container.insertSubview(presentedView, below: first)
        return
      }
      above = next.presentedViewController
    }
    container.addSubview(presentedView)
  }

  /// Adds the dimming view below the presented view's place, when the
  /// style in force has one, at its final alpha (the transition animates
  /// the fade).
  func installDimmingView() {
    guard let alpha = dimmingAlpha else { return }
    // Hidden with its context: it comes back with the presented view.
    if viewHiddenWithContext, let dimmingView {
      dimmingView.removeFromSuperview()
      dimmingView.state.alpha = alpha
      dimmingHiddenWithContext = true
      return
    }
    let dimming =
      dimmingView
      ?? presented.session.makeView(
        role: .dimming, controller: presented.id, frame: containerView.bounds, color: "black")
    dimming.frame = containerView.bounds
    dimming.state.alpha = alpha
    if let presentedView = presented.viewIfLoaded, presentedView.superview === containerView {
      containerView.insertSubview(dimming, below: presentedView)
    } else {
      containerView.addSubview(dimming)
    }
    dimmingView = dimming
  }
}

extension ViewController {
  /// Checks a preferred content size: finite, non-negative, at most
  /// 100,000 points a side.
  public static func validatePreferredContentSize(_ size: Size) throws {
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0,
      size.width <= 100_000, size.height <= 100_000
    else {
      throw CurtainError.invalid(
        "preferredContentSize must be finite, non-negative and at most 100000 points, got \(size)")
    }
  }

  /// Changes the presentation properties; `nil` leaves a property as it
  /// is. The preferred content size must be finite and non-negative (at
  /// most 100,000 points a side). A live presentation picks up a new
  /// preferred size at the next layout.
  public func configurePresentation(
    modalPresentationStyle: ModalPresentationStyle? = nil,
    modalTransitionStyle: ModalTransitionStyle? = nil,
    definesPresentationContext: Bool? = nil,
    providesPresentationContextTransitionStyle: Bool? = nil,
    preferredContentSize: Size? = nil, isModalInPresentation: Bool? = nil
  ) throws {
    if let preferredContentSize { try Self.validatePreferredContentSize(preferredContentSize) }
    if let modalPresentationStyle, modalPresentationStyle == ModalPresentationStyle.none {
      throw CurtainError.invalid("none is an adaptive style, not a modal presentation style")
    }
    if let modalPresentationStyle { self.modalPresentationStyle = modalPresentationStyle }
    if let modalTransitionStyle { self.modalTransitionStyle = modalTransitionStyle }
    if let definesPresentationContext {
      self.definesPresentationContext = definesPresentationContext
    }
    if let providesPresentationContextTransitionStyle {
      self.providesPresentationContextTransitionStyle = providesPresentationContextTransitionStyle
    }
    if let isModalInPresentation { self.isModalInPresentation = isModalInPresentation }
    if let preferredContentSize {
      self.preferredContentSize = preferredContentSize
      if presentation != nil, let window {
        let placements = window.popoverPlacements
        session.emitting(into: window) {
          window.layout()
          window.emitPopoverPlacements(changedFrom: placements)
        }
      }
    }
  }
}
