// The daemon's limits (curtaind's --max-* flags): what one client, one
// session or one request may take, so that no client can exhaust the
// daemon's memory or time for the others. A request over a limit gets
// `LIMIT_EXCEEDED` naming the limit (details["limit"], the flag's name) and
// its value (details["value"]); `GetStatus` lists every limit with its
// current use.
//
// Where each is enforced:
// - max-clients, max-partial-bytes, message-timeout: the transport
//   (Daemon.swift, Connection.swift, PartialMessageBudget.swift), before
//   a message reaches the server;
// - max-sessions: when a request names a session that does not exist yet;
// - max-windows, max-controllers: the session (CurtainCore's
//   SessionConfiguration);
// - max-subscriptions, max-waiters: per client, before the request runs;
// - max-unanswered: per client, by the outbox (Outbox.swift), which stops
//   reading from a client whose answers waiting reach it;
// - max-string-bytes, max-list-items: every string and list of a request,
//   before it runs (RequestSize.swift);
// - max-storyboard-bytes: LoadStoryboard's document, before it is parsed
//   (Storyboard+JSON.swift).
// A restore is not refused by these limits: it replays what was accepted
// (a session restored above a lowered limit keeps what it has and cannot
// grow).

import CurtainCore
import CurtainWire

/// The limits of a daemon.
public struct ServerLimits: Sendable, Equatable {
  /// Connected clients (`--max-clients`); one more is refused with a
  /// goodbye `LIMIT_EXCEEDED`.
  public var maxClients = 512
  /// Sessions (`--max-sessions`).
  public var maxSessions = 1_000
  /// Windows per session (`--max-windows`).
  public var maxWindows = 1_000
  /// Controllers per session (`--max-controllers`).
  public var maxControllers = 100_000
  /// Subscriptions per client (`--max-subscriptions`).
  public var maxSubscriptions = 256
  /// Requests per client waiting for an answer (`wait_until` STARTED or
  /// COMPLETED, `WaitIdle`; `--max-waiters`).
  public var maxWaiters = 1_024
  /// Requests of one client read and not answered yet, answers waiting
  /// for their journal record or for an earlier answer included
  /// (`--max-unanswered`): there the daemon stops reading from the client
  /// until half of them are answered. Above `maxWaiters`, so that a client
  /// whose every waiter waits can still send what answers them.
  public var maxUnanswered = 4_096
  /// A storyboard document's size in bytes (`--max-storyboard-bytes`).
  public var maxStoryboardBytes = 1 << 20
  /// A string of a request, in UTF-8 bytes (`--max-string-bytes`); bytes
  /// fields (documents) are bounded by their own limits and the frame size.
  public var maxStringBytes = 64 << 10
  /// The entries of a list (or map) of a request (`--max-list-items`).
  public var maxListItems = 10_000
  /// Seconds a client may take to complete a message it started
  /// (`--message-timeout`); then goodbye `TIMEOUT`.
  public var messageTimeout = 30.0
  /// Bytes held for unfinished messages, all clients together
  /// (`--max-partial-bytes`); past it the oldest unfinished messages are
  /// dropped (their clients get goodbye `LIMIT_EXCEEDED`).
  public var maxPartialBytes = 64 << 20

  /// The defaults.
  public init() {}
}

extension Server {
  /// The configuration of a session made now: the daemon's queue, ring,
  /// interaction timeout and limits; at least `windows` windows and
  /// `controllers` controllers (what a restored session already has).
  func sessionConfiguration(windows: Int = 0, controllers: Int = 0) -> SessionConfiguration {
    SessionConfiguration(
      operationQueueLimit: configuration.operationQueueLimit,
      eventLogCapacity: configuration.eventRing,
      eventLogByteLimit: configuration.eventRingBytes, eventFootprint: .glibc,
      interactionTimeout: configuration.interactionTimeout,
      maxWindows: max(configuration.limits.maxWindows, windows),
      maxControllers: max(configuration.limits.maxControllers, controllers))
  }

  /// The refusal of a request over a per-client or per-request limit, or
  /// `nil` when it may run; a Hello's strings and lists count too.
  /// `bytes` is the size of the request's encoded message, when known;
  /// `oversized`, what the prescan found over a limit before decoding.
  func limitRefusal(
    of request: WireRequest, _ kind: RequestKind?, from client: ClientState, bytes: Int? = nil,
    oversized: RequestSize.Violation? = nil
  ) -> HandlerResult? {
    if let oversized {
      // Found before decoding (RequestPrescan.swift), a Hello's too.
      let error = limitError(oversized)
      return .failed(error.code, error.message, details: error.details)
    }
    do {
      try checkLimits(of: request, kind, from: client, bytes: bytes)
      return nil
    } catch {
      return .failed(error.code, error.message, details: error.details)
    }
  }

  /// Checks the per-client and per-request limits of a request before it
  /// runs (not on replay: a replay repeats what was accepted). A message
  /// of `bytes` bytes has no string longer and no list longer than that
  /// (each item of a list takes a byte at least), so one that small is not
  /// walked.
  func checkLimits(
    of request: WireRequest, _ kind: RequestKind?, from client: ClientState, bytes: Int? = nil
  ) throws(CurtainError) {
    let limits = configuration.limits
    do {
      if let bytes, bytes <= min(limits.maxStringBytes, limits.maxListItems) {
        // Nothing in it can be over either limit.
      } else {
        try RequestSize.check(
          request, maxStringBytes: limits.maxStringBytes, maxListItems: limits.maxListItems)
      }
    } catch let error as RequestSize.Violation {
      throw limitError(error)
    } catch {
      throw CurtainError(.internalError, "\(error)")
    }
    switch kind {
    case .subscribe:
      guard publisher.count(of: client.id) < limits.maxSubscriptions else {
        throw .limitExceeded(
          "A client may have at most \(limits.maxSubscriptions) subscriptions",
          limit: "max-subscriptions", value: limits.maxSubscriptions)
      }
    default:
      break
    }
    if kind == .waitIdle || request.waitUntil != .accepted {
      guard waiters.count(of: client.id) < limits.maxWaiters else {
        throw .limitExceeded(
          "A client may have at most \(limits.maxWaiters) requests waiting for an answer",
          limit: "max-waiters", value: limits.maxWaiters)
      }
    }
  }

  /// The `LIMIT_EXCEEDED` of a string or list over its limit.
  func limitError(_ violation: RequestSize.Violation) -> CurtainError {
    let limits = configuration.limits
    switch violation {
    case .string(let bytes):
      return .limitExceeded(
        "A string of the request has \(bytes) bytes; at most \(limits.maxStringBytes) are allowed",
        limit: "max-string-bytes", value: limits.maxStringBytes)
    case .list(let count):
      return .limitExceeded(
        "A list of the request has \(count) items; at most \(limits.maxListItems) are allowed",
        limit: "max-list-items", value: limits.maxListItems)
    }
  }

  /// Whether one more session may be made (never refused during a
  /// restore).
  func checkSessionLimit() throws(CurtainError) {
    let limit = configuration.limits.maxSessions
    guard isRestoring || sessions.count < limit else {
      throw .limitExceeded(
        "The daemon may have at most \(limit) sessions", limit: "max-sessions", value: limit)
    }
  }

  /// An imported session must fit the limits of a session made here (a
  /// restore keeps what it has, `sessionConfiguration`).
  func checkImportLimits(_ snapshot: SessionSnapshot) throws(CurtainError) {
    let limits = configuration.limits
    guard snapshot.windows.count <= limits.maxWindows else {
      throw .limitExceeded(
        "The document's session has \(snapshot.windows.count) windows; a session may have at most \(limits.maxWindows)",
        limit: "max-windows", value: limits.maxWindows)
    }
    guard snapshot.controllers.count <= limits.maxControllers else {
      throw .limitExceeded(
        "The document's session has \(snapshot.controllers.count) controllers; a session may have at most \(limits.maxControllers)",
        limit: "max-controllers", value: limits.maxControllers)
    }
  }

  /// Every limit with its current use, for `GetStatus`: in the whole
  /// daemon, or as `client` may see it when given (a client that is not
  /// admin): the use of its own sessions and of itself only (max-clients
  /// counts its connection, max-partial-bytes nothing).
  func limitUsages(seenBy client: ClientState? = nil) -> [Curtain_V1_LimitUsage] {
    let limits = configuration.limits
    func usage(
      _ name: String, _ scope: String, _ value: Double, _ used: Double, _ description: String
    ) -> Curtain_V1_LimitUsage {
      var entry = Curtain_V1_LimitUsage()
      entry.name = name
      entry.scope = scope
      entry.value = value
      entry.used = used
      entry.description_p = description
      return entry
    }
    let seen = sessions.values.filter { client?.scope.allows(session: $0.name) ?? true }
    let mostWindows = seen.map(\.windows.count).max() ?? 0
    let mostControllers = seen.map(\.controllers.count).max() ?? 0
    // The fullest ring, read in place (no array of logs: a daemon with
    // many windows answers every `curtain status` with this).
    var fullestRing = (count: 0, bytes: 0)
    func measure(_ log: EventLog) {
      fullestRing = (max(fullestRing.count, log.keptCount), max(fullestRing.bytes, log.bytes))
    }
    for session in seen {
      measure(session.detachedLog)
      for window in session.windows.values { measure(window.log) }
    }
    let seenClients = client.map { [$0] } ?? Array(clients.values)
    let mostSubscriptions =
      client.map { publisher.count(of: $0.id) } ?? publisher.mostPerClient
    let mostWaiters = seenClients.map { waiters.count(of: $0.id) }.max() ?? 0
    return [
      usage(
        "max-clients", "daemon", Double(limits.maxClients), Double(seenClients.count),
        "connected clients"),
      usage(
        "max-sessions", "daemon", Double(limits.maxSessions), Double(seen.count), "sessions"),
      usage(
        "max-partial-bytes", "daemon", Double(limits.maxPartialBytes),
        Double(client == nil ? partialBytesInUse() : 0),
        "bytes held for unfinished messages of all clients"),
      usage(
        "max-windows", "session", Double(limits.maxWindows), Double(mostWindows),
        "windows per session"),
      usage(
        "max-controllers", "session", Double(limits.maxControllers), Double(mostControllers),
        "controllers per session"),
      usage(
        "queue-limit", "window", Double(configuration.operationQueueLimit), 0,
        "operations waiting per window"),
      usage(
        "event-ring", "window", Double(configuration.eventRing), Double(fullestRing.count),
        "events kept per window for resuming"),
      usage(
        "event-ring-bytes", "window", Double(configuration.eventRingBytes),
        Double(fullestRing.bytes), "bytes of events kept per window for resuming"),
      usage(
        "max-subscriptions", "client", Double(limits.maxSubscriptions), Double(mostSubscriptions),
        "subscriptions per client"),
      usage(
        "max-waiters", "client", Double(limits.maxWaiters), Double(mostWaiters),
        "requests waiting for an answer per client"),
      usage(
        "max-unanswered", "client", Double(limits.maxUnanswered),
        Double(client.map { outbox.waitingResponses(of: $0.id) } ?? outbox.mostWaitingResponses),
        "requests read and not answered yet per client"),
      usage(
        "max-write-queue-bytes", "connection", Double(configuration.maxWriteQueueBytes), 0,
        "unwritten responses and events per client"),
      usage(
        "max-frame-bytes", "request", Double(configuration.maxFrameBytes), 0,
        "bytes of one message"),
      usage(
        "max-string-bytes", "request", Double(limits.maxStringBytes), 0,
        "bytes of one string of a request"),
      usage(
        "max-list-items", "request", Double(limits.maxListItems), 0,
        "items of one list of a request"),
      usage(
        "max-storyboard-bytes", "request", Double(limits.maxStoryboardBytes), 0,
        "bytes of a storyboard document"),
      usage(
        "message-timeout", "connection", limits.messageTimeout, 0,
        "seconds to complete a message once started"),
      usage(
        "hello-timeout", "connection", configuration.helloTimeout, 0,
        "seconds to send Hello after connecting"),
    ]
  }
}
