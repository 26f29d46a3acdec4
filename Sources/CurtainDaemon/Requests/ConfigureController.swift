// `ConfigureController`: changes a controller's title or identifier.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let configureController = RequestHandler(
    kind: .configureController, mutates: true,
    target: { .controller($0.configureController.controller) },
    run: { context in
      let body = context.request.configureController
      let controller = context.controller!
      try controller.configure(
        title: body.hasTitle ? body.title : nil,
        identifier: body.hasIdentifier ? body.identifier : nil)
      return .ok(.controller(Curtain_V1_ControllerInfo(controller)))
    })
}
