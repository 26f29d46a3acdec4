// The daemon: one libuv loop that owns every listener, connection, timer and
// signal watcher, and the `Server` they feed. Everything happens on the
// thread that calls `run()`; other threads reach the loop only through the
// `Stopper` (a `uv_async_t`).
//
// Time: the server's clock is `MonotonicClock.now` (seconds). After
// every callback that may change state (a read, the timer, a signal, an
// async wake-up, a connection closing) one timer is armed at the server's
// `nextWakeup` to the nanosecond (`UVDeadlineTimer`, a `timerfd` on Linux:
// a libuv timer would count whole milliseconds from the loop's cached
// time and fire up to 2 ms late, issue 13), or stopped when there is none:
// an idle daemon sleeps in `epoll_wait` and uses no CPU. The timer calls
// `server.tick()`, which reads the same monotonic clock afresh (never the
// loop's cached millisecond). Clients that
// started closing are disconnected from the server at the same point, after
// the callback and outside the server's own code.
//
// Start-up, in `init`: the state directory is opened and locked first (a
// daemon that cannot keep its state does not claim the socket), then the
// listeners are bound and the loop's handles made, then `startState`
// restores the sessions, starts the journal's writer thread and joins the
// cluster. Whatever fails closes what was opened and throws.
//
// Turns: a connection hands the server at most a few messages per turn of
// the loop (Connection.swift); one with more waiting yields, and the idle
// handle `turns` serves it again at the next turn, after the loop has
// polled the others: a client pipelining without bound takes its share of
// the loop, not all of it. Connections the server paused (--max-unanswered)
// and resumes read what they hold at the end of the callback.
//
// Limits of the transport: a client past --max-clients is refused with
// goodbye `LIMIT_EXCEEDED` (it never reaches the server); the bytes held
// for unfinished messages of all clients stay within --max-partial-bytes
// (the oldest are dropped, PartialMessageBudget.swift), and each
// connection bounds the time to finish a message (--message-timeout).
//
// Shutdown (SIGINT, SIGTERM, a Shutdown request, or the Stopper): the
// listeners close (the socket file is removed), every request still waiting
// (wait_until, WaitIdle) is answered with an error saying the daemon is
// stopping, every client gets goodbye `shutdown` and its queue is flushed (at most `Connection.flushTimeout`, 1 s,
// per client), then the timer, the signal watchers and the async handle close,
// the loop runs out of handles and is closed, and `run()` returns. A second
// signal during the flush closes the remaining clients at once.

import CLibUV
import CurtainWire
public import Logging
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Curtain daemon on a libuv loop.
///
/// ```swift
/// let daemon = try Daemon(
///   configuration: configuration, endpoints: [.unix(SocketPath.defaultPath())], logger: logger)
/// // curtaind writes "curtaind: listening on <line>" to stderr for each of
/// // these, in one write, before running.
/// let lines = daemon.listeningDescriptions  // ["/run/user/1000/curtain/default.sock"]
/// try daemon.run()  // blocks; returns after shutdown with the loop closed
/// ```
public final class Daemon {
  /// Where to listen.
  public enum Endpoint: Sendable, Equatable {
    /// A Unix-domain socket.
    case unix(SocketPath)
    /// A TCP address (port 0: the system picks one; `endpoints` tells it).
    case tcp(TCPAddress)
  }

  /// Asks a running daemon to shut down, from any thread.
  public final class Stopper: Sendable {
    private let sender: Mutex<UVAsync.Sender?>

    fileprivate init(_ sender: UVAsync.Sender) {
      self.sender = Mutex(sender)
    }

    /// Starts the daemon's shutdown, as SIGTERM would. Does nothing once the
    /// daemon has stopped.
    public func requestShutdown() {
      sender.withLock { $0?.send() }
    }

    /// Called on the loop thread before the async handle closes.
    fileprivate func invalidate() {
      sender.withLock { $0 = nil }
    }
  }

  /// The application layer.
  public let server: Server
  /// What the daemon listens on (TCP ports as bound).
  public let endpoints: [Endpoint]
  /// Asks the daemon to shut down from another thread.
  public let stopper: Stopper

  private let loop: UVLoop
  private let logger: Logger
  private var listeners: [Listener]
  private let wakeTimer: UVDeadlineTimer
  private let wakeAsync: UVAsync
  /// The state directory (nil with --ephemeral) and the async handle its
  /// writer thread reports commits through.
  private let persistence: Persistence?
  private let commitAsync: UVAsync?
  /// Active while a group commit is outstanding (for at most
  /// `Persistence.commitPollSeconds` after a hand-over): the loop polls
  /// instead of sleeping, and sees the writer's report without being woken.
  private let commitPoll: UVIdle?
  /// When `commitPoll` stops (monotonic clock).
  private var commitPollDeadline = 0.0
  /// Wakes the loop to take the snapshots due by time (`--snapshot-interval`).
  private let snapshotTimer: UVTimer?
  /// Cluster mode: wakes the loop when the cluster's thread has news.
  private let clusterAsync: UVAsync?
  private let cluster: (any ClusterLink)?
  private var signals: [UVSignal] = []
  private var connections: [UInt64: Connection] = [:]
  /// Connections that started closing and may still be known to the server.
  private var detaching: [Connection] = []
  /// Connections that gave up their turn with messages waiting
  /// (`Connection.onYield`), served again by `turns` at the loop's next
  /// turn, after it polled every other connection.
  private var yielded: [Connection] = []
  /// Active while connections wait for a turn.
  private let turns: UVIdle
  /// Paused connections the server lets read again
  /// (`Connection.onResumeReading`), resumed at the end of the callback.
  private var resuming: [Connection] = []
  /// Connections with messages queued during the current callback
  /// (`Connection.onWritesPending`), written at its end.
  private var unflushed: [Connection] = []
  private var nextClientID: UInt64 = 1
  /// The bytes held for unfinished messages (--max-partial-bytes).
  private var partialMessages: PartialMessageBudget
  private var shutdownRequested = false
  private var isShuttingDown = false
  private var isFinished = false
  private var hasRun = false

  /// Binds every endpoint (claiming the Unix socket path: a stale socket is
  /// replaced, a live daemon is an error), restores the sessions from the
  /// state directory (none: `--ephemeral`) and prepares the loop. Throws
  /// `SocketPath.Failure`, `UVError`, `TCPAddress.ParseError` or
  /// `PersistenceError` with a message fit to print. Ignores SIGPIPE for
  /// the whole process (writes to a vanished client must fail, not kill the
  /// daemon), and SIGXFSZ (a database that reaches the file size limit
  /// must fail its write with EFBIG, which is reported, not kill the
  /// daemon).
  ///
  /// With `cluster` (which needs `state`, on the cluster's PostgreSQL), the
  /// daemon joins it: it registers the node, claims and restores its own
  /// sessions, and keeps its lease (docs/cluster.md).
  public init(
    configuration: ServerConfiguration, endpoints: [Endpoint], state: StateOptions? = nil,
    cluster: (any ClusterLink)? = nil, logger: Logger = Logger(label: "curtaind")
  ) throws {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    let loop = try UVLoop()
    var listeners: [Listener] = []
    var timer: UVDeadlineTimer?
    var async: UVAsync?
    var turns: UVIdle?
    var signals: [UVSignal] = []
    var commitAsync: UVAsync?
    var commitPoll: UVIdle?
    var snapshotTimer: UVTimer?
    var clusterAsync: UVAsync?
    var persistence: Persistence?
    do {
      // The state directory first: a daemon that cannot keep its state
      // does not claim the socket.
      persistence = try state.map { try Persistence(options: $0, logger: logger) }
      // Callbacks that need `self` are set below, once it exists; none
      // can run before the loop does.
      for endpoint in endpoints {
        listeners.append(try Listener(loop: loop, endpoint: endpoint, logger: logger))
      }
      timer = try UVDeadlineTimer(loop: loop)
      async = try UVAsync(loop: loop)
      turns = try UVIdle(loop: loop)
      for number in [SIGINT, SIGTERM] {
        signals.append(try UVSignal(loop: loop, signal: number) { _ in })
      }
      if let persistence {
        commitAsync = try UVAsync(loop: loop)
        if persistence.commitPollSeconds > 0 { commitPoll = try UVIdle(loop: loop) }
        if persistence.options.snapshotInterval > 0 { snapshotTimer = try UVTimer(loop: loop) }
      }
      if cluster != nil { clusterAsync = try UVAsync(loop: loop) }
    } catch {
      for listener in listeners { listener.close() }
      timer?.close()
      async?.close()
      turns?.close()
      commitAsync?.close()
      commitPoll?.close()
      snapshotTimer?.close()
      clusterAsync?.close()
      for watcher in signals { watcher.close() }
      loop.run()
      try? loop.close()
      throw error
    }
    guard let timer, let async, let turns else {
      throw UVError(code: UV_EINVAL.rawValue, operation: "init")
    }

    var configuration = configuration
    configuration.listenerDescriptions = listeners.map(\.description)
    self.loop = loop
    self.logger = logger
    self.listeners = listeners
    self.endpoints = listeners.map(\.endpoint)
    self.wakeTimer = timer
    self.wakeAsync = async
    self.turns = turns
    self.stopper = Stopper(async.sender)
    self.server = Server(
      configuration: configuration, clock: MonotonicClock.now, logger: logger)
    self.partialMessages = PartialMessageBudget(limit: configuration.limits.maxPartialBytes)
    self.signals = signals
    self.persistence = persistence
    self.commitAsync = commitAsync
    self.commitPoll = commitPoll
    self.snapshotTimer = snapshotTimer
    self.clusterAsync = clusterAsync
    self.cluster = cluster

    if let persistence, let commitAsync {
      do {
        try startState(persistence, commitAsync: commitAsync)
      } catch {
        for listener in listeners { listener.close() }
        finishShutdown()
        loop.run()
        try? loop.close()
        throw error
      }
    }

    for listener in listeners {
      let kind = listener.transportKind
      listener.setAcceptHandler { [unowned self] stream in self.accept(stream, kind: kind) }
    }
    timer.setCallback { [unowned self] in
      self.server.tick()
      self.afterCallback()
    }
    turns.setCallback { [unowned self] in
      let waiting = self.yielded
      self.yielded = []
      for connection in waiting { connection.takeTurn() }
      self.afterCallback()
    }
    async.setCallback { [unowned self] in
      self.logger.notice("shutdown requested")
      self.shutdownRequested = true
      self.afterCallback()
    }
    for watcher in signals {
      watcher.setCallback { [unowned self] number in self.received(signal: number) }
    }
    server.onShutdown = { [unowned self] in self.shutdownRequested = true }
    server.partialBytesInUse = { [unowned self] in self.partialMessages.total }
    for warning in configuration.warnings { logger.warning("\(warning)") }
  }

  // MARK: Start-up

  /// Brings the state up, in this order: the sessions restored from
  /// `persistence` (snapshots, then the journal after them), its writer
  /// thread started (its reports wake the loop through `commitAsync`), the
  /// server's journal connected, and in cluster mode the cluster joined
  /// (its sessions claimed and restored, its news waking the loop), then
  /// the timers of commits and snapshots. Throws what stops the start; the
  /// caller closes what was opened.
  private func startState(_ persistence: Persistence, commitAsync: UVAsync) throws {
    // Restoring until the loop takes over: the sessions restored and
    // claimed are not held to --max-sessions.
    server.isRestoring = true
    defer { server.isRestoring = false }
    try persistence.restore(into: server)
    persistence.startWriter(report: commitAsync.sender)
    server.journal = persistence
    server.finishRestore()
    if let cluster, let clusterAsync {
      server.joinCluster(
        cluster, restored: { persistence.unpoison($0) },
        handOver: { persistence.handOver($0, to: $1) })
      do {
        server.clusterNews(try cluster.join())
      } catch {
        throw PersistenceError(description: error.description)
      }
      clusterAsync.setCallback { [unowned self] in
        self.server.clusterNews(cluster.takeNews())
        cluster.setLoad(clients: self.server.clientCount)
        self.afterCallback()
      }
      let sender = clusterAsync.sender
      cluster.start(wake: { sender.send() })
    }
    commitAsync.setCallback { [unowned self] in
      self.server.journalReported(persistence.takeReport())
      self.afterCallback()
    }
    commitPoll?.setCallback { [unowned self] in
      if MonotonicClock.now() >= self.commitPollDeadline { self.commitPoll?.stop() }
    }
    if let snapshotTimer {
      // A quarter of the interval: a checkpoint is due at most that late.
      let period = UInt64(max(1, (persistence.options.snapshotInterval * 250).rounded()))
      snapshotTimer.setCallback { [unowned self] in self.afterCallback() }
      snapshotTimer.start(afterMilliseconds: period, repeat: period)
    }
  }

  /// What the daemon listens on, one line per listener: the socket path, or
  /// `tcp HOST:PORT`.
  public var listeningDescriptions: [String] { listeners.map(\.description) }

  /// Runs the loop until the daemon has shut down and every handle is
  /// closed, then closes the loop. Call once, on the thread that created
  /// the daemon.
  public func run() throws(UVError) {
    guard !hasRun else { return }
    hasRun = true
    afterCallback()
    loop.run()
    // The loop only runs out of work after shutdown; if it ever does sooner,
    // shut down properly rather than leave handles behind.
    if !isFinished {
      beginShutdown()
      loop.run()
      finishShutdown()
      loop.run()
    }
    try loop.close()
    logger.info("stopped")
  }

  /// Starts shutting down (on the loop thread).
  public func requestShutdown() {
    shutdownRequested = true
    afterCallback()
  }

  /// Connected clients.
  var connectionCount: Int { connections.count }

  // MARK: Callbacks

  private func accept(_ stream: UVStream, kind: TransportKind) {
    guard !isShuttingDown else {
      stream.close()
      return
    }
    let id = nextClientID
    nextClientID += 1
    let connection = Connection(
      clientID: id, transportKind: kind, stream: stream, server: server, logger: logger)
    connection.onActivity = { [unowned self] in self.afterCallback() }
    connection.onWritesPending = { [unowned self] connection in self.unflushed.append(connection) }
    connection.onClosing = { [unowned self] connection in self.detaching.append(connection) }
    connection.onClosed = { [unowned self] connection in self.closed(connection) }
    connection.onResumeReading = { [unowned self] connection in self.resuming.append(connection) }
    connection.onYield = { [unowned self] connection in self.yielded.append(connection) }
    connection.onPartialMessage = { [unowned self] connection, bytes, since in
      self.partialMessage(of: connection, bytes: bytes, since: since)
    }
    let limit = server.configuration.limits.maxClients
    let open = connections.values.reduce(0) { $0 + ($1.isOpen ? 1 : 0) }
    connections[id] = connection
    if open >= limit {
      logger.warning(
        "client refused: too many clients",
        metadata: ["client": "\(id)", "address": "\(connection.peerAddress)", "limit": "\(limit)"])
      connection.refuse(
        reason: .limitExceeded,
        message: "Too many clients: the daemon serves at most \(limit) (limit max-clients)")
    } else {
      connection.open()
    }
    afterCallback()
  }

  /// A connection holds `bytes` of an unfinished message begun at `since`:
  /// past --max-partial-bytes, the oldest unfinished messages are dropped.
  private func partialMessage(of connection: Connection, bytes: Int, since: Double) {
    let dropped = partialMessages.update(connection.clientID, bytes: bytes, since: since)
    for id in dropped {
      guard let holder = connections[id] else { continue }
      logger.warning(
        "unfinished message dropped: partial bytes over the limit",
        metadata: ["client": "\(id)", "limit": "\(partialMessages.limit)"])
      holder.close(
        reason: .limitExceeded,
        message:
          "Your unfinished message was the oldest when the daemon held more than "
          + "\(partialMessages.limit) bytes of unfinished messages (limit max-partial-bytes)")
    }
  }

  private func closed(_ connection: Connection) {
    connections[connection.clientID] = nil
    if isShuttingDown, connections.isEmpty { finishShutdown() }
  }

  private func received(signal number: Int32) {
    let name = number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
    if isShuttingDown {
      logger.notice(
        "signal again: closing the remaining clients now", metadata: ["signal": "\(name)"])
      for connection in connections.values { connection.forceClose() }
      return
    }
    logger.notice("shutting down", metadata: ["signal": "\(name)"])
    shutdownRequested = true
    afterCallback()
  }

  /// Tells the server about clients that started closing, starts the
  /// shutdown when asked for, and sets the timer to the server's next
  /// wake-up.
  private func afterCallback() {
    detachClosingConnections()
    resumeReading()
    // A group commit: what this loop iteration recorded goes to the
    // writer at once, with the snapshots that are due.
    defer {
      // What the callback sent, one write per client.
      flushWrites()
      if yielded.isEmpty || isShuttingDown { turns.stop() } else { turns.start() }
      if !isShuttingDown { persistence?.checkpointIfDue(now: MonotonicClock.now()) }
      // While the commit is outstanding the loop polls (it keeps serving
      // every other callback), so that the writer's report does not have
      // to wake it: the answers waiting for the commit leave sooner.
      if let persistence {
        if persistence.flush() {
          commitPollDeadline = MonotonicClock.now() + persistence.commitPollSeconds
          commitPoll?.start()
        } else if !persistence.awaitsCommit(committed: server.journalCommitted) {
          commitPoll?.stop()
        }
      }
    }
    if shutdownRequested || server.isShuttingDown, !isShuttingDown {
      beginShutdown()
      detachClosingConnections()
    }
    guard !isShuttingDown else { return }
    guard let wakeup = server.nextWakeup,
      let deadline = Self.wakeDeadline(
        at: server.loopTime(of: wakeup), lastFired: wakeTimer.lastFired)
    else {
      wakeTimer.stop()
      return
    }
    // The timer is armed at an absolute time: arming it again after every
    // callback never pushes a due tick later (requests arriving faster
    // than the ticks cannot starve them), and at the deadline it already
    // has it costs nothing.
    wakeTimer.start(at: deadline)
  }

  /// The wake timer's deadline, in nanoseconds of the monotonic clock, for
  /// a wake-up at loop time `time` (seconds of the same clock): the first
  /// nanosecond at or after it, so that a tick never runs before its time
  /// and the kernel wakes the loop at it. The schedule it serves (exact
  /// frame ticks, RealtimeSchedule.swift) keeps its own times, so that no
  /// lateness adds up. `lastFired`: the deadline the timer last fired at;
  /// a wake-up not after it is one its callback did not take away, which
  /// waits a millisecond more rather than spin the loop. Nil (stopped)
  /// for a time that is not finite.
  static func wakeDeadline(at time: Double, lastFired: UInt64) -> UInt64? {
    guard time.isFinite else { return nil }
    let deadline = UInt64(min(max((time * 1e9).rounded(.up), 1), 4e18))
    return deadline > lastFired ? deadline : lastFired + 1_000_000
  }

  /// Writes what the connections queued during the callback.
  private func flushWrites() {
    // A connection waiting for its next turn writes after its last one.
    var later: [Connection] = []
    // A write may close a connection, whose goodbye is written at once.
    while !unflushed.isEmpty {
      let pending = unflushed
      unflushed = []
      for connection in pending where !connection.flushWrites() { later.append(connection) }
    }
    unflushed = later
  }

  /// Lets the connections the server resumed read what they hold and
  /// their streams again (which may pause or resume others, or close
  /// some).
  private func resumeReading() {
    while !resuming.isEmpty {
      let batch = resuming
      resuming = []
      for connection in batch { connection.continueReading() }
      detachClosingConnections()
    }
  }

  /// Disconnects closing clients from the server (which may close others).
  private func detachClosingConnections() {
    while !detaching.isEmpty {
      let batch = detaching
      detaching = []
      for connection in batch { connection.detachFromServer() }
    }
  }

  // MARK: Shutdown

  private func beginShutdown() {
    guard !isShuttingDown else { return }
    isShuttingDown = true
    wakeTimer.stop()
    for listener in listeners { listener.close() }
    server.refuseWaitersForShutdown()
    // --drain: the sessions go to the other nodes before the last commit.
    server.drainSessions()
    if let persistence {
      // Snapshot the changed sessions and commit what is queued, so that
      // the waiting responses go out before the goodbyes.
      persistence.checkpointIfDue(now: MonotonicClock.now(), force: true)
      persistence.stop()
      server.journalReported(persistence.takeReport())
    }
    for connection in connections.values {
      connection.close(reason: .shutdown, message: "The daemon is shutting down")
    }
    if connections.isEmpty { finishShutdown() }
  }

  private func finishShutdown() {
    guard !isFinished else { return }
    isFinished = true
    stopper.invalidate()
    // What is still queued is committed before the writer stops.
    persistence?.stop()
    commitAsync?.close()
    commitPoll?.close()
    snapshotTimer?.close()
    cluster?.stop()
    clusterAsync?.close()
    wakeTimer.close()
    wakeAsync.close()
    turns.close()
    for watcher in signals { watcher.close() }
    signals = []
  }
}
