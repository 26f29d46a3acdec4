// The small protocol every durable store implements (docs/durability.md):
// the journal, the sessions' latest snapshots and the records set aside, in
// the tables of schema version 2. Two backends conform: `StateStore`, the
// SQLite database of the state directory (the default), and the PostgreSQL
// store of the CurtainPostgres target, which curtaind injects through
// `StateOptions.external` so that this target never links NIO.
//
// A store is used by one thread at a time: the loop thread while the daemon
// starts (before the loop runs), the writer thread afterwards. Its methods
// may block that thread (on the disk, on the network); `storedBytes` alone
// is read from the loop thread and must not.

/// A failed read or write of a durable store, fit to print.
public struct StoreError: Error, CustomStringConvertible {
  /// What was being done and why it failed.
  public let description: String

  /// An error saying `description`.
  public init(description: String) {
    self.description = description
  }
}

/// A stored journal record.
public struct StoredRecord: Sendable {
  /// Its number (never reused).
  public let seq: Int64
  /// The session it concerns ("" for every session).
  public let session: String
  /// A `curtain.v1.JournalEntry`.
  public let entry: [UInt8]
  /// Whether `entry` still has the checksum it was written with.
  public let isIntact: Bool

  /// A record read back.
  public init(seq: Int64, session: String, entry: [UInt8], isIntact: Bool) {
    self.seq = seq
    self.session = session
    self.entry = entry
    self.isIntact = isIntact
  }
}

/// A stored snapshot.
public struct StoredSnapshot: Sendable {
  /// The session.
  public let session: String
  /// The last journal record before it.
  public let seq: Int64
  /// The encoded `SessionImage`.
  public let image: [UInt8]
  /// The wall-clock time it was taken (Unix seconds).
  public let takenAt: Double
  /// Whether `image` still has the checksum it was written with.
  public let isIntact: Bool

  /// A snapshot read back.
  public init(session: String, seq: Int64, image: [UInt8], takenAt: Double, isIntact: Bool) {
    self.session = session
    self.seq = seq
    self.image = image
    self.takenAt = takenAt
    self.isIntact = isIntact
  }
}

/// A journal record to write.
public struct NewRecord: Sendable {
  /// Its number.
  public let seq: Int64
  /// The session it concerns ("" for every session).
  public let session: String
  /// A `curtain.v1.JournalEntry`.
  public let entry: [UInt8]
}

/// A snapshot to write: `image` replaces the session's snapshot.
public struct NewSnapshot: Sendable {
  /// The session.
  public let session: String
  /// The encoded `SessionImage`.
  public let image: [UInt8]
}

/// Cluster mode: a session handed over to another node (`MoveSession`,
/// `--drain`), with its snapshot taken after record `seq`.
public struct HandOver: Sendable {
  /// The session's snapshot.
  public let snapshot: NewSnapshot
  /// The last record before it.
  public let seq: Int64
  /// The node it goes to.
  public let node: String
}

/// A set of snapshots taken after record `seq`, and the journal records
/// they make unnecessary.
public struct StoreCheckpoint: Sendable {
  /// The last record before the snapshots.
  public let seq: Int64
  /// The new snapshots.
  public let snapshots: [NewSnapshot]
  /// Records of every session ("") up to this one are no longer needed:
  /// every session has a snapshot at least as new.
  public let sharedBound: Int64
}

/// Where the daemon keeps its journal and snapshots.
public protocol DurableStore: AnyObject {
  /// Every journal record, in order.
  func journal() throws(StoreError) -> [StoredRecord]

  /// The latest snapshot of each session, ordered by session name.
  func snapshots() throws(StoreError) -> [StoredSnapshot]

  /// The highest record number ever used (journal, snapshots, records set
  /// aside), so that new records never reuse one.
  func lastSeq() throws(StoreError) -> Int64

  /// Journal records left (not covered by a snapshot).
  func journalCount() throws(StoreError) -> Int64

  /// The stored snapshots' size (the sum of their images' lengths).
  func snapshotBytes() throws(StoreError) -> Int64

  /// Moves the records from `seq` on to `dropped_journal` with `reason`
  /// (in one transaction).
  func dropJournal(from seq: Int64, reason: String, at time: Double) throws(StoreError)

  /// Writes, in one transaction (a group commit): `records`, then each of
  /// `checkpoints` in order (snapshots taken at the wall-clock `time`): its
  /// snapshots replace the sessions' previous ones and their journal
  /// records up to the checkpoint are deleted, and so are the records of
  /// every session up to its `sharedBound`. Nothing is written when it
  /// throws. Then (cluster mode) each of `handOvers`: the session's
  /// snapshot is written and the session given to another node with the
  /// next epoch. In cluster mode, the records and snapshots of sessions this
  /// node does not own (any more) are not written: the store returns those
  /// sessions with their owner (fencing; empty otherwise).
  func commit(
    records: [NewRecord], checkpoints: [StoreCheckpoint], handOvers: [HandOver], at time: Double
  ) throws(StoreError) -> [String: SessionOwner]

  /// After a commit with checkpoints: a chance to shrink (best effort).
  func compact()

  /// The store's size in bytes, as last known (read on the loop thread:
  /// it must not block).
  var storedBytes: UInt64 { get }

  /// Whether the daemon goes on after a failed commit (cluster mode: the
  /// sessions of the lost records are restored from the store again once
  /// it answers), instead of refusing changes until it restarts.
  var recoversFromFailedCommits: Bool { get }
}

extension DurableStore {
  /// A single daemon's store: a failed commit stops the changes.
  public var recoversFromFailedCommits: Bool { false }
}

/// The schema every store writes and reads, and the records' checksum.
public enum DurableSchema {
  /// The schema version this curtaind writes and reads. 3: the snapshots
  /// are session images of format 4 (protobuf, SessionImage.swift); a
  /// database of version 2 holds the same tables, its older images are read
  /// and converted, and a curtaind of version 2 refuses a database of 3
  /// (the images it would not read) by its version.
  public static let version: Int64 = 3

  /// The 64-bit FNV-1a hash of `bytes`, as a signed 64-bit integer (the
  /// stores' integer type).
  public static func checksum(_ bytes: [UInt8]) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }
}
