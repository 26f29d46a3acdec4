// The questions an operation asks its delegates when its turn comes, one at
// a time, in UIKit's order (a tapped tab bar item's `shouldSelect` before
// its animation controller; a presentation's adaptive style before its animation
// controller; a pulled-down sheet's `presentationControllerShouldDismiss`
// before its animation controller). Window+Operations.swift asks them and
// starts the operation once every question has an answer or has fallen
// back; an answer changes the operation (its animator, whether it runs at
// all: `DelegateAnswers`).

extension Window {
  /// The question the operation asks next, if a delegate is registered for
  /// one it has not asked yet.
  func nextDelegateQuestion(for pending: PendingOperation) -> (
    DelegateMethod, DelegateRegistration, DelegateArguments
  )? {
    for (method, controller, arguments) in delegateQuestions(of: pending.operation)
    where !pending.answers.has(method, of: controller) {
      // A tap whose `shouldSelect` was answered no still lands, but asks
      // nothing more.
      if pending.isDeclinedByDelegate || pending.answers.declinedSelection { return nil }
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
            answered: pending.answers.style ?? pending.operation.requestedAdaptiveStyle)
        else { continue }
        var arguments = arguments
        arguments.style = style
        return (method, registration, arguments)
      }
      // An interaction controller is asked of a delegate that vends them,
      // about the animator it returned.
      if let animatorMethod = method.animatorMethod {
        guard registration.vendsInteraction,
          case .animator? = pending.answers.byMethod[animatorMethod]
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
  private func delegateQuestions(of operation: ResolvedOperation) -> [(
    DelegateMethod, ControllerID, DelegateArguments
  )] {
    withInteractionQuestions(questionsBeforeInteraction(of: operation))
  }

  private func questionsBeforeInteraction(of operation: ResolvedOperation) -> [(
    DelegateMethod, ControllerID, DelegateArguments
  )] {
    switch operation {
    case .push(let nav, let controller, let animated, _):
      guard animated, let top = nav.topViewController else { return [] }
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
      return navigationPop(nav, animated: animated, to: { $0.first { $0 === controller } })
    case .popToRoot(let nav, let animated, _):
      return navigationPop(nav, animated: animated, to: { $0.first })
    case .setViewControllers(let nav, let list, let animated, _):
      guard animated, let top = nav.topViewController, let last = list.last, last !== top else {
        return []
      }
      let isPop = nav.viewControllers.contains { $0 === last }
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
            .animationControllerForPresented, controller.id,
            DelegateArguments(from: presenter.id, to: controller.id)
          ))
        questions += presentationWillBegin(presenter, controller, options, interactive: false)
      }
      return questions
    case .beginInteractivePresent(let presenter, let controller, _, _, let options):
      return customPresentationQuestion(presenter, controller, options)
        + adaptiveStyleQuestion(presenter, controller, options) + [
          (
            .animationControllerForPresented, controller.id,
            DelegateArguments(from: presenter.id, to: controller.id, interactive: true)
          )
        ] + presentationWillBegin(presenter, controller, options, interactive: true)
    case .dismiss(let controller, let animated, _):
      guard animated, let target = controller.dismissalTarget else { return [] }
      return [(.animationControllerForDismissed, target.id, DelegateArguments(to: target.id))]
        + dismissalWillBegin(target, interactive: false)
    case .beginInteractiveDismiss(let controller, _):
      guard let target = controller.dismissalTarget else { return [] }
      return [
        (
          .presentationControllerShouldDismiss, target.id,
          DelegateArguments(to: target.id, interactive: true)
        ),
        (
          .animationControllerForDismissed, target.id,
          DelegateArguments(to: target.id, interactive: true)
        ),
      ] + dismissalWillBegin(target, interactive: true)
    case .tap(_, let point):
      if let (tabs, tab) = tabBarItemTap(at: point) { return tabItemQuestions(tabs, tab) }
      guard let presented = tapDismissalQuestion(at: point) else { return [] }
      return [
        (.presentationControllerShouldDismiss, presented, DelegateArguments(to: presented))
      ]
    case .performSegue(let source, let identifier, let triggered, _):
      let prepare = (
        DelegateMethod.prepareForSegue, source.id,
        DelegateArguments(from: source.id, identifier: identifier)
      )
      guard triggered else { return [prepare] }
      return [
        (.shouldPerformSegue, source.id, DelegateArguments(identifier: identifier)), prepare,
      ]
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
  /// presented with the custom style (UIKit asks only then), then that
  /// presentation controller's `frameOfPresentedViewInContainerView` for
  /// the window's size (asked again at every resize) and its
  /// `shouldRemovePresentersView`.
  private func customPresentationQuestion(
    _ presenter: ViewController, _ presented: ViewController, _ options: PresentOptions
  ) -> [(DelegateMethod, ControllerID, DelegateArguments)] {
    guard (options.style ?? presented.modalPresentationStyle) == .custom else { return [] }
    let arguments = DelegateArguments(from: presenter.id, to: presented.id)
    var sized = arguments
    sized.size = size
    return [
      (.presentationController, presented.id, arguments),
      (.frameOfPresentedView, presented.id, sized),
      (.shouldRemovePresentersView, presented.id, arguments),
    ]
  }

  /// `presentationTransitionWillBegin`, asked of the custom presentation
  /// controller (the presented controller's transitioning delegate) as an
  /// animated or interactive custom presentation is about to begin, after
  /// its animation and interaction controllers (UIKit calls it as the
  /// transition begins): its answer's tracks run alongside the transition.
  private func presentationWillBegin(
    _ presenter: ViewController, _ presented: ViewController, _ options: PresentOptions,
    interactive: Bool
  ) -> [(DelegateMethod, ControllerID, DelegateArguments)] {
    guard (options.style ?? presented.modalPresentationStyle) == .custom else { return [] }
    return [
      (
        .presentationTransitionWillBegin, presented.id,
        DelegateArguments(from: presenter.id, to: presented.id, interactive: interactive)
      )
    ]
  }

  /// `dismissalTransitionWillBegin`, likewise for the animated or
  /// interactive dismissal of a custom presentation (`to` the dismissed
  /// controller, `from` its presenter).
  private func dismissalWillBegin(_ target: ViewController, interactive: Bool) -> [(
    DelegateMethod, ControllerID, DelegateArguments
  )] {
    guard let presentation = target.presentation, presentation.style == .custom else { return [] }
    return [
      (
        .dismissalTransitionWillBegin, target.id,
        DelegateArguments(
          from: presentation.presenting.id, to: target.id, interactive: interactive)
      )
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
    _ presenter: ViewController, _ presented: ViewController, _ options: PresentOptions
  ) -> [(DelegateMethod, ControllerID, DelegateArguments)] {
    let style = (options.style ?? presented.modalPresentationStyle).resolved
    guard style.adapts else { return [] }
    let arguments = DelegateArguments(
      from: presenter.id, to: presented.id, style: style, traits: traitCollection)
    return [
      (.adaptivePresentationStyle, presented.id, arguments),
      (.viewControllerForAdaptivePresentationStyle, presented.id, arguments),
    ]
  }

  private func navigationQuestion(
    _ nav: NavigationController, _ operation: String, from: ViewController, to: ViewController,
    interactive: Bool
  ) -> (DelegateMethod, ControllerID, DelegateArguments) {
    (
      .navigationAnimationController, nav.id,
      DelegateArguments(operation: operation, from: from.id, to: to.id, interactive: interactive)
    )
  }

  private func navigationPop(
    _ nav: NavigationController, animated: Bool, to target: ([ViewController]) -> ViewController?
  ) -> [(DelegateMethod, ControllerID, DelegateArguments)] {
    guard animated, let top = nav.topViewController,
      let destination = target(nav.viewControllers), destination !== top
    else { return [] }
    return [navigationQuestion(nav, "pop", from: top, to: destination, interactive: false)]
  }

  /// A user's tap on the item of `tab` (SEMANTICS §3): `shouldSelect`
  /// (`from` the selected tab, `to` the tapped one), then, for another
  /// tab, the switch's animation controller as for a selection by code, or,
  /// for the selected item of a navigation controller tab, the navigation
  /// delegate's animation controller for its pop to the root.
  private func tabItemQuestions(_ tabs: TabBarController, _ tab: ViewController) -> [(
    DelegateMethod, ControllerID, DelegateArguments
  )] {
    let shouldSelect = (
      DelegateMethod.tabBarShouldSelect, tabs.id,
      DelegateArguments(from: tabs.selectedViewController?.id, to: tab.id)
    )
    if tabs.isSelectedItem(tab) {
      guard let nav = tab as? NavigationController else { return [shouldSelect] }
      return [shouldSelect] + navigationPop(nav, animated: true, to: { $0.first })
    }
    guard let selection = tabs.selection(of: tab) else { return [shouldSelect] }
    return [shouldSelect] + tabQuestions(tabs, selection, interactive: false)
  }

  /// A selection made by code (`selectedIndex`, `selectedViewController`,
  /// `select-tab`, an interactive selection a client begins) asks no
  /// `shouldSelect`: UIKit asks that only of a user's tap on an item
  /// (SEMANTICS §3, "Code and user are told apart"). It still asks for the
  /// switch's animation controller when the selection changes.
  private func tabQuestions(
    _ tabBar: TabBarController, _ selection: TabSelection, interactive: Bool
  ) -> [(DelegateMethod, ControllerID, DelegateArguments)] {
    let index: Int?
    do { index = try tabBar.resolve(selection) } catch { return [] }
    let target = index.map { tabBar.viewControllers[$0] } ?? tabBar.moreNavigationController
    guard let target, let current = tabBar.selectedViewController, current !== target else {
      return []
    }
    return [
      (
        .tabBarAnimationController, tabBar.id,
        DelegateArguments(from: current.id, to: target.id, interactive: interactive)
      )
    ]
  }
}

extension ResolvedOperation {
  /// A presentation's adaptive style given by the request, if any.
  var requestedAdaptiveStyle: ModalPresentationStyle? {
    switch self {
    case .present(_, _, _, _, let adaptive, _), .beginInteractivePresent(_, _, _, let adaptive, _):
      return adaptive
    default: return nil
    }
  }
}
