// `GetTrace`: a window's trace in the Chrome trace event format
// (docs/traces.md), from what the daemon keeps of it: its event ring and
// its trace records (Trace/). Read-only; a follower asks again from the
// last seq and frame it got.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let getTrace = RequestHandler.window(
    .getTrace, mutates: false, firstWhenZero: true, { $0.getTrace.windowID },
    run: { context in
      let body = context.request.getTrace
      let clock: ChromeTrace.Clock
      switch body.clock {
      case .window: clock = .window
      case .wall: clock = .wall
      case .UNRECOGNIZED(let value):
        return .invalid("GetTrace needs clock WINDOW (0) or WALL (1), got \(value)")
      }
      return .ok(
        .trace(
          context.server.trace(
            of: context.window, in: context.session, clock: clock, sinceSeq: body.sinceSeq,
            sinceFrame: body.sinceFrameSeq)))
    })
}
