// Cluster mode (docs/cluster.md): several curtaind nodes share the
// sessions through PostgreSQL. Each session belongs to exactly one node at
// a time, recorded with an epoch; a request for a session of another node
// is answered `MOVED`; a node whose lease expires is failed over (the
// others claim its sessions, epoch + 1, and restore them from the shared
// store); every journal write carries the session's epoch and is refused
// once the epoch moved on (fencing).
//
// This target knows the cluster through `ClusterLink` only: the
// CurtainPostgres target implements it (so this one never links NIO), and
// its thread hands news to the loop through a `uv_async_t`.

public import CurtainWire

/// `curtaind --cluster … --node NAME --advertise tcp://HOST:PORT`.
public struct ClusterOptions: Sendable {
  /// The node's name (unique in the cluster).
  public var node: String
  /// Where clients reach it: `tcp://HOST:PORT`.
  public var advertise: String
  /// Seconds between lease renewals (default 1).
  public var leaseInterval: Double
  /// Seconds a lease lasts (default 5): a node not renewing for that long
  /// is failed over.
  public var leaseTimeout: Double
  /// `--drain`: at shutdown, hand every session over to the other nodes
  /// first.
  public var drain = false
  /// `--placement`: where a session new to the cluster goes.
  public var placement = Placement.asked
  /// Options for node `node` at `advertise`.
  public init(
    node: String, advertise: String, leaseInterval: Double = 1, leaseTimeout: Double = 5
  ) {
    self.node = node
    self.advertise = advertise
    self.leaseInterval = leaseInterval
    self.leaseTimeout = leaseTimeout
  }

  /// Node names: 1 to 64 of letters, digits, `_`, `-`, `.`.
  public static func isValidNodeName(_ name: String) -> Bool {
    Server.isValidSessionName(name)
  }
}

/// Where a session new to the cluster goes (`curtaind --placement`).
public enum Placement: String, Sendable, CaseIterable {
  /// The node the client asked: the node whose client first changes the
  /// session (the default).
  case asked
  /// The live node with the fewest sessions for its capacity
  /// (`--max-sessions`), preferring the node asked, then by name; the
  /// client is sent there with `MOVED`.
  case leastLoaded = "least-loaded"
}

/// Who owns a session, as the cluster's map says.
public struct SessionOwner: Sendable, Equatable {
  /// The session.
  public var session: String
  /// The node.
  public var node: String
  /// Its address (`tcp://HOST:PORT`).
  public var address: String
  /// The session's epoch.
  public var epoch: Int64
  /// Whether the node's lease is current.
  public var isAlive: Bool

  /// An owner.
  public init(session: String, node: String, address: String, epoch: Int64, isAlive: Bool) {
    self.session = session
    self.node = node
    self.address = address
    self.epoch = epoch
    self.isAlive = isAlive
  }
}

/// A session this node now owns, with what the shared store holds of it.
public struct ClaimedSession: Sendable {
  /// Its name.
  public let name: String
  /// Its epoch, from now on.
  public let epoch: Int64
  /// Its latest snapshot, if any.
  public let snapshot: StoredSnapshot?
  /// Its journal records after the snapshot, in order.
  public let records: [StoredRecord]

  /// A claimed session.
  public init(name: String, epoch: Int64, snapshot: StoredSnapshot?, records: [StoredRecord]) {
    self.name = name
    self.epoch = epoch
    self.snapshot = snapshot
    self.records = records
  }
}

/// What the cluster's thread learnt since the loop last asked.
public struct ClusterNews: Sendable {
  /// Sessions this node claimed (at the start: its own, with a new epoch;
  /// later: those of nodes whose lease expired).
  public var claimed: [ClaimedSession] = []
  /// Sessions this node served that another node owns now (it was
  /// paused or cut off past its lease), with their owner.
  public var lost: [String: SessionOwner] = [:]
  /// The sessions of the other nodes, when read again.
  public var map: [String: SessionOwner]?
  /// The nodes, when read again.
  public var nodes: Curtain_V1_NodeList?
  /// A failure to reach PostgreSQL (nil: the last round worked).
  public var failure: String?
  /// Another curtaind registered under this node's name: this one must
  /// stop (its sessions are fenced).
  public var replaced: String?
  /// Sessions `reclaim` was asked for and that are done (claimed again,
  /// or not in the store at all).
  public var reclaimed: Set<String> = []
  /// When (the monotonic clock) the last renewal of the lease that
  /// PostgreSQL took was sent, if one was since the last news.
  public var renewedAt: Double?

  /// Nothing new.
  public init() {}
}

/// The cluster's shared state, as the daemon sees it (CurtainPostgres).
public protocol ClusterLink: AnyObject, Sendable {
  /// The options it was made with.
  var options: ClusterOptions { get }
  /// Registers the node and claims its own sessions (with a new epoch);
  /// returns them (loop thread, before the loop runs). Throws a message
  /// fit to print.
  func join() throws(StoreError) -> ClusterNews
  /// Starts renewing the lease, reading the map and failing over dead
  /// nodes on a thread of its own; `wake` wakes the loop when there is
  /// news (from any thread).
  func start(wake: @escaping @Sendable () -> Void)
  /// The news since the last call (loop thread).
  func takeNews() -> ClusterNews
  /// The epoch at which this node owns `session`, if it does (any
  /// thread).
  func epoch(of session: String) -> Int64?
  /// Claims `sessions` again (a new epoch) and restores them from the
  /// store, as soon as PostgreSQL answers: their last changes could not be
  /// stored (loop thread).
  func reclaim(_ sessions: Set<String>)
  /// `--placement least-loaded`: the first records of `session`, new to
  /// the cluster, give it to `node` rather than to this node (their own
  /// requests are then answered MOVED, as fenced ones are) (loop thread).
  func place(_ session: String, on node: String)
  /// The number of connected clients, reported with the lease (loop
  /// thread).
  func setLoad(clients: Int)
  /// Stops renewing the lease (at shutdown): the node's sessions are
  /// failed over once it expires.
  func stop()
}
