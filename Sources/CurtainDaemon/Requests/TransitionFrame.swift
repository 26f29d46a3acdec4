// `TransitionFrame`: a remote animator's frame (docs/delegates.md, "Remote
// animators"): presentation values of the window's views and the
// transition's percentComplete, published at once as a frame of the
// window. Only the client running the animator may send it; every value is
// checked before any applies.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let transitionFrame = RequestHandler.transition(
    .transitionFrame, { ($0.transitionFrame.transitionID, $0.transitionFrame.windowID) },
    run: { context in
      let body = context.request.transitionFrame
      guard body.values.count <= Window.maxRemoteFrameValues else {
        throw CurtainError(
          .limitExceeded, "A frame may set at most \(Window.maxRemoteFrameValues) values")
      }
      try context.window.applyRemoteFrame(
        context.transition.id, percent: body.hasPercent ? body.percent : nil,
        values: try body.values.map(RemoteViewValue.init), by: OwnerID(context.client.id))
      // The client's frame goes out now, at the window's time, as the
      // transition's frame (a realtime window's ticks send it again).
      _ = context.server.advanceClock(of: context.window, to: context.window.time)
      return .ok(
        .transition(
          Curtain_V1_TransitionResult(context.transition.id, in: context.window, accepted: true)))
    })
}
