// The daemon's application layer. It owns the sessions, the connected
// clients, their subscriptions and the requests waiting for a transition,
// and it decides when the loop must wake up next. It never touches a socket
// or a clock directly: the transport hands it decoded messages and calls
// `tick()`, and it answers through `ClientLink`s. Time comes from the
// injected `clock` (loop time in seconds), so tests can drive it by hand.
//
// Per request: the handshake is checked, the request's targets are resolved
// by the dispatcher (RequestTable), its handler returns a result, and the
// response takes its place in the client's response order (requests may be
// pipelined; responses go out in the order the requests came). After every
// request and every tick, `publish()` pushes new events and frames to
// subscribers and answers waiters whose condition now holds.

import CurtainCore
public import CurtainWire
public import Logging

/// The daemon's state and request processing.
public final class Server {
  /// The settings.
  public let configuration: ServerConfiguration
  let logger: Logger
  /// Server time, the windows' clocks and the realtime schedule
  /// (Clocks.swift).
  let clocks: Clocks
  /// The clients' responses and events waiting to leave, and the
  /// journal's progress as they see it (Outbox.swift).
  let outbox: Outbox
  /// The subscriptions, their events and frames (Publisher.swift).
  let publisher: Publisher
  /// What each window's trace keeps beside its events
  /// (Trace/TraceRecorder.swift).
  let traces: TraceRecorder
  /// Where inputs are recorded; `nil` with `--ephemeral`.
  public var journal: JournalSink?
  /// Cluster mode: what this node knows of the cluster, and which
  /// requests it serves (ClusterRouter.swift).
  var router: ClusterRouter?
  /// What a restore of the state directory is doing (ServerState.swift).
  var replay = ReplayState()
  /// The sessions' past (PastHistory.swift); `nil` with `pastRecords` 0
  /// and in the scratch servers that replay it.
  var history: PastHistory?

  /// Sessions by name; "default" always exists.
  var sessions: [String: Session] = [:]
  /// The connected clients, and what is kept about clients around them
  /// (ClientTable.swift).
  let clients = ClientTable()
  /// Requests answered later (wait_until, WaitIdle), by what answers them.
  var waiters = WaiterTable()
  /// The windows' leases (Leases.swift).
  var leases = LeaseTable()
  /// How far a shutdown has gone (ServerState.swift).
  var shutdown = ShutdownState()
  /// The daemon's metrics and the handles made once to count into them
  /// (Meters.swift).
  let meters = Meters()
  /// The last tree description GetTree made (HierarchyDescription.swift).
  let treeDescriptions = HierarchyDescriptionCache()
  /// A request that holds the loop longer than this (in seconds) is logged
  /// as a warning.
  static let slowRequestSeconds = 0.010

  /// Creates a server.
  public init(
    configuration: ServerConfiguration, clock: @escaping () -> Double,
    logger: Logger = Logger(label: "curtaind")
  ) {
    self.configuration = configuration
    self.logger = logger
    self.clocks = Clocks(loopClock: clock)
    self.outbox = Outbox(maxUnanswered: configuration.limits.maxUnanswered)
    self.publisher = Publisher(counters: meters.counters)
    self.traces = TraceRecorder(loopNow: clock())
    outbox.subscribed = { [unowned publisher] id in publisher.activate(id) }
    publisher.frameRecorder = { [unowned self] key, frame, frameSeq, deliveries in
      recordTrace(frame: frame, frameSeq: frameSeq, of: key, deliveries: deliveries)
    }
    if configuration.pastRecords > 0 {
      // At most about nine images per session (`pastSegments` + 1), and
      // small segments for a small bound, so that what goes is small.
      history = PastHistory(
        recordsKept: configuration.pastRecords,
        segmentRecords: configuration.pastRecords / configuration.pastSegments)
    }
    _ = try? session(named: "default", create: true)
  }

  /// Server time in seconds (Clocks.swift); the pinned time while a
  /// request is applied.
  func clock() -> Double {
    clocks.now()
  }

  /// The loop time of server time `time` (what the transport's timer
  /// counts in).
  public func loopTime(of time: Double) -> Double {
    clocks.loopTime(of: time)
  }

  /// `time` rounded to the clock's grid (2⁻²⁴ s, about 60 ns).
  static func onGrid(_ time: Double) -> Double {
    Clocks.onGrid(time)
  }

  /// Runs `body` with the clock pinned at its current time (or at `time`).
  func pinningClock<T>(at time: Double? = nil, _ body: () throws -> T) rethrows -> T {
    try clocks.pinning(at: time, body)
  }

  /// The daemon's metrics (GetMetrics).
  public var metrics: MetricsRegistry { meters.registry }

  /// The frame and event counters (CounterCache.swift).
  var counters: CounterCache { meters.counters }

  /// Set while a state directory is restored: limits that refuse what
  /// was accepted before (max-sessions) are not applied.
  public var isRestoring: Bool {
    get { replay.isRestoring }
    set { replay.isRestoring = newValue }
  }

  /// Set once shutdown began; the transport stops the loop.
  public var isShuttingDown: Bool { shutdown.began }

  /// Called once when a Shutdown request has been answered.
  public var onShutdown: (() -> Void)? {
    get { shutdown.onShutdown }
    set { shutdown.onShutdown = newValue }
  }

  /// Bytes the transport holds for unfinished messages of all clients
  /// (`max-partial-bytes`), for `GetStatus`.
  public var partialBytesInUse: () -> Int {
    get { clients.partialBytesInUse }
    set { clients.partialBytesInUse = newValue }
  }

  /// Number of connected clients.
  public var clientCount: Int { clients.count }

  /// Number of sessions.
  public var sessionCount: Int { sessions.count }

  // MARK: Transport entry points

  /// A client connected.
  public func connect(_ link: ClientLink) {
    clients.add(ClientState(link: link, connectedAt: clock()))
    outbox.open(link)
    metrics.counter(.connections, link.transportKind.rawValue).increment()
    logger.debug(
      "connected",
      metadata: ["client": "\(link.clientID)", "transport": "\(link.transportKind.rawValue)"])
  }

  /// A client's connection is gone: its subscriptions end, its waiters are
  /// dropped and its interactive transitions are cancelled. Only the
  /// windows where it may own interactions, and the sessions where it
  /// registered delegates, are looked at (and brought up to date): a
  /// client that owned nothing moves no window (issue 34).
  public func disconnect(_ link: ClientLink) {
    guard let client = clients.remove(link.clientID) else { return }
    outbox.close(link.clientID)
    for subscription in publisher.removeAll(of: link.clientID) {
      frameFollowersChanged(subscription)
    }
    if waiters.count(of: link.clientID) > 0 {
      waiters.removeAll { $0.clientID == link.clientID }
    }
    dropLeases(of: client)
    if client.mayOwnSomething {
      let time = clock()
      let cancelled = pinningClock(at: time) { release(client) }
      if !cancelled.isEmpty { recordClientGone(client, at: time, in: cancelled) }
    }
    logger.debug("disconnected", metadata: ["client": "\(link.clientID)"])
    publish()
  }

  /// A well-framed message arrived; `bytes`, when known, is the size of its
  /// payload.
  public func receive(_ message: ClientMessage, from link: ClientLink, bytes: Int? = nil) {
    guard let client = clients[link.clientID] else { return }
    switch message.kind {
    case .request(let request):
      handle(request, from: client, bytes: bytes)
    case .frameAck(let ack):
      guard client.isWelcomed else {
        return link.close(reason: .protocolError, message: "The first message must be Hello")
      }
      // An acknowledgement frees every credit: the client has caught up.
      publisher.acknowledge(ack.subscriptionID, frameSeq: ack.frameSeq, by: link.clientID)
    case nil:
      guard client.isWelcomed else {
        return link.close(reason: .protocolError, message: "The first message must be Hello")
      }
      outbox.respond(
        to: client.id, requestID: 0, traceID: "",
        .failure(CurtainError(.invalidArgument, "Empty message: neither request nor frame ack")))
    }
    publish()
    if shutdown.afterResponses { requestShutdown() }
  }

  /// A request found over a limit before it was decoded
  /// (`ClientInput.oversized`): refused from its skeleton as a decoded one
  /// would be, a Hello included.
  public func receiveOversized(_ request: OversizedRequest, from link: ClientLink, bytes: Int) {
    guard let client = clients[link.clientID] else { return }
    handle(request.skeleton, from: client, bytes: bytes, oversized: request.violation)
    publish()
  }

  /// A well-framed message could not be decoded: an error response, the
  /// connection stays (unless the client never said Hello).
  public func receiveUndecodable(_ error: WireDecodingError, from link: ClientLink) {
    guard let client = clients[link.clientID] else { return }
    guard client.isWelcomed else {
      return link.close(reason: .protocolError, message: "The first message must be Hello")
    }
    outbox.respond(
      to: client.id, requestID: 0, traceID: "",
      .failure(CurtainError(.invalidArgument, "Undecodable message: \(error.reason)")))
  }

  /// The loop's timer fired (or the transport wants the state brought up
  /// to date): realtime windows advance, frames and events go out, clients
  /// (TCP or Unix) that never said Hello in time are closed.
  public func tick() {
    let now = clock()
    for client in clients.values where !client.isWelcomed {
      if now - client.connectedAt >= configuration.helloTimeout {
        client.link.close(reason: .unauthenticated, message: "No Hello within the time limit")
      }
    }
    expireLeases()
    expireDelegateCalls()
    advanceRealtimeWindows(.ticks, sendingFrames: true, changing: false)
    publish()
  }

  /// The clock time at which `tick()` should run next, or `nil` when
  /// nothing is scheduled (an idle daemon sleeps): the next frame tick of
  /// a window that animates with frame subscribers, the next deadline of a
  /// realtime window (RealtimeSchedule.swift), a Hello or a lease that
  /// times out.
  public var nextWakeup: Double? {
    // Asked after every callback: no arrays.
    refreshSchedule()
    var earliest: Double?
    func consider(_ time: Double?) {
      guard let time else { return }
      if let current = earliest, current <= time { return }
      earliest = time
    }
    consider(clocks.nextTick)
    consider(clocks.nextDeadline())
    for client in clients.values where !client.isWelcomed {
      consider(client.connectedAt + configuration.helloTimeout)
    }
    consider(leases.nextExpiry)
    consider(clocks.nextDelegateDeadline)
    return earliest
  }
}
