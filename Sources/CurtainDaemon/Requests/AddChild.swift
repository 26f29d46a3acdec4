// `AddChild`: adds a child to a custom container (willMove, view, didMove);
// with `no_view`, `addChild` alone (a later TransitionChildren installs the
// view).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let addChild = RequestHandler.controllers(
    .addChild, mutates: true, { ($0.addChild.parent, $0.addChild.child) },
    run: { context in
      let body = context.request.addChild
      return try context.server.submit(
        .addChild(
          parent: context.controller.id, child: context.other.id,
          frame: body.hasFrame ? Rect(body.frame) : nil, installsView: !body.noView), context)
    })
}
