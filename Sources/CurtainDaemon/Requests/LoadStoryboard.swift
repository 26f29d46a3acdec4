// `LoadStoryboard`: parses and loads a storyboard document into the session;
// with a window, also makes an instance of a scene (default: the initial
// one) the window's root.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let loadStoryboard = RequestHandler.session(
    .loadStoryboard, mutates: true, window: { $0.loadStoryboard.windowID },
    run: { context in
      let body = context.request.loadStoryboard
      let storyboard = try Storyboard(
        json: body.document, maxBytes: context.server.configuration.limits.maxStoryboardBytes)
      let session = context.session
      var info = Curtain_V1_StoryboardInfo(storyboard)
      if let window = context.window {
        let (root, ticket) = try session.loadStoryboard(
          storyboard, rootOf: window.id, scene: body.scene.isEmpty ? nil : body.scene,
          options: context.operationOptions)
        info.rootID = root.id.rawValue
        info.operation = Curtain_V1_OperationResult(ticket)
      } else {
        if !body.scene.isEmpty {
          return .invalid("A scene to instantiate needs a window to make it the root of")
        }
        try session.loadStoryboard(storyboard)
      }
      return .ok(.storyboard(info))
    })
}
