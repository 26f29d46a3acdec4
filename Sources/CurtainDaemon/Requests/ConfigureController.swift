// `ConfigureController`: changes a controller's title, identifier,
// presentation, layout and appearance-forwarding properties or
// shouldPerformSegue answers.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let configureController = RequestHandler.controller(
    .configureController, mutates: true, { $0.configureController.controller },
    run: { context in
      let body = context.request.configureController
      let controller = context.controller
      let style =
        body.hasModalPresentationStyle
        ? try ModalPresentationStyle(body.modalPresentationStyle) : nil
      let transition =
        body.hasModalTransitionStyle ? try ModalTransitionStyle(body.modalTransitionStyle) : nil
      // Every check before any change: a refused request changes nothing.
      if let style, style == ModalPresentationStyle.none {
        return .invalid("none is an adaptive style, not a modal presentation style")
      }
      if body.hasPreferredContentSize {
        try ViewController.validatePreferredContentSize(Size(body.preferredContentSize))
      }
      var answers: [String: Bool?] = [:]
      for (identifier, answer) in body.shouldPerformSegue {
        switch answer {
        case .storyboard: answers.updateValue(nil, forKey: identifier)
        case .yes: answers[identifier] = true
        case .no: answers[identifier] = false
        case .UNRECOGNIZED(let value):
          return .invalid("Unknown shouldPerformSegue answer \(value)")
        }
      }
      try controller.checkSegues(answers.keys)
      let edges =
        body.hasEdgesForExtendedLayout ? RectEdges(rawValue: body.edgesForExtendedLayout) : nil
      if let edges, !RectEdges.all.isSuperset(of: edges) {
        return .invalid(
          "Edges are bits top 1, left 2, bottom 4, right 8; got \(body.edgesForExtendedLayout)")
      }
      if body.hasBarTranslucent, !(controller is NavigationController),
        !(controller is TabBarController)
      {
        return .invalid(
          "Only navigation and tab bar controllers have a bar that can be translucent "
            + "(\(controller.name) is a \(controller.kind.rawValue) controller)")
      }
      if body.hasShouldAutomaticallyForwardAppearanceMethods,
        !body.shouldAutomaticallyForwardAppearanceMethods, !(controller is ContainerController)
      {
        return .invalid(
          "Only a custom container can stop forwarding appearance methods (\(controller.name) "
            + "is a \(controller.kind.rawValue) controller)")
      }
      try controller.configure(
        title: body.hasTitle ? body.title : nil,
        identifier: body.hasIdentifier ? body.identifier : nil)
      try controller.configurePresentation(
        modalPresentationStyle: style, modalTransitionStyle: transition,
        definesPresentationContext: body.hasDefinesPresentationContext
          ? body.definesPresentationContext : nil,
        providesPresentationContextTransitionStyle:
          body.hasProvidesPresentationContextTransitionStyle
          ? body.providesPresentationContextTransitionStyle : nil,
        preferredContentSize: body.hasPreferredContentSize
          ? Size(body.preferredContentSize) : nil,
        isModalInPresentation: body.hasModalInPresentation ? body.modalInPresentation : nil)
      try controller.configureShouldPerform(answers)
      try controller.configureLayout(
        edgesForExtendedLayout: edges,
        isBarTranslucent: body.hasBarTranslucent ? body.barTranslucent : nil)
      if body.hasShouldAutomaticallyForwardAppearanceMethods {
        try controller.configureAppearanceForwarding(
          body.shouldAutomaticallyForwardAppearanceMethods)
      }
      return .ok(.controller(Curtain_V1_ControllerInfo(controller)))
    })
}
