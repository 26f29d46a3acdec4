// `CloseWindow`: closes a window; its waiting operations fail, its controllers
// stay in the session. Subscribers still receive the window's last events
// (up to `window closed`) after the response.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let closeWindow = RequestHandler.window(
    .closeWindow, mutates: true, { $0.closeWindow.windowID },
    run: { context in
      try context.server.closeWindow(context.window, in: context.session)
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
