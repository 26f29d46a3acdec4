// `ListNodes`: the cluster's nodes with their sessions and load, as this
// node last read them (docs/cluster.md); a client limited to some sessions
// sees only those.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let listNodes = RequestHandler.server(
    .listNodes, mutates: false,
    run: { context in
      guard let router = context.server.router else {
        return .invalid(
          "This curtaind is not in a cluster: start it with --cluster postgres://… --node NAME "
            + "--advertise tcp://HOST:PORT")
      }
      var list = router.nodes
      list.answeredBy = router.options.node
      let scope = context.client.scope
      for index in list.nodes.indices {
        list.nodes[index].sessions.removeAll { !scope.allows(session: $0) }
      }
      return .ok(.nodes(list))
    })
}
