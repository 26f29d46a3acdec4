// `TransitionChildren`: a custom container's `transition(from:to:duration:options:)`.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let transitionChildren = RequestHandler.controller(
    .transitionChildren, mutates: true, { $0.transitionChildren.container },
    run: { context in
      let body = context.request.transitionChildren
      guard body.duration.isFinite, body.duration >= 0, body.duration <= 3600 else {
        return .invalid("Duration must be between 0 and 3600 seconds")
      }
      // The look the option names; an animator replaces it, or re-times it
      // (`built_in`).
      let optionLook: AnimatorSpec =
        body.option == .crossDissolve
        ? .crossDissolve(duration: body.duration) : .none(duration: body.duration)
      let animator =
        body.hasAnimator
        ? try AnimatorSpec(body.animator).resolved(builtIn: optionLook) : optionLook
      return try context.server.submit(
        .transitionChildren(
          container: context.controller.id, from: try context.controller(body.from).id,
          to: try context.controller(body.to).id, animator: animator), context)
    })
}
