// Remote delegates on the wire (docs/delegates.md).

public import CurtainCore

extension DelegateRole {
  /// The core role of a wire role.
  public init(_ wire: Curtain_V1_DelegateRole) throws {
    switch wire {
    case .transitioning: self = .transitioning
    case .navigation: self = .navigation
    case .tabBar: self = .tabBar
    case .adaptivePresentation: self = .adaptivePresentation
    case .segue: self = .segue
    case .unspecified, .UNRECOGNIZED:
      throw CurtainError(.invalidArgument, "Unknown delegate role \(wire.rawValue)")
    }
  }

  /// The wire form.
  public var wire: Curtain_V1_DelegateRole {
    switch self {
    case .transitioning: return .transitioning
    case .navigation: return .navigation
    case .tabBar: return .tabBar
    case .adaptivePresentation: return .adaptivePresentation
    case .segue: return .segue
    }
  }
}

extension DelegateMethod {
  /// The wire form.
  public var wire: Curtain_V1_DelegateMethod {
    switch self {
    case .navigationAnimationController: return .navigationAnimationController
    case .tabBarShouldSelect: return .tabBarShouldSelect
    case .tabBarAnimationController: return .tabBarAnimationController
    case .animationControllerForPresented: return .animationControllerForPresented
    case .animationControllerForDismissed: return .animationControllerForDismissed
    case .shouldPerformSegue: return .shouldPerformSegue
    case .adaptivePresentationStyle: return .adaptivePresentationStyle
    case .presentationControllerShouldDismiss: return .presentationControllerShouldDismiss
    case .navigationInteractionController: return .navigationInteractionController
    case .tabBarInteractionController: return .tabBarInteractionController
    case .interactionControllerForPresentation: return .interactionControllerForPresentation
    case .interactionControllerForDismissal: return .interactionControllerForDismissal
    case .presentationController: return .presentationController
    case .frameOfPresentedView: return .frameOfPresentedView
    case .prepareForSegue: return .prepareForSegue
    case .viewControllerForAdaptivePresentationStyle:
      return .viewControllerForAdaptivePresentationStyle
    case .shouldRemovePresentersView: return .shouldRemovePresentersView
    case .presentationTransitionWillBegin: return .presentationTransitionWillBegin
    case .dismissalTransitionWillBegin: return .dismissalTransitionWillBegin
    }
  }
}

extension DelegateAnswer {
  /// The core form of a wire answer; an animator that is not valid, or a
  /// style that does not exist, throws (the daemon lets the question fall
  /// back, saying why).
  public init(_ wire: Curtain_V1_DelegateAnswer) throws {
    switch wire.answer {
    case .animator(let spec): self = .animator(try AnimatorSpec(spec))
    case .yes(let yes): self = .bool(yes)
    case .interactive(let interactive): self = interactive ? .interactive : .useDefault
    case .style(let style): self = .style(try ModalPresentationStyle(style))
    case .remoteAnimator(let remote): self = .remoteAnimator(duration: remote.duration)
    case .presentation(let description): self = .presentation(CustomPresentation(description))
    case .frame(let frame): self = .frame(Rect(frame))
    case .controllerID(let id): self = .controller(ControllerID(id))
    case nil: self = .useDefault
    }
  }
}

extension Curtain_V1_AnimateTransition {
  /// The message that hands `animation` to its client.
  public init(_ animation: RemoteAnimation, session: String) {
    self.init()
    self.session = session
    callID = animation.driver.call
    windowID = animation.window.rawValue
    transitionID = animation.transition.rawValue
    kind = animation.kind.rawValue
    let context = animation.context
    containerViewID = context.containerView.rawValue
    containerSize = Curtain_V1_Size(context.containerSize)
    fromControllerID = context.fromController?.rawValue ?? 0
    toControllerID = context.toController?.rawValue ?? 0
    fromViewID = context.fromView?.rawValue ?? 0
    toViewID = context.toView?.rawValue ?? 0
    fromInitialFrame = Curtain_V1_Rect(context.fromInitialFrame)
    fromFinalFrame = Curtain_V1_Rect(context.fromFinalFrame)
    toInitialFrame = Curtain_V1_Rect(context.toInitialFrame)
    toFinalFrame = Curtain_V1_Rect(context.toFinalFrame)
    animated = context.isAnimated
    interactive = context.isInteractive
    duration = animation.duration
    graceMs = UInt32(clamping: Int((animation.driver.grace * 1000).rounded()))
  }
}

extension RemoteViewValue {
  /// The core form of a frame's value; an unknown property or a missing
  /// value throws.
  public init(_ wire: Curtain_V1_ViewValue) throws {
    guard wire.hasValue else {
      throw CurtainError(.invalidArgument, "A frame value of view \(wire.viewID) has no value")
    }
    self.init(
      view: ViewID(wire.viewID), property: try AnimatableProperty(wire.property),
      value: try AnimatableValue(wire.value))
  }
}

extension Curtain_V1_DelegateArguments {
  /// The wire form of a question's arguments.
  public init(_ arguments: DelegateArguments) {
    self.init()
    operation = arguments.operation ?? ""
    fromID = arguments.from?.rawValue ?? 0
    toID = arguments.to?.rawValue ?? 0
    identifier = arguments.identifier ?? ""
    interactive = arguments.interactive
    if let style = arguments.style { self.style = style.wire }
    if let traits = arguments.traits { self.traits = Curtain_V1_Traits(traits) }
    if let size = arguments.size { self.size = Curtain_V1_Size(size) }
  }
}

extension Curtain_V1_DelegateCall {
  /// The message that asks `call` of its delegate.
  public init(_ call: DelegateCall, session: String) {
    self.init()
    self.session = session
    callID = call.id
    controllerID = call.controller.rawValue
    role = call.method.role.wire
    method = call.method.wire
    arguments = Curtain_V1_DelegateArguments(call.arguments)
    windowID = call.window.rawValue
    timeoutMs = UInt32(clamping: Int((call.timeout * 1000).rounded()))
  }
}

extension Curtain_V1_DelegateEvent {
  /// The wire form of a delegate event of `controller`; with `image`, the
  /// answer whole and nothing in `detail` but a malformed answer's reason
  /// (a session image keeps the event, a client gets a summary).
  init(controller: ControllerID, _ event: DelegateEvent, image: Bool = false) {
    self.init()
    controllerID = controller.rawValue
    switch event {
    case .called(let call, let method, let arguments):
      phase = .called
      callID = call
      self.method = method.wire
      role = method.role.wire
      self.arguments = Curtain_V1_DelegateArguments(arguments)
    case .answered(let call, let method, let answer) where image:
      phase = .answered
      callID = call
      self.method = method.wire
      role = method.role.wire
      self.answer = Curtain_V1_DelegateAnswer(answer)
    case .answered(let call, let method, let answer):
      phase = .answered
      callID = call
      self.method = method.wire
      role = method.role.wire
      if case .bool(let yes) = answer { self.answer.yes = yes }
      if case .interactive = answer { self.answer.interactive = true }
      if case .presentation(let description) = answer {
        self.answer.presentation = Curtain_V1_CustomPresentation(description)
      }
      if case .frame(let frame) = answer { self.answer.frame = Curtain_V1_Rect(frame) }
      if case .controller(let id) = answer { self.answer.controllerID = id.rawValue }
      if case .presentation = answer { detail = answer.summary }
      if case .frame = answer { detail = answer.summary }
      if case .style(let style) = answer { self.answer.style = style.wire }
      // An animator is summarised: the full spec stays with its sender.
      if case .animator = answer { detail = answer.summary }
      if case .remoteAnimator(let duration) = answer {
        self.answer.remoteAnimator.duration = duration
        detail = answer.summary
      }
    case .fallback(let call, let method, let reason):
      phase = .fallback
      callID = call
      self.method = method.wire
      role = method.role.wire
      self.reason = reason.name
      if case .malformed(let problem) = reason { detail = problem }
    }
  }
}
