// Cluster mode's durable store (docs/cluster.md): every node writes the
// journal and snapshots of the sessions it owns into the same PostgreSQL
// database, each session's records keyed by (session, epoch, seq).
//
//   curtain_nodes(name, address, capacity, version, clients, lease_until,
//                 started_at, incarnation)
//   curtain_sessions(session, node, epoch)      the session map
//   cluster_journal(session, epoch, seq, entry, checksum)
//   cluster_snapshot(session, epoch, seq, image, checksum, taken_at)
//
// Fencing: a group commit locks the map rows of its sessions (FOR SHARE)
// and writes only the records and snapshots of sessions this node owns at
// the epoch it knows; a claim by another node (an UPDATE of the row) waits
// for that commit, or makes it write nothing for that session. Records of
// a session new to the cluster claim it (epoch 1) in the same transaction.
// The store restores nothing itself: the node's sessions arrive as claims
// (ClusterNode.swift), each restored on its own.

import CurtainDaemon
import PostgresNIO
import Synchronization

/// The epochs of the sessions this node owns: the writer's store and the
/// cluster's thread share them. With them, the nodes chosen for sessions
/// new to the cluster (`--placement least-loaded`), which the loop sets
/// and the writer's first commit of each such session uses.
final class OwnedEpochs: Sendable {
  private let epochs = Mutex<[String: Int64]>([:])
  private let placements = Mutex<[String: String]>([:])

  /// The epochs now.
  var current: [String: Int64] { epochs.withLock { $0 } }

  /// Records that this node owns `session` at `epoch` (nil: no more).
  func set(_ session: String, _ epoch: Int64?) {
    epochs.withLock { $0[session] = epoch }
  }

  /// The node chosen for `session`, if another than this one.
  func placement(of session: String) -> String? {
    placements.withLock { $0[session] }
  }

  /// Chooses `node` for `session` (nil: forgets the choice).
  func place(_ session: String, on node: String?) {
    placements.withLock { $0[session] = node }
  }
}

/// The tables of cluster mode.
enum ClusterSchema {
  static let tables = [
    """
    CREATE TABLE IF NOT EXISTS curtain_nodes(
      name text PRIMARY KEY, address text NOT NULL, capacity bigint NOT NULL,
      version text NOT NULL, clients bigint NOT NULL DEFAULT 0,
      lease_until timestamptz NOT NULL, started_at timestamptz NOT NULL,
      incarnation bigint NOT NULL)
    """,
    """
    CREATE TABLE IF NOT EXISTS curtain_sessions(
      session text PRIMARY KEY, node text NOT NULL, epoch bigint NOT NULL)
    """,
    "CREATE INDEX IF NOT EXISTS curtain_sessions_node ON curtain_sessions(node)",
    """
    CREATE TABLE IF NOT EXISTS cluster_journal(
      session text NOT NULL, epoch bigint NOT NULL, seq bigint NOT NULL, entry bytea NOT NULL,
      checksum bigint NOT NULL, PRIMARY KEY (session, epoch, seq))
    """,
    """
    CREATE TABLE IF NOT EXISTS cluster_snapshot(
      session text PRIMARY KEY, epoch bigint NOT NULL, seq bigint NOT NULL,
      image bytea NOT NULL, checksum bigint NOT NULL, taken_at double precision NOT NULL)
    """,
  ]
}

/// The writer's store in cluster mode.
final class ClusterStore: DurableStore, @unchecked Sendable {
  private let location: PostgresLocation
  /// The writer's connection, made again after it was lost.
  private var link: PostgresLink
  private let node: String
  private let owned: OwnedEpochs
  /// `storedBytes`, as last measured.
  private let bytes = Mutex<UInt64>(0)

  /// Connects (the tables exist: the node made them).
  init(location: PostgresLocation, node: String, owned: OwnedEpochs) throws(StoreError) {
    link = try PostgresLink(location: location, label: "curtaind.cluster.store")
    self.location = location
    self.node = node
    self.owned = owned
    measure()
  }

  // MARK: DurableStore

  /// Nothing: the node's sessions arrive as claims, each restored alone.
  func journal() throws(StoreError) -> [StoredRecord] { [] }

  /// Nothing, as `journal()`.
  func snapshots() throws(StoreError) -> [StoredSnapshot] { [] }

  /// 0: a claim gives each session a new epoch, so this incarnation's
  /// numbers never meet an earlier one's.
  func lastSeq() throws(StoreError) -> Int64 { 0 }

  func journalCount() throws(StoreError) -> Int64 {
    try link.integer(
      """
      SELECT count(*)::bigint FROM cluster_journal j JOIN curtain_sessions s
        ON s.session = j.session AND s.node = \(node)
      """)
  }

  func snapshotBytes() throws(StoreError) -> Int64 {
    try link.integer(
      """
      SELECT coalesce(sum(octet_length(p.image)), 0)::bigint FROM cluster_snapshot p
        JOIN curtain_sessions s ON s.session = p.session AND s.node = \(node)
      """)
  }

  /// Never called: `journal()` is empty, so no restore of this store
  /// finds a record to set aside (a claimed session's bad record ends its
  /// replay, and its next snapshot covers it).
  func dropJournal(from seq: Int64, reason: String, at time: Double) throws(StoreError) {}

  func commit(
    records: [NewRecord], checkpoints: [StoreCheckpoint], handOvers: [HandOver], at time: Double
  ) throws(StoreError) -> [String: SessionOwner] {
    let epochs = owned.current
    let recorded = Set(records.map(\.session))
    let claiming = recorded.filter { epochs[$0] == nil }.sorted()
    // Snapshots of sessions not in the map (an untouched "default") are
    // not written: only records claim a session.
    let snapshotted = checkpoints.flatMap(\.snapshots).map(\.session).filter {
      epochs[$0] != nil || recorded.contains($0)
    }
    let handedOver = handOvers.map(\.snapshot.session)
    let sessions = recorded.union(snapshotted).union(handedOver).sorted()
    guard !sessions.isEmpty else { return [:] }
    let epoch = { (session: String) -> Int64 in epochs[session] ?? 1 }
    if link.isClosed {
      link = try PostgresLink(location: location, label: "curtaind.cluster.store")
    }
    if claiming.isEmpty, snapshotted.isEmpty, handOvers.isEmpty {
      // The common case, a client's changes: one prepared statement.
      let rows = try link.run(
        AppendRecords(node: node, sessions: sessions, records: records, epochs: epochs),
        what: "commit")
      return fenced(rows.map { SessionOwner($0) }, epochs: epochs)
    }
    var queries: [PostgresQuery] = []
    if !claiming.isEmpty {
      // A session new to the cluster goes to this node, or to the one
      // placement chose (and this node's records of it are fenced).
      let nodes = claiming.map { owned.placement(of: $0) ?? node }
      queries.append(
        """
        INSERT INTO curtain_sessions(session, node, epoch)
        SELECT c.session, c.node, 1 FROM unnest(\(claiming)::text[], \(nodes)::text[])
          AS c(session, node)
        ON CONFLICT (session) DO NOTHING
        """)
    }
    let lockIndex = queries.count
    queries.append(
      """
      SELECT s.session, s.node, s.epoch, coalesce(n.address, ''),
        coalesce(n.lease_until > clock_timestamp(), false)
      FROM curtain_sessions s LEFT JOIN curtain_nodes n ON n.name = s.node
      WHERE s.session = ANY(\(sessions)::text[]) FOR SHARE OF s
      """)
    if !records.isEmpty {
      let names = records.map(\.session)
      let recordEpochs = records.map { epoch($0.session) }
      let seqs = records.map(\.seq)
      let entries = records.map { ByteBuffer(bytes: $0.entry) }
      let checksums = records.map { DurableSchema.checksum($0.entry) }
      queries.append(
        """
        INSERT INTO cluster_journal(session, epoch, seq, entry, checksum)
        SELECT r.session, r.epoch, r.seq, r.entry, r.checksum
        FROM unnest(\(names)::text[], \(recordEpochs)::bigint[], \(seqs)::bigint[],
          \(entries)::bytea[], \(checksums)::bigint[]) AS r(session, epoch, seq, entry, checksum)
        WHERE EXISTS (SELECT 1 FROM curtain_sessions o
          WHERE o.session = r.session AND o.node = \(node) AND o.epoch = r.epoch)
        """)
    }
    var snapshots = checkpoints.flatMap { checkpoint in
      checkpoint.snapshots.filter { snapshotted.contains($0.session) }.map { ($0, checkpoint.seq) }
    }
    snapshots += handOvers.map { ($0.snapshot, $0.seq) }
    for (snapshot, seq) in snapshots {
      let image = ByteBuffer(bytes: snapshot.image)
      let checksum = DurableSchema.checksum(snapshot.image)
      let session = snapshot.session
      let sessionEpoch = epoch(session)
      queries.append(
        """
        INSERT INTO cluster_snapshot(session, epoch, seq, image, checksum, taken_at)
        SELECT \(session), \(sessionEpoch), \(seq), \(image), \(checksum), \(time)
        WHERE EXISTS (SELECT 1 FROM curtain_sessions o
          WHERE o.session = \(session) AND o.node = \(node) AND o.epoch = \(sessionEpoch))
        ON CONFLICT (session) DO UPDATE SET epoch = excluded.epoch, seq = excluded.seq,
          image = excluded.image, checksum = excluded.checksum, taken_at = excluded.taken_at
        """)
      queries.append(
        """
        DELETE FROM cluster_journal WHERE session = \(session)
          AND (epoch < \(sessionEpoch) OR (epoch = \(sessionEpoch) AND seq <= \(seq)))
          AND EXISTS (SELECT 1 FROM curtain_sessions o
            WHERE o.session = \(session) AND o.node = \(node) AND o.epoch = \(sessionEpoch))
        """)
    }
    // Hand-overs last: the session goes to its node with the next epoch,
    // so that this node's later writes to it are fenced.
    for handOver in handOvers {
      let session = handOver.snapshot.session
      queries.append(
        """
        UPDATE curtain_sessions SET node = \(handOver.node), epoch = epoch + 1
        WHERE session = \(session) AND node = \(node) AND epoch = \(epoch(session))
        """)
    }
    let results = try link.atomically(queries, what: "commit")
    var owners: [SessionOwner] = []
    for row in results[lockIndex] {
      let (session, owner, ownerEpoch, address, alive) = try link.decode(
        row, as: (String, String, Int64, String, Bool).self, what: "commit")
      owners.append(
        SessionOwner(
          session: session, node: owner, address: address, epoch: ownerEpoch, isAlive: alive))
    }
    let fenced = fenced(owners, epochs: epochs)
    for session in handedOver where fenced[session] == nil { owned.set(session, nil) }
    for session in claiming { owned.place(session, on: nil) }
    if !checkpoints.isEmpty { measure() }
    return fenced
  }

  /// The sessions of a commit that another node owns (their records were
  /// not written), from their map rows as the commit locked them
  /// (`epochs`: what this node knew before it); notes the sessions the
  /// commit claimed and those lost.
  private func fenced(_ owners: [SessionOwner], epochs: [String: Int64])
    -> [String: SessionOwner]
  {
    var fenced: [String: SessionOwner] = [:]
    for owner in owners {
      if owner.node == node, owner.epoch == epochs[owner.session] ?? 1 {
        if epochs[owner.session] == nil { owned.set(owner.session, owner.epoch) }
      } else {
        owned.set(owner.session, nil)
        fenced[owner.session] = owner
      }
    }
    return fenced
  }

  /// PostgreSQL reclaims space by itself (autovacuum).
  func compact() {}

  /// A failed commit (PostgreSQL unreachable) loses its records' sessions
  /// until they are restored from the store: the node goes on.
  var recoversFromFailedCommits: Bool { true }

  var storedBytes: UInt64 { bytes.withLock { $0 } }

  /// The cluster tables' size on the server.
  private func measure() {
    let size = try? link.integer(
      """
      SELECT (pg_total_relation_size('cluster_journal')
        + pg_total_relation_size('cluster_snapshot'))::bigint
      """)
    if let size { bytes.withLock { $0 = UInt64(max(0, size)) } }
  }
}

/// A commit of records only, all of sessions this node owns (or owned):
/// one statement in a transaction of its own (PreparedRunner: committed
/// once COMMIT answers, not when the statement does). It locks the sessions' map
/// rows (`FOR SHARE`: a claim by another node waits for it, or it waits
/// for the claim and then sees the new owner), writes the records of the
/// sessions this node still owns at the epoch it knows, and returns the
/// rows as it locked them (ClusterStore.commit's fencing, in one round
/// trip, planned once per connection).
struct AppendRecords: PostgresPreparedStatement {
  static let name = "curtain_append_records_v1"
  static let sql = """
    WITH fence AS (
      SELECT s.session, s.node, s.epoch FROM curtain_sessions s
      WHERE s.session = ANY($1::text[]) FOR SHARE),
    written AS (
      INSERT INTO cluster_journal(session, epoch, seq, entry, checksum)
      SELECT r.session, r.epoch, r.seq, r.entry, r.checksum
      FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::bytea[], $6::bigint[])
        AS r(session, epoch, seq, entry, checksum)
      JOIN fence f ON f.session = r.session AND f.node = $7 AND f.epoch = r.epoch
      RETURNING 1)
    SELECT f.session, f.node, f.epoch, coalesce(n.address, ''),
      coalesce(n.lease_until > clock_timestamp(), false)
    FROM fence f LEFT JOIN curtain_nodes n ON n.name = f.node
    """
  typealias Row = (String, String, Int64, String, Bool)

  let node: String
  let sessions: [String]
  let names: [String]
  let epochs: [Int64]
  let seqs: [Int64]
  let entries: [ByteBuffer]
  let checksums: [Int64]

  /// `records` of `sessions` by node `node`, each at its session's epoch
  /// in `epochs`.
  init(node: String, sessions: [String], records: [NewRecord], epochs: [String: Int64]) {
    self.node = node
    self.sessions = sessions
    names = records.map(\.session)
    self.epochs = records.map { epochs[$0.session] ?? 1 }
    seqs = records.map(\.seq)
    entries = records.map { ByteBuffer(bytes: $0.entry) }
    checksums = records.map { DurableSchema.checksum($0.entry) }
  }

  func makeBindings() throws -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 7)
    bindings.append(sessions)
    bindings.append(names)
    bindings.append(epochs)
    bindings.append(seqs)
    bindings.append(entries)
    bindings.append(checksums)
    bindings.append(node)
    return bindings
  }

  func decodeRow(_ row: PostgresRow) throws -> Row {
    try row.decode(Row.self)
  }
}

extension SessionOwner {
  /// An owner from a map row: session, node, epoch, address, alive.
  fileprivate init(_ row: AppendRecords.Row) {
    self.init(session: row.0, node: row.1, address: row.3, epoch: row.2, isAlive: row.4)
  }
}
