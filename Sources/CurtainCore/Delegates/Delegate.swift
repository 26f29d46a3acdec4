// Remote delegates (docs/delegates.md): a client registers as a
// controller's delegate for some roles and answers UIKit's delegate
// questions over the wire. The core decides when a question is asked and
// what each answer changes; it never waits by itself. While a question is
// open the operation that asked it holds its window's queue (later
// operations wait, as behind a running transition); the daemon sends the
// call, times it out and hands the answer (or the reason there is none)
// back. Without an answer the operation goes on as if there were no
// delegate: UIKit's default.

/// The delegate protocols a client can take on for a controller.
public enum DelegateRole: String, Hashable, Sendable, CaseIterable, Comparable {
  /// `UIViewControllerTransitioningDelegate`, of a presented controller.
  case transitioning
  /// `UINavigationControllerDelegate`, of a navigation controller.
  case navigation
  /// `UITabBarControllerDelegate`, of a tab bar controller.
  case tabBar
  /// `UIAdaptivePresentationControllerDelegate`, of a presented
  /// controller (the delegate of its presentation controller).
  case adaptivePresentation
  /// The segue methods of a storyboard controller (`shouldPerformSegue`).
  case segue

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// A question the daemon asks a delegate, by UIKit's method.
public enum DelegateMethod: String, Hashable, Sendable, CaseIterable {
  /// `navigationController(_:animationControllerFor:from:to:)`.
  case navigationAnimationController
  /// `tabBarController(_:shouldSelect:)`.
  case tabBarShouldSelect
  /// `tabBarController(_:animationControllerForTransitionFrom:to:)`.
  case tabBarAnimationController
  /// `animationController(forPresented:presenting:source:)`.
  case animationControllerForPresented
  /// `animationController(forDismissed:)`.
  case animationControllerForDismissed
  /// `shouldPerformSegue(withIdentifier:sender:)`.
  case shouldPerformSegue
  /// `adaptivePresentationStyle(for:traitCollection:)`.
  case adaptivePresentationStyle
  /// `presentationControllerShouldDismiss(_:)`.
  case presentationControllerShouldDismiss
  /// `navigationController(_:interactionControllerFor:)`.
  case navigationInteractionController
  /// `tabBarController(_:interactionControllerFor:)`.
  case tabBarInteractionController
  /// `interactionControllerForPresentation(using:)`.
  case interactionControllerForPresentation
  /// `interactionControllerForDismissal(using:)`.
  case interactionControllerForDismissal
  /// `presentationController(forPresented:presenting:source:)`: a custom
  /// presentation controller, described by the client.
  case presentationController
  /// The custom presentation controller's `frameOfPresentedViewInContainerView`,
  /// asked when the custom presentation starts (right after
  /// `presentationController`) and again at every size transition
  /// (`containerViewWillLayoutSubviews`).
  case frameOfPresentedView
  /// `prepare(for:sender:)`: the segue's destination has been instantiated;
  /// the segue waits while the client configures it.
  case prepareForSegue
  /// `presentationController(_:viewControllerForAdaptivePresentationStyle:)`:
  /// the controller shown instead of the presented one while the
  /// presentation is adapted.
  case viewControllerForAdaptivePresentationStyle
  /// The custom presentation controller's `shouldRemovePresentersView`,
  /// asked when the custom presentation starts (right after
  /// `frameOfPresentedView`): whether the presenter's view leaves the
  /// window.
  case shouldRemovePresentersView
  /// The custom presentation controller's `presentationTransitionWillBegin`,
  /// asked as an animated custom presentation is about to begin (after its
  /// other questions): the animations it adds alongside the transition
  /// through the coordinator (`animate(alongsideTransition:)`).
  case presentationTransitionWillBegin
  /// The custom presentation controller's `dismissalTransitionWillBegin`,
  /// likewise for the animated dismissal of a custom presentation.
  case dismissalTransitionWillBegin

  /// For an interaction-controller method, the animation-controller method
  /// whose animator it is asked about (UIKit asks it only when that one
  /// returned an animator).
  public var animatorMethod: DelegateMethod? {
    switch self {
    case .navigationInteractionController: return .navigationAnimationController
    case .tabBarInteractionController: return .tabBarAnimationController
    case .interactionControllerForPresentation: return .animationControllerForPresented
    case .interactionControllerForDismissal: return .animationControllerForDismissed
    default: return nil
    }
  }

  /// For an animation-controller method, the interaction-controller method
  /// asked after it.
  var interactionMethod: DelegateMethod? {
    Self.allCases.first { $0.animatorMethod == self }
  }

  /// The role whose delegate is asked.
  public var role: DelegateRole {
    switch self {
    case .navigationAnimationController, .navigationInteractionController: return .navigation
    case .tabBarShouldSelect, .tabBarAnimationController, .tabBarInteractionController:
      return .tabBar
    case .animationControllerForPresented, .animationControllerForDismissed,
      .interactionControllerForPresentation, .interactionControllerForDismissal,
      .presentationController, .frameOfPresentedView, .shouldRemovePresentersView,
      .presentationTransitionWillBegin, .dismissalTransitionWillBegin:
      return .transitioning
    case .shouldPerformSegue, .prepareForSegue: return .segue
    case .adaptivePresentationStyle, .presentationControllerShouldDismiss,
      .viewControllerForAdaptivePresentationStyle:
      return .adaptivePresentation
    }
  }

  /// UIKit's name of the method.
  public var uikitName: String {
    switch self {
    case .navigationAnimationController:
      return "navigationController(_:animationControllerFor:from:to:)"
    case .tabBarShouldSelect: return "tabBarController(_:shouldSelect:)"
    case .tabBarAnimationController:
      return "tabBarController(_:animationControllerForTransitionFrom:to:)"
    case .animationControllerForPresented:
      return "animationController(forPresented:presenting:source:)"
    case .animationControllerForDismissed: return "animationController(forDismissed:)"
    case .shouldPerformSegue: return "shouldPerformSegue(withIdentifier:sender:)"
    case .adaptivePresentationStyle: return "adaptivePresentationStyle(for:traitCollection:)"
    case .presentationControllerShouldDismiss: return "presentationControllerShouldDismiss(_:)"
    case .navigationInteractionController:
      return "navigationController(_:interactionControllerFor:)"
    case .tabBarInteractionController: return "tabBarController(_:interactionControllerFor:)"
    case .interactionControllerForPresentation:
      return "interactionControllerForPresentation(using:)"
    case .interactionControllerForDismissal: return "interactionControllerForDismissal(using:)"
    case .presentationController: return "presentationController(forPresented:presenting:source:)"
    case .frameOfPresentedView: return "frameOfPresentedViewInContainerView"
    case .prepareForSegue: return "prepare(for:sender:)"
    case .viewControllerForAdaptivePresentationStyle:
      return "presentationController(_:viewControllerForAdaptivePresentationStyle:)"
    case .shouldRemovePresentersView: return "shouldRemovePresentersView"
    case .presentationTransitionWillBegin: return "presentationTransitionWillBegin"
    case .dismissalTransitionWillBegin: return "dismissalTransitionWillBegin"
    }
  }

  /// What kind of answer the method gives.
  public var answerKind: AnswerKind {
    switch self {
    case .tabBarShouldSelect, .shouldPerformSegue, .presentationControllerShouldDismiss,
      .shouldRemovePresentersView:
      return .bool
    case .adaptivePresentationStyle: return .style
    case .navigationAnimationController, .tabBarAnimationController,
      .animationControllerForPresented, .animationControllerForDismissed:
      return .animator
    case .navigationInteractionController, .tabBarInteractionController,
      .interactionControllerForPresentation, .interactionControllerForDismissal:
      return .interaction
    case .presentationController: return .presentation
    case .frameOfPresentedView: return .frame
    case .prepareForSegue: return .nothing
    case .viewControllerForAdaptivePresentationStyle: return .controller
    case .presentationTransitionWillBegin, .dismissalTransitionWillBegin: return .alongside
    }
  }

  /// The kinds of answer.
  public enum AnswerKind: String, Sendable {
    /// An animation controller.
    case animator = "an animation controller"
    /// Yes or no.
    case bool = "yes or no"
    /// A modal presentation style.
    case style = "a presentation style"
    /// An interaction controller (or none).
    case interaction = "an interaction controller"
    /// A custom presentation controller's description.
    case presentation = "a presentation controller"
    /// A frame.
    case frame = "a frame"
    /// Nothing: the answer only says the method returned.
    case nothing = "nothing (an empty answer)"
    /// A controller of the session.
    case controller = "a controller"
    /// Animations alongside the transition: an animator spec's tracks.
    case alongside = "animations alongside the transition"
  }
}

/// What a delegate method is asked about. Fields a method does not use are
/// `nil`.
public struct DelegateArguments: Hashable, Sendable {
  /// A navigation operation: `push` or `pop`.
  public var operation: String?
  /// The outgoing controller (`from`; the presenting source of a
  /// presentation; the selected tab).
  public var from: ControllerID?
  /// The incoming controller (`to`; the presented or dismissed controller;
  /// the tab about to be selected).
  public var to: ControllerID?
  /// A segue's identifier.
  public var identifier: String?
  /// Whether the transition is interactive.
  public var interactive: Bool
  /// The presentation style asked about (`adaptivePresentationStyle`: the
  /// requested style).
  public var style: ModalPresentationStyle?
  /// The environment asked about (`adaptivePresentationStyle`: the
  /// window's traits).
  public var traits: TraitCollection?
  /// The container's size (`frameOfPresentedView`: the window's size, its
  /// new size at a resize).
  public var size: Size?

  /// Creates arguments.
  public init(
    operation: String? = nil, from: ControllerID? = nil, to: ControllerID? = nil,
    identifier: String? = nil, interactive: Bool = false, style: ModalPresentationStyle? = nil,
    traits: TraitCollection? = nil, size: Size? = nil
  ) {
    self.operation = operation
    self.from = from
    self.to = to
    self.identifier = identifier
    self.interactive = interactive
    self.style = style
    self.traits = traits
    self.size = size
  }
}

/// A delegate's answer.
public enum DelegateAnswer: Hashable, Sendable {
  /// `nil` (or no opinion): what UIKit does without a delegate.
  case useDefault
  /// An animation controller, as a declarative animator spec.
  case animator(AnimatorSpec)
  /// Yes or no.
  case bool(Bool)
  /// A presentation style (`adaptivePresentationStyle`): one of none,
  /// fullScreen, overFullScreen and formSheet, as UIKit honours.
  case style(ModalPresentationStyle)
  /// An animation controller the delegate runs itself
  /// (`animateTransition(using:)` on the client): the transition lasts
  /// `duration` seconds (`transitionDuration(using:)`), its frames come
  /// from the client (`TransitionFrame`) and it ends when the client calls
  /// `completeTransition(_:)` (`CompleteTransition`).
  case remoteAnimator(duration: Double)
  /// An interaction controller run by the delegate's client: the transition
  /// begins interactive at 0 %, owned by that client, which drives it with
  /// the interaction requests (update, finish, cancel).
  case interactive
  /// A custom presentation controller (`presentationController(forPresented:…)`):
  /// the presented view's frame, the dimming view, whether the presenter's
  /// view leaves the window.
  case presentation(CustomPresentation)
  /// A frame in the window (`frameOfPresentedView`).
  case frame(Rect)
  /// A controller (`viewControllerForAdaptivePresentationStyle`): shown
  /// instead of the presented one while the presentation is adapted.
  case controller(ControllerID)

  /// The kind of answer, or `nil` for the default.
  var kind: DelegateMethod.AnswerKind? {
    switch self {
    case .useDefault: return nil
    case .animator, .remoteAnimator: return .animator
    case .interactive: return .interaction
    case .presentation: return .presentation
    case .frame: return .frame
    case .controller: return .controller
    case .bool: return .bool
    case .style: return .style
    }
  }

  /// Why the answer does not fit `method`, if it does not.
  func mismatch(for method: DelegateMethod) -> String? {
    // Animations alongside a transition are an animator spec's tracks.
    if method.answerKind == .alongside, case .animator(let spec) = self {
      guard spec.remote == nil, spec.retiming == nil, spec.completion.isEmpty else {
        return "\(method.uikitName) answers animations alongside the transition: tracks only "
          + "(no built-in look, completion values or remote animator)"
      }
      do {
        try spec.validate()
        return nil
      } catch {
        return (error as? CurtainError)?.message ?? "\(error)"
      }
    }
    if let kind, kind != method.answerKind || kind == .nothing {
      return "\(method.uikitName) answers \(method.answerKind.rawValue), not \(kind.rawValue)"
    }
    switch self {
    case .useDefault, .bool, .interactive, .controller: return nil
    case .animator(let spec):
      do {
        try spec.validate()
        return nil
      } catch {
        return (error as? CurtainError)?.message ?? "\(error)"
      }
    case .presentation(let description):
      do {
        try description.validate()
        return nil
      } catch {
        return (error as? CurtainError)?.message ?? "\(error)"
      }
    case .frame(let frame):
      let numbers = [frame.minX, frame.minY, frame.width, frame.height]
      return numbers.allSatisfy(\.isFinite) && frame.width > 0 && frame.height > 0
        ? nil : "A presented view's frame must be finite with a positive size, got \(frame)"
    case .remoteAnimator(let duration):
      return duration.isFinite && duration >= 0 && duration <= 3600
        ? nil
        : "A remote animator's duration must be between 0 and 3600 seconds, got "
          + formatPoints(duration)
    case .style(let style):
      return style.isAcceptedAdaptiveStyle
        ? nil
        : "\(method.uikitName) may answer none, fullScreen, overFullScreen or formSheet, "
          + "not \(style.rawValue)"
    }
  }
}

/// Why a question got no answer and UIKit's default was used.
public enum DelegateFallbackReason: Hashable, Sendable {
  /// No answer within the registration's timeout.
  case timeout
  /// The delegate's connection closed.
  case disconnected
  /// The answer did not fit the question.
  case malformed(String)
  /// The delegate cleared (or lost) its registration while asked.
  case cleared
  /// The daemon restarted while the question was open.
  case restarted

  /// A short name (`timeout`, `disconnected`, …).
  public var name: String {
    switch self {
    case .timeout: return "timeout"
    case .disconnected: return "disconnected"
    case .malformed: return "malformed"
    case .cleared: return "cleared"
    case .restarted: return "restarted"
    }
  }
}

/// A question asked and not yet answered.
public struct DelegateCall: Hashable, Sendable {
  /// The session-scoped call id (1, 2, …).
  public let id: UInt64
  /// The controller whose delegate is asked.
  public let controller: ControllerID
  /// The method.
  public let method: DelegateMethod
  /// What it is asked about.
  public let arguments: DelegateArguments
  /// The client registered for the role.
  public let delegate: OwnerID
  /// Seconds the daemon waits for the answer.
  public let timeout: Double
  /// The window whose queue waits.
  public let window: WindowID
}

/// A client registered as a controller's delegate for one role.
public struct DelegateRegistration: Hashable, Sendable {
  /// The controller.
  public let controller: ControllerID
  /// The role.
  public let role: DelegateRole
  /// The client.
  public let delegate: OwnerID
  /// Seconds the daemon waits for each answer.
  public let timeout: Double
  /// Whether the delegate vends interaction controllers: its role's
  /// interaction-controller method is asked after each animator it
  /// returns (UIKit asks only delegates that implement the method).
  public let vendsInteraction: Bool
  /// Whether the delegate vends replacement controllers:
  /// `viewControllerForAdaptivePresentationStyle` is asked after
  /// `adaptivePresentationStyle` (UIKit asks only delegates that implement
  /// it).
  public let vendsReplacement: Bool

  /// Creates a registration.
  public init(
    controller: ControllerID, role: DelegateRole, delegate: OwnerID, timeout: Double,
    vendsInteraction: Bool = false, vendsReplacement: Bool = false
  ) {
    self.controller = controller
    self.role = role
    self.delegate = delegate
    self.timeout = timeout
    self.vendsInteraction = vendsInteraction
    self.vendsReplacement = vendsReplacement
  }
}

/// A delegate event (category lifecycle): a question asked, answered, or
/// given up on.
public enum DelegateEvent: Hashable, Sendable {
  /// The question `call` was asked.
  case called(call: UInt64, DelegateMethod, DelegateArguments)
  /// The delegate answered it.
  case answered(call: UInt64, DelegateMethod, DelegateAnswer)
  /// It got no usable answer: UIKit's default was used.
  case fallback(call: UInt64, DelegateMethod, DelegateFallbackReason)
}
