// The async Swift client of curtaind (docs/swift-client.md). The module is
// `Curtain` (the product `CurtainClient`): CurtainWire already has a class
// `CurtainClient` (the CLI's blocking client), and a module named like a
// type it uses makes `CurtainClient.X` ambiguous. Here the type is
// `Client`, `Curtain.Client` in full.

import CurtainCore
public import CurtainWire
public import Logging
import Synchronization

/// How a `Client` connects and behaves.
public struct ClientConfiguration: Sendable {
  /// Where the daemon listens.
  public var endpoint: CurtainClient.Endpoint
  /// The client's name in Hello (the daemon's logs, `curtain status`).
  public var clientName: String
  /// The token a TCP listener asks for ("" on a Unix socket); the same on
  /// every node a MOVED answer leads to.
  public var token: String
  /// Hello capabilities ("read-only", "unowned-interactions", …).
  public var capabilities: [String]
  /// When to dial again after losing the daemon.
  public var reconnect: ReconnectPolicy
  /// MOVED answers followed for one request at most.
  public var maxMovedHops: Int
  /// Seconds to wait for a connect, a Hello, a subscription's answer and a
  /// request sent again after MOVED (nil: no limit). Other requests wait
  /// as long as their task is not cancelled.
  public var timeout: Double?
  /// Where the client logs what it does by itself (following MOVED,
  /// reconnecting, resuming).
  public var logger: Logger

  public init(
    endpoint: CurtainClient.Endpoint, clientName: String = "swift", token: String = "",
    capabilities: [String] = [], reconnect: ReconnectPolicy = .standard,
    maxMovedHops: Int = SessionRedirect.maxHops, timeout: Double? = CurtainClient.defaultTimeout,
    logger: Logger = Logger(label: "curtain.client")
  ) {
    self.endpoint = endpoint
    self.clientName = clientName
    self.token = token
    self.capabilities = capabilities
    self.reconnect = reconnect
    self.maxMovedHops = maxMovedHops
    self.timeout = timeout
    self.logger = logger
  }

  var connectionOptions: CurtainConnection.Options {
    CurtainConnection.Options(
      clientName: clientName, capabilities: capabilities, responseTimeout: timeout,
      reconnect: reconnect, maxMovedHops: maxMovedHops)
  }
}

/// Connects to the daemon at `socket` (a Unix socket path or
/// `tcp://HOST:PORT`), runs `body` with the client and closes it when
/// `body` returns or throws.
///
/// ```swift
/// try await withCurtainClient(socket: path) { client in
///   let window = try await client.createWindow()
/// }
/// ```
public func withCurtainClient<Value>(
  socket: String, clientName: String = "swift", token: String = "",
  logger: Logger = Logger(label: "curtain.client"),
  _ body: (Client) async throws -> Value
) async throws -> Value {
  let configuration = ClientConfiguration(
    endpoint: try CurtainClient.Endpoint(address: socket), clientName: clientName, token: token,
    logger: logger)
  return try await withCurtainClient(configuration, body)
}

/// Connects as `configuration` says, runs `body` with the client and
/// closes it when `body` returns or throws.
public func withCurtainClient<Value>(
  _ configuration: ClientConfiguration, _ body: (Client) async throws -> Value
) async throws -> Value {
  let client = try await Client.connect(configuration)
  do {
    let result = try await body(client)
    await client.close()
    return result
  } catch {
    await client.close()
    throw error
  }
}

/// An async connection to curtaind. Requests may be made from any number
/// of tasks at once: each is sent at once and they are all in flight on
/// the one connection (pipelining). An error answer throws
/// `ClientError.server` with the protocol's `CurtainError` (its `code`);
/// a lost connection throws the loss (`ClientError.closed`, `.goodbye`,
/// `.io`), and the next request dials again (`ReconnectPolicy`).
public final class Client: Sendable {
  /// The daemon's answer to Hello on the first connection.
  public let welcome: Curtain_V1_Welcome
  /// The session requests go to when they name none ("" is the daemon's
  /// default session).
  public let session: String
  private let link: Link

  private init(welcome: Curtain_V1_Welcome, session: String, link: Link) {
    self.welcome = welcome
    self.session = session
    self.link = link
  }

  deinit { link.stop() }

  /// Connects and says Hello. Prefer `withCurtainClient`, which closes the
  /// client; a client made here is closed by `close()` (or when released).
  public static func connect(_ configuration: ClientConfiguration, session: String = "")
    async throws -> Client
  {
    let link = try Link()
    let welcome = try await withCheckedThrowingContinuation { continuation in
      do {
        try link.start(configuration: configuration) { result in
          continuation.resume(with: result)
        }
      } catch {
        continuation.resume(throwing: error)
      }
    }
    return Client(welcome: welcome, session: session, link: link)
  }

  /// Closes the connection: requests still waiting fail with
  /// `ClientError.notConnected`, event sequences end. Returns once the
  /// I/O thread has ended.
  public func close() async {
    link.stop()
    await link.waitUntilFinished()
  }

  /// Sends a request and returns its result: every request kind of the
  /// protocol, for those without a typed method here. An error answer
  /// throws `ClientError.server`; cancelling the calling task throws
  /// `CancellationError` at once (the request may still be applied).
  /// `waitUntil` says when an operation is answered (accepted by default,
  /// as the protocol says).
  public func request(
    _ body: WireRequest.OneOf_Body, session: String? = nil, waitUntil: OperationWait = .accepted
  ) async throws -> WireResponse.OneOf_Result? {
    var request = WireRequest()
    request.session = session ?? self.session
    request.waitUntil = waitUntil.wire
    request.body = body
    let response = try await send(request)
    if case .error(let error)? = response.result {
      throw ClientError.server(CurtainError(error))
    }
    return response.result
  }

  /// Sends `request` and waits for its response, error responses included.
  func send(_ request: WireRequest) async throws -> WireResponse {
    let slot = ReplySlot<WireResponse>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard slot.install(continuation) else { return }
        if !link.submit(.request(request, { _ = slot.resume(with: $0) })) {
          _ = slot.resume(with: .failure(ClientError.notConnected))
        }
      }
    } onCancel: {
      _ = slot.resume(with: .failure(CancellationError()))
    }
  }

  /// Subscribes; events go to `sink` from the answer on.
  func subscribe(_ body: Curtain_V1_Subscribe, session: String, sink: EventSink) async throws
    -> Curtain_V1_SubscribeResult
  {
    let slot = ReplySlot<Curtain_V1_SubscribeResult>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard slot.install(continuation) else { return }
        if !link.submit(.subscribe(body, session: session, sink, { slot.resume(with: $0) })) {
          _ = slot.resume(with: .failure(ClientError.notConnected))
        }
      }
    } onCancel: {
      _ = slot.resume(with: .failure(CancellationError()))
    }
  }

  /// Ends subscription `id` (its sequence's consumer stopped).
  func unsubscribe(_ id: UInt64) {
    _ = link.submit(.unsubscribe(id))
  }
}

/// A continuation resumed once: by the answer or by cancellation,
/// whichever comes first.
final class ReplySlot<Value: Sendable>: Sendable {
  private enum State {
    case empty
    case waiting(CheckedContinuation<Value, any Error>)
    case done
  }

  private let state = Mutex(State.empty)

  /// Installs the continuation; false (and resumed with
  /// `CancellationError`) when cancellation came first.
  func install(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
    let installed = state.withLock { state in
      guard case .empty = state else { return false }
      state = .waiting(continuation)
      return true
    }
    if !installed { continuation.resume(throwing: CancellationError()) }
    return installed
  }

  /// Resumes the waiting caller; false when it is no longer waiting.
  func resume(with result: Result<Value, any Error>) -> Bool {
    let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
      switch state {
      case .waiting(let continuation):
        state = .done
        return continuation
      case .empty:
        state = .done
        return nil
      case .done:
        return nil
      }
    }
    continuation?.resume(with: result)
    return continuation != nil
  }
}
