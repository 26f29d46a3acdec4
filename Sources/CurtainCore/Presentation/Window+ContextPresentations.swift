// Presentations follow their context (**Curtain's choice**, as UIKit's
// presentations in a tab): while the containers above a context do not show
// it (another tab, a controller pushed over it, a page turned away, a hidden
// column, a custom container's transition away), the views of what is
// presented over it (the whole chain above) are out of the window; they come
// back over the context when it is shown again. The appearance callbacks
// follow the containers' own (`ViewController.beginAppearance`); the views
// move whenever the window lays out, that is as an operation starts and as
// a transition ends.

extension Window {
  /// Takes the presented views of presentations whose context is not shown
  /// out of the window, and puts back those whose context is shown again,
  /// presenters first.
  func syncContextPresentations() {
    for presented in presentedControllers {
      guard let presentation = presented.presentation, presentation.followsContext else {
        continue
      }
      if !presentation.isContextShown {
        if let presentedView = presented.viewIfLoaded, presentedView.superview != nil {
          presentedView.removeFromSuperview()
          presentation.viewHiddenWithContext = true
        }
        if let dimmingView = presentation.dimmingView, dimmingView.superview != nil {
          dimmingView.removeFromSuperview()
          presentation.dimmingHiddenWithContext = true
        }
      } else {
        presentation.putBackHiddenViews()
      }
      // What the containers' callbacks did not reach (a column or page that
      // shows without them, a presented view covering the window, one that
      // moved between the window and the context's superview): at once.
      let onScreen = isVisible && presented.viewIfLoaded?.window === self
      if presented.appearance == .appeared, !onScreen {
        presented.runAppearance(false)
      } else if presented.appearance == .disappeared, onScreen {
        presented.runAppearance(true)
      }
    }
  }
}

extension Presentation {
  /// Puts the views that left with the context back in the container:
  /// the presented view above the context's view when that is there, else
  /// where that view was taken out, else on top; the dimming view just
  /// below the presented view.
  func putBackHiddenViews() {
    let container = containerView
    let presentedView = presented.view
    if viewHiddenWithContext {
      viewHiddenWithContext = false
      if style.isContextual, let contextView = presenting.viewIfLoaded,
        contextView.superview === container
      {
        container.insertSubview(presentedView, above: contextView)
      } else if style.isContextual, let slot = removedPresenterSlot, slot.superview === container {
        container.insertSubview(presentedView, at: slot.index)
      } else {
        container.addSubview(presentedView)
      }
    }
    if dimmingHiddenWithContext, let dimmingView {
      dimmingHiddenWithContext = false
      container.insertSubview(dimmingView, below: presentedView)
    }
  }
}
