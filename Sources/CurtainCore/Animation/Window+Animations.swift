// Standalone property animations (`UIView.animate`): the model value changes
// at once, the timeline animates the presentation from the current
// presentation value to it.

extension Window {
  /// Animates `property` of `view` to `value`: the model value becomes
  /// `value` now; the presentation moves there from its current value over
  /// `duration` seconds (a spring's own duration when `nil`), after `delay`.
  /// Replaces an animation of the same property, whose completion is told
  /// `false`. Returns the animation's id.
  @discardableResult
  public func animate(
    _ viewID: ViewID, _ property: AnimatableProperty, to value: AnimatableValue,
    duration: Double? = nil, delay: Double = 0, timing: TimingFunction = .easeInOut,
    completion: ((Bool) -> Void)? = nil
  ) throws -> UInt64 {
    guard let view = session.views[viewID], view.window === self else {
      throw CurtainError.notFound("No view \(viewID) in window \(id)")
    }
    try TrackSpec(target: .view(viewID), property: property, to: .value(value)).validate()
    let seconds = duration ?? timing.naturalDuration(fallback: 0.25)
    guard seconds.isFinite, seconds >= 0, seconds <= 3600, delay.isFinite, delay >= 0,
      delay <= 3600
    else {
      throw CurtainError.invalid("Duration and delay must be between 0 and 3600 seconds")
    }
    let from = presentationState(of: view)[property]
    view.state[property] = value
    commit()
    return timeline.add(
      view: viewID, property: property, from: from, to: value, timing: timing,
      clock: .absolute(begin: time), delay: delay, duration: seconds, completion: completion)
  }
}
