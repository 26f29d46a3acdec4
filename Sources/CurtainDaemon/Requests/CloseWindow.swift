// `CloseWindow`: closes a window; its waiting operations fail, its controllers
// stay in the session. Subscribers still receive the window's last events
// (up to `window closed`) after the response.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let closeWindow = RequestHandler(
    kind: .closeWindow, mutates: true,
    target: { .window($0.closeWindow.windowID) },
    run: { context in
      let window = context.window!
      let key = context.server.key(of: window)
      try context.resolvedSession.closeWindow(window.id)
      context.server.windowStates[key] = nil
      context.server.lastFrames[key] = nil
      context.server.closedWindows[key] = window
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
