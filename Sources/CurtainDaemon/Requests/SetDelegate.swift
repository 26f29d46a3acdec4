// `SetDelegate`: the calling client becomes the controller's delegate for
// the roles named (docs/delegates.md); a client it replaces is told.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let setDelegate = RequestHandler.controller(
    .setDelegate, mutates: true, { $0.setDelegate.controller },
    run: { context in
      let body = context.request.setDelegate
      guard !body.interaction || context.client.ownsInteractions else {
        throw CurtainError(
          .invalidArgument,
          "A client with the \"unowned-interactions\" capability cannot vend interaction "
            + "controllers: the transitions they drive belong to the client that drives them")
      }
      let roles = Set(try body.roles.map(DelegateRole.init))
      let timeout =
        body.timeoutMs == 0
        ? context.server.configuration.delegateTimeout : Double(body.timeoutMs) / 1000
      let replaced = try context.session.setDelegate(
        of: context.controller.id, roles: roles, delegate: OwnerID(context.client.id),
        timeout: timeout, vendsInteraction: body.interaction,
        vendsReplacement: body.adaptiveReplacement)
      context.server.noteDelegates(of: context.client, in: context.session)
      context.server.tellReplaced(replaced, by: context.client, in: context.session)
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
