// `CancelInteractive`: `cancelInteractiveTransition()` with completion speed and curve.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let cancelInteractive = RequestHandler.transition(
    .cancelInteractive, { ($0.cancelInteractive.transitionID, $0.cancelInteractive.windowID) },
    run: { context in
      let body = context.request.cancelInteractive
      try context.window.cancelInteraction(
        context.transition.id,
        completion: InteractionCompletion(
          speed: body.completionSpeed,
          curve: try TimingFunction(body.hasCompletionCurve ? body.completionCurve : nil)),
        by: context.operationOptions.owner)
      return .ok(
        .transition(
          Curtain_V1_TransitionResult(context.transition.id, in: context.window, accepted: true)))
    })
}
