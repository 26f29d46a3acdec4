// `UnloadStoryboard`: forgets a loaded storyboard; controllers instantiated
// from it stay, without its segues.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let unloadStoryboard = RequestHandler.session(
    .unloadStoryboard, mutates: true,
    run: { context in
      try context.session.unloadStoryboard(named: context.request.unloadStoryboard.name)
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
