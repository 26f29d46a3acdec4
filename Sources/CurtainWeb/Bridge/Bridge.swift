// curtain-web's side of the daemon: an ordinary client of curtaind. It
// keeps one `DaemonLink` for requests (and the windows watched in the
// "default" session), and one more per other session whose windows a
// browser watches, since the frames of a subscription do not say which
// session they belong to, and one more per session whose thumbnails a
// browser shows (ThumbnailStrip). The HTTP handlers ask the bridge; they
// never talk to the daemon themselves.

public import CurtainWire
public import Logging
public import NIOCore

/// The bridge between the browsers and curtaind.
public actor Bridge {
  /// The daemon, and how curtain-web presents itself to it.
  public let endpoint: DaemonEndpoint
  /// Whether browsers may change things (`--read-write`); otherwise the
  /// daemon knows curtain-web as a read-only client.
  public let readWrite: Bool
  /// The most frames a second each thumbnail gets (`--thumbnail-fps`).
  public let thumbnailFPS: Double
  private let group: any EventLoopGroup
  private let logger: Logger
  /// The link for requests and for the default session's feeds.
  let main: DaemonLink
  private var sessionLinks: [String: (link: DaemonLink, task: Task<Void, Never>)] = [:]
  /// The thumbnail strip of each session shown, and its tabs.
  private var strips: [String: (strip: ThumbnailStrip, tabs: Int)] = [:]
  private var mainTask: Task<Void, Never>?

  /// A bridge to `endpoint`; `start()` connects.
  public init(
    endpoint: DaemonEndpoint, readWrite: Bool, thumbnailFPS: Double = 2,
    group: any EventLoopGroup, logger: Logger
  ) {
    self.endpoint = endpoint
    self.readWrite = readWrite
    self.thumbnailFPS = thumbnailFPS
    self.group = group
    self.logger = logger
    main = DaemonLink(
      session: "default", endpoint: endpoint, readWrite: readWrite, clientName: "curtain-web",
      group: group, logger: logger)
  }

  /// Starts the main link (it reconnects by itself until `stop()`).
  public func start() {
    guard mainTask == nil else { return }
    let main = self.main
    mainTask = Task { await main.run() }
  }

  /// Stops every link.
  public func stop() {
    mainTask?.cancel()
    mainTask = nil
    for entry in sessionLinks.values { entry.task.cancel() }
    sessionLinks = [:]
    for entry in strips.values { entry.strip.stop() }
    strips = [:]
  }

  /// Whether the daemon answers now.
  public var isConnected: Bool {
    get async { await main.state == .connected }
  }

  /// Waits up to `seconds` for the daemon; returns whether it answers.
  public func waitUntilConnected(seconds: Double) async -> Bool {
    await main.waitUntilConnected(seconds: seconds)
  }

  /// Sends a request for `session` (nil: the default session).
  public func call(
    _ body: WireRequest.OneOf_Body, session: String? = nil,
    waitUntil: Curtain_V1_WaitUntil = .accepted
  ) async throws -> WireResponse {
    try await main.call(body, session: session ?? "", waitUntil: waitUntil)
  }

  /// The main link's connection count (a new daemon's counters start at
  /// zero) and state.
  func mainState() async -> (generation: UInt64, state: DaemonLink.State) {
    (await main.generation, await main.state)
  }

  /// The link that carries the feeds of `session`.
  func link(for session: String) -> DaemonLink {
    if session == "default" { return main }
    if let entry = sessionLinks[session] { return entry.link }
    let link = DaemonLink(
      session: session, endpoint: endpoint, readWrite: false,
      clientName: "curtain-web (\(session))",
      group: group, logger: logger)
    sessionLinks[session] = (link, Task { await link.run() })
    return link
  }

  /// Starts sending `window`'s messages to `outbox`.
  func watch(session: String, window: UInt64, outbox: Outbox) async {
    await link(for: session).watch(window: window, outbox: outbox)
  }

  /// Stops sending `window`'s messages to `outbox`; a session's link goes
  /// with its last watched window.
  func unwatch(session: String, window: UInt64, outbox: Outbox) async {
    let link = link(for: session)
    await link.unwatch(window: window, outbox: outbox)
    if session != "default", await link.watchCounts.windows == 0,
      let entry = sessionLinks.removeValue(forKey: session)
    {
      entry.task.cancel()
    }
  }

  /// Starts sending the thumbnails of `session`'s windows to `outbox`; the
  /// session's first such tab starts its strip.
  func watchThumbnails(session: String, outbox: Outbox) {
    var entry =
      strips[session]
      ?? (
        ThumbnailStrip(
          session: session, fps: thumbnailFPS,
          link: DaemonLink(
            session: session, endpoint: endpoint, readWrite: false, thumbnailFPS: thumbnailFPS,
            clientName: "curtain-web (thumbnails of \(session))", group: group, logger: logger)),
        0
      )
    entry.tabs += 1
    strips[session] = entry
    entry.strip.add(outbox)
  }

  /// Stops sending them to `outbox`; the last tab ends the strip.
  func unwatchThumbnails(session: String, outbox: Outbox) {
    guard var entry = strips[session] else { return }
    entry.strip.remove(outbox)
    entry.tabs -= 1
    if entry.tabs == 0 {
      entry.strip.stop()
      strips[session] = nil
    } else {
      strips[session] = entry
    }
  }

  /// Windows watched and browser tabs watching them or thumbnails, over
  /// every session.
  public func watchCounts() async -> (windows: Int, watchers: Int) {
    var windows = 0
    var watchers = strips.values.reduce(0) { $0 + $1.tabs }
    for link in [main] + sessionLinks.values.map(\.link) {
      let counts = await link.watchCounts
      windows += counts.windows
      watchers += counts.watchers
    }
    return (windows, watchers)
  }
}
