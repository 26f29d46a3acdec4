// The client of the integration tests: CurtainWire's `CurtainClient` (the
// CLI's client; every byte goes through it) with what tests want on top.
// Requests are built in place and answered with their response, error
// responses included, so that a test asserts their code; the events, frames
// and responses to other requests that arrive meanwhile are kept, in
// arrival order, for `takeEvents`, `takeFrames` and a later `response(to:)`;
// a goodbye is kept too.

public import CurtainWire

/// A client for integration tests.
public final class TestClient {
  /// The connection.
  public let connection: CurtainClient
  /// Events received and not yet taken.
  public private(set) var events: [WireEvent] = []
  /// Frames received and not yet taken.
  public private(set) var frames: [WireFrame] = []
  /// Delegate questions received and not yet taken.
  public private(set) var delegateCalls: [Curtain_V1_DelegateCall] = []
  /// Transitions handed to this client's remote animators, not yet taken.
  public private(set) var animations: [Curtain_V1_AnimateTransition] = []
  /// A goodbye, if the daemon said it.
  public private(set) var goodbye: Goodbye?
  /// Responses received and not yet asked for, by request id.
  private var responses: [UInt64: WireResponse] = [:]

  /// Connects to a Unix socket and says Hello (throws if the daemon
  /// refuses it).
  public convenience init(
    path: String, name: String = "test", token: String = "", capabilities: [String] = []
  ) throws {
    try self.init(
      endpoint: .unix(path: path), name: name, token: token, capabilities: capabilities)
  }

  /// Connects and says Hello (throws if the daemon refuses it).
  public init(
    endpoint: CurtainClient.Endpoint, name: String = "test", token: String = "",
    capabilities: [String] = []
  ) throws {
    connection = try CurtainClient(endpoint: endpoint, maxFrameBytes: 64 << 20)
    try connection.hello(clientName: name, token: token, capabilities: capabilities)
  }

  /// Sends a request and waits (up to `timeout` seconds of silence) for its
  /// response.
  @discardableResult
  public func call(
    session: String = "", timeout: Double = 10, _ build: (inout WireRequest) -> Void
  ) throws -> WireResponse {
    let id = send(session: session, build)
    guard let response = try response(to: id, timeout: timeout) else {
      throw TempDaemonError(
        description: "no response to request \(id) (goodbye: \(String(describing: goodbye)))")
    }
    return response
  }

  /// Sends a request without waiting; returns its id (0 when it could not
  /// be written: the connection is over, and the next read says why).
  @discardableResult
  public func send(session: String = "", _ build: (inout WireRequest) -> Void) -> UInt64 {
    var request = WireRequest()
    request.session = session
    build(&request)
    return (try? connection.send(request)) ?? 0
  }

  /// Reads until the response to `id` (nil when `timeout` seconds pass
  /// without a message, or the connection ends).
  public func response(to id: UInt64, timeout: Double = 10) throws -> WireResponse? {
    while responses[id] == nil, try receive(timeout: timeout) {}
    return responses.removeValue(forKey: id)
  }

  /// Reads whatever arrives until `timeout` seconds of silence.
  public func drain(timeout: Double = 0.2) throws {
    while try receive(timeout: timeout) {}
  }

  /// A round trip (Sync): everything the daemon sent before it has arrived.
  public func sync() throws {
    try call { $0.sync = Curtain_V1_Sync() }
  }

  /// Takes the events received so far.
  public func takeEvents() -> [WireEvent] {
    defer { events = [] }
    return events
  }

  /// Takes the frames received so far.
  public func takeFrames() -> [WireFrame] {
    defer { frames = [] }
    return frames
  }

  /// Takes the delegate questions received so far.
  public func takeDelegateCalls() -> [Curtain_V1_DelegateCall] {
    defer { delegateCalls = [] }
    return delegateCalls
  }

  /// Reads until a delegate question arrives (nil after `timeout` seconds
  /// of silence) and takes it.
  public func nextDelegateCall(timeout: Double = 10) throws -> Curtain_V1_DelegateCall? {
    while delegateCalls.isEmpty, try receive(timeout: timeout) {}
    guard !delegateCalls.isEmpty else { return nil }
    return delegateCalls.removeFirst()
  }

  /// Waits for the next transition handed to a remote animator of this
  /// client (nil after `timeout` seconds of silence) and takes it.
  public func nextAnimation(timeout: Double = 10) throws -> Curtain_V1_AnimateTransition? {
    while animations.isEmpty, try receive(timeout: timeout) {}
    guard !animations.isEmpty else { return nil }
    return animations.removeFirst()
  }

  /// Closes the connection.
  public func close() {
    connection.close()
  }

  /// Keeps the next message; false when `timeout` seconds passed without
  /// one or the connection is over (after a goodbye, or end of stream).
  private func receive(timeout: Double) throws -> Bool {
    let message: ServerMessage?
    do {
      message = try connection.nextMessage(timeout: timeout)
    } catch ClientError.goodbye(let reason, let text) {
      var said = connection.lastGoodbye ?? Goodbye()
      said.reason = reason
      said.message = text
      goodbye = said
      return false
    } catch ClientError.closed {
      return false
    }
    switch message?.kind {
    case .response(let response)?: responses[response.requestID] = response
    case .event(let event)?: events.append(event)
    case .frame(let frame)?: frames.append(frame)
    case .delegateCall(let call)?: delegateCalls.append(call)
    case .animateTransition(let animation)?: animations.append(animation)
    case .goodbye?, nil: break
    }
    return message != nil
  }
}

/// A controller reference by identifier.
public func controllerRef(_ identifier: String) -> Curtain_V1_ControllerRef {
  var ref = Curtain_V1_ControllerRef()
  ref.identifier = identifier
  return ref
}

/// Requests numbered `ids`, each framed as on the wire and all in one
/// buffer: written at once, the daemon reads them in one read.
public func pipelinedRequests(
  ids: Range<UInt64>, _ build: (inout WireRequest) -> Void
) throws -> [UInt8] {
  var bytes: [UInt8] = []
  for id in ids {
    var message = ClientMessage()
    message.request.requestID = id
    build(&message.request)
    bytes += try WireCodec.framed(message)
  }
  return bytes
}

extension TestClient {
  /// Creates a window on `clock` whose root is navigation controller `Nav`
  /// over content controller `Home`, and the content controllers `others`
  /// (to push or present); returns the window's id. Throws when the daemon
  /// refuses any of it.
  public func navigationWindow(clock: Curtain_V1_ClockMode = .manual, others: [String] = [])
    throws -> UInt64
  {
    var home = Curtain_V1_ControllerSpec()
    home.kind = .content
    home.identifier = "Home"
    let created = try call {
      $0.createWindow.clock = clock
      $0.createWindow.root.kind = .navigation
      $0.createWindow.root.identifier = "Nav"
      $0.createWindow.root.children = [home]
    }
    var responses = [created]
    for name in others {
      responses.append(
        try call {
          $0.createController.kind = .content
          $0.createController.identifier = name
        })
    }
    if let refused = responses.first(where: { $0.error.code != .unspecified }) {
      throw TempDaemonError(description: "the daemon refused: \(refused.error.message)")
    }
    return created.window.id
  }
}
