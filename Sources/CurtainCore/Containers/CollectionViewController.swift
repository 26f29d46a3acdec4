// UICollectionViewController (SEMANTICS §3, seed 001 line 44). Its root view
// is the collection view; each item is a view of it (role collectionItem,
// back to front in item order) at the frame its layout gives
// (CollectionLayout.swift). The item count, the layout and
// `useLayoutToLayoutNavigationTransitions` are given when it is created;
// the item count is fixed then, the layout changes with
// `setCollectionViewLayout(_:animated:)` or an interactive layout
// transition.
//
// A layout transition (`setCollectionViewLayout(_:animated:)`, or
// `startInteractiveTransition(to:)` driven by a client) moves every item
// from its frame in the old layout to its frame in the new one: a
// transition of kind layoutTransition in the collection view controller,
// 0.35 s (Curtain's choice), no appearance callbacks. Interactive, its
// `transitionProgress` is the transition's fraction and sets each item's
// frame by linear interpolation between the two layouts; finish plays the
// rest forward and the new layout stays, cancel plays back to the old
// frames and the old layout comes back. `collectionViewLayout` is the new
// layout from the start (as a navigation stack changes at once), and the
// old one again once a cancel completes. Off screen, the layout changes at
// once.
//
// Layout-to-layout navigation transitions (NavigationController.swift): a
// collection view controller with `useLayoutToLayoutNavigationTransitions`
// pushed onto a navigation controller above another collection view
// controller shares its collection view: nothing slides; its items start
// where the old layout puts the items of the same index and move to its own
// layout's frames (items beyond the old one's count fade in at their
// frames), with the push's timing (0.35 s, easeInOut). Popping it plays the
// reverse: its items move back to the frames the layout below gives them
// (items beyond its count fade out, their alpha set back to 1 by the look's
// completion), then its view leaves. Item frames are in the collection
// view's coordinates, so the shared view shows one set of items moving.
// **Curtain's choice:** the incoming collection's view is installed over
// the outgoing one at the start (one collection view shows), the outgoing
// one's view leaves at the end as in any push; appearance callbacks and
// delegate calls are those of any push or pop. A client's animator replaces
// the look (SEMANTICS §5: layout-to-layout transitions take animators).

/// `UICollectionViewController`.
public final class CollectionViewController: ViewController {
  override public var kind: ControllerKind { .collection }

  /// How long a layout transition takes (Curtain's choice).
  public static let layoutTransitionDuration = 0.35

  /// `collectionViewLayout`.
  public internal(set) var layout: CollectionLayout = .flow(FlowLayout())
  /// How many items the collection view shows.
  public internal(set) var itemCount = 0
  /// `useLayoutToLayoutNavigationTransitions`.
  public internal(set) var usesLayoutToLayoutNavigationTransitions = false
  /// The item views, in item order, once the view is loaded.
  public internal(set) var itemViews: [View] = []

  /// The options it has, as `configure` takes them.
  public var options: CollectionOptions {
    CollectionOptions(
      itemCount: itemCount, layout: layout,
      usesLayoutToLayoutNavigationTransitions: usesLayoutToLayoutNavigationTransitions)
  }

  /// Sets the item count, layout and flag; only before the view loads
  /// (its items exist from then on).
  public func configure(_ newOptions: CollectionOptions) throws {
    try newOptions.validate()
    guard !isViewLoaded || newOptions.resolvedItemCount == itemCount else {
      throw CurtainError.invalid(
        "The items of \(name) are fixed once its view is loaded; change its layout instead")
    }
    itemCount = newOptions.resolvedItemCount
    layout = newOptions.layout
    usesLayoutToLayoutNavigationTransitions = newOptions.usesLayoutToLayoutNavigationTransitions
  }

  /// The frames `layout` gives the items in a collection view `width`
  /// points wide.
  public func itemFrames(of layout: CollectionLayout, width: Double) -> [Rect] {
    layout.itemFrames(count: itemCount, width: width)
  }

  override func viewDidLoadContents() {
    itemViews = (0..<itemCount).map { _ in
      session.makeView(role: .collectionItem, controller: id, frame: .zero, color: "systemBlue")
    }
    for item in itemViews { view.addSubview(item) }
    layoutContents()
  }

  override func layoutContents() {
    guard let root = viewIfLoaded, !(window?.transitions.contains { $0.container == id } ?? false)
    else { return }
    placeItems(itemFrames(of: layout, width: root.bounds.width))
  }

  private func placeItems(_ frames: [Rect]) {
    for (item, frame) in zip(itemViews, frames) { item.frame = frame }
  }

  // MARK: Layout transitions

  /// `setCollectionViewLayout(_:animated:)`, or with `interactive`,
  /// `startInteractiveTransition(to:)` driven by `owner`, which needs the
  /// collection view on screen.
  func prepareSetLayout(
    _ newLayout: CollectionLayout, animated: Bool, animator: AnimatorSpec?,
    interactive: Bool = false, owner: OwnerID? = nil
  ) throws -> PreparedChange {
    try newLayout.validate(itemCount: itemCount)
    if interactive, !isOnScreen {
      throw CurtainError(
        .notInWindow, "\(name) is not on screen, so its layout cannot change interactively")
    }
    if newLayout == layout, !interactive { return .nothing }
    return PreparedChange { [self] context in
      let old = layout
      layout = newLayout
      guard let root = viewIfLoaded else { return }
      let width = root.bounds.width
      let from = itemFrames(of: old, width: width)
      let to = itemFrames(of: newLayout, width: width)
      placeItems(to)
      let look = AnimatorSpec(
        duration: Self.layoutTransitionDuration,
        tracks: zip(itemViews, zip(from, to)).map { item, frames in
          TrackSpec(
            target: .view(item.id), property: .frame, from: .value(.rect(frames.0)),
            to: .value(.rect(frames.1)), timing: interactive ? .linear : .easeInOut)
        })
      let animate = (animated || interactive) && isOnScreen
      let request = TransitionRequest(
        kind: .layoutTransition, container: self, containerView: root, from: self, to: self,
        animated: animate, interactive: interactive && animate, owner: owner,
        animator: .resolved(animator, builtIn: look),
        layoutChange: LayoutChange(oldLayout: old, newLayout: newLayout), operation: context)
      runTransition(request) { [self] cancelled in
        if cancelled { layout = old }
        placeItems(cancelled ? from : to)
      }
    }
  }

  // MARK: Layout-to-layout navigation transitions

  /// The look of pushing this collection above `below` in a navigation
  /// controller `width` points wide, when it uses layout-to-layout
  /// transitions.
  func layoutToLayoutPush(above below: CollectionViewController, width: Double) -> AnimatorSpec? {
    guard usesLayoutToLayoutNavigationTransitions else { return nil }
    return layoutToLayoutLook(
      from: below.itemFrames(of: below.layout, width: width),
      to: itemFrames(of: layout, width: width), appearing: true)
  }

  /// The look of popping this collection back to `below`, when it uses
  /// layout-to-layout transitions.
  func layoutToLayoutPop(to below: CollectionViewController, width: Double) -> AnimatorSpec? {
    guard usesLayoutToLayoutNavigationTransitions else { return nil }
    return layoutToLayoutLook(
      from: itemFrames(of: layout, width: width),
      to: below.itemFrames(of: below.layout, width: width), appearing: false)
  }

  /// This collection's items moving from `from` to `to` (the other layout's
  /// frames, item by item); items the other layout has no frame for fade in
  /// (`appearing`) or out at this layout's frames.
  private func layoutToLayoutLook(from: [Rect], to: [Rect], appearing: Bool) -> AnimatorSpec {
    loadViewIfNeeded()
    let shared = min(from.count, to.count)
    var tracks: [TrackSpec] = []
    var completion: [CompletionValue] = []
    for (index, item) in itemViews.enumerated() {
      if index < shared {
        tracks.append(
          TrackSpec(
            target: .view(item.id), property: .frame, from: .value(.rect(from[index])),
            to: .value(.rect(to[index]))))
      } else {
        tracks.append(
          TrackSpec(
            target: .view(item.id), property: .alpha, from: .scalar(appearing ? 0 : 1),
            to: .scalar(appearing ? 1 : 0)))
        if !appearing {
          completion.append(
            CompletionValue(target: .view(item.id), property: .alpha, value: .scalar(1)))
        }
      }
    }
    var look = AnimatorSpec(duration: AnimatorSpec.push.duration, tracks: tracks)
    look.completion = completion
    return look
  }
}
