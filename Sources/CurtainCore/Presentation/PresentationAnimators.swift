// The built-in looks of modal presentations (SEMANTICS §5), written as
// declarative animators like the navigation looks. All last 0.4 s along
// easeInOut except the popover's 0.25 s. The presentation adds the dimming
// view's fade to whichever animator runs (`withDimming`).

extension AnimatorSpec {
  /// coverVertical presenting: the presented view rises by `travel` points
  /// into its final frame (from y = container height). 0.4 s.
  public static func coverVerticalPresent(travel: Double) -> AnimatorSpec {
    AnimatorSpec(
      duration: 0.4,
      tracks: [
        TrackSpec(
          target: .toView, property: .frame, from: .offset(.finalFrame, dx: 0, dy: travel),
          to: .finalFrame)
      ])
  }

  /// coverVertical dismissing: the presented view falls by `travel` points
  /// (to y = container height). 0.4 s.
  public static func coverVerticalDismiss(travel: Double) -> AnimatorSpec {
    AnimatorSpec(
      duration: 0.4,
      tracks: [
        TrackSpec(
          target: .fromView, property: .frame, from: .initialFrame,
          to: .offset(.initialFrame, dx: 0, dy: travel))
      ])
  }

  /// flipHorizontal: the outgoing view's transform goes from scale-x 1 to 0
  /// over the first half, the incoming view's from 0 to 1 over the second.
  /// The same for presenting and dismissing. 0.4 s.
  public static let flipHorizontal = AnimatorSpec(
    duration: 0.4,
    tracks: [
      TrackSpec(
        target: .fromView, property: .transform, from: .value(.transform(.identity)),
        to: .value(.transform(AffineTransform(scaleX: 0, y: 1))), relativeDuration: 0.5),
      TrackSpec(
        target: .toView, property: .transform,
        from: .value(.transform(AffineTransform(scaleX: 0, y: 1))),
        to: .value(.transform(.identity)), relativeDelay: 0.5, relativeDuration: 0.5),
    ])

  /// The curled-away transform of partialCurl: scale 0.9, moved up by 0.6 of
  /// the container's height.
  private static let curled = ValueSpec.containerOffset(
    .value(.transform(AffineTransform(scaleX: 0.9, y: 0.9))), dx: 0, dy: -0.6)

  /// partialCurl presenting: the presenter's view curls away (translation
  /// y 0 → −0.6 H, scale 1 → 0.9), revealing the presented view. 0.4 s.
  public static let partialCurlPresent = AnimatorSpec(
    duration: 0.4,
    tracks: [
      TrackSpec(
        target: .fromView, property: .transform, from: .value(.transform(.identity)), to: curled)
    ])

  /// partialCurl dismissing: the presenter's view curls back. 0.4 s.
  public static let partialCurlDismiss = AnimatorSpec(
    duration: 0.4,
    tracks: [
      TrackSpec(
        target: .toView, property: .transform, from: curled, to: .value(.transform(.identity)))
    ])

  /// Popover presenting: alpha 0 → 1 with scale 0.9 → 1. 0.25 s.
  public static let popoverPresent = AnimatorSpec(
    duration: 0.25,
    tracks: [
      TrackSpec(target: .toView, property: .alpha, from: .scalar(0), to: .scalar(1)),
      TrackSpec(
        target: .toView, property: .transform,
        from: .value(.transform(AffineTransform(scaleX: 0.9, y: 0.9))),
        to: .value(.transform(.identity))),
    ])

  /// Popover dismissing: the presentation played backwards. 0.25 s.
  public static let popoverDismiss = AnimatorSpec(
    duration: 0.25,
    tracks: [
      TrackSpec(target: .fromView, property: .alpha, from: .scalar(1), to: .scalar(0)),
      TrackSpec(
        target: .fromView, property: .transform, from: .value(.transform(.identity)),
        to: .value(.transform(AffineTransform(scaleX: 0.9, y: 0.9)))),
    ])

  /// The animator plus the presentation controller's tracks alongside
  /// (its `…TransitionWillBegin` answer) plus a fade of `dimmingView` from
  /// `from` to `to` over the whole duration, unless a track alongside moves
  /// the dimming view's alpha itself (seed 001's presentation controller
  /// animates its dimming view). Tracks and completion values aimed at the
  /// dimming view get its id (none without one: they are dropped).
  func withDimming(
    _ dimmingView: View?, from: Double, to: Double, alongside: [TrackSpec] = []
  ) -> AnimatorSpec {
    var spec = self
    spec.tracks += alongside
    let fades = spec.tracks.contains { $0.target == .dimmingView && $0.property == .alpha }
    // The dimming view's target becomes its id; without one, it is dropped.
    let dimming = dimmingView.map { TrackTarget.view($0.id) }
    spec.tracks = spec.tracks.compactMap { track in
      var track = track
      if track.target == .dimmingView { track.target = dimming ?? .dimmingView }
      return track.target == .dimmingView ? nil : track
    }
    spec.completion = spec.completion.compactMap { value in
      var value = value
      if value.target == .dimmingView { value.target = dimming ?? .dimmingView }
      return value.target == .dimmingView ? nil : value
    }
    guard let dimmingView, !fades else { return spec }
    spec.tracks.append(
      TrackSpec(
        target: .view(dimmingView.id), property: .alpha, from: .scalar(from), to: .scalar(to)))
    return spec
  }
}

extension AnimatorSpec {
  /// What a presentation or dismissal of a presentation asked for in
  /// `style` (resolved) runs of the animator it was given: all of it in
  /// fullScreen and custom; in the other styles only a re-timing of the
  /// built-in look, and an animator that would replace the look is not
  /// used (`notUsed`; SEMANTICS §5, seed 001).
  static func given(_ animator: AnimatorSpec?, toPresentationIn style: ModalPresentationStyle)
    -> (used: AnimatorSpec?, notUsed: Bool)
  {
    guard let animator, animator.retiming == nil, !style.takesCustomAnimator else {
      return (animator, false)
    }
    return (nil, true)
  }
}

extension Presentation {
  /// The built-in animator presenting (`presenting`) or dismissing this
  /// presentation, for a presented view at `frame` in the container.
  func builtInAnimator(presenting: Bool, frame: Rect) -> AnimatorSpec {
    if style == .popover {
      return presenting ? .popoverPresent : .popoverDismiss
    }
    let travel = containerView.bounds.height - frame.minY
    switch transitionStyle {
    case .coverVertical:
      return presenting
        ? .coverVerticalPresent(travel: travel) : .coverVerticalDismiss(travel: travel)
    case .crossDissolve:
      return .crossDissolve()
    case .flipHorizontal:
      return .flipHorizontal
    case .partialCurl:
      return presenting ? .partialCurlPresent : .partialCurlDismiss
    }
  }
}
