// `/ws/windows/{w}?session=S`: a tab watching a window. The socket first
// carries a greeting (read-write?, the daemon's state), the window's events
// so far and its last frame, then every event and frame as it comes, the
// daemon's state when it changes, and `resync` when the page should fetch
// the window again (WindowFeed describes the messages).
//
// `/ws/thumbnails?session=S`: a tab showing the thumbnails of a session's
// windows: the list of windows whenever it changes, and each window's
// frames at the thumbnails' rate with the events that change its picture
// (ThumbnailStrip describes the messages).
//
// Whatever the tab sends is ignored; closing the socket ends the watch, and
// the last tab of a window (of a session's thumbnails) ends its daemon
// subscription.

import CurtainCLIKit
import Hummingbird
import HummingbirdWebSocket

/// The WebSocket routes.
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
      await Self.pump(outbox, inbound, outbound)
      await bridge.unwatch(session: session, window: window, outbox: outbox)
    }
    router.ws("ws/thumbnails") { _, _ in
      .upgrade([:])
    } onUpgrade: { inbound, outbound, context in
      let session = APIRequest(context.request, context.requestContext).session
      let outbox = Outbox()
      await bridge.watchThumbnails(session: session, outbox: outbox)
      await Self.pump(outbox, inbound, outbound)
      await bridge.unwatchThumbnails(session: session, outbox: outbox)
    }
  }

  /// Writes what `outbox` holds to the tab until either side ends.
  private static func pump(
    _ outbox: Outbox, _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter
  ) async {
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
  }
}
