// One client of a benchmark: CurtainWire's client (the CLI's), with a call
// that fails on an error response and a pipeline that keeps a number of
// requests in flight.

public import CurtainWire

/// A connection that said Hello.
public final class Connection {
  /// The client.
  public let client: CurtainClient

  /// Connects to `socketPath` and says Hello.
  public init(socketPath: String, name: String) throws {
    client = try CurtainClient(unixPath: socketPath, timeout: 120)
    try client.hello(clientName: name)
  }

  deinit { client.close() }

  /// Sends a request and waits for its answer; an error answer throws.
  @discardableResult
  public func call(session: String = "", _ build: (inout WireRequest) -> Void) throws
    -> WireResponse
  {
    var request = WireRequest()
    request.session = session
    build(&request)
    return try client.call(request)
  }

  /// A Sync round trip.
  public func sync() throws {
    try call { $0.sync = .init() }
  }

  /// Sends `count` requests, `request(i)` for i in 0..<count, keeping at
  /// most `depth` unanswered, and waits for every answer; `answered(i,
  /// response)` sees each answer in order. Throws on the first error
  /// answer unless `answered` is given.
  public func pipeline(
    count: Int, depth: Int, request: (Int) -> WireRequest,
    answered: ((Int, WireResponse) throws -> Void)? = nil
  ) throws {
    var ids: [UInt64] = []
    ids.reserveCapacity(count)
    var next = 0
    var done = 0
    while done < count {
      while next < count, next - done < depth {
        ids.append(try client.send(request(next)))
        next += 1
      }
      let response = try client.waitForResponse(to: ids[done], timeout: 120)
      if let answered {
        try answered(done, response)
      } else if case .error(let error)? = response.result {
        throw BenchError("request \(done) failed: \(error.message)")
      }
      done += 1
    }
  }
}

/// A request built in place.
public func request(session: String = "", _ build: (inout WireRequest) -> Void) -> WireRequest {
  var request = WireRequest()
  request.session = session
  build(&request)
  return request
}

/// A controller reference by identifier.
public func ref(_ identifier: String) -> Curtain_V1_ControllerRef {
  var ref = Curtain_V1_ControllerRef()
  ref.identifier = identifier
  return ref
}

/// The request that makes a window whose root is a navigation controller
/// `navigation` with `root` (a content controller) in its stack, on a
/// manual or a realtime clock.
public func createNavigationWindow(
  _ navigation: String, root: String, manual: Bool = true, session: String = ""
) -> WireRequest {
  request(session: session) {
    $0.createWindow.clock = manual ? .manual : .realtime
    $0.createWindow.root.kind = .navigation
    $0.createWindow.root.identifier = navigation
    var spec = Curtain_V1_ControllerSpec()
    spec.kind = .content
    spec.identifier = root
    $0.createWindow.root.children = [spec]
  }
}
