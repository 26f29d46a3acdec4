// A curtaind node of a cluster (docs/cluster.md): its registration, its
// lease, the session map, and failover, on a thread of its own with a
// connection of its own (the writer's store, ClusterStore.swift, has
// another). Every `leaseInterval` the thread renews the lease, reads the
// map and the nodes, notices sessions this node lost, and claims a share
// of the sessions of nodes whose lease expired (a compare-and-set on the
// epoch: one claimer wins each); it reads what the store holds of each
// claimed session and hands all of it to the loop, which restores them.
// PostgreSQL's clock (clock_timestamp()) times the leases, so the nodes'
// clocks need not agree.

public import CurtainDaemon
import CurtainWire
import Dispatch
import Foundation
import PostgresNIO
import Synchronization

/// This node, as the cluster sees it.
public final class ClusterNode: ClusterLink, @unchecked Sendable {
  public let options: ClusterOptions
  private let location: PostgresLocation
  /// The sessions it accepts (reported as its capacity).
  private let capacity: Int
  private let version: String
  /// The thread's connection (replaced after it is lost).
  private var link: PostgresLink?
  /// The writer's store.
  private let clusterStore: ClusterStore
  private let owned = OwnedEpochs()
  /// This registration's number: a later curtaind under the same name
  /// takes over (and this one stops).
  private var incarnation: Int64 = 0
  /// Whether the last round saw sessions of dead nodes (the thread's).
  private var sawOrphans = false
  private struct Shared {
    var news = ClusterNews()
    var clients = 0
    var stopping = false
    /// Sessions to claim again (`reclaim`).
    var reclaim: Set<String> = []
  }
  private let shared = Mutex(Shared())
  private let wakeThread = DispatchSemaphore(value: 0)
  private let stopped = DispatchSemaphore(value: 0)
  private var thread: Thread?

  /// Connects twice (the thread's connection and the writer's), creating
  /// the tables. Errors are fit to print.
  public init(
    location: PostgresLocation, options: ClusterOptions, capacity: Int, version: String
  ) throws(StoreError) {
    self.location = location
    self.options = options
    self.capacity = capacity
    self.version = version
    let link = try PostgresLink(location: location, label: "curtaind.cluster")
    try link.prepareSchema(tables: ClusterSchema.tables)
    self.link = link
    clusterStore = try ClusterStore(location: location, node: options.node, owned: owned)
  }

  /// The store the writer uses.
  public var store: any DurableStore { clusterStore }

  // MARK: ClusterLink

  public func join() throws(StoreError) -> ClusterNews {
    guard let link else { throw StoreError(description: "not connected") }
    let sent = MonotonicClock.now()
    let rows = try link.run(
      """
      INSERT INTO curtain_nodes(name, address, capacity, version, clients, lease_until,
        started_at, incarnation)
      VALUES (\(options.node), \(options.advertise), \(Int64(capacity)), \(version), 0,
        clock_timestamp() + make_interval(secs => \(options.leaseTimeout)), clock_timestamp(), 1)
      ON CONFLICT (name) DO UPDATE SET address = excluded.address,
        capacity = excluded.capacity, version = excluded.version, clients = 0,
        lease_until = excluded.lease_until, started_at = excluded.started_at,
        incarnation = curtain_nodes.incarnation + 1
      RETURNING incarnation
      """, what: "register the node")
    guard let row = rows.first else {
      throw StoreError(description: "cannot register the node: no answer")
    }
    incarnation = try link.value(row, as: Int64.self, what: "register the node")
    // Its own sessions, with a new epoch: whatever an earlier incarnation
    // still has in flight is fenced.
    let claimedRows = try link.run(
      """
      UPDATE curtain_sessions SET epoch = epoch + 1 WHERE node = \(options.node)
      RETURNING session, epoch
      """, what: "claim the node's sessions")
    var news = ClusterNews()
    news.renewedAt = sent
    news.claimed = try load(claimedRows, on: link)
    try readMap(into: &news, on: link)
    return news
  }

  public func start(wake: @escaping @Sendable () -> Void) {
    let thread = Thread { [self] in
      run(wake: wake)
      stopped.signal()
    }
    thread.name = "curtaind-cluster"
    self.thread = thread
    thread.start()
  }

  public func takeNews() -> ClusterNews {
    shared.withLock { shared in
      defer { shared.news = ClusterNews() }
      return shared.news
    }
  }

  public func epoch(of session: String) -> Int64? {
    owned.current[session]
  }

  public func reclaim(_ sessions: Set<String>) {
    shared.withLock { $0.reclaim.formUnion(sessions) }
    wakeThread.signal()
  }

  public func place(_ session: String, on node: String) {
    owned.place(session, on: node)
  }

  public func setLoad(clients: Int) {
    shared.withLock { $0.clients = clients }
  }

  public func stop() {
    guard let thread else { return }
    self.thread = nil
    _ = thread
    shared.withLock { $0.stopping = true }
    wakeThread.signal()
    stopped.wait()
  }

  // MARK: The thread

  private func run(wake: @Sendable () -> Void) {
    // After a round that failed (PostgreSQL unreachable) every lease may
    // have run out meanwhile: the next round only renews, so that the
    // nodes that are alive renew theirs before any claims another's.
    var lastRoundWorked = true
    while true {
      let timeout = DispatchTime.now() + options.leaseInterval
      _ = wakeThread.wait(timeout: timeout)
      if shared.withLock({ $0.stopping }) { return }
      var news = ClusterNews()
      do {
        try round(into: &news, claiming: lastRoundWorked)
        lastRoundWorked = true
      } catch {
        news.failure = error.description
        lastRoundWorked = false
        if link?.isClosed ?? true { link = nil }
      }
      shared.withLock { shared in
        let previous = shared.news
        shared.news = news
        shared.news.claimed = previous.claimed + news.claimed
        shared.news.lost.merge(previous.lost) { new, _ in new }
        shared.news.reclaimed.formUnion(previous.reclaimed)
        if shared.news.renewedAt == nil { shared.news.renewedAt = previous.renewedAt }
        if shared.news.replaced == nil { shared.news.replaced = previous.replaced }
      }
      wake()
      if news.replaced != nil { return }
    }
  }

  /// One round: renew, read, claim again what was asked, claim the
  /// sessions of dead nodes (when `claiming`).
  private func round(into news: inout ClusterNews, claiming: Bool) throws(StoreError) {
    let link = try connected()
    let clients = shared.withLock { $0.clients }
    let sent = MonotonicClock.now()
    let renewed = try link.run(
      """
      UPDATE curtain_nodes SET
        lease_until = clock_timestamp() + make_interval(secs => \(options.leaseTimeout)),
        clients = \(Int64(clients))
      WHERE name = \(options.node) AND incarnation = \(incarnation)
      RETURNING name
      """, what: "renew the lease")
    guard !renewed.isEmpty else {
      news.replaced = "another curtaind registered as node \(options.node)"
      for (session, _) in owned.current { owned.set(session, nil) }
      return
    }
    let reclaim = shared.withLock { $0.reclaim }
    if !reclaim.isEmpty {
      let names = reclaim.sorted()
      let rows = try link.run(
        """
        UPDATE curtain_sessions SET epoch = epoch + 1
        WHERE node = \(options.node) AND session = ANY(\(names)::text[])
        RETURNING session, epoch
        """, what: "claim sessions again")
      news.claimed = try load(rows, on: link)
      news.reclaimed = reclaim
      shared.withLock { $0.reclaim.subtract(reclaim) }
    }
    try readMap(into: &news, on: link)
    // Renewed, and the sessions lost meanwhile are known: the loop may
    // count on the lease (not before it has dropped those).
    news.renewedAt = sent
    // Sessions of nodes whose lease expired: this node's share of them.
    let orphans = news.map?.values.filter { !$0.isAlive }.count ?? 0
    defer { sawOrphans = orphans > 0 }
    guard claiming, orphans > 0 else { return }
    // A share of them the first round that sees them, so that the live
    // nodes split the work; whatever is left a round later, all of it
    // (halving what is left each round would take log2(N) rounds).
    let alive = max(1, news.nodes?.nodes.count { $0.alive } ?? 1)
    let share = Int64(sawOrphans ? orphans : (orphans + alive - 1) / alive)
    let rows = try link.run(
      """
      WITH orphans AS (
        SELECT s.session FROM curtain_sessions s
        WHERE s.node <> \(options.node) AND NOT EXISTS (SELECT 1 FROM curtain_nodes n
          WHERE n.name = s.node AND n.lease_until > clock_timestamp())
        ORDER BY s.session LIMIT \(share) FOR UPDATE OF s SKIP LOCKED)
      UPDATE curtain_sessions s SET node = \(options.node), epoch = s.epoch + 1
      FROM orphans o WHERE s.session = o.session
      RETURNING s.session, s.epoch
      """, what: "claim sessions")
    let claimed = try load(rows, on: link)
    news.claimed += claimed
    for session in claimed { news.map?[session.name] = nil }
  }

  /// The thread's connection, made again after it was lost.
  private func connected() throws(StoreError) -> PostgresLink {
    if let link, !link.isClosed { return link }
    let link = try PostgresLink(location: location, label: "curtaind.cluster")
    self.link = link
    return link
  }

  /// Reads the session map (sessions of other nodes, and notices those
  /// this node lost) and the nodes.
  private func readMap(into news: inout ClusterNews, on link: PostgresLink) throws(StoreError) {
    let rows = try link.run(
      """
      SELECT s.session, s.node, s.epoch, coalesce(n.address, ''),
        coalesce(n.lease_until > clock_timestamp(), false)
      FROM curtain_sessions s LEFT JOIN curtain_nodes n ON n.name = s.node
      """, what: "read the session map")
    var map: [String: SessionOwner] = [:]
    var arrived: [String] = []
    let epochs = owned.current
    for row in rows {
      let (session, node, epoch, address, alive) = try link.decode(
        row, as: (String, String, Int64, String, Bool).self, what: "read the session map")
      let owner = SessionOwner(
        session: session, node: node, address: address, epoch: epoch, isAlive: alive)
      if node != options.node { map[session] = owner }
      // Handed over to this node by another (MoveSession, --drain): a
      // session of this node at epoch 2 or more that it does not hold (a
      // session it makes is at epoch 1; one it claims is held at once).
      if node == options.node, epoch >= 2, epochs[session] == nil {
        arrived.append(session)
      }
      if let mine = epochs[session], node != options.node || epoch != mine {
        owned.set(session, nil)
        news.lost[session] = owner
      }
    }
    news.map = map
    if !arrived.isEmpty {
      let rows = try link.run(
        """
        SELECT session, epoch FROM curtain_sessions
        WHERE node = \(options.node) AND session = ANY(\(arrived)::text[])
        """, what: "read sessions handed over")
      news.claimed += try load(rows, on: link)
    }
    let nodeRows = try link.run(
      """
      SELECT n.name, n.address, n.capacity, n.version, n.clients,
        extract(epoch FROM n.lease_until - clock_timestamp())::float8,
        coalesce(array_agg(s.session ORDER BY s.session) FILTER (WHERE s.session IS NOT NULL),
          '{}')
      FROM curtain_nodes n LEFT JOIN curtain_sessions s ON s.node = n.name
      GROUP BY n.name ORDER BY n.name
      """, what: "read the nodes")
    var list = Curtain_V1_NodeList()
    for row in nodeRows {
      let (name, address, capacity, version, clients, remaining, sessions) = try link.decode(
        row, as: (String, String, Int64, String, Int64, Double, [String]).self,
        what: "read the nodes")
      var entry = Curtain_V1_NodeList.Entry()
      entry.name = name
      entry.address = address
      entry.capacity = UInt32(clamping: capacity)
      entry.version = version
      entry.clients = UInt32(clamping: clients)
      entry.leaseRemaining = remaining
      entry.alive = remaining > 0
      entry.sessions = sessions
      list.nodes.append(entry)
    }
    news.nodes = list
  }

  /// What the store holds of the sessions just claimed (`rows`: session,
  /// epoch): each one's snapshot and the records after it.
  private func load(_ rows: [PostgresRow], on link: PostgresLink) throws(StoreError)
    -> [ClaimedSession]
  {
    var epochs: [String: Int64] = [:]
    for row in rows {
      let (session, epoch) = try link.decode(
        row, as: (String, Int64).self, what: "claim sessions")
      epochs[session] = epoch
      owned.set(session, epoch)
    }
    guard !epochs.isEmpty else { return [] }
    let names = epochs.keys.sorted()
    var snapshots: [String: (epoch: Int64, snapshot: StoredSnapshot)] = [:]
    for row in try link.run(
      """
      SELECT session, epoch, seq, image, checksum, taken_at FROM cluster_snapshot
      WHERE session = ANY(\(names)::text[])
      """, what: "read claimed snapshots")
    {
      let (session, epoch, seq, buffer, checksum, takenAt) = try link.decode(
        row, as: (String, Int64, Int64, ByteBuffer, Int64, Double).self,
        what: "read claimed snapshots")
      let image = Array(buffer.readableBytesView)
      snapshots[session] = (
        epoch,
        StoredSnapshot(
          session: session, seq: seq, image: image, takenAt: takenAt,
          isIntact: DurableSchema.checksum(image) == checksum)
      )
    }
    var records: [String: [StoredRecord]] = [:]
    for row in try link.run(
      """
      SELECT session, epoch, seq, entry, checksum FROM cluster_journal
      WHERE session = ANY(\(names)::text[]) ORDER BY session, epoch, seq
      """, what: "read claimed records")
    {
      let (session, epoch, seq, buffer, checksum) = try link.decode(
        row, as: (String, Int64, Int64, ByteBuffer, Int64).self, what: "read claimed records")
      // Only the records after the snapshot.
      if let snapshot = snapshots[session],
        epoch < snapshot.epoch || (epoch == snapshot.epoch && seq <= snapshot.snapshot.seq)
      {
        continue
      }
      let entry = Array(buffer.readableBytesView)
      records[session, default: []].append(
        StoredRecord(
          seq: seq, session: session, entry: entry,
          isIntact: DurableSchema.checksum(entry) == checksum))
    }
    return names.map { name in
      ClaimedSession(
        name: name, epoch: epochs[name] ?? 0, snapshot: snapshots[name]?.snapshot,
        records: records[name] ?? [])
    }
  }
}
