// `AdvanceClock`: moves a manual window's clock; answers after the frames of the
// step have been queued.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let advanceClock = RequestHandler(
    kind: .advanceClock, mutates: true,
    target: { .window($0.advanceClock.windowID) },
    run: { context in
      let window = context.window!
      let seconds = context.request.advanceClock.seconds
      guard window.clockMode == .manual else {
        return .failed(
          .invalidArgument,
          "Window \(window.id) runs on the realtime clock; AdvanceClock needs a manual window")
      }
      guard seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
        return .invalid("AdvanceClock needs 0 to 86400 seconds, got \(seconds)")
      }
      let server = context.server
      let key = server.key(of: window)
      let before = server.windowStates[key]?.frameSeq ?? 0
      let step = window.advance(by: seconds)
      if let frame = step.frame {
        server.offerFrame(frame, for: key, now: server.clock(), force: true)
      }
      var result = Curtain_V1_ClockResult()
      result.time = window.time
      result.revision = window.revision
      result.frames = UInt32(clamping: (server.windowStates[key]?.frameSeq ?? 0) - before)
      return .ok(.clock(result))
    })
}
