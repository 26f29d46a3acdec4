// `FinishInteractive`: `finishInteractiveTransition()` with completion speed and curve.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let finishInteractive = RequestHandler(
    kind: .finishInteractive, mutates: true,
    target: { .window($0.finishInteractive.windowID) },
    run: { context in
      let body = context.request.finishInteractive
      let window = context.window!
      let id = TransitionID(body.transitionID)
      let owner = context.operationOptions.owner
      try window.finishInteraction(
        id,
        completion: InteractionCompletion(
          speed: body.completionSpeed,
          curve: try TimingFunction(body.hasCompletionCurve ? body.completionCurve : nil)),
        by: owner)
      return .ok(.transition(Curtain_V1_TransitionResult(window: window, id: id, accepted: true)))
    })
}
