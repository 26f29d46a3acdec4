// Re-evaluating adaptation when a size transition changes a size class
// (SEMANTICS §4, "Adaptation"): every live presentation whose style in force
// changes does so with the size transition's coordinator, in three steps.
//
//   set-up (before the new layout)  the new style; a presenter's view that
//                                   the new style no longer removes comes
//                                   back at its old place; a dimming view
//                                   the new style has is installed
//   begin (after viewWillTransition) `adapted(style)`, the presenter's
//                                   viewWillDisappear/viewWillAppear
//   finish (the transition's end)   a presenter's view that the new style
//                                   removes leaves; a dimming view the new
//                                   style lacks leaves; the presenter's
//                                   viewDidDisappear/viewDidAppear
//
// The presented view's frame animates with every other frame of the size
// transition; the dimming view fades from its alpha to the new style's.

/// One presentation whose style in force changes in a size transition.
final class Readaptation {
  let presentation: Presentation
  /// Whether the window is visible (appearance callbacks happen).
  let visible: Bool
  /// Whether the presenter's callbacks say "animated".
  let animated: Bool
  /// `true` when the presenter's view leaves the window, `false` when it
  /// comes back, `nil` when it stays as it is.
  let presenterLeaves: Bool?
  /// The dimming view and its alpha before and after, when either style has
  /// one.
  let dimming: (view: View, from: Double, to: Double)?
  /// The replacement controller shown instead of the original, or the
  /// original coming back (Presentation+Replacement.swift).
  let swap: ReplacementSwap?

  init(
    presentation: Presentation, visible: Bool, animated: Bool, presenterLeaves: Bool?,
    dimming: (view: View, from: Double, to: Double)?, swap: ReplacementSwap?
  ) {
    self.swap = swap
    self.presentation = presentation
    self.visible = visible
    self.animated = animated
    self.presenterLeaves = presenterLeaves
    self.dimming = dimming
  }

  /// `adapted(style)` and the presenter's `will` appearance callback.
  func begin() {
    let presenter = presentation.presenting
    presenter.emitPresentation(presentation.presented, .adapted(to: presentation.style))
    swap?.begin(animated: animated)
    // A presenter that already disappeared (an ancestor's view left the
    // window) loses its view at once, so that it cannot appear with that
    // ancestor during the transition.
    if presenterLeaves == true, presenter.appearance == .disappeared {
      takePresenterViewOut()
      return
    }
    callsPresenter = visible && presenterLeaves != nil
    if callsPresenter, let leaves = presenterLeaves {
      presenter.beginAppearance(!leaves, animated: animated, carriesFollower: false)
    }
  }

  /// Whether `begin` sent the presenter a `will` callback.
  private var callsPresenter = false

  private func takePresenterViewOut() {
    let presenterView = presentation.presenting.view
    guard let superview = presenterView.superview else { return }
    let index = superview.subviews.firstIndex { $0 === presenterView } ?? 0
    presentation.removedPresenterSlot = (superview, index)
    presenterView.removeFromSuperview()
  }

  /// The dimming view's fade.
  func tracks(timing: TimingFunction) -> [TrackSpec] {
    guard let dimming, dimming.from != dimming.to else { return [] }
    return [
      TrackSpec(
        target: .view(dimming.view.id), property: .alpha, from: .scalar(dimming.from),
        to: .scalar(dimming.to), timing: timing)
    ]
  }

  /// What happens when the size transition ends.
  func finish() {
    if let dimming, presentation.dimmingView !== dimming.view {
      dimming.view.removeFromSuperview()
    }
    swap?.finish()
    guard let leaves = presenterLeaves else { return }
    if leaves { takePresenterViewOut() }
    if callsPresenter { presentation.presenting.endAppearance(carriesFollower: false) }
  }
}

extension Window {
  /// Sets up the re-adaptation of every presentation whose style in force
  /// changes with the window's new traits (see the file's header).
  /// The set-up goes down the chains from the top, so that a presenter's
  /// view and dimming view come back below the views above them; the
  /// result is in chain order, presenters first.
  func readaptPresentations(animated: Bool) -> [Readaptation] {
    var result: [Readaptation] = []
    for presented in presentedControllers.reversed() {
      guard let presentation = presented.presentation else { continue }
      let adapted = Presentation.adapt(
        presentation.requestedStyle, adaptiveStyle: presentation.adaptiveStyle,
        traits: traitCollection)
      guard adapted.style != presentation.style || adapted.isCard != presentation.isCard else {
        continue
      }
      let removedBefore = presentation.removesPresenterView
      let oldDimming = presentation.dimmingView
      let oldContainer = presentation.containerView
      presentation.style = adapted.style
      presentation.isCard = adapted.isCard
      let swap = presentation.swapForAdaptation(visible: isVisible)
      if presentation.containerView !== oldContainer { presentation.moveIntoContainer() }
      let fromAlpha = oldDimming?.alpha ?? 0
      if presentation.dimmingAlpha == nil {
        presentation.dimmingView = nil
      } else {
        presentation.installDimmingView()
      }
      let dimmingView = presentation.dimmingView ?? oldDimming
      var presenterLeaves: Bool?
      if presentation.removesPresenterView != removedBefore {
        presenterLeaves = presentation.removesPresenterView
      }
      if presenterLeaves == false {
        if presentation.putsPresenterViewBack {
          presentation.restorePresenterView()
        } else {
          // Its container no longer shows the presenter (a stack pushed
          // over it): it shows the view again when it shows the presenter.
          presentation.removedPresenterSlot = nil
          presenterLeaves = nil
        }
      }
      // The presenter's callbacks happen only where its view is (or comes
      // back) in the window: not under an ancestor taken out of it.
      let presenterView = presentation.presenting.viewIfLoaded
      let presenterInWindow =
        presenterView?.window === self
        || (presenterView?.superview == nil
          && presentation.removedPresenterSlot?.superview.window === self)
      result.append(
        Readaptation(
          presentation: presentation, visible: isVisible && presenterInWindow, animated: animated,
          presenterLeaves: presenterLeaves,
          dimming: dimmingView.map { ($0, fromAlpha, presentation.dimmingView?.alpha ?? 0) },
          swap: swap))
    }
    return result.reversed()
  }
}

extension Window {
  /// The placement of every popover of the window, by presented controller.
  var popoverPlacements: [ControllerID: PopoverPlacement] {
    var result: [ControllerID: PopoverPlacement] = [:]
    for presented in presentedControllers {
      result[presented.id] = presented.presentation?.popoverPlacement
    }
    return result
  }

  /// Emits `popoverPlaced` for every popover placed differently from `old`.
  func emitPopoverPlacements(changedFrom old: [ControllerID: PopoverPlacement]) {
    for presented in presentedControllers {
      guard let presentation = presented.presentation,
        let placement = presentation.popoverPlacement, placement != old[presented.id]
      else { continue }
      presentation.presenting.emitPresentation(presented, .popoverPlaced(placement))
    }
  }
}

extension Presentation {
  /// Puts the presenter's view back in its old superview, just below the
  /// first view there of this presentation or of those above it in the
  /// chain (dimming and presented views), else at its old index. (Several
  /// presenters coming back in one resize would make old indices stale.)
  func restorePresenterView() {
    guard let slot = removedPresenterSlot else { return }
    var above: [View] = []
    var node: ViewController? = presented
    while let controller = node, let presentation = controller.presentation {
      above += [presentation.dimmingView, controller.viewIfLoaded].compactMap { $0 }
      node = controller.presentedViewController
    }
    let index =
      slot.superview.subviews.firstIndex { view in above.contains { $0 === view } } ?? slot.index
    slot.superview.insertSubview(
      presenting.view, at: restoredIndex(in: slot.superview, at: index))
    removedPresenterSlot = nil
  }
}
