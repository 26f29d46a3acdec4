// One connection of curtain-web to curtaind, kept up for as long as the
// bridge runs, and the window feeds of one session that ride on it.
//
// The link keeps the connection contract every Swift client shares
// (docs/protocol.md §6), with CurtainWire's values over a NIO channel: it
// connects, says Hello (`Handshake`; read-only unless --read-write) and
// then reads the daemon's messages from one task: responses answer the
// requests waiting for them (`call`), events and frames go to the feed of
// their window. When the connection goes (the daemon stopped, or
// restarted), the waiting requests fail with UNAVAILABLE, every watcher
// hears that the daemon is unavailable, and the link tries again as
// `ReconnectPolicy.forever` says (a little less often each time, up to
// once a second). Once it is back, every feed subscribes again from the
// last event it had (`ResumeCursor`: nothing lost, nothing twice);
// watchers are told to fetch the window again (`resync`), since what
// happened meanwhile may not all be in the daemon's event ring, or the
// window may be gone. In a cluster, a `MOVED` answer to a request for the
// link's session, or a `Goodbye{MOVED}`, sends the link to the session's
// node (`SessionRedirect`, at most 3 hops for one request), its feeds
// resumed there.
//
// A feed is one daemon subscription (events and frames, LATEST frame
// policy) per watched window, however many browser tabs watch it: each
// message is encoded to JSON once and handed to every tab's `Outbox`.
// Frames carry no subscription id, so a link holds the feeds of one
// session only (window ids are per session); the bridge keeps one link
// per watched session. For the same reason the thumbnails of a session
// (ThumbnailStrip) have a link of their own: its feeds subscribe at the
// thumbnails' frame rate (`max_fps`), to the events that change what a
// thumbnail draws, and none from the past; its feed of window 0 follows
// the session's window events (windows created and closed).
//
// The daemon sends a subscription's first events (the replay of its event
// ring) right after the Subscribed response, and the reader may take them
// before the task that asked to subscribe runs again. So the reader itself
// files the subscription under its feed when it reads the response
// (`subscribing`); the events that follow find their feed at once. (Filed
// later, by the subscribing task, those events were dropped, and a page
// opened after the events happened sometimes showed an empty log.)

import CurtainCLIKit
import CurtainCore
import CurtainWire
import Logging
import NIOCore

/// A connection to the daemon with the feeds of one session.
actor DaemonLink {
  /// Whether the daemon answers.
  enum State: Equatable, Sendable {
    /// Connecting for the first time.
    case connecting
    /// Connected and welcomed.
    case connected
    /// Not connected; the message says why.
    case unavailable(String)
  }

  let session: String
  /// Where the link connects: the daemon it was given, or the node a MOVED
  /// sent it to.
  private var endpoint: DaemonEndpoint
  /// When to dial again: for as long as the link runs.
  private static let reconnect = ReconnectPolicy.forever
  private let readWrite: Bool
  /// The thumbnails' frame rate, on a link that carries thumbnails.
  private let thumbnailFPS: Double?
  private let clientName: String
  private let group: any EventLoopGroup
  private let logger: Logger

  private(set) var state = State.connecting
  /// Increases with every connection: a reconnected daemon may be a new
  /// one, whose counters started again.
  private(set) var generation: UInt64 = 0
  private var connection: DaemonConnection?
  private var pending: [UInt64: CheckedContinuation<WireResponse, any Error>] = [:]
  private var nextRequestID: UInt64 = 1
  private var feeds: [UInt64: WindowFeed] = [:]
  /// The feed of each daemon subscription, filed by the reader as soon as
  /// the Subscribed response comes (a feed whose last watcher left while it
  /// subscribed is here until `subscribe` ends that subscription; it has
  /// no one to send to).
  private var feedOfSubscription: [UInt64: WindowFeed] = [:]
  /// The feed of each Subscribe request awaiting its response, and the
  /// Subscribe, by request id.
  private var subscribing: [UInt64: (feed: WindowFeed, request: Curtain_V1_Subscribe)] = [:]

  init(
    session: String, endpoint: DaemonEndpoint, readWrite: Bool, thumbnailFPS: Double? = nil,
    clientName: String, group: any EventLoopGroup, logger: Logger
  ) {
    self.session = session
    self.endpoint = endpoint
    self.readWrite = readWrite
    self.thumbnailFPS = thumbnailFPS
    self.clientName = clientName
    self.group = group
    self.logger = logger
  }

  // MARK: Running

  /// Keeps the link up until the task is cancelled.
  func run() async {
    var attempt = 0
    while !Task.isCancelled {
      do {
        let connection = try await DaemonConnection.connect(to: endpoint, group: group)
        attempt = 0
        await withTaskCancellationHandler {
          await serve(connection)
        } onCancel: {
          connection.close()
        }
      } catch {
        lose(reason: "curtaind does not answer on \(endpoint): \(error)")
      }
      if Task.isCancelled { break }
      attempt += 1
      try? await Task.sleep(for: .seconds(Self.reconnect.delay(beforeAttempt: attempt) ?? 1))
    }
    connection?.close()
    lose(reason: "curtain-web is stopping")
  }

  /// Runs one connection until it ends.
  private func serve(_ connection: DaemonConnection) async {
    generation += 1
    let current = generation
    self.connection = connection
    let reader = Task {
      var goodbye: Goodbye?
      for await message in connection.messages {
        if case .goodbye(let farewell)? = message.kind { goodbye = farewell }
        self.receive(message, generation: current)
      }
      return goodbye
    }
    do {
      let handshake = Handshake(
        clientName: clientName, token: endpoint.token,
        capabilities: readWrite ? [] : ["read-only"])
      _ = try Handshake.welcome(from: await send(handshake.request, welcomed: false))
      setState(.connected)
      logger.info(
        "connected to curtaind", metadata: ["socket": "\(endpoint)", "session": "\(session)"])
      for window in feeds.keys.sorted() { await subscribe(window, resuming: true) }
    } catch {
      logger.warning("handshake failed", metadata: ["error": "\(error)"])
      connection.close()
    }
    let goodbye = await reader.value
    if self.connection === connection { self.connection = nil }
    connection.close()
    if let goodbye, let redirect = SessionRedirect(goodbye) { _ = follow(redirect, hop: 1) }
    lose(
      reason: goodbye.map { "curtaind said goodbye: \($0.message)" }
        ?? "curtaind closed the connection")
  }

  /// Points the link at the node `redirect` names, as hop `hop` of one
  /// request; the next connection goes there. False (and logged) when it
  /// cannot be followed.
  private func follow(_ redirect: SessionRedirect, hop: Int) -> Bool {
    do {
      endpoint.address = DaemonEndpoint.Address(try redirect.endpoint(hop: hop))
    } catch {
      logger.warning("cannot follow MOVED", metadata: ["error": "\(error)"])
      return false
    }
    logger.info(
      "following MOVED",
      metadata: [
        "session": "\(redirect.session)", "node": "\(redirect.node)",
        "address": "\(redirect.address)",
      ])
    return true
  }

  /// The connection is gone: requests fail, watchers hear it.
  private func lose(reason: String) {
    connection = nil
    for (_, continuation) in pending {
      continuation.resume(throwing: BridgeError.unavailable(reason))
    }
    pending = [:]
    subscribing = [:]
    feedOfSubscription = [:]
    for feed in feeds.values { feed.subscription = nil }
    if case .unavailable = state, state == .unavailable(reason) { return }
    if state == .connected {
      logger.warning("lost curtaind", metadata: ["reason": "\(reason)"])
    }
    setState(.unavailable(reason))
  }

  private func setState(_ new: State) {
    guard new != state else { return }
    state = new
    let message = Self.stateMessage(new)
    for feed in feeds.values { feed.announce(message) }
  }

  /// Waits until the link is connected, or `seconds` have passed; returns
  /// whether it is connected.
  func waitUntilConnected(seconds: Double) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while state != .connected, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(20))
    }
    return state == .connected
  }

  // MARK: Requests

  /// Sends a request and waits for its response; an error response throws
  /// `BridgeError.daemon`, no connection `BridgeError.unavailable`.
  /// A request for the link's own session answered `MOVED` is sent again
  /// once the link has moved to the session's node.
  func call(
    _ body: WireRequest.OneOf_Body, session: String? = nil,
    waitUntil: Curtain_V1_WaitUntil = .accepted
  ) async throws -> WireResponse {
    var request = WireRequest()
    request.session = session ?? self.session
    request.waitUntil = waitUntil
    request.body = body
    var hop = 0
    while true {
      do {
        return try await send(request, welcomed: true)
      } catch BridgeError.daemon(let error) where error.code == .moved {
        let own =
          request.session == self.session || (request.session.isEmpty && self.session == "default")
        hop += 1
        guard own, let redirect = SessionRedirect(error, session: request.session),
          follow(redirect, hop: hop)
        else { throw BridgeError.daemon(error) }
        try await reconnectNow()
      }
    }
  }

  /// Drops the connection so that the link dials its endpoint again, and
  /// waits (up to 5 s) until it has.
  private func reconnectNow() async throws {
    let before = generation
    connection?.close()
    let deadline = ContinuousClock.now + .seconds(5)
    while generation == before || state != .connected {
      guard ContinuousClock.now < deadline else {
        throw BridgeError.unavailable("curtain-web is connecting to curtaind on \(endpoint)")
      }
      try? await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Sends a request (numbered here); with `feed`, a Subscribe whose
  /// subscription the reader files under `feed` as soon as it reads the
  /// response.
  private func send(
    _ request: WireRequest, welcomed: Bool, subscribing feed: WindowFeed? = nil
  ) async throws -> WireResponse {
    guard let connection, !welcomed || state == .connected else {
      if case .unavailable(let reason) = state { throw BridgeError.unavailable(reason) }
      throw BridgeError.unavailable("curtain-web is connecting to curtaind on \(endpoint)")
    }
    let id = nextRequestID
    nextRequestID += 1
    var request = request
    request.requestID = id
    var message = ClientMessage()
    message.request = request
    let response = try await withCheckedThrowingContinuation { continuation in
      pending[id] = continuation
      if let feed, case .subscribe(let subscribe)? = request.body {
        subscribing[id] = (feed, subscribe)
      }
      Task {
        do {
          try await connection.send(message)
        } catch {
          self.fail(id, BridgeError.unavailable("cannot write to curtaind: \(error)"))
        }
      }
    }
    if case .error(let error)? = response.result {
      throw BridgeError.daemon(CurtainError(error))
    }
    return response
  }

  private func fail(_ id: UInt64, _ error: any Error) {
    subscribing[id] = nil
    pending.removeValue(forKey: id)?.resume(throwing: error)
  }

  // MARK: What the daemon sends

  private func receive(_ message: ServerMessage, generation: UInt64) {
    guard generation == self.generation else { return }
    switch message.kind {
    case .response(let response)?:
      if let asked = subscribing.removeValue(forKey: response.requestID),
        case .subscribed(let result)? = response.result
      {
        // Before the next message: the subscription's first events follow.
        feedOfSubscription[result.subscriptionID] = asked.feed
        if asked.feed.cursor == nil {
          asked.feed.cursor = ResumeCursor(request: asked.request, result: result)
        } else {
          asked.feed.cursor?.resumed(result)
        }
      }
      pending.removeValue(forKey: response.requestID)?.resume(returning: response)
    case .event(let event)?:
      feedOfSubscription[event.subscriptionID]?.deliver(event)
    case .frame(let frame)?:
      feeds[frame.windowID]?.deliver(frame)
    case .goodbye?, .delegateCall?, .animateTransition?, nil:
      // The inspector never registers as a delegate.
      break
    }
  }

  // MARK: Feeds

  /// Adds `outbox` to the watchers of `window`, subscribing to it when it
  /// is the first. The outbox gets the greeting, the events so far and the
  /// last frame at once.
  func watch(window: UInt64, outbox: Outbox) async {
    let feed: WindowFeed
    if let existing = feeds[window] {
      feed = existing
    } else {
      feed = WindowFeed(
        session: session, window: window, thumbnail: thumbnailFPS != nil && window != 0)
      feeds[window] = feed
    }
    feed.add(outbox, greeting: greeting(window: window))
    if feed.subscription == nil, state == .connected, feed.watcherCount == 1 {
      await subscribe(window, resuming: false)
    }
  }

  /// Removes `outbox`; the last watcher of a window ends its subscription.
  func unwatch(window: UInt64, outbox: Outbox) async {
    guard let feed = feeds[window] else { return }
    feed.remove(outbox)
    guard feed.watcherCount == 0 else { return }
    feeds[window] = nil
    if let subscription = feed.subscription {
      feedOfSubscription[subscription] = nil
      var unsubscribe = Curtain_V1_Unsubscribe()
      unsubscribe.subscriptionID = subscription
      _ = try? await call(.unsubscribe(unsubscribe))
    }
  }

  /// The number of windows watched and of watchers in all.
  var watchCounts: (windows: Int, watchers: Int) {
    (feeds.count, feeds.values.reduce(0) { $0 + $1.watcherCount })
  }

  /// Subscribes a feed: from its last event when resuming, else from the
  /// start of the daemon's event ring.
  private func subscribe(_ window: UInt64, resuming: Bool) async {
    guard let feed = feeds[window], feed.subscription == nil,
      !subscribing.values.contains(where: { $0.feed === feed })
    else { return }
    let subscribe = subscription(of: window)
    var request = WireRequest()
    request.session = session
    request.body = .subscribe(resuming ? feed.cursor?.resumeRequest ?? subscribe : subscribe)
    do {
      let response = try await send(request, welcomed: true, subscribing: feed)
      guard case .subscribed(let result)? = response.result else { return }
      // The feed may have lost its last watcher meanwhile.
      guard feeds[window] === feed else {
        feedOfSubscription[result.subscriptionID] = nil
        var unsubscribe = Curtain_V1_Unsubscribe()
        unsubscribe.subscriptionID = result.subscriptionID
        _ = try? await call(.unsubscribe(unsubscribe))
        return
      }
      feed.subscription = result.subscriptionID
      if resuming {
        feed.resynchronize(reason: result.snapshotRequired ? "snapshot_required" : "reconnected")
      }
    } catch let error as BridgeError {
      feed.announce(
        JSONValue.object([
          ("type", .string("window")), ("state", .string("missing")),
          ("code", .string(error.code)), ("message", .string(error.message)),
        ]).rendered)
    } catch {
      logger.error("subscribe failed", metadata: ["error": "\(error)"])
    }
  }

  /// What a feed of `window` subscribes to: everything of the window
  /// since the start of the daemon's event ring; on a thumbnails' link, the
  /// frames at the thumbnails' rate and the events that change what a
  /// thumbnail draws, from now (window 0: the session's window events).
  private func subscription(of window: UInt64) -> Curtain_V1_Subscribe {
    var subscribe = Curtain_V1_Subscribe()
    subscribe.windowID = window
    subscribe.events = true
    guard let thumbnailFPS else {
      subscribe.frames = true
      subscribe.framePolicy = .latest
      subscribe.fromSeq = 0
      return subscribe
    }
    if window == 0 {
      subscribe.categories = [.window]
    } else {
      subscribe.categories = [.hierarchy, .presentation, .transition, .window]
      subscribe.frames = true
      subscribe.framePolicy = .latest
      subscribe.maxFps = thumbnailFPS
    }
    return subscribe
  }

  private func greeting(window: UInt64) -> String {
    JSONValue.object([
      ("type", .string("hello")),
      ("session", .string(session)),
      ("window", .unsigned(window)),
      ("read_write", .bool(readWrite)),
      ("daemon", Self.stateJSON(state)),
    ]).rendered
  }

  /// `{"type":"daemon","state":…,"message":…}`.
  static func stateMessage(_ state: State) -> String {
    guard case .object(let members) = stateJSON(state) else { return "" }
    return JSONValue.object([("type", .string("daemon"))] + members).rendered
  }

  static func stateJSON(_ state: State) -> JSONValue {
    switch state {
    case .connecting:
      return .object([("state", .string("connecting")), ("message", .null)])
    case .connected:
      return .object([("state", .string("connected")), ("message", .null)])
    case .unavailable(let reason):
      return .object([("state", .string("unavailable")), ("message", .string(reason))])
    }
  }
}
