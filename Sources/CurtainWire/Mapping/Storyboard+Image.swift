// Storyboards and animator specs in a session image (session_image.proto):
// a loaded storyboard as a `curtain.v1.Storyboard`, and the wire form of an
// animator spec, which clients send and images keep. Every spec the Core
// holds came from that wire form (a request, a delegate's answer, a
// storyboard's `animator`), so the wire form gives it back exactly: a
// spring with all five of its numbers, a value as a base with its offsets.

public import CurtainCore

extension Curtain_V1_Storyboard {
  /// The image of a loaded storyboard.
  public init(_ storyboard: Storyboard) {
    self.init()
    name = storyboard.name
    if let initial = storyboard.initialScene { initialScene = initial }
    scenes = storyboard.scenes.map { scene in
      var image = Scene()
      image.id = scene.id
      image.kind = scene.kind.wire
      if let title = scene.title { image.title = title }
      image.children = scene.children
      image.unwindActions = scene.unwindActions
      if let style = scene.modalPresentationStyle { image.modalPresentationStyle = style.wire }
      if let style = scene.modalTransitionStyle { image.modalTransitionStyle = style.wire }
      if let defines = scene.definesPresentationContext {
        image.definesPresentationContext = defines
      }
      if let size = scene.preferredContentSize {
        image.preferredContentSize = Curtain_V1_Size(size)
      }
      if let collection = scene.collection {
        image.collection = Curtain_V1_CollectionOptions(collection)
        // The item count as given: none means one per frame, or none.
        if collection.itemCount == nil { image.collection.clearItemCount() }
      }
      return image
    }
    segues = storyboard.segues.map(Segue.init)
  }
}

extension Curtain_V1_Storyboard.Segue {
  init(_ segue: Storyboard.Segue) {
    self.init()
    identifier = segue.identifier
    source = segue.source
    if let destination = segue.destination { self.destination = destination }
    animates = segue.animates
    shouldPerform = segue.shouldPerform
    switch segue.kind {
    case .show: kind = .show
    case .showDetail: kind = .showDetail
    case .present(let style, let transition):
      kind = .present
      if let style { self.style = style.wire }
      if let transition { self.transition = transition.wire }
    case .popover(let anchor):
      kind = .popover
      if let rect = anchor.rect { anchorRect = Curtain_V1_Rect(rect) }
      anchorArrowDirections = anchor.permittedArrowDirections.rawValue
    case .custom(let animator, let style):
      kind = .custom
      self.animator = Curtain_V1_AnimatorSpec(animator)
      if let style { self.style = style.wire }
    case .unwind(let action):
      kind = .unwind
      self.action = action
    }
  }
}

extension Storyboard {
  /// The storyboard an image holds.
  init(image storyboard: Curtain_V1_Storyboard) throws {
    self.init(
      name: storyboard.name,
      initialScene: storyboard.hasInitialScene ? storyboard.initialScene : nil,
      scenes: try storyboard.scenes.enumerated().map { index, scene in
        try ImageField.at("scenes[\(index)]") {
          Scene(
            id: scene.id, kind: try ControllerKind(scene.kind),
            title: scene.hasTitle ? scene.title : nil, children: scene.children,
            unwindActions: scene.unwindActions,
            modalPresentationStyle: scene.hasModalPresentationStyle
              ? try ModalPresentationStyle(scene.modalPresentationStyle) : nil,
            modalTransitionStyle: scene.hasModalTransitionStyle
              ? try ModalTransitionStyle(scene.modalTransitionStyle) : nil,
            definesPresentationContext: scene.hasDefinesPresentationContext
              ? scene.definesPresentationContext : nil,
            preferredContentSize: scene.hasPreferredContentSize
              ? Size(scene.preferredContentSize) : nil,
            collection: scene.hasCollection ? try CollectionOptions(scene.collection) : nil)
        }
      },
      segues: try storyboard.segues.enumerated().map { index, segue in
        try ImageField.at("segues[\(index)]") { try Segue(image: segue) }
      })
  }
}

extension Storyboard.Segue {
  init(image segue: Curtain_V1_Storyboard.Segue) throws {
    let style = segue.hasStyle ? try ModalPresentationStyle(segue.style) : nil
    let kind: Storyboard.SegueKind
    switch segue.kind {
    case .show: kind = .show
    case .showDetail: kind = .showDetail
    case .present:
      kind = .present(
        style: style,
        transition: segue.hasTransition ? try ModalTransitionStyle(segue.transition) : nil)
    case .popover:
      kind = .popover(
        anchor: Storyboard.PopoverAnchorSpec(
          rect: segue.hasAnchorRect ? Rect(segue.anchorRect) : nil,
          permittedArrowDirections: PopoverArrowDirections(
            rawValue: segue.anchorArrowDirections)))
    case .custom: kind = .custom(animator: try AnimatorSpec(segue.animator), style: style)
    case .unwind: kind = .unwind(action: segue.action)
    case .unspecified, .UNRECOGNIZED:
      throw ImageField.unknown("segue kind", segue.kind.rawValue)
    }
    self.init(
      identifier: segue.identifier, source: segue.source,
      destination: segue.hasDestination ? segue.destination : nil, kind: kind,
      animates: segue.animates, shouldPerform: segue.shouldPerform)
  }
}

// MARK: Animator specs

extension Curtain_V1_AnimatorSpec {
  /// The wire form of an animator spec.
  public init(_ spec: AnimatorSpec) {
    self.init()
    duration = spec.duration
    tracks = spec.tracks.map(Curtain_V1_Track.init)
    completion = spec.completion.map(Curtain_V1_CompletionValue.init)
    if let retiming = spec.retiming {
      builtIn = Curtain_V1_BuiltInRetiming()
      if let duration = retiming.duration { builtIn.duration = duration }
      if let curve = retiming.curve { builtIn.curve = Curtain_V1_TimingFunction(curve) }
    }
  }
}

extension Curtain_V1_TrackTarget {
  /// The wire form of a track's or completion value's target.
  public init(_ target: TrackTarget) {
    self.init()
    switch target {
    case .fromView: role = .fromView
    case .toView: role = .toView
    case .containerView: role = .containerView
    case .dimmingView: role = .dimmingView
    case .view(let id):
      role = .view
      viewID = id.rawValue
    }
  }
}

extension Curtain_V1_CompletionValue {
  /// The wire form of a completion value.
  public init(_ value: CompletionValue) {
    self.init()
    target = Curtain_V1_TrackTarget(value.target)
    property = value.property.wire
    self.value = Curtain_V1_ValueSpec(value.value)
  }
}

extension Curtain_V1_Track {
  /// The wire form of a track.
  public init(_ track: TrackSpec) {
    self.init()
    target = Curtain_V1_TrackTarget(track.target)
    property = track.property.wire
    from = Curtain_V1_ValueSpec(track.from)
    to = Curtain_V1_ValueSpec(track.to)
    timing = Curtain_V1_TimingFunction(track.timing)
    relativeDelay = track.relativeDelay
    relativeDuration = track.relativeDuration
  }
}

extension Curtain_V1_ValueSpec {
  /// The wire form of a value spec: a base moved by points and by fractions
  /// of the container. What the wire form makes (the points inside the
  /// fractions) comes back exactly; offsets nested otherwise add up.
  public init(_ spec: ValueSpec) {
    self.init()
    var spec = spec
    while true {
      switch spec {
      case .containerOffset(let inner, let dx, let dy):
        containerOffsetX += dx
        containerOffsetY += dy
        spec = inner
      case .offset(let inner, let dx, let dy):
        offsetX += dx
        offsetY += dy
        spec = inner
      case .current:
        base = .current
        return
      case .value(let value):
        base = .value
        self.value = Curtain_V1_AnimatableValue(value)
        return
      case .initialFrame:
        base = .initialFrame
        return
      case .finalFrame:
        base = .finalFrame
        return
      }
    }
  }
}

extension Curtain_V1_AnimatableValue {
  /// The wire form of an animatable value.
  public init(_ value: AnimatableValue) {
    self.init()
    switch value {
    case .rect(let rect): self.rect = Curtain_V1_Rect(rect)
    case .point(let point): self.point = Curtain_V1_Point(point)
    case .scalar(let scalar): self.scalar = scalar
    case .transform(let transform): self.transform = Curtain_V1_Transform(transform)
    }
  }
}

extension AnimatableProperty {
  /// The wire form.
  public var wire: Curtain_V1_AnimatableProperty {
    switch self {
    case .frame: return .frame
    case .center: return .center
    case .bounds: return .bounds
    case .alpha: return .alpha
    case .transform: return .transform
    case .cornerRadius: return .cornerRadius
    }
  }
}

extension Curtain_V1_TimingFunction {
  /// The wire form of a timing function: a Bézier curve's control points,
  /// or a spring's mass, stiffness, damping, initial velocity and duration
  /// (which gives back any spring exactly, however it was made).
  public init(_ timing: TimingFunction) {
    self.init()
    switch timing {
    case .cubicBezier(let curve):
      var bezier = Curtain_V1_CubicBezier()
      bezier.x1 = curve.x1
      bezier.y1 = curve.y1
      bezier.x2 = curve.x2
      bezier.y2 = curve.y2
      kind = .bezier(bezier)
    case .spring(let spring):
      var physical = Curtain_V1_PhysicalSpring()
      physical.mass = spring.mass
      physical.stiffness = spring.stiffness
      physical.damping = spring.damping
      physical.initialVelocity = spring.initialVelocity
      physical.duration = spring.duration
      kind = .physicalSpring(physical)
    }
  }
}
