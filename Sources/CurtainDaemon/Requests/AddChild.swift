// `AddChild`: adds a child to a custom container (willMove, view, didMove).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let addChild = RequestHandler(
    kind: .addChild, mutates: true, target: { .controller($0.addChild.parent) },
    run: { context in
      let body = context.request.addChild
      return try context.server.submit(
        .addChild(
          parent: context.controller!.id, child: try context.controller(body.child).id,
          frame: body.hasFrame ? Rect(body.frame) : nil), context)
    })
}
