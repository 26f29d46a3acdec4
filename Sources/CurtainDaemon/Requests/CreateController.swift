// `CreateController`: a new controller of a kind, in no window yet.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let createController = RequestHandler(
    kind: .createController, mutates: true, target: { _ in .session },
    run: { context in
      let body = context.request.createController
      let controller = try context.resolvedSession.makeController(
        kind: try ControllerKind(body.kind),
        identifier: body.identifier.isEmpty ? nil : body.identifier,
        title: body.title.isEmpty ? nil : body.title)
      return .ok(.controller(Curtain_V1_ControllerInfo(controller)))
    })
}

extension Curtain_V1_ControllerInfo {
  /// The wire summary of a controller.
  init(_ controller: ViewController) {
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
  }
}
