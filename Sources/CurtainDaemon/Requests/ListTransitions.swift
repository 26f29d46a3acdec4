// `ListTransitions`: the running transitions of the session's windows, or of
// the window it names, window by window and oldest first, each as it is at
// its window's time (the dispatcher has moved realtime windows to now), with
// the name of the client it belongs to while that client is connected.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listTransitions = RequestHandler.session(
    .listTransitions, mutates: false, window: { $0.listTransitions.windowID },
    run: { context in
      let windows = context.window.map { [$0] } ?? context.session.orderedWindows
      var list = Curtain_V1_TransitionList()
      list.transitions = windows.flatMap { window in
        window.transitions.map { transition in
          var info = Curtain_V1_TransitionInfo(transition, in: window)
          if info.ownerClientID != 0 {
            info.ownerName = context.server.clients[info.ownerClientID]?.name ?? ""
          }
          return info
        }
      }
      return .ok(.transitions(list))
    })
}
