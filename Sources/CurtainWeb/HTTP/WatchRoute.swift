// `/ws/windows/{w}?session=S`: a tab watching a window. The socket first
// carries a greeting (read-write?, the daemon's state), the window's events
// so far and its last frame, then every event and frame as it comes, the
// daemon's state when it changes, and `resync` when the page should fetch
// the window again (WindowFeed describes the messages). Whatever the tab
// sends is ignored; closing the socket ends the watch, and the last tab of
// a window ends its daemon subscription.

import CurtainCLIKit
import Hummingbird
import HummingbirdWebSocket

/// The WebSocket route.
struct WatchRoute {
  let bridge: Bridge

  func add(to router: Router<BasicWebSocketRequestContext>) {
    let bridge = self.bridge
    router.ws("ws/windows/:window") { request, context in
      _ = try APIRequest(request, context).window
      return .upgrade([:])
    } onUpgrade: { inbound, outbound, context in
      let api = APIRequest(context.request, context.requestContext)
      let window = try api.window
      let session = api.session
      let outbox = Outbox()
      await bridge.watch(session: session, window: window, outbox: outbox)
      await withTaskGroup(of: Void.self) { group in
        group.addTask {
          // The tab says nothing we need; its socket closing ends the watch.
          do {
            for try await _ in inbound {}
          } catch {}
          outbox.close()
        }
        group.addTask {
          while let batch = await outbox.next() {
            do {
              for text in batch { try await outbound.write(.text(text)) }
            } catch {
              break
            }
          }
          outbox.close()
        }
        await group.next()
        outbox.close()
        group.cancelAll()
      }
      await bridge.unwatch(session: session, window: window, outbox: outbox)
    }
  }
}
