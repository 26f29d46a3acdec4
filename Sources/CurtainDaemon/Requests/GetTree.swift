// `GetTree`: a window's controller tree (and view tree on request, with
// model or presentation values), with its `_printHierarchy` text (kept by
// the server while the window shows the same: clients poll GetTree).

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let getTree = RequestHandler.window(
    .getTree, mutates: false, firstWhenZero: true, { $0.getTree.windowID },
    run: { context in
      let window = context.window
      let request = context.request.getTree
      var tree = context.server.tree(
        of: window, includeViews: request.includeViews, presentation: request.presentation,
        descriptions: context.server.treeDescriptions)
      if let lease = context.server.wireLease(of: window) { tree.window.lease = lease }
      return .ok(.tree(tree))
    })
}
