// `AdvanceClock`: moves a manual window's clock by some seconds or to a
// window time; answers after the frames of the step have been queued.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let advanceClock = RequestHandler.window(
    .advanceClock, mutates: true, { $0.advanceClock.windowID },
    run: { context in
      let window = context.window
      let request = context.request.advanceClock
      guard window.clockMode == .manual else {
        return .failed(
          .invalidArgument,
          "Window \(window.id) runs on the realtime clock; AdvanceClock needs a manual window")
      }
      let target: Double
      if request.hasToTime {
        guard request.seconds == 0 else {
          return .invalid("AdvanceClock takes seconds or to_time, not both")
        }
        let time = request.toTime
        guard time.isFinite, time >= window.time, time - window.time <= 86_400 else {
          return .invalid(
            "AdvanceClock to_time must be from the window's time (\(window.time)) to 86400 "
              + "seconds later, got \(time)")
        }
        target = time
      } else {
        let seconds = request.seconds
        guard seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
          return .invalid("AdvanceClock needs 0 to 86400 seconds, got \(seconds)")
        }
        target = window.time + seconds
      }
      var result = Curtain_V1_ClockResult()
      result.frames = context.server.advanceClock(of: window, to: target)
      result.time = window.time
      result.revision = window.revision
      return .ok(.clock(result))
    })
}
