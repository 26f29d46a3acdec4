// Cluster mode (docs/cluster.md): a node that does not own a session
// answers a request for it `MOVED`, and ends its subscriptions to it with
// `Goodbye{MOVED}`; both carry the owner in `details` (`session`, `node`,
// `address`, `epoch`). A client connects to that address (TCP, with the
// same token), says Hello there and sends the request again, or subscribes
// again with `from_seq`. A cluster in the middle of a move may send a
// client on twice; more than `maxHops` hops for one request is a loop, and
// the client stops with an error instead of following it.

public import CurtainCore

/// Where a MOVED answer or goodbye sends a session.
public struct SessionRedirect: Sendable, Equatable {
  /// MOVED answers followed for one request at most, unless a client says
  /// otherwise.
  public static let maxHops = 3

  /// The session that moved.
  public var session: String
  /// The node that owns it now ("?" when the daemon did not say).
  public var node: String
  /// The node's address as it advertises it (`tcp://HOST:PORT`), "" when it
  /// advertises none.
  public var address: String

  public init(session: String, node: String, address: String) {
    self.session = session
    self.node = node
    self.address = address
  }

  /// The redirect of a `MOVED` error (nil for another code); `session` is
  /// the request's, for a daemon that leaves it out of the details.
  public init?(_ error: CurtainError, session: String) {
    guard error.code == .moved else { return nil }
    self.init(details: error.details ?? [:], session: session)
  }

  /// The redirect of a `Goodbye{MOVED}` (nil for another reason).
  public init?(_ goodbye: Goodbye) {
    guard goodbye.reason == .moved else { return nil }
    self.init(details: goodbye.details, session: "")
  }

  private init(details: [String: String], session: String) {
    self.session = details["session"] ?? (session.isEmpty ? "default" : session)
    self.node = details["node"] ?? "?"
    self.address = details["address"] ?? ""
  }

  /// The endpoint to follow the redirect to, as hop number `hop` of one
  /// request. Throws `ClientError.moved` when the node advertises no
  /// address, the hop is past `maxHops`, or the address cannot be read.
  public func endpoint(hop: Int, maxHops: Int = SessionRedirect.maxHops) throws
    -> CurtainClient.Endpoint
  {
    guard !address.isEmpty else { throw ClientError.moved(self, .noAddress) }
    guard hop <= maxHops else {
      throw ClientError.moved(self, .tooManyHops(hop: hop, limit: maxHops))
    }
    do {
      return try CurtainClient.Endpoint(address: address)
    } catch {
      throw ClientError.moved(self, .badAddress)
    }
  }

  /// Why a redirect could not be followed.
  public enum Failure: Sendable, Equatable {
    /// The owner advertises no address.
    case noAddress
    /// Following would be hop `hop` of one request, past `limit`.
    case tooManyHops(hop: Int, limit: Int)
    /// The advertised address is not an address.
    case badAddress
    /// The owner cannot be reached (connect or Hello failed).
    indirect case unreachable(ClientError)
  }

  /// What went wrong, in words.
  func describe(_ failure: Failure) -> String {
    switch failure {
    case .noAddress:
      return "session '\(session)' is on node \(node), which advertises no address"
    case .tooManyHops(_, let limit):
      let hops = limit == 1 ? "1 hop" : "\(limit) hops"
      return
        "session '\(session)' moved again (to node \(node) at \(address)), past the limit of "
        + "\(hops) for one request; the cluster is moving it: try again"
    case .badAddress:
      return "session '\(session)' is on node \(node) at '\(address)', which is not an address"
    case .unreachable(let error):
      return "session '\(session)' is on node \(node) at \(address), which cannot be reached: "
        + "\(error)"
    }
  }
}
