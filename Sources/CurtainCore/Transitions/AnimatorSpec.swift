// Animators are declarative: a duration and tracks, each moving one property
// of one view of the transition from a value to another over a part of the
// duration, along its own timing function. The built-in UIKit looks are
// written in the same terms (BuiltInAnimators.swift), and clients send their
// own. Values may be absolute or relative to the transition context's
// initial and final frames and to the container's size, so one spec fits
// every window.

/// Which view a track moves.
public enum TrackTarget: Hashable, Sendable {
  /// The outgoing controller's view.
  case fromView
  /// The incoming controller's view.
  case toView
  /// The container view in which the transition happens.
  case containerView
  /// The dimming view of the presentation whose presentation or dismissal
  /// it is (none elsewhere, or without one: the track does nothing).
  case dimmingView
  /// Any view of the window, by id.
  case view(ViewID)
}

/// A value in a track, resolved when the track starts.
public indirect enum ValueSpec: Hashable, Sendable {
  /// This exact value.
  case value(AnimatableValue)
  /// The view's presentation value when the track starts.
  case current
  /// The context's initial frame of the target (frame, center, bounds).
  case initialFrame
  /// The context's final frame of the target (frame, center, bounds).
  case finalFrame
  /// Another value moved by `dx`, `dy` points (rects, points, transforms).
  case offset(ValueSpec, dx: Double, dy: Double)
  /// Another value moved by fractions of the container's width and height.
  case containerOffset(ValueSpec, dx: Double, dy: Double)

  /// An alpha or corner-radius number.
  public static func scalar(_ value: Double) -> ValueSpec { .value(.scalar(value)) }
}

/// One property of one view animating during a transition.
public struct TrackSpec: Hashable, Sendable {
  /// The view to move.
  public var target: TrackTarget
  /// The property to move.
  public var property: AnimatableProperty
  /// Where it starts.
  public var from: ValueSpec
  /// Where it ends.
  public var to: ValueSpec
  /// How it moves.
  public var timing: TimingFunction
  /// When it starts, as a fraction of the transition's duration.
  public var relativeDelay: Double
  /// How long it runs, as a fraction of the transition's duration.
  public var relativeDuration: Double

  /// Creates a track; by default it starts from the current value and spans
  /// the whole transition along easeInOut.
  public init(
    target: TrackTarget, property: AnimatableProperty, from: ValueSpec = .current,
    to: ValueSpec, timing: TimingFunction = .easeInOut, relativeDelay: Double = 0,
    relativeDuration: Double = 1
  ) {
    self.target = target
    self.property = property
    self.from = from
    self.to = to
    self.timing = timing
    self.relativeDelay = relativeDelay
    self.relativeDuration = relativeDuration
  }

  /// Checks the track's numbers and that its values suit its property.
  public func validate() throws {
    guard relativeDelay.isFinite, relativeDuration.isFinite, relativeDelay >= 0,
      relativeDuration > 0, relativeDelay + relativeDuration <= 1 + 1e-9
    else {
      throw CurtainError.invalid(
        "Track timing must satisfy 0 ≤ delay, 0 < duration, delay + duration ≤ 1 "
          + "(got delay \(formatPoints(relativeDelay)), duration \(formatPoints(relativeDuration)))"
      )
    }
    try Self.check(from, for: property)
    try Self.check(to, for: property)
  }

  static func check(_ spec: ValueSpec, for property: AnimatableProperty) throws {
    switch spec {
    case .current:
      return
    case .value(let value):
      guard value.kind == property.valueKind else {
        throw CurtainError.invalid(
          "A \(value.kind.rawValue) value cannot animate \(property.rawValue)")
      }
      try checkFinite(value)
    case .initialFrame, .finalFrame:
      guard [.frame, .center, .bounds].contains(property) else {
        throw CurtainError.invalid("Frame-relative values cannot animate \(property.rawValue)")
      }
    case .offset(let base, let dx, let dy), .containerOffset(let base, let dx, let dy):
      guard dx.isFinite, dy.isFinite else { throw CurtainError.invalid("Offsets must be finite") }
      guard property.valueKind != .scalar else {
        throw CurtainError.invalid("Offsets cannot apply to \(property.rawValue)")
      }
      try check(base, for: property)
    }
  }

  private static func checkFinite(_ value: AnimatableValue) throws {
    let numbers: [Double]
    switch value {
    case .rect(let r): numbers = [r.minX, r.minY, r.width, r.height]
    case .point(let p): numbers = [p.x, p.y]
    case .scalar(let s): numbers = [s]
    case .transform(let t): numbers = [t.a, t.b, t.c, t.d, t.tx, t.ty]
    }
    guard numbers.allSatisfy(\.isFinite) else {
      throw CurtainError.invalid("Animation values must be finite numbers")
    }
  }
}

/// A value an animator's completion sets (seed 004: the bounce animator puts
/// the from-view's alpha back to 1 in its completion block): applied after
/// the transition's last frame, before `completeTransition`, whether it
/// completed or was cancelled. It becomes the view's model value in place of
/// the end value of a track on the same view and property.
public struct CompletionValue: Hashable, Sendable {
  /// The view it sets.
  public var target: TrackTarget
  /// The property it sets.
  public var property: AnimatableProperty
  /// The value, resolved when the transition ends (`current`: the value the
  /// tracks left).
  public var value: ValueSpec

  /// Creates a completion value.
  public init(target: TrackTarget, property: AnimatableProperty, value: ValueSpec) {
    self.target = target
    self.property = property
    self.value = value
  }

  /// Checks that the value suits the property and changes something.
  public func validate() throws {
    if value == .current {
      throw CurtainError.invalid(
        "A completion value needs a value: the current one alone (BASE_CURRENT without an "
          + "offset) leaves \(property.rawValue) where the tracks left it")
    }
    try TrackSpec.check(value, for: property)
  }
}

/// The built-in look of a transition with another duration or curve (the
/// CLI's `--duration` and `--curve`).
public struct Retiming: Hashable, Sendable {
  /// The duration in seconds; `nil` keeps the look's.
  public var duration: Double?
  /// The curve of every track; `nil` keeps each track's.
  public var curve: TimingFunction?

  /// Creates a retiming.
  public init(duration: Double? = nil, curve: TimingFunction? = nil) {
    self.duration = duration
    self.curve = curve
  }
}

extension TrackTarget {
  /// How errors name it: `the from-view`, `view v12`.
  var name: String {
    switch self {
    case .fromView: return "the from-view"
    case .toView: return "the to-view"
    case .containerView: return "the container view"
    case .dimmingView: return "the dimming view"
    case .view(let id): return "view \(id)"
    }
  }
}

/// The client that runs a transition's animator itself (a remote delegate
/// answered its animation-controller question with a remote animator,
/// docs/delegates.md).
public struct RemoteDriver: Hashable, Sendable {
  /// The delegate's client: the only one that may send the transition's
  /// frames and complete it.
  public let delegate: OwnerID
  /// The question it answered.
  public let call: UInt64
  /// The controller whose delegate it is.
  public let controller: ControllerID
  /// The method it answered.
  public let method: DelegateMethod
  /// Seconds past the duration (past the last frame of an interactive
  /// transition) after which the daemon ends the transition itself: the
  /// registration's timeout.
  public let grace: Double
}

/// A declarative transition animator: a duration and its tracks, or the
/// transition's built-in look re-timed.
public struct AnimatorSpec: Hashable, Sendable {
  /// The transition's duration in seconds.
  public var duration: Double
  /// The tracks, applied in order.
  public var tracks: [TrackSpec]
  /// What its completion sets, in order, after the last frame and before
  /// `completeTransition`.
  public var completion: [CompletionValue]
  /// When set, the animator is the transition's built-in look (its UIKit
  /// look, or the one its options name) with this duration and curve;
  /// `duration` and `tracks` are then unused and must be empty.
  public var retiming: Retiming?
  /// When set, a client runs the animator (`duration` is the transition's,
  /// there are no tracks): the transition moves with the client's frames
  /// and ends when it completes it.
  public var remote: RemoteDriver?

  /// Creates an animator.
  public init(duration: Double, tracks: [TrackSpec], completion: [CompletionValue] = []) {
    self.duration = duration
    self.tracks = tracks
    self.completion = completion
  }

  /// The most tracks, and the most completion values, an animator may have.
  public static let maxTracks = 1024

  /// The built-in look, re-timed.
  public static func builtIn(_ retiming: Retiming) -> AnimatorSpec {
    var spec = AnimatorSpec(duration: 0, tracks: [])
    spec.retiming = retiming
    return spec
  }

  /// An animator run by `driver`'s client over `duration` seconds.
  static func remote(duration: Double, driver: RemoteDriver) -> AnimatorSpec {
    var spec = AnimatorSpec(duration: duration, tracks: [])
    spec.remote = driver
    return spec
  }

  /// Checks the duration, every track and every completion value.
  public func validate() throws {
    if remote != nil, !tracks.isEmpty || !completion.isEmpty || retiming != nil {
      throw CurtainError.invalid(
        "An animator run by a client has no tracks or completion values of its own")
    }
    if let retiming {
      guard tracks.isEmpty, completion.isEmpty else {
        throw CurtainError.invalid(
          "An animator that re-times the built-in look has no tracks or completion values")
      }
      if let duration = retiming.duration { try Self.check(duration) }
      return
    }
    try Self.check(duration)
    guard tracks.count <= Self.maxTracks else {
      throw CurtainError(.limitExceeded, "An animator may have at most \(Self.maxTracks) tracks")
    }
    guard completion.count <= Self.maxTracks else {
      throw CurtainError(
        .limitExceeded, "An animator may have at most \(Self.maxTracks) completion values")
    }
    for track in tracks { try track.validate() }
    for value in completion { try value.validate() }
    try Self.checkOnePerProperty(completion)
  }

  /// Refuses two completion values for the same property of the same view.
  static func checkOnePerProperty(_ completion: [CompletionValue]) throws {
    var seen = Set<String>()
    for value in completion
    where !seen.insert("\(value.target) \(value.property.rawValue)").inserted {
      throw CurtainError.invalid(
        "The completion sets \(value.property.rawValue) of \(value.target.name) twice")
    }
  }

  private static func check(_ duration: Double) throws {
    guard duration.isFinite, duration >= 0, duration <= 3600 else {
      throw CurtainError.invalid(
        "Transition duration must be between 0 and 3600 seconds, got \(formatPoints(duration))")
    }
  }

  /// The animator a transition runs: `requested` when it has tracks of its
  /// own, else `builtIn`, re-timed as `requested` says.
  static func resolved(_ requested: AnimatorSpec?, builtIn: AnimatorSpec) -> AnimatorSpec {
    requested?.resolved(builtIn: builtIn) ?? builtIn
  }

  /// This animator, or `builtIn` re-timed as it says when it re-times the
  /// built-in look.
  public func resolved(builtIn: AnimatorSpec) -> AnimatorSpec {
    guard let retiming else { return self }
    var spec = builtIn
    if let duration = retiming.duration { spec.duration = duration }
    if let curve = retiming.curve {
      for index in spec.tracks.indices { spec.tracks[index].timing = curve }
    }
    return spec
  }
}

extension ValueSpec {
  /// Resolves the spec to a value for `property`, given the target's
  /// initial and final frames, its current value and the container size.
  func resolve(
    property: AnimatableProperty, initialFrame: Rect, finalFrame: Rect,
    current: AnimatableValue, containerSize: Size
  ) -> AnimatableValue {
    func frameValue(_ frame: Rect) -> AnimatableValue {
      switch property {
      case .center: return .point(frame.center)
      case .bounds: return .rect(frame.localBounds)
      default: return .rect(frame)
      }
    }
    func moved(_ value: AnimatableValue, _ dx: Double, _ dy: Double) -> AnimatableValue {
      switch value {
      case .rect(let r): return .rect(r.offsetBy(dx: dx, dy: dy))
      case .point(let p): return .point(p.offsetBy(dx: dx, dy: dy))
      case .transform(let t):
        return .transform(t.concatenating(AffineTransform(translationX: dx, y: dy)))
      case .scalar: return value
      }
    }
    switch self {
    case .value(let value): return value
    case .current: return current
    case .initialFrame: return frameValue(initialFrame)
    case .finalFrame: return frameValue(finalFrame)
    case .offset(let base, let dx, let dy):
      let value = base.resolve(
        property: property, initialFrame: initialFrame, finalFrame: finalFrame,
        current: current, containerSize: containerSize)
      return moved(value, dx, dy)
    case .containerOffset(let base, let dx, let dy):
      let value = base.resolve(
        property: property, initialFrame: initialFrame, finalFrame: finalFrame,
        current: current, containerSize: containerSize)
      return moved(value, dx * containerSize.width, dy * containerSize.height)
    }
  }
}
