// The I/O thread of an async `Client`. One dedicated thread per client owns
// the blocking `CurtainConnection` (CurtainWire/Client): the connection
// contract — Hello, following MOVED, reconnecting, resuming subscriptions
// from their cursors — is that one, not a second copy. Async callers hand
// the thread work through a queue under a mutex and wake it through a
// pipe; it `poll`s the pipe and the socket, sends what is queued at once
// (so several requests are in flight on the connection: pipelining), and
// hands each response to the caller that waits for it, each event to the
// stream of its subscription.
//
// What happens when:
// - A response `MOVED`: the request is sent again with the connection's
//   `call`, which moves the whole connection to the session's node. Other
//   requests still in flight on the old connection fail with
//   `ClientError.closed` (they may or may not have been applied, as after
//   any lost connection), but for those sent after it, whose answers are
//   read first (answers come in order) and followed likewise when MOVED.
// - The connection is lost: requests in flight fail with the loss; with
//   subscriptions open, the connection dials again at once and resumes
//   them (nothing lost, nothing twice); otherwise the next request dials.
// - `stop()`: the socket is closed, waiting requests fail with
//   `ClientError.notConnected`, every event stream ends.

import CurtainCore
import CurtainWire
import Glibc
import Logging
import Synchronization

/// What the I/O thread is asked to do.
enum Work: Sendable {
  /// Send a request; `reply` gets its response (or why there is none).
  case request(WireRequest, Reply)
  /// Subscribe (keeping the resume cursor); events go to `sink` once
  /// `reply` accepted the answer.
  case subscribe(Curtain_V1_Subscribe, session: String, EventSink, SubscribeReply)
  /// End a subscription (its stream ended: its consumer stopped).
  case unsubscribe(UInt64)
}

/// Hands a response (or a failure) to whoever waits for it.
typealias Reply = @Sendable (Result<WireResponse, any Error>) -> Void
/// Hands a subscription's answer to whoever waits for it; false when
/// nobody waits any more (the caller was cancelled).
typealias SubscribeReply = @Sendable (Result<Curtain_V1_SubscribeResult, any Error>) -> Bool
/// Where a subscription's events go.
typealias EventSink = AsyncThrowingStream<Event, any Error>.Continuation

/// The queue between async callers and the I/O thread.
final class Link: Sendable {
  private struct Shared {
    var work: [Work] = []
    var stopping = false
    var finished = false
    var finishWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let shared = Mutex(Shared())
  private let wakeRead: Int32
  private let wakeWrite: Int32

  init() throws {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw ClientError.io(operation: "pipe", errno: errno) }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    wakeRead = fds[0]
    wakeWrite = fds[1]
  }

  deinit {
    _ = Glibc.close(wakeRead)
    _ = Glibc.close(wakeWrite)
  }

  /// Queues `work` and wakes the thread; false once the client is stopping.
  func submit(_ work: Work) -> Bool {
    let queued = shared.withLock { shared in
      guard !shared.stopping else { return false }
      shared.work.append(work)
      return true
    }
    if queued { wake() }
    return queued
  }

  /// Asks the thread to close the connection and end.
  func stop() {
    shared.withLock { $0.stopping = true }
    wake()
  }

  /// Returns once the thread has ended.
  func waitUntilFinished() async {
    await withCheckedContinuation { continuation in
      let done = shared.withLock { shared in
        if shared.finished { return true }
        shared.finishWaiters.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
  }

  private func wake() {
    var byte: UInt8 = 1
    _ = Glibc.write(wakeWrite, &byte, 1)
  }

  // MARK: For the thread

  /// The descriptor the thread polls to be woken.
  var wakeDescriptor: Int32 { wakeRead }

  /// Empties the wake pipe and takes the queued work.
  func take() -> (work: [Work], stopping: Bool) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while Glibc.read(wakeRead, &buffer, buffer.count) > 0 {}
    return shared.withLock { shared in
      defer { shared.work.removeAll() }
      return (shared.work, shared.stopping)
    }
  }

  /// Marks the thread ended; returns the work nobody will do.
  func finish() -> [Work] {
    let (left, waiters) = shared.withLock { shared in
      shared.stopping = true
      shared.finished = true
      defer {
        shared.work.removeAll()
        shared.finishWaiters.removeAll()
      }
      return (shared.work, shared.finishWaiters)
    }
    for waiter in waiters { waiter.resume() }
    return left
  }

  /// Starts the I/O thread: it connects (`connected` hears how that went)
  /// and then serves the connection until `stop()`.
  func start(
    configuration: ClientConfiguration,
    connected: @escaping @Sendable (Result<Curtain_V1_Welcome, any Error>) -> Void
  ) throws {
    let body = ThreadBody { [self] in
      let connection: CurtainConnection
      do {
        connection = try CurtainConnection(
          endpoint: configuration.endpoint, options: configuration.connectionOptions,
          token: { [token = configuration.token] _ in token })
      } catch {
        _ = self.finish()
        connected(.failure(error))
        return
      }
      connected(.success(connection.welcome ?? Curtain_V1_Welcome()))
      IOLoop(link: self, connection: connection, logger: configuration.logger).run()
    }
    var thread = pthread_t()
    let context = Unmanaged.passRetained(body).toOpaque()
    let status = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    guard status == 0 else {
      Unmanaged<ThreadBody>.fromOpaque(context).release()
      throw ClientError.io(operation: "pthread_create", errno: status)
    }
    pthread_detach(thread)
  }
}

/// The closure a thread runs.
private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// The I/O thread's state: only the thread touches it.
private final class IOLoop {
  /// A request sent and not yet answered.
  private struct InFlight {
    var request: WireRequest
    let reply: Reply
    /// The socket it went out on: a request whose socket was replaced
    /// (MOVED, a reconnect) will never be answered.
    let client: CurtainClient
  }

  private let link: Link
  private let connection: CurtainConnection
  private let logger: Logger
  private var inFlight: [UInt64: InFlight] = [:]
  private var sinks: [UInt64: EventSink] = [:]

  init(link: Link, connection: CurtainConnection, logger: Logger) {
    self.link = link
    self.connection = connection
    self.logger = logger
    connection.onNotice = { [logger] notice in
      switch notice {
      case .followingMoved(let redirect):
        logger.info(
          "following MOVED",
          metadata: ["session": "\(redirect.session)", "node": "\(redirect.node)"])
      case .reconnecting(let attempt, let delay, let lost):
        logger.warning(
          "connection lost, dialling again",
          metadata: ["attempt": "\(attempt)", "delay": "\(delay)", "lost": "\(lost)"])
      case .resumed(let subscription, let result):
        logger.info(
          "subscription resumed",
          metadata: [
            "subscription": "\(subscription)", "snapshot_required": "\(result.snapshotRequired)",
          ])
      }
    }
  }

  func run() {
    while true {
      waitForActivity()
      let (work, stopping) = link.take()
      if stopping { return end(queued: work) }
      for item in work { perform(item) }
      readAvailable()
    }
  }

  /// Blocks until the wake pipe or the socket is readable.
  private func waitForActivity() {
    var descriptors = [
      pollfd(fd: link.wakeDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&descriptors, nfds_t(descriptors.count), -1) < 0 && errno == EINTR {}
  }

  private func perform(_ work: Work) {
    failStale()
    switch work {
    case .request(let request, let reply):
      do {
        let id = try connection.send(request)
        failStale()
        inFlight[id] = InFlight(request: request, reply: reply, client: connection.client)
      } catch {
        reply(.failure(error))
      }
    case .subscribe(let body, let session, let sink, let reply):
      do {
        let result = try connection.subscribe(body, session: session)
        if reply(.success(result)) {
          sinks[result.subscriptionID] = sink
        } else {
          try? connection.unsubscribe(result.subscriptionID)
        }
      } catch {
        _ = reply(.failure(error))
      }
    case .unsubscribe(let id):
      guard sinks.removeValue(forKey: id) != nil else { return }
      do {
        try connection.unsubscribe(id)
      } catch {
        logger.debug(
          "unsubscribe failed", metadata: ["subscription": "\(id)", "error": "\(error)"])
      }
    }
    failStale()
  }

  /// Hands out every message already received or readable now.
  private func readAvailable() {
    while true {
      let message: ServerMessage?
      do {
        message = try connection.nextMessage(timeout: 0)
      } catch {
        lost(error)
        return
      }
      guard let message else { break }
      dispatch(message)
    }
    failStale()
  }

  private func dispatch(_ message: ServerMessage) {
    switch message.kind {
    case .response(let response):
      guard let entry = inFlight.removeValue(forKey: response.requestID) else { return }
      if case .error(let error)? = response.result, error.code == .moved {
        follow(entry)
      } else {
        entry.reply(.success(response))
      }
    case .event(let wire):
      guard let sink = sinks[wire.subscriptionID] else { return }
      // Lease notices are live news outside the log, with no Core form.
      if case .lease? = wire.kind { return }
      do {
        sink.yield(try Event(image: wire))
      } catch {
        sinks[wire.subscriptionID] = nil
        sink.finish(throwing: ClientError.decoding("event \(wire.seq): \(error)"))
      }
    case .frame, .goodbye, .delegateCall, .animateTransition, nil:
      return
    }
  }

  /// Follows a request answered MOVED. Answers come in request order, so
  /// the requests sent after it on the same socket are answered next:
  /// they are read first (those of other sessions answered there, those
  /// answered MOVED too followed after it). Then each is sent again
  /// through the connection's `call`, which moves the connection to the
  /// session's node.
  private func follow(_ first: InFlight) {
    var moved = [first]
    for id in inFlight.keys.sorted() {
      guard let entry = inFlight[id], entry.client === first.client else { continue }
      inFlight[id] = nil
      do {
        let response = try entry.client.waitForResponse(
          to: id, timeout: connection.options.responseTimeout)
        if case .error(let error)? = response.result, error.code == .moved {
          moved.append(entry)
        } else {
          entry.reply(.success(response))
        }
      } catch {
        entry.reply(.failure(error))
      }
    }
    for entry in moved {
      var request = entry.request
      request.requestID = 0
      do {
        entry.reply(.success(try connection.call(request)))
      } catch {
        entry.reply(.failure(error))
      }
    }
    failStale()
  }

  /// The connection ended with `error` (and could not be mended).
  private func lost(_ error: any Error) {
    let waiting = inFlight.values
    inFlight.removeAll()
    for entry in waiting { entry.reply(.failure(error)) }
    if case ClientError.reconnectFailed = error {
      endStreams(throwing: error)
    }
  }

  /// Fails the requests that went out on a socket the connection replaced.
  private func failStale() {
    let current = connection.client
    for (id, entry) in inFlight where entry.client !== current {
      inFlight[id] = nil
      entry.reply(.failure(ClientError.closed))
    }
  }

  private func endStreams(throwing error: (any Error)?) {
    let ended = sinks.values
    sinks.removeAll()
    for sink in ended {
      if let error { sink.finish(throwing: error) } else { sink.finish() }
    }
  }

  private func end(queued: [Work]) {
    connection.close()
    lost(ClientError.notConnected)
    endStreams(throwing: nil)
    for item in queued + link.finish() {
      switch item {
      case .request(_, let reply): reply(.failure(ClientError.notConnected))
      case .subscribe(_, _, let sink, let reply):
        _ = reply(.failure(ClientError.notConnected))
        sink.finish()
      case .unsubscribe: break
      }
    }
  }
}
