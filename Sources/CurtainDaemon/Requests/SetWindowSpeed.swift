// `SetWindowSpeed`: slow motion. A realtime window's model time runs at a
// fraction (or a multiple) of real time from now on, like `CALayer.speed`
// on its layer: every animation, interactive completions included, takes
// 1/speed as long, and events and frames keep the window's own time. Not an
// operation: it takes effect at once, even in the middle of a transition.
// A manual window's time is the client's (AdvanceClock): it is refused.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let setWindowSpeed = RequestHandler.window(
    .setWindowSpeed, mutates: true, { $0.setWindowSpeed.windowID },
    run: { context in
      let window = context.window
      let speed = context.request.setWindowSpeed.speed
      let speeds = WindowClock.speeds
      guard speeds.contains(speed) else {
        return .invalid(
          "SetWindowSpeed needs a speed from \(speeds.lowerBound) to \(Int(speeds.upperBound)) "
            + "(1 is real time), got \(speed)")
      }
      guard window.clockMode == .realtime else {
        return .failed(
          .invalidArgument,
          "Window \(window.id) runs on a manual clock, which moves only with AdvanceClock; "
            + "SetWindowSpeed needs a realtime window")
      }
      context.server.setSpeed(of: window, to: speed)
      return .ok(.window(context.server.windowInfo(window)))
    })
}
