// `Unsubscribe`: ends one of this client's subscriptions.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let unsubscribe = RequestHandler(
    kind: .unsubscribe, mutates: false, target: { _ in .server },
    run: { context in
      let id = context.request.unsubscribe.subscriptionID
      guard let subscription = context.server.subscriptions[id],
        subscription.clientID == context.client.id
      else {
        return .failed(.notFound, "No subscription \(id) on this connection")
      }
      context.server.subscriptions[id] = nil
      return .ok(.empty(Curtain_V1_Empty()))
    })
}
