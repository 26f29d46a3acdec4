// The connection contract every Swift client of curtaind keeps, on the
// blocking `CurtainClient` (docs/protocol.md §6, "The connection
// contract"):
//
// - Hello once per connection, the same Hello again on every new one
//   (`Handshake`; the token is asked for each endpoint, so that a MOVED
//   hop to a TCP node carries it).
// - MOVED is followed (`SessionRedirect`): a request answered `MOVED` is
//   sent again on a connection to the session's node, at most
//   `maxMovedHops` times; the whole connection moves there, its
//   subscriptions resumed on the new node. A `Goodbye{MOVED}` to a
//   subscriber is followed the same way.
// - A lost connection is dialled again (`ReconnectPolicy`): when the
//   daemon went away (end of stream, a failed read or write, a goodbye
//   because it stops) while the client waits for messages with
//   subscriptions open, or before the next request. Each subscription is
//   then made again from the last event it delivered (`ResumeCursor`), so
//   nothing is lost and nothing comes twice; events keep the subscription
//   id the caller was given. A window whose events left the daemon's ring
//   meanwhile is answered with `snapshot_required` and its tree
//   (`Notice.resumed`).
// - What the caller sees: a request in flight when the connection is lost
//   fails with the loss (`ClientError.closed`, `.goodbye`, `.io`); it may
//   or may not have been applied, so it is not sent again (the next
//   request dials again first). When the policy gives up, the call throws
//   `ClientError.reconnectFailed` with the loss and the last dial's error.
//   Responses to requests pipelined with `send` and not yet taken are lost
//   with the connection.
//
// Nothing here is specific to blocking sockets but the socket: the rules
// are the values above, which curtain-web's NIO link follows too.

import CurtainCore
import Glibc

/// A connection to curtaind that follows MOVED, reconnects and resumes
/// its subscriptions. Used from one thread, like `CurtainClient`.
public final class CurtainConnection {
  /// What the connection does behind the caller's back, for a log or
  /// `--verbose`.
  public enum Notice: Sendable, Equatable {
    /// Following a MOVED answer or goodbye to the session's node.
    case followingMoved(SessionRedirect)
    /// The connection was lost (`lost`); dialling again, attempt
    /// `attempt`, after a pause of `delay` seconds.
    case reconnecting(attempt: Int, delay: Double, lost: ClientError)
    /// A subscription was made again on a new connection (with
    /// `snapshotRequired`: the events it missed are gone, its result
    /// carries the trees).
    case resumed(subscription: UInt64, result: Curtain_V1_SubscribeResult)
  }

  /// How the connection behaves.
  public struct Options: Sendable {
    /// The client's name in Hello.
    public var clientName: String
    /// Hello capabilities, the same on every connection.
    public var capabilities: [String]
    /// Seconds a request waits for its response (nil: no limit).
    public var responseTimeout: Double?
    /// When to dial again after losing the daemon.
    public var reconnect: ReconnectPolicy
    /// MOVED answers followed for one request at most.
    public var maxMovedHops: Int

    public init(
      clientName: String, capabilities: [String] = [],
      responseTimeout: Double? = CurtainClient.defaultTimeout,
      reconnect: ReconnectPolicy = .standard, maxMovedHops: Int = SessionRedirect.maxHops
    ) {
      self.clientName = clientName
      self.capabilities = capabilities
      self.responseTimeout = responseTimeout
      self.reconnect = reconnect
      self.maxMovedHops = maxMovedHops
    }
  }

  /// A subscription made through `subscribe`.
  private struct Subscription {
    /// The id the caller was given (its events keep it).
    let id: UInt64
    /// Its id on the current connection.
    var current: UInt64
    /// The session it belongs to.
    let session: String
    var cursor: ResumeCursor
  }

  public let options: Options
  /// Where the connection is now (after MOVED, the session's node).
  public private(set) var endpoint: CurtainClient.Endpoint
  /// The current socket.
  public private(set) var client: CurtainClient
  /// Told what the connection does by itself.
  public var onNotice: ((Notice) -> Void)?
  /// The token for an endpoint (asked for each new connection).
  private let token: (CurtainClient.Endpoint) throws -> String
  private var subscriptions: [Subscription] = []
  /// Set by `close()`: nothing dials again.
  private var closed = false

  /// Connects to `endpoint` and says Hello; or, given `connected` (a
  /// client just connected there, e.g. to a daemon this program started),
  /// says Hello on it. `token` gives the token for an endpoint (asked for
  /// the first connection and each later one); errors it throws are
  /// thrown as they are.
  public init(
    endpoint: CurtainClient.Endpoint, options: Options,
    token: @escaping (CurtainClient.Endpoint) throws -> String = { _ in "" },
    connected: CurtainClient? = nil
  ) throws {
    self.endpoint = endpoint
    self.options = options
    self.token = token
    let client =
      try connected ?? CurtainClient(endpoint: endpoint, timeout: options.responseTimeout)
    client.responseTimeout = options.responseTimeout
    try client.hello(
      Handshake(
        clientName: options.clientName, token: try token(endpoint),
        capabilities: options.capabilities))
    self.client = client
  }

  /// The daemon's Welcome on the current connection.
  public var welcome: Curtain_V1_Welcome? { client.welcome }

  /// The current socket, for a `poll` loop (see `CurtainClient`).
  public var fileDescriptor: Int32 { client.fileDescriptor }

  // MARK: Requests

  /// Sends `request` and waits for its response, following MOVED; an error
  /// response throws `ClientError.server`. A connection lost earlier is
  /// dialled again first.
  @discardableResult
  public func call(_ request: WireRequest) throws -> WireResponse {
    try restoreIfLost()
    var hops = 0
    while true {
      do {
        return try client.call(request)
      } catch ClientError.server(let error) where error.code == .moved {
        guard let redirect = SessionRedirect(error, session: request.session) else { throw error }
        hops += 1
        let target = try redirect.endpoint(hop: hops, maxHops: options.maxMovedHops)
        onNotice?(.followingMoved(redirect))
        do {
          try establish(at: target, hops: hops)
        } catch let failure as ClientError {
          if case .moved = failure { throw failure }
          throw ClientError.moved(redirect, .unreachable(failure))
        }
      }
    }
  }

  /// Sends `request` without waiting (pipelining; MOVED is not followed:
  /// the caller reads the answer with `waitForResponse` or
  /// `nextMessage`). A connection lost earlier is dialled again first.
  @discardableResult
  public func send(_ request: WireRequest) throws -> UInt64 {
    try restoreIfLost()
    return try client.send(request)
  }

  /// Waits for the response to request `id` (see `CurtainClient`).
  public func waitForResponse(to id: UInt64, timeout: Double?) throws -> WireResponse {
    try client.waitForResponse(to: id, timeout: timeout)
  }

  // MARK: Subscriptions

  /// Subscribes (following MOVED) and keeps the subscription's cursor, so
  /// that it resumes after a reconnect. A session-wide subscription
  /// without `from_seq` first reads the windows' last seqs, so that a
  /// resume starts no earlier than needed.
  @discardableResult
  public func subscribe(_ body: Curtain_V1_Subscribe, session: String = "") throws
    -> Curtain_V1_SubscribeResult
  {
    var baselines: [UInt64: UInt64] = [:]
    if body.windowID == 0, !body.hasFromSeq, options.reconnect != .never {
      var list = WireRequest()
      list.session = session
      list.body = .listWindows(Curtain_V1_ListWindows())
      if case .windows(let windows)? = try call(list).result {
        for window in windows.windows { baselines[window.id] = window.lastSeq }
      }
    }
    var request = WireRequest()
    request.session = session
    request.body = .subscribe(body)
    let response = try call(request)
    guard case .subscribed(let result)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "subscribed", got: response.resultName)
    }
    subscriptions.append(
      Subscription(
        id: result.subscriptionID, current: result.subscriptionID, session: session,
        cursor: ResumeCursor(request: body, result: result, baselines: baselines)))
    return result
  }

  /// Ends subscription `id` (the id `subscribe` returned).
  public func unsubscribe(_ id: UInt64) throws {
    guard let index = subscriptions.firstIndex(where: { $0.id == id }) else { return }
    let subscription = subscriptions.remove(at: index)
    var request = WireRequest()
    request.session = subscription.session
    var body = Curtain_V1_Unsubscribe()
    body.subscriptionID = subscription.current
    request.body = .unsubscribe(body)
    try client.call(request)
  }

  // MARK: Messages

  /// The next message from the daemon within `timeout` seconds (nil: no
  /// limit), or nil. With subscriptions open, a lost connection is dialled
  /// again and the subscriptions resumed (the pauses count against the
  /// timeout only once the connection is back); an event already
  /// delivered is not delivered again.
  public func nextMessage(timeout: Double?) throws -> ServerMessage? {
    let deadline = timeout.map { MonotonicClock.now() + $0 }
    while true {
      let message: ServerMessage?
      do {
        message = try client.nextMessage(
          timeout: deadline.map { max(0, $0 - MonotonicClock.now()) })
      } catch let error as ClientError
        where error.isConnectionLost && !subscriptions.isEmpty && !closed
      {
        try reconnect(after: error)
        continue
      }
      guard var message else { return nil }
      if case .event(var event)? = message.kind,
        let index = subscriptions.firstIndex(where: { $0.current == event.subscriptionID })
      {
        guard subscriptions[index].cursor.accept(event) else { continue }
        if event.subscriptionID != subscriptions[index].id {
          event.subscriptionID = subscriptions[index].id
          message.event = event
        }
      }
      return message
    }
  }

  /// Closes the connection; nothing dials again.
  public func close() {
    closed = true
    client.close()
  }

  // MARK: Dialling

  /// Dials again when the connection was lost (not closed) before a call.
  private func restoreIfLost() throws {
    guard !closed, let ended = client.endedWith, ended.isConnectionLost else { return }
    try reconnect(after: ended)
  }

  /// Dials again after `lost`, as the policy says, and resumes the
  /// subscriptions; a `Goodbye{MOVED}` is followed to the session's node.
  private func reconnect(after lost: ClientError) throws {
    guard options.reconnect.attempts != 0 else { throw lost }
    var target = endpoint
    if case .goodbye(.moved, _) = lost, let goodbye = client.lastGoodbye,
      let redirect = SessionRedirect(goodbye)
    {
      target = try redirect.endpoint(hop: 1, maxHops: options.maxMovedHops)
      onNotice?(.followingMoved(redirect))
    }
    client.close()
    var last = lost
    var attempt = 0
    while true {
      attempt += 1
      guard let delay = options.reconnect.delay(beforeAttempt: attempt) else {
        throw ClientError.reconnectFailed(attempts: attempt - 1, lost: lost, last: last)
      }
      onNotice?(.reconnecting(attempt: attempt, delay: delay, lost: lost))
      Self.pause(delay)
      do {
        try establish(at: target, hops: 0)
        return
      } catch let error as ClientError where Self.isWorthRetrying(error) {
        last = error
      }
    }
  }

  /// Connects to `first`, says Hello and makes every subscription again
  /// there; a MOVED answer to one sends the whole connection on (hops
  /// counted from `hops`). Installs the new client only once all is done.
  private func establish(at first: CurtainClient.Endpoint, hops: Int) throws {
    var target = first
    var hops = hops
    while true {
      let fresh = try CurtainClient(endpoint: target, timeout: options.responseTimeout)
      do {
        try fresh.hello(try handshake(for: target))
        let resumed = try resume(on: fresh)
        client.close()
        client = fresh
        endpoint = target
        for (id, result) in resumed.answers {
          onNotice?(.resumed(subscription: id, result: result))
        }
        // The connection is back; the caller hears of the subscription
        // that could not be made again.
        if let refused = resumed.refused { throw ClientError.server(refused) }
        return
      } catch ClientError.server(let error) where error.code == .moved {
        fresh.close()
        guard let redirect = SessionRedirect(error, session: "") else { throw error }
        hops += 1
        target = try redirect.endpoint(hop: hops, maxHops: options.maxMovedHops)
        onNotice?(.followingMoved(redirect))
      } catch {
        fresh.close()
        throw error
      }
    }
  }

  /// Makes every subscription again on `fresh` from its cursor; returns
  /// each one's answer by the id the caller knows. A subscription the
  /// daemon refuses now (its window was closed, its session killed
  /// meanwhile) is dropped, and its refusal returned.
  private func resume(on fresh: CurtainClient) throws -> (
    answers: [(UInt64, Curtain_V1_SubscribeResult)], refused: CurtainError?
  ) {
    var answers: [(UInt64, Curtain_V1_SubscribeResult)] = []
    var refused: CurtainError?
    var kept: [Subscription] = []
    for var subscription in subscriptions {
      var request = WireRequest()
      request.session = subscription.session
      request.body = .subscribe(subscription.cursor.resumeRequest)
      let response: WireResponse
      do {
        response = try fresh.call(request)
      } catch ClientError.server(let error) where !Self.isPassing(error) {
        refused = refused ?? error
        continue
      }
      guard case .subscribed(let result)? = response.result else {
        throw ClientError.unexpectedResponse(expected: "subscribed", got: response.resultName)
      }
      subscription.current = result.subscriptionID
      subscription.cursor.resumed(result)
      answers.append((subscription.id, result))
      kept.append(subscription)
    }
    subscriptions = kept
    return (answers, refused)
  }

  private func handshake(for endpoint: CurtainClient.Endpoint) throws -> Handshake {
    Handshake(
      clientName: options.clientName, token: try token(endpoint),
      capabilities: options.capabilities)
  }

  /// Whether dialling again may succeed after `error`: nothing listens
  /// yet, the new connection was lost at once, it did not answer in time,
  /// or its node refused a subscription for the moment. A refused Hello (a
  /// bad token) or an unusable address is final.
  private static func isWorthRetrying(_ error: ClientError) -> Bool {
    switch error {
    case .connectFailed, .timedOut: return true
    case .server(let refusal): return isPassing(refusal)
    default: return error.isConnectionLost
    }
  }

  /// Whether a refusal is of the moment: the session is moving (MOVED,
  /// BUSY while a node hands it over or claims it) or its node cannot
  /// serve it yet (UNAVAILABLE while its store or lease recovers).
  private static func isPassing(_ error: CurtainError) -> Bool {
    [.moved, .busy, .unavailable].contains(error.code)
  }

  private static func pause(_ seconds: Double) {
    guard seconds > 0 else { return }
    var request = timespec(
      tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}
