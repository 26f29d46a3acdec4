// `CancelInteractive`: `cancelInteractiveTransition()` with completion speed and curve;
// with wait_until COMPLETED it answers once the transition ended.

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
      return context.server.answerLettingGo(context)
    })
}
