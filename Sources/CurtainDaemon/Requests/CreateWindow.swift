// `CreateWindow`: a new, visible, empty window with the given metrics, clock
// and frame rate.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let createWindow = RequestHandler(
    kind: .createWindow, mutates: true, target: { _ in .session },
    run: { context in
      let body = context.request.createWindow
      let rate = body.frameRate == 0 ? 60 : Int(body.frameRate)
      guard (30...240).contains(rate) else {
        return .invalid("Frame rate must be between 30 and 240, got \(body.frameRate)")
      }
      let clock = ClockMode(body.clock)
      let window = try context.resolvedSession.makeWindow(
        metrics: WindowMetrics(body.metrics), clockMode: clock)
      let server = context.server
      let now = server.clock()
      server.windowStates[server.key(of: window)] = WindowState(
        frameRate: rate, clockMode: clock, origin: now, lastFrameClock: now)
      return .ok(.window(Curtain_V1_WindowInfo(window, frameRate: UInt32(rate))))
    })
}
