// `Unsubscribe`: ends one of this client's subscriptions.

import CurtainCore
import CurtainWire

extension RequestHandler {
  static let unsubscribe = RequestHandler.server(
    .unsubscribe, mutates: false,
    run: { context in
      let id = context.request.unsubscribe.subscriptionID
      guard context.server.unsubscribe(id, of: context.client) else {
        return .failed(.notFound, "No subscription \(id) on this connection")
      }
      return .ok(.empty(Curtain_V1_Empty()))
    })
}

extension Server {
  /// Ends subscription `id` if `client` holds it; returns whether it did.
  func unsubscribe(_ id: UInt64, of client: ClientState) -> Bool {
    guard let subscription = publisher.unsubscribe(id, of: client.id) else { return false }
    frameFollowersChanged(subscription)
    return true
  }
}
