// `GetTree`: a window's controller tree (and view tree on request, with
// model or presentation values), with its `_printHierarchy` text (kept by
// the server while the window shows the same: clients poll GetTree). With
// `past`, the tree as it was at a moment of the window's past, replayed in
// a scratch server (Server+Past.swift).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let getTree = RequestHandler.window(
    .getTree, mutates: false, firstWhenZero: true, { $0.getTree.windowID },
    run: { context in
      let window = context.window
      let request = context.request.getTree
      if request.hasPast {
        guard request.past.windowID == 0 || request.past.windowID == window.id.rawValue else {
          return .invalid(
            "GetTree's past names window \(request.past.windowID), not the tree's window "
              + "\(window.id.rawValue)")
        }
        guard let moment = PastMoment(request.past) else {
          return .invalid("GetTree's past needs a seq or a time")
        }
        let past = try context.server.past(of: window, in: context.session, at: moment)
        return .ok(
          .tree(
            past.server.tree(
              of: past.window, includeViews: request.includeViews,
              presentation: request.presentation)))
      }
      var tree = context.server.tree(
        of: window, includeViews: request.includeViews, presentation: request.presentation,
        descriptions: context.server.treeDescriptions)
      if let lease = context.server.wireLease(of: window) { tree.window.lease = lease }
      return .ok(.tree(tree))
    })
}
