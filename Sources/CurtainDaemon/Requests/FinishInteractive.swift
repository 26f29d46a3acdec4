// `FinishInteractive`: `finishInteractiveTransition()` with completion speed and curve;
// with wait_until COMPLETED it answers once the transition ended.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let finishInteractive = RequestHandler.transition(
    .finishInteractive, { ($0.finishInteractive.transitionID, $0.finishInteractive.windowID) },
    run: { context in
      let body = context.request.finishInteractive
      try context.window.finishInteraction(
        context.transition.id,
        completion: InteractionCompletion(
          speed: body.completionSpeed,
          curve: try TimingFunction(body.hasCompletionCurve ? body.completionCurve : nil)),
        by: context.operationOptions.owner)
      return context.server.answerLettingGo(context)
    })
}
