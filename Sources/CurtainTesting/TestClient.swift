// A test client over `RawSocket`: requests with automatic ids, answered
// responses, and the events and frames that arrived in between, kept in
// arrival order.

public import CurtainWire

/// A client for integration tests.
public final class TestClient {
  /// The connection.
  public let socket: RawSocket
  private var nextID: UInt64 = 1
  /// Events received and not yet taken.
  public private(set) var events: [WireEvent] = []
  /// Frames received and not yet taken.
  public private(set) var frames: [WireFrame] = []
  /// A goodbye, if the daemon said it.
  public private(set) var goodbye: Goodbye?

  /// Connects and says Hello (fails the caller on a refused Hello).
  public convenience init(path: String, name: String = "test", token: String = "") throws {
    try self.init(socket: RawSocket(path: path), name: name, token: token)
  }

  /// Says Hello on an open socket.
  public init(socket: RawSocket, name: String = "test", token: String = "") throws {
    self.socket = socket
    socket.request(0) {
      $0.hello.protocolVersion = protocolVersion
      $0.hello.clientName = name
      $0.hello.token = token
    }
    guard let welcome = try response(to: 0), case .welcome? = welcome.result else {
      throw TempDaemonError(description: "Hello refused")
    }
  }

  /// Sends a request and waits for its response.
  @discardableResult
  public func call(
    session: String = "", timeout: Double = 10, _ build: (inout WireRequest) -> Void
  ) throws -> WireResponse {
    let id = nextID
    nextID += 1
    socket.request(id) {
      $0.session = session
      build(&$0)
    }
    guard let response = try response(to: id, timeout: timeout) else {
      throw TempDaemonError(
        description: "no response to request \(id) (goodbye: \(String(describing: goodbye)))")
    }
    return response
  }

  /// Sends a request without waiting; returns its id.
  @discardableResult
  public func send(session: String = "", _ build: (inout WireRequest) -> Void) -> UInt64 {
    let id = nextID
    nextID += 1
    socket.request(id) {
      $0.session = session
      build(&$0)
    }
    return id
  }

  /// Reads until the response to `id`.
  public func response(to id: UInt64, timeout: Double = 10) throws -> WireResponse? {
    while let message = try socket.next(timeout: timeout) {
      switch message.kind {
      case .response(let response)? where response.requestID == id: return response
      case .event(let event)?: events.append(event)
      case .frame(let frame)?: frames.append(frame)
      case .goodbye(let bye)?: goodbye = bye
      default: break
      }
    }
    return nil
  }

  /// Reads whatever arrives within `timeout` seconds of silence.
  public func drain(timeout: Double = 0.2) throws {
    while let message = try socket.next(timeout: timeout) {
      switch message.kind {
      case .event(let event)?: events.append(event)
      case .frame(let frame)?: frames.append(frame)
      case .goodbye(let bye)?: goodbye = bye
      default: break
      }
    }
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
}

/// A controller reference by identifier.
public func controllerRef(_ identifier: String) -> Curtain_V1_ControllerRef {
  var ref = Curtain_V1_ControllerRef()
  ref.identifier = identifier
  return ref
}
