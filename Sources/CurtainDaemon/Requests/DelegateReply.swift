// `DelegateReply`: a delegate's answer to a DelegateCall of the request's
// session. An answer that does not fit (an invalid animator, yes/no where
// an animator is asked) falls back with an event saying why; a question no
// longer open ignores it (`accepted: false`); a call never asked is
// NOT_FOUND and one asked of another client NOT_OWNER.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let delegateReply = RequestHandler.session(
    .delegateReply, mutates: true,
    run: { context in
      let body = context.request.delegateReply
      let owner = OwnerID(context.client.id)
      let asked = context.session.openDelegateCall(body.callID)
      let accepted: Bool
      do {
        let answer = try DelegateAnswer(body.answer)
        accepted = try context.session.answerDelegateCall(body.callID, answer, from: owner)
      } catch let error as CurtainError where error.code == .invalidArgument {
        // An answer that cannot even be read: the question falls back.
        guard let call = context.session.openDelegateCall(body.callID) else { throw error }
        guard call.delegate == owner else {
          throw CurtainError(
            .notOwner, "Delegate call \(call.id) was asked of \(call.delegate), not \(owner)")
        }
        accepted = context.session.failDelegateCall(call.id, .malformed(error.message))
      }
      if accepted, let asked {
        context.server.recordTrace(
          delegateCall: asked.id, window: asked.window, session: context.session.name,
          client: context.client, answered: true)
      }
      var result = Curtain_V1_DelegateReplyResult()
      result.accepted = accepted
      if accepted, let started = context.session.transition(startedBy: body.callID) {
        result.windowID = started.window.rawValue
        result.transitionID = started.transition.rawValue
      }
      return .ok(.delegateReply(result))
    })
}
