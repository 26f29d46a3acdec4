// `CloseWindow`: closes a window; its waiting operations fail, its running
// transitions end at once with their callbacks (Session.closeWindow), and
// the controllers of its tree are destroyed (their identifiers freed) unless
// `keep_controllers`. Subscribers still receive the window's last events (up
// to `window closed`) after the response.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let closeWindow = RequestHandler.window(
    .closeWindow, mutates: true, { $0.closeWindow.windowID },
    run: { context in
      try context.server.closeWindow(
        context.window, in: context.session,
        keepingControllers: context.request.closeWindow.keepControllers)
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
