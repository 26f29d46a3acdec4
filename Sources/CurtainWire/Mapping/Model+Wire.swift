// Conversions of model values: kinds, controllers, traits, metrics, timing
// functions, animator specs and errors. Wire → core conversions validate and throw
// `CurtainError(.invalidArgument)` with a message naming the bad field.

public import CurtainCore

extension ControllerKind {
  /// The core kind of a wire kind; UNSPECIFIED is an error.
  public init(_ wire: Curtain_V1_ControllerKind) throws {
    switch wire {
    case .content: self = .content
    case .navigation: self = .navigation
    case .tabBar: self = .tabBar
    case .container: self = .container
    case .split: self = .split
    case .page: self = .page
    case .collection: self = .collection
    case .unspecified, .UNRECOGNIZED:
      throw CurtainError(.invalidArgument, "Unknown controller kind \(wire.rawValue)")
    }
  }

  /// The wire form.
  public var wire: Curtain_V1_ControllerKind {
    switch self {
    case .content: return .content
    case .navigation: return .navigation
    case .tabBar: return .tabBar
    case .container: return .container
    case .split: return .split
    case .page: return .page
    case .collection: return .collection
    }
  }
}

extension AppearanceState {
  /// The wire form.
  public var wire: Curtain_V1_AppearanceState {
    switch self {
    case .disappeared: return .disappeared
    case .appearing: return .appearing
    case .appeared: return .appeared
    case .disappearing: return .disappearing
    }
  }
}

extension Curtain_V1_ControllerInfo {
  /// The wire summary of a controller.
  public init(_ controller: ViewController) {
    self.init()
    id = controller.id.rawValue
    kind = controller.kind.wire
    identifier = controller.identifier ?? ""
    title = controller.title ?? ""
    windowID = controller.window?.id.rawValue ?? 0
    parentID = controller.parent?.id.rawValue ?? 0
    appearance = controller.appearance.wire
    modalPresentationStyle = controller.modalPresentationStyle.wire
    modalTransitionStyle = controller.modalTransitionStyle.wire
    definesPresentationContext = controller.definesPresentationContext
    providesPresentationContextTransitionStyle =
      controller.providesPresentationContextTransitionStyle
    preferredContentSize = Curtain_V1_Size(controller.preferredContentSize)
    presentingID = controller.presentingViewController?.id.rawValue ?? 0
    presentedID = controller.presentedViewController?.id.rawValue ?? 0
    shouldPerformSegue = controller.shouldPerformAnswers
    modalInPresentation = controller.isModalInPresentation
    edgesForExtendedLayout = controller.edgesForExtendedLayout.rawValue
    barTranslucent =
      (controller as? NavigationController)?.isBarTranslucent
      ?? (controller as? TabBarController)?.isBarTranslucent ?? false
    shouldAutomaticallyForwardAppearanceMethods =
      controller.shouldAutomaticallyForwardAppearanceMethods
  }
}

extension ControllerTreeSpec {
  /// The core form of a wire tree; an unknown kind or bad collection
  /// options are an error.
  public init(_ wire: Curtain_V1_ControllerSpec) throws {
    self.init(
      kind: try ControllerKind(wire.kind),
      identifier: wire.identifier.isEmpty ? nil : wire.identifier,
      title: wire.title.isEmpty ? nil : wire.title,
      children: try wire.children.map(ControllerTreeSpec.init),
      collection: wire.hasCollection ? try CollectionOptions(wire.collection) : nil)
  }
}

extension Curtain_V1_SessionList.Entry {
  /// The wire summary of a session: its name and sizes.
  public init(_ session: Session) {
    self.init()
    name = session.name
    windows = UInt32(clamping: session.windows.count)
    controllers = UInt32(clamping: session.controllers.count)
  }
}

extension Curtain_V1_StoryboardInfo {
  /// What a loaded storyboard holds: its name, scenes and segues (as
  /// `Source/identifier`); the root and operation are the caller's.
  public init(_ storyboard: Storyboard) {
    self.init()
    name = storyboard.name
    scenes = storyboard.scenes.map(\.id)
    segues = storyboard.segues.map { "\($0.source)/\($0.identifier)" }
  }
}

extension ClockMode {
  /// The core form of a wire clock mode.
  public init(_ wire: Curtain_V1_ClockMode) {
    self = wire == .manual ? .manual : .realtime
  }

  /// The wire form.
  public var wire: Curtain_V1_ClockMode { self == .manual ? .manual : .realtime }
}

extension Curtain_V1_Traits {
  /// The wire form of traits.
  public init(_ traits: TraitCollection) {
    self.init()
    horizontal = traits.horizontalSizeClass == .regular ? .regular : .compact
    vertical = traits.verticalSizeClass == .regular ? .regular : .compact
    displayScale = traits.displayScale
    idiom = traits.userInterfaceIdiom == .pad ? .pad : .phone
  }
}

extension SizeClass {
  /// The core form of a wire size class; nil when it is unspecified or a
  /// value this version does not know.
  public init?(_ wire: Curtain_V1_SizeClass) {
    switch wire {
    case .compact: self = .compact
    case .regular: self = .regular
    case .unspecified, .UNRECOGNIZED: return nil
    }
  }
}

extension WindowMetrics {
  /// The core form of wire metrics: absent fields take the defaults. Traits
  /// are explicit when at least one size class is given; a size class left
  /// unspecified follows the size (regular from 600 pt wide, 500 pt high),
  /// and an unset display scale is the metrics' scale.
  public init(_ wire: Curtain_V1_WindowMetrics) {
    var metrics = WindowMetrics()
    if wire.hasSize { metrics.size = Size(wire.size) }
    if wire.hasSafeArea { metrics.safeAreaInsets = EdgeInsets(wire.safeArea) }
    if wire.scale != 0 { metrics.scale = wire.scale }
    metrics.idiom = wire.idiom == .pad ? .pad : .phone
    if wire.hasTraits,
      SizeClass(wire.traits.horizontal) != nil || SizeClass(wire.traits.vertical) != nil
    {
      let derived = TraitCollection.derived(
        from: metrics.size, scale: metrics.scale, idiom: metrics.idiom)
      metrics.traits = TraitCollection(
        horizontalSizeClass: SizeClass(wire.traits.horizontal) ?? derived.horizontalSizeClass,
        verticalSizeClass: SizeClass(wire.traits.vertical) ?? derived.verticalSizeClass,
        displayScale: wire.traits.displayScale != 0 ? wire.traits.displayScale : metrics.scale,
        userInterfaceIdiom: metrics.idiom)
    }
    self = metrics
  }
}

extension Curtain_V1_WindowMetrics {
  /// The wire form of metrics.
  public init(_ metrics: WindowMetrics) {
    self.init()
    size = Curtain_V1_Size(metrics.size)
    safeArea = Curtain_V1_EdgeInsets(metrics.safeAreaInsets)
    scale = metrics.scale
    idiom = metrics.idiom == .pad ? .pad : .phone
    if let traits = metrics.traits { self.traits = Curtain_V1_Traits(traits) }
  }
}

extension AnimatableProperty {
  /// The core form of a wire property; UNSPECIFIED is an error.
  public init(_ wire: Curtain_V1_AnimatableProperty) throws {
    switch wire {
    case .frame: self = .frame
    case .center: self = .center
    case .bounds: self = .bounds
    case .alpha: self = .alpha
    case .transform: self = .transform
    case .cornerRadius: self = .cornerRadius
    case .unspecified, .UNRECOGNIZED:
      throw CurtainError(.invalidArgument, "A track needs a property")
    }
  }
}

extension TimingFunction {
  /// The core form of a wire timing function; absent means easeInOut.
  public init(_ wire: Curtain_V1_TimingFunction?) throws {
    guard let kind = wire?.kind else {
      self = .easeInOut
      return
    }
    switch kind {
    case .named(let curve):
      switch curve {
      case .easeInOut, .UNRECOGNIZED: self = .easeInOut
      case .linear: self = .linear
      case .easeIn: self = .easeIn
      case .easeOut: self = .easeOut
      case .default: self = .default
      }
    case .bezier(let bezier):
      let numbers = [bezier.x1, bezier.y1, bezier.x2, bezier.y2]
      guard numbers.allSatisfy(\.isFinite), (0...1).contains(bezier.x1),
        (0...1).contains(bezier.x2)
      else {
        throw CurtainError(
          .invalidArgument, "Bézier control points need finite values and x1, x2 in [0, 1]")
      }
      self = .cubicBezier(CubicBezier(bezier.x1, bezier.y1, bezier.x2, bezier.y2))
    case .spring(let spring):
      guard spring.duration.isFinite, spring.duration > 0, spring.dampingRatio.isFinite,
        spring.initialVelocity.isFinite
      else {
        throw CurtainError(.invalidArgument, "A spring needs a positive finite duration")
      }
      self = .spring(
        Spring(
          duration: spring.duration, dampingRatio: spring.dampingRatio,
          initialVelocity: spring.initialVelocity))
    case .physicalSpring(let spring):
      let numbers = [spring.mass, spring.stiffness, spring.damping, spring.initialVelocity]
      guard numbers.allSatisfy(\.isFinite), spring.mass > 0, spring.stiffness > 0,
        spring.damping >= 0
      else {
        throw CurtainError(
          .invalidArgument, "A spring needs positive mass and stiffness and non-negative damping")
      }
      guard !spring.hasDuration || (spring.duration.isFinite && spring.duration > 0) else {
        throw CurtainError(
          .invalidArgument, "A physical spring's duration must be finite and positive")
      }
      self = .spring(
        Spring(
          mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
          initialVelocity: spring.initialVelocity,
          duration: spring.hasDuration ? spring.duration : nil))
    case .perceptualSpring(let spring):
      guard spring.response.isFinite, spring.response > 0, spring.bounce.isFinite,
        spring.bounce > -1, spring.bounce < 1
      else {
        throw CurtainError(
          .invalidArgument, "A perceptual spring needs a positive response and bounce in (-1, 1)")
      }
      self = .spring(
        Spring(
          response: spring.response, bounce: spring.bounce,
          initialVelocity: spring.initialVelocity))
    }
  }
}

extension AnimatableValue {
  /// The core form of a wire value.
  public init(_ wire: Curtain_V1_AnimatableValue) throws {
    switch wire.kind {
    case .rect(let rect): self = .rect(Rect(rect))
    case .point(let point): self = .point(Point(point))
    case .scalar(let scalar): self = .scalar(scalar)
    case .transform(let transform): self = .transform(AffineTransform(transform))
    case nil:
      throw CurtainError(.invalidArgument, "A value needs a rect, point, scalar or transform")
    }
  }
}

extension ValueSpec {
  /// The core form of a wire value spec.
  public init(_ wire: Curtain_V1_ValueSpec) throws {
    var spec: ValueSpec
    switch wire.base {
    case .current, .UNRECOGNIZED: spec = .current
    case .value: spec = .value(try AnimatableValue(wire.value))
    case .initialFrame: spec = .initialFrame
    case .finalFrame: spec = .finalFrame
    }
    if wire.offsetX != 0 || wire.offsetY != 0 {
      spec = .offset(spec, dx: wire.offsetX, dy: wire.offsetY)
    }
    if wire.containerOffsetX != 0 || wire.containerOffsetY != 0 {
      spec = .containerOffset(spec, dx: wire.containerOffsetX, dy: wire.containerOffsetY)
    }
    self = spec
  }
}

/// Runs `body`; an invalid-argument error it throws names `path` (the
/// field of an animator it is about, `tracks[1].property`) before its
/// message.
private func at<T>(_ path: String, _ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as CurtainError where error.code == .invalidArgument {
    throw CurtainError(.invalidArgument, "\(path): \(error.message)", details: error.details)
  }
}

extension TrackTarget {
  /// The core form of a wire target; its error names the field under
  /// `path` (`tracks[1]`), a track's or a completion value's (`what`).
  init(_ wire: Curtain_V1_TrackTarget, path: String, what: String) throws {
    switch wire.role {
    case .view, .UNRECOGNIZED:
      guard wire.viewID != 0 else {
        throw CurtainError(
          .invalidArgument, "\(path).target.view_id: \(what) on a view needs a view id")
      }
      self = .view(ViewID(wire.viewID))
    case .fromView: self = .fromView
    case .toView: self = .toView
    case .containerView: self = .containerView
    case .dimmingView: self = .dimmingView
    }
  }
}

extension TrackSpec {
  /// The core form of a wire track (validated); its errors name the field
  /// under `path` (`tracks[1]` in an animator).
  public init(_ wire: Curtain_V1_Track, path: String = "track") throws {
    self.init(
      target: try TrackTarget(wire.target, path: path, what: "A track"),
      property: try at("\(path).property") { try AnimatableProperty(wire.property) },
      from: try at("\(path).from") { try ValueSpec(wire.from) },
      to: try at("\(path).to") { try ValueSpec(wire.to) },
      timing: try at("\(path).timing") { try TimingFunction(wire.hasTiming ? wire.timing : nil) },
      relativeDelay: wire.relativeDelay,
      relativeDuration: wire.relativeDuration == 0 ? 1 : wire.relativeDuration)
    try at(path) { try validate() }
  }
}

extension CompletionValue {
  /// The core form of a wire completion value (validated); its errors name
  /// the field under `path` (`completion[0]` in an animator).
  public init(_ wire: Curtain_V1_CompletionValue, path: String = "completion") throws {
    guard wire.property != .unspecified else {
      throw CurtainError(.invalidArgument, "\(path).property: A completion value needs a property")
    }
    self.init(
      target: try TrackTarget(wire.target, path: path, what: "A completion value"),
      property: try at("\(path).property") { try AnimatableProperty(wire.property) },
      value: try at("\(path).value") { try ValueSpec(wire.value) })
    try at(path) { try validate() }
  }
}

extension AnimatorSpec {
  /// The core form of a wire animator (validated); a track's or completion
  /// value's error names it (`tracks[1].property: A track needs a
  /// property`).
  public init(_ wire: Curtain_V1_AnimatorSpec) throws {
    self.init(
      duration: wire.duration,
      tracks: try wire.tracks.enumerated().map { index, track in
        try TrackSpec(track, path: "tracks[\(index)]")
      },
      completion: try wire.completion.enumerated().map { index, value in
        try CompletionValue(value, path: "completion[\(index)]")
      })
    if wire.hasBuiltIn {
      guard wire.duration == 0, wire.tracks.isEmpty, wire.completion.isEmpty else {
        throw CurtainError(
          .invalidArgument,
          "An animator that re-times the built-in look (built_in) has no duration, tracks or "
            + "completion values of its own")
      }
      retiming = Retiming(
        duration: wire.builtIn.hasDuration ? wire.builtIn.duration : nil,
        curve: wire.builtIn.hasCurve ? try TimingFunction(wire.builtIn.curve) : nil)
    }
    try validate()
  }
}

extension ErrorCode {
  /// The wire form.
  public var wire: Curtain_V1_ErrorCode {
    switch self {
    case .invalidArgument: return .invalidArgument
    case .notFound: return .notFound
    case .alreadyPresenting: return .alreadyPresenting
    case .notInWindow: return .notInWindow
    case .busy: return .busy
    case .conflict: return .conflict
    case .notOwner: return .notOwner
    case .unauthenticated: return .unauthenticated
    case .permissionDenied: return .permissionDenied
    case .limitExceeded: return .limitExceeded
    case .unsupportedVersion: return .unsupportedVersion
    case .internalError: return .internal
    case .unavailable: return .unavailable
    case .moved: return .moved
    }
  }

  /// The core form of a wire code (unknown codes read as INTERNAL).
  public init(_ wire: Curtain_V1_ErrorCode) {
    switch wire {
    case .invalidArgument: self = .invalidArgument
    case .notFound: self = .notFound
    case .alreadyPresenting: self = .alreadyPresenting
    case .notInWindow: self = .notInWindow
    case .busy: self = .busy
    case .conflict: self = .conflict
    case .notOwner: self = .notOwner
    case .unauthenticated: self = .unauthenticated
    case .permissionDenied: self = .permissionDenied
    case .limitExceeded: self = .limitExceeded
    case .unsupportedVersion: self = .unsupportedVersion
    case .unavailable: self = .unavailable
    case .moved: self = .moved
    case .internal, .unspecified, .UNRECOGNIZED: self = .internalError
    }
  }
}

extension Curtain_V1_Error {
  /// The wire form of an error.
  public init(_ error: CurtainError) {
    self.init()
    code = error.code.wire
    message = error.message
    details = error.details ?? [:]
  }
}

extension CurtainError {
  /// The core form of a wire error.
  public init(_ wire: Curtain_V1_Error) {
    self.init(
      ErrorCode(wire.code), wire.message, details: wire.details.isEmpty ? nil : wire.details)
  }
}
