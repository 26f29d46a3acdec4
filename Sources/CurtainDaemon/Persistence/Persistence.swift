// The daemon's state directory (docs/durability.md): where it is, creating
// it (0700), opening the database (or moving a bad one aside with
// --reset-state), restoring the sessions from it, and recording what
// changes them through the writer thread.

import CurtainWire
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the daemon keeps its sessions.
public struct StateOptions: Sendable {
  /// The state directory.
  public var directory: String
  /// `--sync`.
  public var sync: Sync
  /// `--reset-state`: move an unreadable or newer database aside.
  public var resetState: Bool

  /// `--sync normal|full`.
  public enum Sync: String, CaseIterable, Sendable {
    /// A commit survives a crash of the daemon (WAL, synchronous=NORMAL).
    case normal
    /// A commit survives power loss too (synchronous=FULL: fsync per
    /// commit).
    case full
  }

  /// Options for `directory`.
  public init(directory: String, sync: Sync = .normal, resetState: Bool = false) {
    self.directory = directory
    self.sync = sync
    self.resetState = resetState
  }

  /// The default state directory for a socket: `$XDG_STATE_HOME/curtain/NAME`,
  /// else `~/.local/state/curtain/NAME`, where NAME is the socket's file
  /// name without `.sock`.
  public static func defaultDirectory(socketPath: String, environment: [String: String])
    -> String?
  {
    var name = String(socketPath.split(separator: "/").last ?? "default")
    if name.hasSuffix(".sock") { name.removeLast(5) }
    if name.isEmpty { name = "default" }
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/curtain/" + name
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.local/state/curtain/" + name
  }
}

/// A failure to open or restore the state directory.
public struct PersistenceError: Error, CustomStringConvertible {
  /// What went wrong, fit to print.
  public let description: String
}

/// The state directory, its database and the writer thread.
final class Persistence: JournalSink {
  let options: StateOptions
  let databasePath: String
  private let store: StateStore
  private let logger: Logger
  private var writer: JournalWriter?
  /// Records in the database (loaded plus written).
  private var records: UInt64 = 0
  /// The open `lock` file whose flock keeps a second daemon out.
  private let lockDescriptor: Int32

  /// Creates the state directory, locks it and opens its database.
  init(options: StateOptions, logger: Logger) throws(PersistenceError) {
    self.options = options
    self.logger = logger
    databasePath = options.directory + "/state.sqlite3"
    try Self.makeDirectory(options.directory)
    lockDescriptor = try Self.lock(options.directory)
    do {
      store = try StateStore(path: databasePath, sync: options.sync)
    } catch {
      guard options.resetState else {
        throw PersistenceError(
          description:
            "cannot use the state database: \(error.description); "
            + "start with --reset-state to move it aside, or --ephemeral")
      }
      let aside = try Self.moveAside(databasePath)
      logger.warning(
        "moved the unusable state database aside",
        metadata: ["error": "\(error.description)", "moved_to": "\(aside)"])
      do {
        store = try StateStore(path: databasePath, sync: options.sync)
      } catch {
        throw PersistenceError(description: "cannot create a new state database: \(error)")
      }
    }
  }

  deinit {
    close(lockDescriptor)
  }

  /// Replays the journal into `server`. A record that cannot be applied
  /// ends the restore there: it and every later one are moved aside to
  /// `dropped_journal` and logged, and the daemon serves what came before.
  func restore(into server: Server) throws(PersistenceError) {
    let journal: [StateStore.Record]
    do {
      journal = try store.journal()
    } catch {
      throw PersistenceError(description: "cannot read the state database: \(error)")
    }
    var applied = 0
    for record in journal {
      do throws(ReplayFailure) {
        guard record.isIntact else {
          throw ReplayFailure(description: "the record's checksum does not match")
        }
        try server.replay(record.entry)
        applied += 1
      } catch {
        let dropped = journal.count - applied
        logger.error(
          "state database: a record cannot be restored; serving what came before it",
          metadata: [
            "record": "\(record.seq)", "reason": "\(error.description)",
            "dropped_records": "\(dropped)",
          ])
        do {
          try store.dropJournal(
            from: record.seq, reason: error.description, at: Double(time(nil)))
        } catch {
          throw PersistenceError(description: "cannot set aside damaged records: \(error)")
        }
        break
      }
    }
    records = UInt64(applied)
    if applied > 0 {
      logger.info(
        "restored", metadata: ["records": "\(applied)", "sessions": "\(server.sessions.count)"])
    }
  }

  /// Starts the writer thread; `report` wakes the loop after each commit.
  func startWriter(report: UVAsync.Sender) {
    writer = JournalWriter(store: store, report: report)
  }

  /// Hands the records queued in this loop iteration to the writer.
  func flush() {
    writer?.flush()
  }

  /// What the writer has committed.
  var progress: JournalWriter.Progress { writer?.progress ?? finalProgress }
  private var finalProgress = JournalWriter.Progress()

  /// Commits what is left and stops the writer (records queued later are
  /// not kept).
  func stop() {
    guard let writer else { return }
    writer.stop()
    finalProgress = writer.progress
    self.writer = nil
  }

  // MARK: JournalSink

  func record(session: String, entry: [UInt8]) -> UInt64 {
    records += 1
    return writer?.enqueue(session: session, entry: entry) ?? 0
  }

  var storageStatus: Curtain_V1_StorageStatus {
    var status = Curtain_V1_StorageStatus()
    status.durable = true
    status.stateDirectory = options.directory
    status.database = databasePath
    status.databaseBytes = [databasePath, databasePath + "-wal"].reduce(0) {
      $0 + Self.fileSize($1)
    }
    status.journalRecords = records
    status.sync = options.sync.rawValue
    let failure = progress.failure
    status.available = failure == nil
    status.error = failure ?? ""
    status.schemaVersion = UInt32(StateStore.schemaVersion)
    return status
  }

  // MARK: Files

  /// Creates `path` and its missing parents (0700), or checks that it is a
  /// writable directory.
  private static func makeDirectory(_ path: String) throws(PersistenceError) {
    var partial = ""
    for component in path.split(separator: "/") {
      partial += "/" + component
      if mkdir(partial, 0o700) != 0, errno != EEXIST {
        throw PersistenceError(
          description: "cannot create the state directory \(partial): \(errnoText())")
      }
    }
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
      throw PersistenceError(description: "the state directory \(path) is not a directory")
    }
    guard access(path, W_OK | X_OK) == 0 else {
      throw PersistenceError(
        description: "the state directory \(path) is not writable: \(errnoText())")
    }
  }

  /// Takes the directory's `lock` file (held until the process ends): two
  /// daemons on one state directory would interleave their journals.
  private static func lock(_ directory: String) throws(PersistenceError) -> Int32 {
    let path = directory + "/lock"
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw PersistenceError(description: "cannot open \(path): \(errnoText())")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let text = errno == EWOULDBLOCK ? "another curtaind uses it" : errnoText()
      close(descriptor)
      throw PersistenceError(
        description: "cannot lock the state directory \(directory): \(text)")
    }
    return descriptor
  }

  /// Renames the database (and its WAL) to `NAME.bad-N`; returns the name.
  private static func moveAside(_ path: String) throws(PersistenceError) -> String {
    var number = 1
    while access("\(path).bad-\(number)", F_OK) == 0 { number += 1 }
    let aside = "\(path).bad-\(number)"
    guard rename(path, aside) == 0 else {
      throw PersistenceError(description: "cannot move \(path) aside: \(errnoText())")
    }
    for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
      _ = rename(path + suffix, aside + suffix)
    }
    return aside
  }

  private static func fileSize(_ path: String) -> UInt64 {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return UInt64(max(0, info.st_size))
  }

  private static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}
