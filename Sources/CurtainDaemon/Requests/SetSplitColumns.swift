// `SetSplitColumns`: `viewControllers = [primary, secondary]` on a split
// view controller (collapsed onto a navigation controller, the secondary
// is pushed onto it).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let setSplitColumns = RequestHandler.controller(
    .setSplitColumns, mutates: true, { $0.setSplitColumns.split },
    run: { context in
      let body = context.request.setSplitColumns
      guard body.hasPrimary else {
        return .invalid("A split view controller needs a primary view controller")
      }
      return try context.server.submit(
        .setSplitColumns(
          split: context.controller.id, primary: try context.controller(body.primary).id,
          secondary: body.hasSecondary ? try context.controller(body.secondary).id : nil),
        context)
    })
}
