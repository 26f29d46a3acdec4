// A writer of acknowledged changes for cluster tests and the cluster part
// of `make soak`: what it was told OK must be found later, whatever
// happened to the nodes and to PostgreSQL meanwhile.

import CurtainWire
import Foundation
import Synchronization

/// A client on a thread of its own that creates controllers with new names
/// (SESSION-1, SESSION-2, …) in one session, one at a time, following
/// `MOVED` (by the port of its address, to that node's socket) and waiting
/// a moment after `UNAVAILABLE` or `BUSY`; it notes each one answered OK.
public final class AcknowledgedWriter: @unchecked Sendable {
  /// The session it writes to.
  public let session: String
  private let home: String
  private let sockets: [Int: String]
  private struct State {
    var acknowledged: [String] = []
    /// Where and when (Unix time) each was answered OK.
    var acknowledgements: [String: (socket: String, time: Double)] = [:]
    var refused = 0
    var failure: String?
    var stopping = false
    var socket: String
  }
  private let state: Mutex<State>
  private let done = DispatchSemaphore(value: 0)
  private var started = false

  /// A writer of `session` that starts on the node whose socket is `home`;
  /// `sockets` maps each node's TCP port to its socket, to follow `MOVED`.
  public init(session: String, home: String, sockets: [Int: String]) {
    self.session = session
    self.home = home
    self.sockets = sockets
    state = Mutex(State(socket: home))
  }

  /// The names of the controllers answered OK, in order.
  public var acknowledged: [String] { state.withLock { $0.acknowledged } }
  /// The socket of the node that answered `name` OK, and when (Unix
  /// time).
  public func acknowledgement(of name: String) -> (socket: String, time: Double)? {
    state.withLock { $0.acknowledgements[name] }
  }
  /// How many were answered OK.
  public var acknowledgedCount: Int { state.withLock { $0.acknowledged.count } }
  /// How many were refused with `UNAVAILABLE` or `BUSY` (and tried again).
  public var refusedCount: Int { state.withLock { $0.refused } }
  /// What ended its loop, if anything did.
  public var failure: String? { state.withLock { $0.failure } }

  /// Starts its loop on a thread of its own.
  public func start() {
    started = true
    Thread { [self] in
      defer { done.signal() }
      do {
        try run()
      } catch {
        state.withLock { $0.failure = "\(session): \(error)" }
      }
    }.start()
  }

  /// Stops the loop and waits for it (once).
  public func finish() {
    guard started else { return }
    started = false
    state.withLock { $0.stopping = true }
    done.wait()
  }

  private func run() throws {
    var client = try TestClient(path: home, name: "writer-\(session)")
    var number = 0
    while !state.withLock({ $0.stopping }) {
      number += 1
      let name = "\(session)-\(number)"
      let response = try client.call(session: session) {
        $0.createController.kind = .content
        $0.createController.identifier = name
      }
      switch response.result {
      case .controller?:
        let time = Date().timeIntervalSince1970
        state.withLock {
          $0.acknowledged.append(name)
          $0.acknowledgements[name] = ($0.socket, time)
        }
      case .error(let error)? where error.code == .moved:
        let socket = try self.socket(movedBy: error)
        client.close()
        client = try TestClient(path: socket, name: "writer-\(session)")
        state.withLock { $0.socket = socket }
      case .error(let error)? where error.code == .unavailable || error.code == .busy:
        state.withLock { $0.refused += 1 }
        usleep(20_000)
      default:
        throw TempDaemonError(description: "unexpected answer \(response)")
      }
    }
    client.close()
  }

  /// The socket of the node a `MOVED` error names (by its port).
  private func socket(movedBy error: WireError) throws -> String {
    guard let address = error.details["address"], let colon = address.lastIndex(of: ":"),
      let port = Int(address[address.index(after: colon)...]), let socket = sockets[port]
    else { throw TempDaemonError(description: "MOVED to an unknown node: \(error)") }
    return socket
  }

  /// The identifiers of the session's controllers on the node that serves
  /// it (following `MOVED`, waiting out `BUSY` and `UNAVAILABLE`).
  public func identifiers() throws -> [String] {
    var socket = state.withLock { $0.socket }
    let deadline = MonotonicClock.now() + 20
    while true {
      let client = try TestClient(path: socket, name: "reader-\(session)")
      defer { client.close() }
      let response = try client.call(session: session) {
        $0.listControllers = Curtain_V1_ListControllers()
      }
      switch response.result {
      case .controllers(let list)?:
        return list.controllers.map(\.identifier)
      case .error(let error)? where error.code == .moved:
        socket = try self.socket(movedBy: error)
      default:
        guard MonotonicClock.now() < deadline else {
          throw TempDaemonError(description: "\(session) never answered: \(response)")
        }
        usleep(50_000)
      }
    }
  }
}

extension AcknowledgedWriter {
  /// Waits (up to `timeout` seconds) until each of `writers` had `count`
  /// more changes acknowledged; throws the first writer's failure, or
  /// says where they stalled (`what`: the moment, for the message).
  public static func awaitProgress(
    _ writers: [AcknowledgedWriter], _ count: Int, _ what: String, timeout: Double = 30
  ) throws {
    let start = writers.map(\.acknowledgedCount)
    let deadline = MonotonicClock.now() + timeout
    while zip(writers, start).contains(where: { $0.acknowledgedCount < $1 + count }) {
      if let failure = writers.lazy.compactMap(\.failure).first {
        throw TempDaemonError(description: failure)
      }
      guard MonotonicClock.now() < deadline else {
        throw TempDaemonError(
          description: "\(what): the writers stalled at \(writers.map(\.acknowledgedCount))")
      }
      usleep(20_000)
    }
  }
}
