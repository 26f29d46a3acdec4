// The timeline is Core Animation's model/presentation split for one window.
// Committing a change sets a view's model value at once; an animation added
// here only decides what the view *looks like* in between. At any time `t`
// the timeline turns the model state of a view into its presentation state by
// applying every animation of that view, in the order they were added.
//
// Animations run on one of two clocks: absolute ones on window time, and
// transition ones on their transition's local time, which interactive
// transitions scrub, hold and play backwards. A new animation of a property
// that is already animating replaces the old one and starts from the old
// one's current presentation value.

/// The property animations of one window.
final class Timeline {
  private(set) var animations: [PropertyAnimation] = []
  var nextID: UInt64 = 1

  /// Whether anything animates.
  var isEmpty: Bool { animations.isEmpty }

  /// Adds an animation, replacing any animation of the same property of the
  /// same view (whose completion is told `false`). Returns its id.
  @discardableResult
  func add(
    view: ViewID, property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue,
    timing: TimingFunction, clock: AnimationClock, delay: Double, duration: Double,
    completion: ((Bool) -> Void)? = nil
  ) -> UInt64 {
    let replaced = animations.filter { $0.view == view && $0.property == property }
    animations.removeAll { $0.view == view && $0.property == property }
    let id = nextID
    nextID += 1
    animations.append(
      PropertyAnimation(
        id: id, view: view, property: property, from: from, to: to, timing: timing,
        clock: clock, delay: max(0, delay), duration: max(0, duration), completion: completion))
    for animation in replaced { animation.completion?(false) }
    return id
  }

  /// Applies every animation of `view` to its model state.
  func presentation(
    of view: ViewID, model: ViewState, at time: Double,
    transitionTime: (TransitionID) -> Double?
  ) -> ViewState {
    var state = model
    // By index: the animations are read in place, not copied (each copy
    // would retain its completion).
    for index in animations.indices where animations[index].view == view {
      guard
        let local = localTime(of: animations[index], at: time, transitionTime: transitionTime)
      else {
        continue
      }
      state[animations[index].property] = animations[index].value(atLocalTime: local)
    }
    return state
  }

  /// The views with at least one animation, in the order they started.
  /// (Read for every frame of every animating window: a short list is
  /// searched rather than hashed, and no animation is copied.)
  var animatingViews: [ViewID] {
    var views: [ViewID] = []
    views.reserveCapacity(animations.count)
    if animations.count <= 32 {
      for index in animations.indices where !views.contains(animations[index].view) {
        views.append(animations[index].view)
      }
      return views
    }
    var seen = Set<ViewID>()
    for index in animations.indices where seen.insert(animations[index].view).inserted {
      views.append(animations[index].view)
    }
    return views
  }

  /// The earliest end of an absolute animation, if any.
  var nextAbsoluteEnd: Double? {
    var earliest: Double?
    for index in animations.indices {
      guard let end = animations[index].absoluteEnd else { continue }
      if let current = earliest, current <= end { continue }
      earliest = end
    }
    return earliest
  }

  /// Removes the absolute animations ending at or before `time` and returns
  /// them (their completions not yet called), in end-time order.
  func removeAbsolute(endingBy time: Double) -> [PropertyAnimation] {
    let ending = animations.filter { ($0.absoluteEnd ?? .infinity) <= time }
    animations.removeAll { ($0.absoluteEnd ?? .infinity) <= time }
    return ending.sorted { ($0.absoluteEnd ?? 0) < ($1.absoluteEnd ?? 0) }
  }

  /// Removes the animations of a transition and returns them.
  func removeAnimations(of transition: TransitionID) -> [PropertyAnimation] {
    let removed = animations.filter { $0.clock == .transition(transition) }
    animations.removeAll { $0.clock == .transition(transition) }
    return removed
  }

  /// Removes every animation of `views` (views leaving the session), telling
  /// their completions `false`.
  func removeAnimations(ofViews views: Set<ViewID>) {
    let removed = animations.filter { views.contains($0.view) }
    animations.removeAll { views.contains($0.view) }
    for animation in removed { animation.completion?(false) }
  }

  /// Whether `view` has an animation.
  func isAnimating(_ view: ViewID) -> Bool {
    animations.contains { $0.view == view }
  }

  private func localTime(
    of animation: PropertyAnimation, at time: Double, transitionTime: (TransitionID) -> Double?
  ) -> Double? {
    switch animation.clock {
    case .absolute(let begin): return time - begin
    case .transition(let id): return transitionTime(id)
    }
  }
}
