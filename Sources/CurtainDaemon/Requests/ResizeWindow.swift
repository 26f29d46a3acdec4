// `ResizeWindow`: new metrics (size, safe area, scale, traits); the tree is laid out
// again.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let resizeWindow = RequestHandler(
    kind: .resizeWindow, mutates: true,
    target: { .window($0.resizeWindow.windowID) },
    run: { context in
      let window = context.window!
      try window.resize(WindowMetrics(context.request.resizeWindow.metrics))
      return .ok(
        .window(Curtain_V1_WindowInfo(window, frameRate: context.server.frameRate(of: window))))
    })
}
