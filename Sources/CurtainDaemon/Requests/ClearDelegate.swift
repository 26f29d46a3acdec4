// `ClearDelegate`: ends the calling client's delegate registrations for the
// roles named (every role when none is); its open questions fall back.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let clearDelegate = RequestHandler.controller(
    .clearDelegate, mutates: true, { $0.clearDelegate_p.controller },
    run: { context in
      let roles = Set(try context.request.clearDelegate_p.roles.map(DelegateRole.init))
      try context.session.clearDelegate(
        of: context.controller.id, roles: roles, delegate: OwnerID(context.client.id))
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
