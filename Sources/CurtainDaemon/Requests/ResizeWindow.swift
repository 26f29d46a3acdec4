// `ResizeWindow`: new metrics (size, safe area, scale, traits) in a size
// transition — an operation that animates every moved view unless
// `not_animated`, over `duration` (0 → 0.4 s) along `timing`.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let resizeWindow = RequestHandler.window(
    .resizeWindow, mutates: true, { $0.resizeWindow.windowID },
    run: { context in
      let body = context.request.resizeWindow
      let animation =
        body.notAnimated
        ? nil
        : SizeTransitionAnimation(
          duration: body.duration == 0 ? SizeTransitionAnimation.defaultDuration : body.duration,
          timing: try TimingFunction(body.hasTiming ? body.timing : nil))
      return try context.server.submit(
        .resize(
          window: context.window.id, metrics: WindowMetrics(body.metrics), animation: animation),
        context)
    })
}
