// `CreateWindow`: a new, visible window with the given metrics, clock and
// frame rate; empty, or with a controller tree as its root, created in the
// same step (nothing is created when any of it fails).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let createWindow = RequestHandler.session(
    .createWindow, mutates: true,
    run: { context in
      let body = context.request.createWindow
      let rate = body.frameRate == 0 ? 60 : Int(body.frameRate)
      guard (30...240).contains(rate) else {
        return .invalid("Frame rate must be between 30 and 240, got \(body.frameRate)")
      }
      let window = try context.server.makeWindow(
        in: context.session, metrics: WindowMetrics(body.metrics),
        clockMode: ClockMode(body.clock), frameRate: rate,
        root: body.hasRoot ? try ControllerTreeSpec(body.root) : nil,
        options: context.operationOptions)
      return .ok(.window(Curtain_V1_WindowInfo(window, frameRate: UInt32(rate))))
    })
}
