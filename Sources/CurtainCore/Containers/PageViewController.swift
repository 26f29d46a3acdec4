// UIPageViewController. Its children are `viewControllers`, the pages it
// shows now: one for the scroll style and single-sided pages at the min or
// max spine; two for double-sided pages there (front and back, only the
// front shows); two facing pages at the mid spine (left and right, or top
// and bottom when vertical). A wrong count is INVALID_ARGUMENT with UIKit's
// wording. Curtain has no data-source callbacks: a client may give the page
// view controller a data source, an ordered list of controllers, and then
// turn to the next or previous pages in it.
//
// Setting the pages runs, like a navigation stack change:
//   removed.willMove(nil), added.willMove(page), new.viewDidLoad,
//   old.viewWillDisappear, new.viewWillAppear, *animation*,
//   old.viewDidDisappear, new.viewDidAppear, removed.didMove(nil),
//   added.didMove(page)
// Pages that stay on screen get no appearance callbacks. Off screen nothing
// animates and no appearance callback is made.
//
// A turn may be interactive (the page dragged: percent-driven, begun at 0%
// by a client) or paused. Finished, it ends as above. Cancelled, the old
// pages come back: the pages are the old ones again (childRemoved of the
// added, childAdded of the removed, viewControllers), the incoming pages'
// views leave, the reverse appearance pair runs (incoming viewWillDisappear
// and viewDidDisappear, then outgoing viewWillAppear and viewDidAppear),
// removed.didMove(page), added.didMove(nil), and the presentations that the
// removed pages' subtrees lost come back (EndedPresentation.swift).
//
// Looks (Curtain's choices where UIKit's are 3D): scroll slides both pages
// by the page's width (height when vertical), forward bringing the new page
// in from the right (bottom), 0.35 s. pageCurl folds pages onto the spine:
// forward, the outgoing page's frame shrinks to zero width (height) at the
// spine, revealing the new page below it; reverse, the new page unfolds
// from the spine over the old one; 0.4 s. At the mid spine the turning leaf
// folds over the first half and its back (the new facing page on the other
// side) unfolds over the second half.

/// `UIPageViewController`.
public final class PageViewController: ViewController {
  override public var kind: ControllerKind { .page }

  /// How long a scroll takes.
  public static let scrollDuration = 0.35
  /// How long a page curl takes (Curtain's choice).
  public static let curlDuration = 0.4

  /// The transition style, orientation and spine.
  public internal(set) var options = PageOptions()
  /// `viewControllers`: the pages shown now (with their back sides).
  public internal(set) var viewControllers: [ViewController] = []
  /// The ordered pages that `turnPage` moves through.
  public internal(set) var dataSource: [ViewController] = []

  override var containerHeldControllers: [ViewController] { viewControllers + dataSource }

  /// Forgets destroyed controllers that were pages of the data source.
  func forgetPages(_ ids: Set<ControllerID>) {
    dataSource.removeAll { ids.contains($0.id) }
  }

  /// Sets the style, orientation and spine. They are fixed once the page
  /// view controller has view controllers (UIKit fixes them at creation).
  public func configure(_ newOptions: PageOptions) throws {
    try newOptions.validate()
    guard viewControllers.isEmpty || newOptions == options else {
      throw CurtainError.invalid(
        "The transition style, orientation and spine of \(name) are fixed once it has view controllers"
      )
    }
    options = newOptions
  }

  /// The controllers whose views show: both at the mid spine, else the
  /// first (the front of the page).
  private var shownControllers: [ViewController] {
    options.resolvedSpineLocation == .mid ? viewControllers : Array(viewControllers.prefix(1))
  }

  private var isHorizontal: Bool { options.orientation == .horizontal }

  /// The frames of the shown pages in `bounds`.
  private func pageFrames(in bounds: Rect) -> [Rect] {
    guard options.resolvedSpineLocation == .mid else { return [bounds] }
    if isHorizontal {
      let half = bounds.width / 2
      return [
        Rect(x: 0, y: 0, width: half, height: bounds.height),
        Rect(x: half, y: 0, width: bounds.width - half, height: bounds.height),
      ]
    }
    let half = bounds.height / 2
    return [
      Rect(x: 0, y: 0, width: bounds.width, height: half),
      Rect(x: 0, y: half, width: bounds.width, height: bounds.height - half),
    ]
  }

  /// `frame` folded flat onto the spine.
  private func folded(_ frame: Rect, in bounds: Rect) -> Rect {
    let extent = isHorizontal ? bounds.width : bounds.height
    let spine: Double
    switch options.resolvedSpineLocation {
    case .mid: spine = extent / 2
    case .max: spine = extent
    case .min, .none: spine = 0
    }
    return isHorizontal
      ? Rect(x: spine, y: frame.minY, width: 0, height: frame.height)
      : Rect(x: frame.minX, y: spine, width: frame.width, height: 0)
  }

  override func viewDidLoadContents() {
    for page in shownControllers { view.addSubview(page.view) }
    layoutContents()
  }

  override func layoutContents() {
    guard let root = viewIfLoaded, !(window?.transitions.contains { $0.container == id } ?? false)
    else { return }
    for (page, frame) in zip(shownControllers, pageFrames(in: root.bounds)) {
      if let view = page.viewIfLoaded, view.superview === root { view.frame = frame }
    }
  }

  override func showsView(of child: ViewController) -> Bool {
    shownControllers.contains { $0 === child }
  }

  // MARK: Operations

  /// UIKit's message for a wrong number of view controllers.
  private func countError(_ provided: Int) -> CurtainError {
    let required = options.requiredViewControllerCount
    let reason: String
    switch options.resolvedSpineLocation {
    case .none: reason = "the requested transition"
    case .min: reason = "the requested spine location (UIPageViewControllerSpineLocationMin)"
    case .mid: reason = "the requested spine location (UIPageViewControllerSpineLocationMid)"
    case .max: reason = "the requested spine location (UIPageViewControllerSpineLocationMax)"
    }
    return CurtainError.invalid(
      "The number of view controllers provided (\(provided)) doesn't match the number required "
        + "(\(required)) for \(reason)")
  }

  private func checkPages(_ list: [ViewController], role: String) throws {
    var seen = Set<ControllerID>()
    for page in list {
      guard seen.insert(page.id).inserted else {
        throw CurtainError.invalid(
          "The \(role) of a page view controller must be distinct (\(page.name) repeats)")
      }
      if isWithin(page) {
        throw CurtainError.invalid(
          "\(page.name) contains \(name), so it cannot be one of its pages")
      }
    }
  }

  /// `setViewControllers(_:direction:animated:)`; with `dataSource`, also
  /// replaces the data source (an empty `list` then shows its first pages).
  func prepareSetViewControllers(
    _ list: [ViewController], direction: PageDirection, animated: Bool, animator: AnimatorSpec?,
    dataSource source: [ViewController]?, interactive: Bool = false, owner: OwnerID? = nil
  ) throws -> PreparedChange {
    var pages = list
    if let source {
      try checkPages(source, role: "pages of the data source")
      if pages.isEmpty { pages = Array(source.prefix(options.requiredViewControllerCount)) }
      for page in pages where !source.contains(where: { $0 === page }) {
        throw CurtainError.invalid("\(page.name) is not in the data source given to \(name)")
      }
    }
    guard pages.count == options.requiredViewControllerCount else {
      throw countError(pages.count)
    }
    try checkPages(pages, role: "view controllers")
    let samePages =
      pages.count == viewControllers.count && zip(pages, viewControllers).allSatisfy { $0 === $1 }
    if samePages {
      guard let source else { return .nothing }
      return PreparedChange { [self] context in dataSource = source }
    }
    let removed = viewControllers.filter { page in !pages.contains { $0 === page } }
    return PreparedChange(removed: removed.map(\.id)) { [self] context in
      if let source { dataSource = source }
      turn(
        to: pages, direction: direction, animated: animated, animator: animator,
        interactive: interactive, owner: owner, for: context)
    }
  }

  /// Turns to the next (forward) or previous pages of the data source;
  /// `interactive`: percent-driven by `owner`, which needs the page view
  /// controller on screen.
  func prepareTurn(
    _ direction: PageDirection, animated: Bool, animator: AnimatorSpec?,
    interactive: Bool = false, owner: OwnerID? = nil
  ) throws -> PreparedChange {
    guard !dataSource.isEmpty else {
      throw CurtainError.invalid("\(name) has no data source to turn pages from")
    }
    guard let first = viewControllers.first, let last = viewControllers.last,
      let index = dataSource.firstIndex(where: { $0 === first })
    else {
      throw CurtainError.invalid("\(name) shows no page of its data source")
    }
    let count = options.requiredViewControllerCount
    let start = direction == .forward ? index + count : index - count
    guard start >= 0, start + count <= dataSource.count else {
      throw CurtainError.invalid(
        direction == .forward
          ? "There is no page after \(last.name) in \(name)'s data source"
          : "There is no page before \(first.name) in \(name)'s data source")
    }
    let pages = Array(dataSource[start..<start + count])
    // The data source may have moved on since it was given: its pages must
    // still be free to join this controller's window, and not be moving in
    // another window's transition (the operation names only this page view
    // controller, so the queue does not see them).
    for page in pages where !viewControllers.contains(where: { $0 === page }) {
      try session.checkMovable(page, into: window)
      try session.checkNotHeld(page, outside: window)
    }
    if interactive, !isOnScreen {
      throw CurtainError(
        .notInWindow, "\(name) is not on screen, so it cannot turn pages interactively")
    }
    return try prepareSetViewControllers(
      pages, direction: direction, animated: animated, animator: animator, dataSource: nil,
      interactive: interactive, owner: owner)
  }

  override func prepareRemoveChild(_ child: ViewController) throws -> PreparedChange {
    let removal = try super.prepareRemoveChild(child)
    return PreparedChange(removed: removal.removed) { [self] context in
      removal.run(context)
      viewControllers.removeAll { $0 === child }
      session.emit(.hierarchy(.viewControllersChanged(id, viewControllers.map(\.id))))
      showPagesThatMovedUp()
    }
  }

  /// After a page left, the back of a double-sided page becomes its front:
  /// its view goes in (appearing when the page view controller is on
  /// screen), without animation.
  private func showPagesThatMovedUp() {
    guard let root = viewIfLoaded else { return }
    let onScreen = isOnScreen
    for page in shownControllers
    where page.viewIfLoaded?.superview !== root && !page.isViewTakenOutByPresentation {
      page.loadViewIfNeeded()
      if onScreen { page.beginAppearance(true, animated: false) }
      root.addSubview(page.view)
      if onScreen { page.endAppearance() }
    }
    layoutContents()
  }

  // MARK: The turn

  private func turn(
    to pages: [ViewController], direction: PageDirection, animated: Bool, animator: AnimatorSpec?,
    interactive: Bool, owner: OwnerID?, for context: OperationContext?
  ) {
    let old = viewControllers
    let oldShown = shownControllers
    let removed = old.filter { page in !pages.contains { $0 === page } }
    let added = pages.filter { page in !old.contains { $0 === page } }
    beginMoves(removing: removed, adding: added)
    var ended: [EndedPresentation] = []
    for page in removed { ended += detachChild(page) }
    for page in added { attachChild(page) }
    setPages(pages)

    func finishMoves() {
      for page in removed { page.emit(.didMove(toParent: nil)) }
      for page in added { page.emit(.didMove(toParent: id)) }
    }
    guard let root = viewIfLoaded else {
      finishMoves()
      return
    }
    let newShown = shownControllers
    let outgoing = oldShown.filter { page in !newShown.contains { $0 === page } }
    let incoming = newShown.filter { page in !oldShown.contains { $0 === page } }
    let onScreen = isOnScreen
    let animate = (animated || interactive) && onScreen && !outgoing.isEmpty && !incoming.isEmpty
    for page in incoming { page.loadViewIfNeeded() }
    if onScreen {
      for page in outgoing { page.beginAppearance(false, animated: animate) }
      for page in incoming { page.beginAppearance(true, animated: animate) }
    }
    let bounds = root.bounds
    let frames = pageFrames(in: bounds)
    let curl = curlTracks(
      old: oldShown, new: newShown, frames: frames, bounds: bounds, direction: direction)
    for (page, frame) in zip(newShown, frames) {
      if incoming.contains(where: { $0 === page }), !page.isViewTakenOutByPresentation {
        if options.transitionStyle == .scroll || curl.onTop.contains(page.id) {
          root.addSubview(page.view)
        } else {
          root.insertSubview(page.view, at: 0)
        }
      }
      page.view.frame = frame
    }
    let look =
      options.transitionStyle == .scroll
      ? AnimatorSpec.pageScroll(direction: direction, orientation: options.orientation)
      : AnimatorSpec(duration: Self.curlDuration, tracks: curl.tracks)
    let from = outgoing.first
    let to = incoming.first
    let request = TransitionRequest(
      kind: .pageTurn, container: self, containerView: root, from: from, to: to,
      fromView: from?.viewIfLoaded, toView: to?.viewIfLoaded,
      fromInitialFrame: from?.viewIfLoaded?.frame ?? .zero, fromFinalFrame: .zero,
      toInitialFrame: .zero, toFinalFrame: to?.viewIfLoaded?.frame ?? .zero, animated: animate,
      interactive: interactive && animate, owner: owner,
      animator: .resolved(animator, builtIn: look), operation: context)
    let transition = runTransition(request) { [self] cancelled in
      if !cancelled {
        for page in outgoing { page.viewIfLoaded?.removeFromSuperview() }
        if onScreen {
          for page in outgoing { page.endAppearance() }
          for page in incoming { page.endAppearance() }
        }
        finishMoves()
        return
      }
      // Cancelled: the old pages come back with the reverse appearance
      // pair, the moves are undone, then the presentations they lost.
      for page in added { detachChild(page) }
      for page in removed { attachChild(page) }
      setPages(old)
      for page in incoming { page.viewIfLoaded?.removeFromSuperview() }
      for page in incoming { page.runAppearance(false, animated: animate) }
      for page in outgoing { page.runAppearance(true, animated: animate) }
      for page in removed { page.emit(.didMove(toParent: id)) }
      for page in added { page.emit(.didMove(toParent: nil)) }
      if let window, !ended.isEmpty { session.emitting(into: window) { window.restore(ended) } }
    }
    transition?.hold(ended)
  }

  /// Makes `pages` the view controllers (and children).
  private func setPages(_ pages: [ViewController]) {
    viewControllers = pages
    children = pages
    session.emit(.hierarchy(.viewControllersChanged(id, pages.map(\.id))))
  }

  /// The page curl's tracks: which page folds onto the spine and which
  /// unfolds from it (that one goes on top of the others).
  private func curlTracks(
    old: [ViewController], new: [ViewController], frames: [Rect], bounds: Rect,
    direction: PageDirection
  ) -> (tracks: [TrackSpec], onTop: Set<ControllerID>) {
    guard options.transitionStyle == .pageCurl else { return ([], []) }
    let forward = direction == .forward
    let mid = options.resolvedSpineLocation == .mid
    // Forward, the leaf leaving is the trailing page (mid) or the page
    // itself; reverse, the leaf arriving is the trailing page or the page.
    let leavingIndex = mid ? (forward ? 1 : 0) : 0
    let leaving = old.indices.contains(leavingIndex) ? old[leavingIndex] : nil
    let arrivingIndex = mid ? (forward ? 0 : 1) : 0
    let arriving = new.indices.contains(arrivingIndex) ? new[arrivingIndex] : nil
    var tracks: [TrackSpec] = []
    var onTop: Set<ControllerID> = []
    let folds = mid || forward
    let unfolds = mid || !forward
    if folds, let leaving, let view = leaving.viewIfLoaded,
      !new.contains(where: { $0 === leaving })
    {
      tracks.append(
        TrackSpec(
          target: .view(view.id), property: .frame, from: .value(.rect(view.frame)),
          to: .value(.rect(folded(view.frame, in: bounds))), relativeDuration: mid ? 0.5 : 1))
    }
    if unfolds, let arriving, !old.contains(where: { $0 === arriving }),
      frames.indices.contains(arrivingIndex)
    {
      let final = frames[arrivingIndex]
      onTop.insert(arriving.id)
      tracks.append(
        TrackSpec(
          target: .view(arriving.view.id), property: .frame,
          from: .value(.rect(folded(final, in: bounds))), to: .value(.rect(final)),
          relativeDelay: mid ? 0.5 : 0, relativeDuration: mid ? 0.5 : 1))
    }
    return (tracks, onTop)
  }
}

extension AnimatorSpec {
  /// A page scroll: both pages move by the container's width (height when
  /// vertical), forward bringing the new page in from the right (bottom).
  /// 0.35 s.
  public static func pageScroll(direction: PageDirection, orientation: PageNavigationOrientation)
    -> AnimatorSpec
  {
    let sign: Double = direction == .forward ? 1 : -1
    let (dx, dy) = orientation == .horizontal ? (sign, 0.0) : (0.0, sign)
    return AnimatorSpec(
      duration: PageViewController.scrollDuration,
      tracks: [
        TrackSpec(
          target: .toView, property: .frame, from: .containerOffset(.finalFrame, dx: dx, dy: dy),
          to: .finalFrame),
        TrackSpec(
          target: .fromView, property: .frame, from: .initialFrame,
          to: .containerOffset(.initialFrame, dx: -dx, dy: -dy)),
      ])
  }
}
