// Presentations ended because their presenter left the tree (Curtain's
// choice: they are dismissed at once, top first, when the presenter leaves
// its parent) are remembered by the change that removed the presenter. If
// that change is cancelled (an interactive pop or page turn, or a paused
// pop, stack change or page turn, that is cancelled), they come back exactly
// as they were once the container has undone its own change: the same
// presentation objects, the presented and dimming views at their old places,
// the presenter's view taken out again when the presentation had taken it
// out, and the appearance the presented controllers had. They come back
// bottom first, each as a non-animated presentation would (SEMANTICS §4):
//
//   presentationTransitionWillBegin, [presenter.viewWillDisappear(false)],
//   presented.viewWillAppear(false), presentationTransitionDidEnd(true),
//   presented.viewDidAppear(false), [presenter.viewDidDisappear(false)]
//
// Bracketed calls happen only when the presentation takes the presenter's
// view out and the presenter shows at that moment; the presented
// controller's calls only when it was showing when its presentation ended.
// While the transition runs, the ended presentations' controllers belong to
// it: another window cannot take them (BUSY), and this window's operations
// wait in its queue.

/// Where a view was among its superview's subviews.
struct ViewPlace {
  let view: View
  let superview: View
  /// The sibling right below it, if any.
  let below: View?
  let index: Int

  init?(of view: View?) {
    guard let view, let superview = view.superview,
      let index = superview.subviews.firstIndex(where: { $0 === view })
    else { return nil }
    self.view = view
    self.superview = superview
    self.index = index
    self.below = index > 0 ? superview.subviews[index - 1] : nil
  }

  /// Puts the view back: above the sibling that was below it when that one
  /// is still there, else at its old index.
  func restore() {
    if let below, below.superview === superview {
      superview.insertSubview(view, above: below)
    } else {
      superview.insertSubview(view, at: index)
    }
  }
}

/// A presentation that ended because its presenter left the tree.
struct EndedPresentation {
  let presentation: Presentation
  let presentedPlace: ViewPlace?
  let dimmingPlace: ViewPlace?
  let presenterSlot: (superview: View, index: Int)?
  /// Whether the presented controller was showing (not disappeared).
  let wasShowing: Bool

  init(_ presentation: Presentation) {
    self.presentation = presentation
    presentedPlace = ViewPlace(of: presentation.presented.viewIfLoaded)
    dimmingPlace = ViewPlace(of: presentation.dimmingView)
    presenterSlot = presentation.removedPresenterSlot
    wasShowing = presentation.presented.appearance != .disappeared
  }
}

extension Window {
  /// Ends the presentations of `presented` (presenters first) as
  /// `tearDown` does, and returns them, bottom first, for `restore`.
  func endPresentations(_ presented: [ViewController], leaving: ViewController?)
    -> [EndedPresentation]
  {
    let ended = presented.compactMap { $0.presentation.map(EndedPresentation.init) }
    tearDown(presented, leaving: leaving)
    return ended
  }

  /// Brings back presentations that `endPresentations` ended, bottom first.
  /// A presentation whose controllers have moved on since (which their
  /// transition prevents) stays ended, and so does everything above it.
  func restore(_ ended: [EndedPresentation]) {
    for record in ended {
      let presentation = record.presentation
      let presenter = presentation.presenting
      let presented = presentation.presented
      guard presenter.window === self, presenter.presentedViewController == nil,
        presented.presentation == nil, presented.parent == nil, presented.hostWindow == nil
      else { continue }
      presenter.presentedViewController = presented
      presented.presentation = presentation
      presenter.emitPresentation(presented, .presentationTransitionWillBegin)
      let hidesPresenter =
        isVisible && record.presenterSlot != nil && presenter.appearance != .disappeared
      let shows = isVisible && record.wasShowing
      if hidesPresenter { presenter.beginAppearance(false, animated: false) }
      if shows { presented.beginAppearance(true, animated: false) }
      record.dimmingPlace?.restore()
      record.presentedPlace?.restore()
      presenter.emitPresentation(presented, .presentationTransitionDidEnd(completed: true))
      if let slot = record.presenterSlot {
        presentation.removedPresenterSlot =
          ViewPlace(of: presenter.viewIfLoaded).map {
            ($0.superview, $0.index)
          } ?? slot
        presenter.viewIfLoaded?.removeFromSuperview()
      }
      if shows { presented.endAppearance() }
      if hidesPresenter { presenter.endAppearance() }
      presentation.isEstablished = true
    }
    layout()
  }
}

extension Transition {
  /// The controllers of presentations that the transition's change ended
  /// and would bring back if it is cancelled: they belong to the transition
  /// until it completes.
  func hold(_ ended: [EndedPresentation]) {
    heldControllers.formUnion(ended.map(\.presentation.presented.id))
  }
}
