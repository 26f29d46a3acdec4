// When an operation's turn comes, the delegates registered for it are asked
// first, one question at a time, in UIKit's order (a tab bar's
// `shouldSelect` before its animation controller; a presentation's adaptive
// style before its animation controller; a pulled-down sheet's
// `presentationControllerShouldDismiss` before its animation controller).
// The operation starts once
// every question has an answer or has fallen back; an answer changes the
// operation (its animator, whether it runs at all).

/// An operation whose turn came and that waits for a delegate's answer.
struct AwaitingDelegate {
  var pending: PendingOperation
  let call: DelegateCall
}

extension Window {
  /// The question the operation asks next, if a delegate is registered for
  /// one it has not asked yet.
  func nextDelegateQuestion(for pending: PendingOperation) -> (
    DelegateMethod, DelegateRegistration, DelegateArguments
  )? {
    for (method, controller, arguments) in delegateQuestions(of: pending.operation)
    where !pending.hasAnswer(method, of: controller) {
      if pending.isDeclinedByDelegate { return nil }
      guard let registration = session.delegate(of: controller, role: method.role) else {
        continue
      }
      // `prepare(for:sender:)` comes only for a segue that goes on, to a
      // destination (not an unwind).
      if method == .prepareForSegue, pending.segueDestinationScene(in: session) == nil {
        continue
      }
      // The replacement controller is asked about only when the
      // presentation adapts: not after `none`, with the style it adapts to.
      if method == .viewControllerForAdaptivePresentationStyle {
        guard registration.vendsReplacement,
          let style = arguments.style?.compactAdaptation(
            answered: pending.answeredStyle ?? pending.operation.requestedAdaptiveStyle)
        else { continue }
        var arguments = arguments
        arguments.style = style
        return (method, registration, arguments)
      }
      // An interaction controller is asked of a delegate that vends them,
      // about the animator it returned.
      if let animatorMethod = method.animatorMethod {
        guard registration.vendsInteraction, case .animator? = pending.answers[animatorMethod]
        else { continue }
      }
      return (method, registration, arguments)
    }
    return nil
  }

  /// The questions with, after each animation-controller question of an
  /// operation that is not interactive yet, its interaction-controller one
  /// (Curtain's choice: an operation begun interactive already has its
  /// driver).
  private func withInteractionQuestions(
    _ questions: [(DelegateMethod, ControllerID, DelegateArguments)]
  ) -> [(DelegateMethod, ControllerID, DelegateArguments)] {
    questions.flatMap { question in
      guard let interaction = question.0.interactionMethod, !question.2.interactive else {
        return [question]
      }
      return [question, (interaction, question.1, question.2)]
    }
  }

  /// Every question the operation would ask, in order, with the controller
  /// whose delegate is asked.
  private func delegateQuestions(of operation: WindowOperation) -> [(
    DelegateMethod, ControllerID, DelegateArguments
  )] {
    withInteractionQuestions(questionsBeforeInteraction(of: operation))
  }

  private func questionsBeforeInteraction(of operation: WindowOperation) -> [(
    DelegateMethod, ControllerID, DelegateArguments
  )] {
    switch operation {
    case .push(let nav, let controller, let animated, _):
      guard animated, let top = topOf(nav) else { return [] }
      return [navigationQuestion(nav, "push", from: top, to: controller, interactive: false)]
    case .pop(let nav, let animated, _):
      return navigationPop(nav, animated: animated, to: { $0.dropLast().last })
    case .beginInteractivePop(let nav, _):
      let question = navigationPop(nav, animated: true, to: { $0.dropLast().last })
      return question.map {
        (
          $0.0, $0.1,
          DelegateArguments(
            operation: "pop", from: $0.2.from, to: $0.2.to, interactive: true)
        )
      }
    case .popTo(let nav, let controller, let animated, _):
      return navigationPop(nav, animated: animated, to: { $0.first { $0.id == controller } })
    case .popToRoot(let nav, let animated, _):
      return navigationPop(nav, animated: animated, to: { $0.first })
    case .setViewControllers(let nav, let list, let animated, _):
      guard animated, let top = topOf(nav), let last = list.last, last != top else { return [] }
      let isPop =
        (session.controllers[nav] as? NavigationController)?.viewControllers.contains {
          $0.id == last
        } ?? false
      return [
        navigationQuestion(nav, isPop ? "pop" : "push", from: top, to: last, interactive: false)
      ]
    case .selectTab(let tab, let selection, _):
      return tabQuestions(tab, selection, interactive: false)
    case .beginInteractiveTabSelection(let tab, let selection, _):
      return tabQuestions(tab, selection, interactive: true)
    case .present(let presenter, let controller, let animated, _, _, let options):
      var questions =
        customPresentationQuestion(presenter, controller, options)
        + adaptiveStyleQuestion(presenter, controller, options)
      if animated {
        questions.append(
          (
            .animationControllerForPresented, controller,
            DelegateArguments(from: presenter, to: controller)
          ))
      }
      return questions
    case .beginInteractivePresent(let presenter, let controller, _, _, let options):
      return customPresentationQuestion(presenter, controller, options)
        + adaptiveStyleQuestion(presenter, controller, options) + [
          (
            .animationControllerForPresented, controller,
            DelegateArguments(from: presenter, to: controller, interactive: true)
          )
        ]
    case .dismiss(let controller, let animated, _):
      guard animated, let target = session.controllers[controller]?.dismissalTarget else {
        return []
      }
      return [(.animationControllerForDismissed, target.id, DelegateArguments(to: target.id))]
    case .beginInteractiveDismiss(let controller, _):
      guard let target = session.controllers[controller]?.dismissalTarget else { return [] }
      return [
        (
          .presentationControllerShouldDismiss, target.id,
          DelegateArguments(to: target.id, interactive: true)
        ),
        (
          .animationControllerForDismissed, target.id,
          DelegateArguments(to: target.id, interactive: true)
        ),
      ]
    case .tap(_, let point):
      guard let presented = tapDismissalQuestion(at: point) else { return [] }
      return [
        (.presentationControllerShouldDismiss, presented, DelegateArguments(to: presented))
      ]
    case .performSegue(let source, let identifier, let triggered, _):
      let prepare = (
        DelegateMethod.prepareForSegue, source,
        DelegateArguments(from: source, identifier: identifier)
      )
      guard triggered else { return [prepare] }
      return [(.shouldPerformSegue, source, DelegateArguments(identifier: identifier)), prepare]
    case .resize(_, let metrics, _):
      return customPresentations.map { presentation in
        (
          .frameOfPresentedView, presentation.presented.id,
          DelegateArguments(
            from: presentation.presenting.id, to: presentation.presented.id, size: metrics.size)
        )
      }
    default:
      return []
    }
  }

  /// `presentationController(forPresented:presenting:source:)`, asked of
  /// the presented controller's transitioning delegate when it is
  /// presented with the custom style (UIKit asks only then).
  private func customPresentationQuestion(
    _ presenter: ControllerID, _ controller: ControllerID, _ options: PresentOptions
  ) -> [(DelegateMethod, ControllerID, DelegateArguments)] {
    guard let presented = session.controllers[controller],
      (options.style ?? presented.modalPresentationStyle) == .custom
    else { return [] }
    return [
      (.presentationController, controller, DelegateArguments(from: presenter, to: controller))
    ]
  }

  /// The window's custom presentations, by presented controller: a size
  /// transition asks their delegates for the presented view's new frame.
  private var customPresentations: [Presentation] {
    session.controllers.values.compactMap { controller in
      guard let presentation = controller.presentation, presentation.style == .custom,
        controller.window === self
      else { return nil }
      return presentation
    }.sorted { $0.presented.id < $1.presented.id }
  }

  /// `adaptivePresentationStyle(for:traitCollection:)`, asked of the
  /// presented controller's adaptive delegate when the requested style is
  /// one that adapts (sheets, popovers, context presentations).
  private func adaptiveStyleQuestion(
    _ presenter: ControllerID, _ controller: ControllerID, _ options: PresentOptions
  ) -> [(DelegateMethod, ControllerID, DelegateArguments)] {
    guard let presented = session.controllers[controller] else { return [] }
    let style = (options.style ?? presented.modalPresentationStyle).resolved
    guard style.adapts else { return [] }
    let arguments = DelegateArguments(
      from: presenter, to: controller, style: style, traits: traitCollection)
    return [
      (.adaptivePresentationStyle, controller, arguments),
      (.viewControllerForAdaptivePresentationStyle, controller, arguments),
    ]
  }

  private func topOf(_ nav: ControllerID) -> ControllerID? {
    (session.controllers[nav] as? NavigationController)?.topViewController?.id
  }

  private func navigationQuestion(
    _ nav: ControllerID, _ operation: String, from: ControllerID, to: ControllerID,
    interactive: Bool
  ) -> (DelegateMethod, ControllerID, DelegateArguments) {
    (
      .navigationAnimationController, nav,
      DelegateArguments(operation: operation, from: from, to: to, interactive: interactive)
    )
  }

  private func navigationPop(
    _ nav: ControllerID, animated: Bool, to target: ([ViewController]) -> ViewController?
  ) -> [(DelegateMethod, ControllerID, DelegateArguments)] {
    guard animated, let navigation = session.controllers[nav] as? NavigationController,
      let top = navigation.topViewController,
      let destination = target(navigation.viewControllers), destination.id != top.id
    else { return [] }
    return [navigationQuestion(nav, "pop", from: top.id, to: destination.id, interactive: false)]
  }

  private func tabQuestions(_ tab: ControllerID, _ selection: TabSelection, interactive: Bool)
    -> [(DelegateMethod, ControllerID, DelegateArguments)]
  {
    guard let tabBar = session.controllers[tab] as? TabBarController else { return [] }
    let index: Int?
    do { index = try tabBar.resolve(selection) } catch { return [] }
    let target = index.map { tabBar.viewControllers[$0] } ?? tabBar.moreNavigationController
    guard let target else { return [] }
    let current = tabBar.selectedViewController
    var questions: [(DelegateMethod, ControllerID, DelegateArguments)] = [
      (
        .tabBarShouldSelect, tab,
        DelegateArguments(from: current?.id, to: target.id, interactive: interactive)
      )
    ]
    if let current, current.id != target.id {
      questions.append(
        (
          .tabBarAnimationController, tab,
          DelegateArguments(from: current.id, to: target.id, interactive: interactive)
        ))
    }
    return questions
  }

  /// Instantiates the destination of a segue about to ask
  /// `prepare(for:sender:)` (with the id set aside for it, if one was),
  /// unless it already exists.
  private func instantiateSegueDestination(for pending: PendingOperation) throws
    -> ControllerID?
  {
    if let id = pending.destination, session.controllers[id] != nil { return id }
    guard let (storyboard, scene) = pending.segueDestinationScene(in: session) else {
      return pending.destination
    }
    return try session.instantiateScene(scene, of: storyboard, id: pending.destination).id
  }

  /// Asks the operation's next question, if it has one: the operation then
  /// waits (holding the queue) and its ticket says so. Else starts it.
  func startOrAsk(_ pending: PendingOperation) throws -> OperationTicket {
    guard let (method, registration, question) = nextDelegateQuestion(for: pending) else {
      return try start(pending)
    }
    var pending = pending
    var arguments = question
    // An operation that cannot run fails now, before any delegate is asked.
    if pending.answers.isEmpty, pending.frames.isEmpty {
      try session.checkNotHeldElsewhere(pending.operation, target: self)
      try session.dryRun { _ = try prepare(pending) }
    }
    if method == .prepareForSegue {
      // The destination exists while `prepare(for:sender:)` is asked: the
      // client may configure it; the segue then shows it.
      pending.destination = try instantiateSegueDestination(for: pending)
      arguments.to = pending.destination
    }
    let call = session.ask(method, of: registration, arguments, in: self)
    awaitingDelegate = AwaitingDelegate(pending: pending, call: call)
    currentTraceID = pending.options.traceID
    append(.delegate(registration.controller, .called(call: call.id, method, arguments)))
    currentTraceID = nil
    return OperationTicket(
      awaiting: pending.id, window: id, revision: revision, call: call.id,
      destination: pending.destination)
  }

  /// The open question got `event` (an answer or a fallback): the
  /// operation asks its next question or starts, then the queue moves on.
  func resumeAfterDelegate(_ event: DelegateEvent) {
    guard var awaiting = awaitingDelegate else { return }
    session.closeDelegateCall(awaiting.call.id)
    awaitingDelegate = nil
    session.withActiveWindow(self) {
      currentTraceID = awaiting.pending.options.traceID
      append(.delegate(awaiting.call.controller, event))
      currentTraceID = nil
      switch event {
      case .answered(_, let method, .remoteAnimator(let duration)):
        let call = awaiting.call
        awaiting.pending.answers[method] = .animator(
          .remote(
            duration: duration,
            driver: RemoteDriver(
              delegate: call.delegate, call: call.id, controller: call.controller,
              method: method, grace: call.timeout)))
      case .answered(_, .frameOfPresentedView, let answer):
        awaiting.pending.frames[awaiting.call.controller] = answer
      case .fallback(_, .frameOfPresentedView, let reason):
        awaiting.pending.frames[awaiting.call.controller] = .useDefault
        session.delegates.fallbacks.append(reason.name)
      case .answered(_, let method, .interactive):
        awaiting.pending.answers[method] = .interactive
        awaiting.pending.interactionOwner = awaiting.call.delegate
      case .answered(_, let method, let answer): awaiting.pending.answers[method] = answer
      case .fallback(_, let method, let reason):
        awaiting.pending.answers[method] = .useDefault
        session.delegates.fallbacks.append(reason.name)
      case .called(_, let method, _):
        awaiting.pending.answers[method] = .useDefault
      }
      run(awaiting.pending)
      if let transition = operationsInFlight[awaiting.pending.id]?.transition {
        session.delegates.started[awaiting.call.id] = (id, transition)
        session.delegates.started = session.delegates.started.filter {
          $0.key + 64 > awaiting.call.id
        }
      }
      startQueuedOperations()
    }
  }

  /// Starts (or asks for) an operation whose turn came; one that can no
  /// longer run fails with an event.
  func run(_ pending: PendingOperation) {
    do {
      _ = try startOrAsk(pending)
    } catch {
      let failure = (error as? CurtainError) ?? CurtainError(.internalError, "\(error)")
      currentTraceID = pending.options.traceID
      append(.operation(pending.id, .failed(failure)))
      currentTraceID = nil
      session.record(
        OperationOutcome(
          operation: pending.id, window: id, phase: .failed(failure), revision: revision))
    }
  }
}

extension PendingOperation {
  /// The operation as its delegates' answers change it: an animator they
  /// returned replaces the request's, an adaptive style the presentation's.
  var answeredOperation: WindowOperation {
    var answered = operation
    for answer in answers.values {
      switch answer {
      case .animator(let spec): answered = answered.replacingAnimator(with: spec)
      case .style(let style): answered = answered.replacingAdaptiveStyle(with: style)
      case .presentation(let description):
        answered = answered.replacingCustomPresentation(with: description)
      case .controller(let replacement):
        answered = answered.replacingOptions { $0.adaptiveReplacement = replacement }
      case .useDefault, .bool, .remoteAnimator, .interactive, .frame: break
      }
    }
    return answered
  }

  /// Whether question `method` about `controller` has its answer (or fell
  /// back): the frame questions of a size transition are one per custom
  /// presentation.
  func hasAnswer(_ method: DelegateMethod, of controller: ControllerID) -> Bool {
    method == .frameOfPresentedView ? frames[controller] != nil : answers[method] != nil
  }

  /// Gives the custom presentations the frames their delegates answered
  /// (a size transition applies them as it lays the window out).
  func applyAnsweredFrames(in session: Session) {
    for case (let controller, .frame(let frame)) in frames {
      session.controllers[controller]?.presentation?.custom?.frame = frame
    }
  }

  /// Whether a delegate declined the operation (`shouldSelect` or
  /// `presentationControllerShouldDismiss` answered no).
  var isDeclinedByDelegate: Bool {
    // A tap still lands: its dismissal becomes an attempt (Window+Tap.swift).
    if case .tap = operation { return false }
    return answers[.tabBarShouldSelect] == .bool(false)
      || answers[.presentationControllerShouldDismiss] == .bool(false)
  }

  /// The storyboard and scene a segue operation instantiates, when it will
  /// show a destination: not an unwind, not a triggered segue that
  /// `shouldPerformSegue` declines.
  func segueDestinationScene(in session: Session) -> (Storyboard, String)? {
    guard case .performSegue(let sourceID, let identifier, let triggered, _) = operation,
      let source = session.controllers[sourceID],
      let (storyboard, segue) = try? session.segue(identifier, from: source),
      let scene = segue.destination
    else { return nil }
    if triggered {
      let answer = segueAnswer ?? source.shouldPerformAnswers[identifier] ?? segue.shouldPerform
      guard answer else { return nil }
    }
    return (storyboard, scene)
  }

  /// What `adaptivePresentationStyle` answered, if its delegate did.
  var answeredStyle: ModalPresentationStyle? {
    if case .style(let style) = answers[.adaptivePresentationStyle] { return style }
    return nil
  }

  /// What `shouldPerformSegue` answered, if its delegate did.
  var segueAnswer: Bool? {
    if case .bool(let answer) = answers[.shouldPerformSegue] { return answer }
    return nil
  }
}

extension WindowOperation {
  /// A presentation's adaptive style given by the request, if any.
  var requestedAdaptiveStyle: ModalPresentationStyle? {
    switch self {
    case .present(_, _, _, _, let adaptive, _), .beginInteractivePresent(_, _, _, let adaptive, _):
      return adaptive
    default: return nil
    }
  }

  /// The operation with `spec` as its animator (operations without one are
  /// returned unchanged).
  func replacingAnimator(with spec: AnimatorSpec) -> WindowOperation {
    switch self {
    case .push(let nav, let controller, let animated, _):
      return .push(navigation: nav, controller: controller, animated: animated, animator: spec)
    case .pop(let nav, let animated, _):
      return .pop(navigation: nav, animated: animated, animator: spec)
    case .popTo(let nav, let controller, let animated, _):
      return .popTo(navigation: nav, controller: controller, animated: animated, animator: spec)
    case .popToRoot(let nav, let animated, _):
      return .popToRoot(navigation: nav, animated: animated, animator: spec)
    case .setViewControllers(let nav, let list, let animated, _):
      return .setViewControllers(
        navigation: nav, controllers: list, animated: animated, animator: spec)
    case .beginInteractivePop(let nav, _):
      return .beginInteractivePop(navigation: nav, animator: spec)
    case .selectTab(let tab, let selection, _):
      return .selectTab(tabBar: tab, selection: selection, animator: spec)
    case .beginInteractiveTabSelection(let tab, let selection, _):
      return .beginInteractiveTabSelection(tabBar: tab, selection: selection, animator: spec)
    case .present(let presenter, let controller, let animated, _, let adaptive, let options):
      return .present(
        presenter: presenter, controller: controller, animated: animated, animator: spec,
        adaptiveStyle: adaptive, options: options)
    case .beginInteractivePresent(let presenter, let controller, _, let adaptive, let options):
      return .beginInteractivePresent(
        presenter: presenter, controller: controller, animator: spec, adaptiveStyle: adaptive,
        options: options)
    case .dismiss(let controller, let animated, _):
      return .dismiss(controller: controller, animated: animated, animator: spec)
    case .beginInteractiveDismiss(let controller, _):
      return .beginInteractiveDismiss(controller: controller, animator: spec)
    default: return self
    }
  }

  /// The presentation with `description` as its custom presentation
  /// controller (operations that present nothing are returned unchanged).
  func replacingCustomPresentation(with description: CustomPresentation) -> WindowOperation {
    replacingOptions { $0.custom = description }
  }

  /// The presentation with its options changed by `change` (operations
  /// that present nothing are returned unchanged).
  func replacingOptions(_ change: (inout PresentOptions) -> Void) -> WindowOperation {
    switch self {
    case .present(
      let presenter, let controller, let animated, let animator, let adaptive, var options):
      change(&options)
      return .present(
        presenter: presenter, controller: controller, animated: animated, animator: animator,
        adaptiveStyle: adaptive, options: options)
    case .beginInteractivePresent(
      let presenter, let controller, let animator, let adaptive, var options):
      change(&options)
      return .beginInteractivePresent(
        presenter: presenter, controller: controller, animator: animator, adaptiveStyle: adaptive,
        options: options)
    default: return self
    }
  }

  /// The presentation with `style` as its adaptive style (operations that
  /// present nothing are returned unchanged).
  func replacingAdaptiveStyle(with style: ModalPresentationStyle) -> WindowOperation {
    switch self {
    case .present(let presenter, let controller, let animated, let animator, _, let options):
      return .present(
        presenter: presenter, controller: controller, animated: animated, animator: animator,
        adaptiveStyle: style, options: options)
    case .beginInteractivePresent(let presenter, let controller, let animator, _, let options):
      return .beginInteractivePresent(
        presenter: presenter, controller: controller, animator: animator, adaptiveStyle: style,
        options: options)
    default: return self
    }
  }
}
