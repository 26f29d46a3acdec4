// `InstantiateScene`: `instantiateViewController(withIdentifier:)`: a new
// instance of a storyboard scene (and the scenes it embeds), in no window.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let instantiateScene = RequestHandler.session(
    .instantiateScene, mutates: true,
    run: { context in
      let body = context.request.instantiateScene
      let controller = try context.session.instantiate(
        scene: body.scene.isEmpty ? nil : body.scene, of: body.storyboard)
      return .ok(.controller(Curtain_V1_ControllerInfo(controller)))
    })
}
