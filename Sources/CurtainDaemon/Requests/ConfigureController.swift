// `ConfigureController`: changes a controller's title, identifier,
// presentation properties or shouldPerformSegue answers.

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
          ? Size(body.preferredContentSize) : nil)
      try controller.configureShouldPerform(answers)
      return .ok(.controller(Curtain_V1_ControllerInfo(controller)))
    })
}
