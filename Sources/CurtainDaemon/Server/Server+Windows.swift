// The daemon's side of a window's life: its settings (frame rate, clock
// origin, frame counter) are created with it and dropped when it closes,
// and a manual window's clock moves only when a client asks.

import CurtainCore
import CurtainWire

extension Server {
  /// Creates a window in `session` and its daemon settings.
  func makeWindow(
    in session: Session, metrics: WindowMetrics, clockMode: ClockMode, frameRate: Int
  ) throws -> Window {
    let window = try session.makeWindow(metrics: metrics, clockMode: clockMode)
    let now = clock()
    windowStates[key(of: window)] = WindowState(
      frameRate: frameRate, clockMode: clockMode, origin: now, lastFrameClock: now)
    return window
  }

  /// Closes a window of `session`. Its final events (up to `window closed`)
  /// still go to subscribers at the next `publish()`.
  func closeWindow(_ window: Window, in session: Session) throws {
    let key = key(of: window)
    try session.closeWindow(window.id)
    windowStates[key] = nil
    lastFrames[key] = nil
    closedWindows[key] = window
  }

  /// Moves a manual window's clock to `time` and sends the frame of the
  /// step at once; returns how many frames that produced.
  func advanceClock(of window: Window, to time: Double) -> UInt32 {
    let key = key(of: window)
    let before = windowStates[key]?.frameSeq ?? 0
    if let frame = window.advance(to: time).frame {
      offerFrame(frame, for: key, now: clock(), force: true)
    }
    return UInt32(clamping: (windowStates[key]?.frameSeq ?? 0) - before)
  }

  /// Stops the daemon once the responses of the current message have been
  /// queued (a Shutdown request).
  func shutDownOnceAnswered() {
    shutdownAfterResponses = true
  }
}
