// The adaptive delegate's replacement controller
// (`presentationController(_:viewControllerForAdaptivePresentationStyle:)`,
// docs/delegates.md). **Curtain's choice:** the delegate is asked once, as
// the presentation starts, and its answer holds for the presentation's
// life. The replacement is shown instead of the controller asked for
// whenever the presentation is adapted (the style in force is not the
// requested one); the original comes back whenever it is not.
//
//   swap in    the presentation's presented controller becomes the
//              replacement (`presentedViewController` of the presenter,
//              the controller that owns the presentation). A navigation
//              controller with an empty stack wraps the original: it
//              becomes its root (`willMove`/`didMove` to it) and stays on
//              screen; any other replacement is shown instead, and the
//              original's view leaves the window.
//   swap out   the reverse: a wrapped original leaves the navigation
//              controller (`willMove(nil)`/`didMove(nil)`, what was pushed
//              above it stays there) and takes its place again.
//
// In a size transition the views change places before the new layout; the
// controller that appears gets `viewWillAppear` and the one that leaves
// `viewWillDisappear` with the transition's `adapted` event, and the `did`
// callbacks when it ends (a wrapped original stays on screen and gets
// none). A replacement that can no longer be shown (deleted, or taken by
// another parent, window or presentation) is not shown; an original that
// can no longer come back keeps the replacement shown. A dismissal takes a
// wrapped original out of its navigation controller once it has ended, so
// that both are detached and the original can be presented again.

/// A change of the controller a presentation shows, in a size transition.
struct ReplacementSwap {
  /// The controller shown until now.
  let leaving: ViewController
  /// The controller shown from now on.
  let arriving: ViewController
  /// The original when it stays on screen (wrapped or unwrapped).
  let staying: ViewController?
  /// Whether the appearance callbacks happen (the window is visible and the
  /// presentation was on screen).
  let showing: Bool

  /// The `will` callbacks.
  func begin(animated: Bool) {
    guard showing else { return }
    if leaving !== staying { leaving.beginAppearance(false, animated: animated) }
    if arriving !== staying { arriving.beginAppearance(true, animated: animated) }
  }

  /// The `did` callbacks.
  func finish() {
    guard showing else { return }
    if leaving !== staying { leaving.endAppearance() }
    if arriving !== staying { arriving.endAppearance() }
  }
}

extension ViewController {
  /// Why this controller cannot be shown in a presentation instead of
  /// another one, if it cannot: it must be detached.
  var detachmentProblem: String? {
    if let parent { return "\(name) has a parent view controller \(parent.name)" }
    if let host = hostWindow { return "\(name) is the root view controller of window \(host.id)" }
    if let presenting = presentingViewController {
      return "\(name) is presented by \(presenting.name)"
    }
    if let presented = presentedViewController { return "\(name) presents \(presented.name)" }
    if viewIfLoaded?.superview != nil { return "\(name)'s view is in a view hierarchy" }
    return nil
  }

  /// Whether this controller is still the session's.
  fileprivate var isAlive: Bool { session.controllers[id] === self }
}

extension Presentation {
  /// Whether the presentation is adapted: the style in force is not the
  /// one asked for.
  var isAdapted: Bool { style != requestedStyle }

  /// Shows the replacement or the original, whichever the style in force
  /// calls for, if it is not shown and can be. Views in the window change
  /// places; the callbacks are the caller's (`ReplacementSwap`).
  func swapForAdaptation(visible: Bool) -> ReplacementSwap? {
    let showing = visible && presented.appearance != .disappeared
    if isAdapted, original == nil, let replacement, replacement.isAlive,
      replacement.detachmentProblem == nil
    {
      let original = presented
      let wraps = showReplacement(replacement)
      return ReplacementSwap(
        leaving: original, arriving: replacement, staying: wraps ? original : nil,
        showing: showing)
    }
    if !isAdapted, let original, original.isAlive,
      original.parent === presented || original.detachmentProblem == nil
    {
      let replacement = presented
      let unwraps = showOriginal(original)
      return ReplacementSwap(
        leaving: replacement, arriving: original, staying: unwraps ? original : nil,
        showing: showing)
    }
    return nil
  }

  /// Makes the replacement the presented controller, in the original's
  /// place; returns whether it wraps the original.
  @discardableResult
  func showReplacement(_ replacement: ViewController) -> Bool {
    let original = presented
    return exchangeViews(for: replacement) {
      relink(to: replacement)
      self.original = original
      replacement.loadViewIfNeeded()
      guard let navigation = replacement as? NavigationController,
        navigation.viewControllers.isEmpty
      else { return false }
      (try? navigation.prepareStackChange(to: [original], animated: false, animator: nil))?.run(nil)
      return true
    }
  }

  /// Makes the original the presented controller again, in the
  /// replacement's place; returns whether it was wrapped.
  @discardableResult
  func showOriginal(_ original: ViewController) -> Bool {
    let replacement = presented
    return exchangeViews(for: original) {
      let unwraps = unwrap(original, from: replacement)
      relink(to: original)
      self.original = nil
      return unwraps
    }
  }

  /// Takes the presented controller's view out of its place, runs
  /// `change` (which makes `arriving` the presented controller), then puts
  /// `arriving`'s view in that place with the same frame; returns what
  /// `change` returned.
  private func exchangeViews(for arriving: ViewController, _ change: () -> Bool) -> Bool {
    let place = ViewPlace(of: presented.viewIfLoaded)
    let frame = presented.viewIfLoaded?.frame
    place?.view.removeFromSuperview()
    let result = change()
    if let place {
      arriving.loadViewIfNeeded()
      place.superview.insertSubview(arriving.view, at: place.index)
      if let frame { arriving.view.frame = frame }
    }
    return result
  }

  /// Takes `original` out of the navigation controller `replacement` that
  /// wraps it, if it does; returns whether it did.
  @discardableResult
  func unwrap(_ original: ViewController, from replacement: ViewController) -> Bool {
    guard let navigation = replacement as? NavigationController, original.parent === navigation
    else { return false }
    let rest = navigation.viewControllers.filter { $0 !== original }
    (try? navigation.prepareStackChange(to: rest, animated: false, animator: nil))?.run(nil)
    return true
  }

  /// After a dismissal: a wrapped original leaves its replacement.
  func releaseOriginal() {
    guard let original else { return }
    unwrap(original, from: presented)
    self.original = nil
  }

  /// Moves the presentation's links to `controller`.
  private func relink(to controller: ViewController) {
    let previous = presented
    controller.presentation = self
    previous.presentation = nil
    presenting.presentedViewController = controller
    presented = controller
  }
}
