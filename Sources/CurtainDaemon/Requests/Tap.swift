// `Tap`: a tap at a point of a window: hit-testing, and a tap outside a sheet
// or popover (on its dimming view) dismisses it. Answers the operation's
// result with what the tap reached.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let tap = RequestHandler.window(
    .tap, mutates: true, { $0.tap.windowID },
    run: { context in
      let body = context.request.tap
      guard body.hasPoint else { return .invalid("A tap needs a point") }
      return try context.server.submit(
        .tap(window: context.window.id, point: Point(body.point)), context)
    })
}
