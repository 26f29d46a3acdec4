// The daemon's state directory (docs/durability.md): where it is, creating
// it (0700), opening the database (or moving a bad one aside with
// --reset-state) or the store named by --store (`StateOptions.external`,
// PostgreSQL), restoring the sessions from it (their snapshots, then the
// journal after them), recording what changes them through the writer
// thread, and taking snapshots of the changed sessions (every
// `snapshotRecords` records, `snapshotInterval` seconds, or once the
// journal written since the last snapshot reaches `snapshotJournalRatio`
// times the stored snapshots' size, and at a clean shutdown) so that the
// journal stays short.

import CurtainCore
import CurtainWire
import Dispatch
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the daemon keeps its sessions.
public struct StateOptions: Sendable {
  /// The state directory ("" with `external`).
  public var directory: String
  /// `--store`: a store other than the state directory's SQLite database
  /// (PostgreSQL), which then has no state directory.
  public var external: ExternalStore?
  /// `--sync`.
  public var sync: Sync
  /// `--reset-state`: move an unreadable or newer database aside.
  public var resetState: Bool
  /// `--accept-short-restore`: serve what a state database still holds
  /// when it comes back short of the last acknowledged record
  /// (`CommitMark`), instead of moving it aside and starting empty.
  public var acceptShortRestore = false
  /// `--snapshot-records`: snapshot the changed sessions once this many
  /// records were written since the last snapshot (0: not by count).
  public var snapshotRecords: Int
  /// `--snapshot-interval`: snapshot the changed sessions this many
  /// seconds after the last snapshot when records were written since
  /// (0: not by time).
  public var snapshotInterval: Double
  /// `--snapshot-journal-ratio`: snapshot the changed sessions once the
  /// journal written since the last snapshot reaches this many times the
  /// stored snapshots' size (at least `minimumSnapshotBytes`; 0: not by
  /// size). It keeps the database within a small multiple of the live
  /// state and the cost of snapshots in proportion to the journal's.
  public var snapshotJournalRatio: Double
  /// The least snapshot size `snapshotJournalRatio` is applied to.
  public static let minimumSnapshotBytes = 64 * 1024
  /// A kill point for durability tests (`--test-kill-before-record`, not
  /// in the help): the writer sends the daemon SIGKILL instead of
  /// committing the hand-over that holds this record (numbered from 1 in
  /// this run), after the loop has applied it.
  public var killBeforeRecord: UInt64?
  /// The daemon's socket, recorded in the state directory
  /// (`StateDirectoryRule.socketRecord`): whose directory it is.
  public var socketPath: String?

  /// `--sync normal|full`.
  public enum Sync: String, CaseIterable, Sendable {
    /// A commit survives a crash of the daemon (WAL, synchronous=NORMAL).
    case normal
    /// A commit survives power loss too (synchronous=FULL: fsync per
    /// commit).
    case full
  }

  /// Options for `directory`.
  public init(
    directory: String, sync: Sync = .normal, resetState: Bool = false,
    snapshotRecords: Int = 10_000, snapshotInterval: Double = 60,
    snapshotJournalRatio: Double = 1
  ) {
    self.directory = directory
    self.sync = sync
    self.resetState = resetState
    self.snapshotRecords = snapshotRecords
    self.snapshotInterval = snapshotInterval
    self.snapshotJournalRatio = snapshotJournalRatio
  }

  /// Options for a store other than the state directory's database
  /// (`--store`).
  public init(
    external: ExternalStore, resetState: Bool = false, snapshotRecords: Int = 10_000,
    snapshotInterval: Double = 60, snapshotJournalRatio: Double = 1
  ) {
    self.init(
      directory: "", resetState: resetState, snapshotRecords: snapshotRecords,
      snapshotInterval: snapshotInterval, snapshotJournalRatio: snapshotJournalRatio)
    self.external = external
  }
}

/// A store other than the state directory's SQLite database (`--store`):
/// curtaind makes it, so that this target never links its client library.
public struct ExternalStore: Sendable {
  /// Where it is, fit to show and log (a URL without its password).
  public let name: String
  /// Connects to it, checks its schema version and creates its tables;
  /// throws a message fit to print.
  public let open: @Sendable () throws(StoreError) -> any DurableStore

  /// The store `name`, opened by `open`.
  public init(name: String, open: @escaping @Sendable () throws(StoreError) -> any DurableStore) {
    self.name = name
    self.open = open
  }
}

/// A failure to open or restore the state directory.
public struct PersistenceError: Error, CustomStringConvertible {
  /// What went wrong, fit to print.
  public let description: String

  /// A failure saying `description`.
  public init(description: String) {
    self.description = description
  }
}

/// The state directory and its database (or the `--store`), and the
/// writer thread.
final class Persistence: JournalSink {
  let options: StateOptions
  /// The database file, or the external store's name.
  let databasePath: String
  private var store: any DurableStore
  private let logger: Logger
  private var writer: JournalWriter?
  /// Journal records left after the restore.
  private var restoredRecords: UInt64 = 0
  /// The last record number stored before this run.
  private var base: Int64 = 0
  /// The sessions snapshotted (the server, as no more than that), given
  /// by the restore.
  private weak var sessions: (any PersistedSessions)?
  /// Sessions changed since their last snapshot.
  private var changed: Set<String> = []
  /// Per session, the stored `seq` of the record after which its latest
  /// snapshot was taken (or queued); none for a session never snapshotted.
  private var snapshotSeq: [String: Int64] = [:]
  /// A session was installed without records: the next checkpoint is due.
  private var snapshotSoon = false
  /// Changed sessions that were busy at the last checkpoint.
  private var busy: Set<String> = []
  /// The record number of the last checkpoint queued (this run).
  private var lastCheckpointNumber: UInt64 = 0
  /// Bytes of journal records queued since the last checkpoint.
  private var journalBytesSinceCheckpoint = 0
  /// The stored snapshots' size at the start (before the writer reports).
  private var restoredSnapshotBytes: UInt64 = 0
  /// Loop clock of the last checkpoint (or of the start).
  private var lastCheckpointClock: Double?
  /// Wall-clock time of the newest stored snapshot (0: none).
  private var restoredSnapshotTime: Double = 0
  /// The open `lock` file whose flock keeps a second daemon out (-1 with
  /// an external store, which keeps it out itself).
  private let lockDescriptor: Int32
  /// The database's `-last-commit` file (none with an external
  /// store), and what it said at the start.
  private var mark: CommitMark?
  private var markReading = CommitMark.Reading.absent
  /// What the start found damaged, and what it did (`curtain status`).
  private(set) var damage: Curtain_V1_RestoreDamage?

  /// Creates the state directory, locks it and opens its database; or
  /// opens the external store.
  init(options: StateOptions, logger: Logger) throws(PersistenceError) {
    self.options = options
    self.logger = logger
    if let external = options.external {
      databasePath = external.name
      lockDescriptor = -1
      do {
        store = try external.open()
      } catch {
        throw PersistenceError(description: error.description)
      }
      return
    }
    databasePath = options.directory + "/state.sqlite3"
    try Self.makeDirectory(options.directory)
    lockDescriptor = try Self.lock(options.directory)
    if let socketPath = options.socketPath {
      StateDirectoryRule.recordSocket(socketPath, in: options.directory)
    }
    (mark, markReading) = try CommitMark.load(for: databasePath)
    do {
      store = try StateStore(path: databasePath, sync: options.sync)
    } catch {
      // SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN: the
      // disk, not the database, is the problem.
      guard ![8, 10, 13, 14].contains(error.code & 0xFF) else {
        throw PersistenceError(
          description:
            "cannot write the state database \(databasePath): \(error.description); "
            + "make room on its disk or make it writable, or start with --ephemeral")
      }
      guard options.resetState else {
        throw PersistenceError(
          description:
            "cannot use the state database: \(error.description); "
            + "start with --reset-state to move it aside, or --ephemeral")
      }
      let aside = try Self.moveAside(databasePath)
      // The new database's own file: the old one went with it.
      (mark, markReading) = (try CommitMark.load(for: databasePath).0, .absent)
      logger.warning(
        "moved the unusable state database aside",
        metadata: ["error": "\(error.description)", "moved_to": "\(aside)"])
      var damage = Curtain_V1_RestoreDamage()
      damage.problem = "the state database could not be used: \(error.description)"
      damage.movedTo = aside
      self.damage = damage
      do {
        store = try StateStore(path: databasePath, sync: options.sync)
      } catch {
        throw PersistenceError(description: "cannot create a new state database: \(error)")
      }
    }
  }

  deinit {
    if lockDescriptor >= 0 { close(lockDescriptor) }
  }

  /// Restores the sessions into `target`: their snapshots, then the journal records
  /// after them. A snapshot that cannot be used refuses the start (the
  /// database is left as it is: `--reset-state` moves it aside). A record
  /// that cannot be applied ends the restore there: it and every later one
  /// are moved aside to `dropped_journal` and logged, and the daemon serves
  /// what came before.
  func restore(into target: some RestoreTarget) throws(PersistenceError) {
    sessions = target
    var journal: [StoredRecord]
    var snapshots: [StoredSnapshot]
    do {
      journal = try store.journal()
      snapshots = try store.snapshots()
      base = try store.lastSeq()
    } catch {
      throw PersistenceError(description: "cannot read the state database: \(error)")
    }
    if try checkLastCommit() { (journal, snapshots, base) = ([], [], 0) }
    // Every snapshot is rebuilt before any is used: all or nothing. The
    // images are decoded and their sessions built on every core first
    // (most of a restore's time).
    let images = Self.decode(
      snapshots, configuration: target.sessionConfiguration(windows: 0, controllers: 0))
    var restored: [RestoredSession] = []
    for (snapshot, decoded) in zip(snapshots, images) {
      do throws(ImageError) {
        let (image, session) = try decoded.get()
        guard image.session.name == snapshot.session else {
          throw ImageError(description: "it describes session '\(image.session.name)'")
        }
        restored.append(try target.rebuild(image, prebuilt: session))
      } catch {
        let problem =
          "cannot restore the snapshot of session '\(snapshot.session)' in \(databasePath): "
          + error.description
        guard options.external == nil else {
          throw PersistenceError(
            description:
              "\(problem); nothing was changed: to start empty, point --store at another "
              + "database (or rename this one's tables aside)")
        }
        guard options.resetState else {
          throw PersistenceError(
            description:
              "\(problem); nothing was changed: start with --reset-state to move the database "
              + "aside (it is kept) and start empty")
        }
        var damage = Curtain_V1_RestoreDamage()
        damage.problem = problem
        damage.movedTo = try resetDatabase(because: problem)
        self.damage = damage
        (journal, snapshots, restored, base) = ([], [], [], 0)
        break
      }
    }
    for (session, snapshot) in zip(restored, snapshots) {
      target.install(session)
      snapshotSeq[snapshot.session] = snapshot.seq
      // A snapshot of an older format is written again in the current
      // one at the next checkpoint.
      if !SessionImage.isCurrentFormat(snapshot.image) { changed.insert(snapshot.session) }
      restoredSnapshotTime = max(restoredSnapshotTime, snapshot.takenAt)
      restoredSnapshotBytes += UInt64(snapshot.image.count)
    }
    var applied = 0
    for record in journal {
      do throws(ReplayFailure) {
        guard record.isIntact else {
          throw ReplayFailure(description: "the record's checksum does not match")
        }
        let ahead = Set(snapshotSeq.filter { $0.value >= record.seq }.keys)
        try target.replay(record.entry, ahead: ahead)
        if record.session.isEmpty {
          changed.formUnion(target.sessions.keys.filter { !ahead.contains($0) })
        } else {
          changed.insert(record.session)
        }
        applied += 1
      } catch {
        let dropped = journal.count - applied
        logger.error(
          "state database: a record cannot be restored; serving what came before it",
          metadata: [
            "record": "\(record.seq)", "reason": "\(error.description)",
            "dropped_records": "\(dropped)",
          ])
        var damage = self.damage ?? Curtain_V1_RestoreDamage()
        let problem =
          "record \(record.seq) cannot be restored (\(error.description)): it and the "
          + "\(dropped - 1) after it were set aside to dropped_journal"
        damage.problem = damage.problem.isEmpty ? problem : damage.problem + "; " + problem
        damage.droppedRecords = UInt64(dropped)
        self.damage = damage
        do {
          try store.dropJournal(
            from: record.seq, reason: error.description, at: Double(time(nil)))
        } catch {
          throw PersistenceError(description: "cannot set aside damaged records: \(error)")
        }
        break
      }
    }
    restoredRecords = UInt64(applied)
    // From here on the file names what this database holds.
    mark?.write(base)
    // Sessions without a snapshot (the default session of a new database)
    // are snapshotted at the first checkpoint.
    changed.formUnion(target.sessions.keys.filter { snapshotSeq[$0] == nil })
    if applied > 0 || !snapshots.isEmpty {
      logger.info(
        "restored",
        metadata: [
          "snapshots": "\(snapshots.count)", "records": "\(applied)",
          "sessions": "\(target.sessions.count)",
        ])
    }
  }

  /// The snapshots' images, decoded in parallel (in the order given),
  /// each with its session built from it (`nil` when the snapshot does not
  /// restore: `Server.rebuild` tries again and says why). A session is
  /// built from values only, touching nothing shared, so sessions can be
  /// built on different threads before the loop takes them over.
  private typealias Decoded = Result<(SessionImage, Session?), ImageError>
  private static func decode(
    _ snapshots: [StoredSnapshot], configuration: SessionConfiguration
  ) -> [Decoded] {
    let results = UnsafeMutableBufferPointer<Decoded?>.allocate(capacity: snapshots.count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    nonisolated(unsafe) let slots = results
    DispatchQueue.concurrentPerform(iterations: snapshots.count) { index in
      let snapshot = snapshots[index]
      slots[index] = Result { () throws(ImageError) -> (SessionImage, Session?) in
        guard snapshot.isIntact else {
          throw ImageError(description: "its checksum does not match")
        }
        let image = try SessionImage.decode(snapshot.image)
        // A restored session keeps what it has, even over a lowered limit.
        var configuration = configuration
        configuration.maxWindows = max(configuration.maxWindows, image.session.windows.count)
        configuration.maxControllers = max(
          configuration.maxControllers, image.session.controllers.count)
        return (image, try? Session.restore(image.session, configuration: configuration))
      }
    }
    return results.map { $0! }
  }

  /// Compares the database with its `-last-commit`
  /// file (CommitMark.swift): a database whose highest record number is
  /// lower than the last one committed came back short (bytes flipped in
  /// its write-ahead log or the log's header, which make SQLite ignore
  /// the log from there on; an emptied or replaced file). That is logged
  /// at error level and shown by `curtain status` and the metrics; unless
  /// `--accept-short-restore`, the database is moved aside as found and
  /// the daemon starts empty. Returns whether it was moved aside.
  private func checkLastCommit() throws(PersistenceError) -> Bool {
    switch markReading {
    case .absent:
      return false
    case .unreadable(let reason):
      logger.warning(
        "cannot check the state database against its last commit: the file does not read",
        metadata: ["file": "\(mark?.path ?? "")", "reason": "\(reason)"])
      return false
    case .number(let committed):
      guard committed > base else { return false }
      var damage = Curtain_V1_RestoreDamage()
      damage.missingRecords = UInt64(committed - base)
      damage.problem =
        "the state database came back short: record \(committed) was committed and "
        + "acknowledged, but the database holds records up to \(base) only "
        + "(\(committed - base) missing: a damaged write-ahead log or database file)"
      let metadata: Logger.Metadata = [
        "last_committed": "\(committed)", "last_found": "\(base)",
        "missing_records": "\(committed - base)",
      ]
      if options.acceptShortRestore {
        logger.error(
          "state database: the restore comes back short; serving what it holds (--accept-short-restore)",
          metadata: metadata)
        self.damage = damage
        return false
      }
      let aside = try resetDatabase(because: damage.problem, log: false)
      logger.error(
        "\("state database: the restore comes back short; moved the database aside and starting empty (move it back and start with --accept-short-restore to serve what it holds)")",
        metadata: metadata.merging(["moved_to": "\(aside)"]) { $1 })
      damage.movedTo = aside
      self.damage = damage
      return true
    }
  }

  /// Moves the database aside (`--reset-state`) as it is, its
  /// write-ahead log untouched, and starts a new one; returns where it
  /// went.
  @discardableResult
  private func resetDatabase(because problem: String, log: Bool = true) throws(PersistenceError)
    -> String
  {
    // The old database is closed before its files are renamed, without
    // copying what SQLite can read of its log into it.
    (store as? StateStore)?.database.keepWriteAheadLogOnClose()
    do {
      store = try StateStore(path: ":memory:", sync: options.sync)
    } catch {
      throw PersistenceError(description: "cannot close the state database: \(error)")
    }
    let aside = try Self.moveAside(databasePath)
    // The new database's own file: the old one went with it.
    (mark, markReading) = (try CommitMark.load(for: databasePath).0, .absent)
    if log {
      logger.warning(
        "moved the state database aside",
        metadata: ["error": "\(problem)", "moved_to": "\(aside)"])
    }
    do {
      store = try StateStore(path: databasePath, sync: options.sync)
    } catch {
      throw PersistenceError(description: "cannot create a new state database: \(error)")
    }
    return aside
  }

  /// Starts the writer thread; `report` wakes the loop after each commit.
  func startWriter(report: UVAsync.Sender) {
    writer = JournalWriter(
      store: store, base: base, report: report,
      spinSeconds: options.external == nil ? JournalWriter.localSpinSeconds : 0,
      mark: mark, killBeforeRecord: options.killBeforeRecord)
  }

  // MARK: Snapshots

  /// Takes a checkpoint when one is due: `snapshotRecords` records since
  /// the last one, or `snapshotInterval` seconds since the last one with
  /// records written since; `force` at a clean shutdown. Sessions that were
  /// busy (a transition running) at the last one are retried as soon as
  /// they are quiescent. `now` is the loop clock.
  func checkpointIfDue(now: Double, force: Bool = false) {
    guard let writer, writer.progress.failure == nil, let sessions else { return }
    if lastCheckpointClock == nil { lastCheckpointClock = now }
    let since = writer.lastNumber - lastCheckpointNumber
    let due =
      force || snapshotSoon
      || (options.snapshotRecords > 0 && since >= UInt64(options.snapshotRecords))
      || (options.snapshotJournalRatio > 0
        && Double(journalBytesSinceCheckpoint) >= options.snapshotJournalRatio
          * Double(max(snapshotBytes, UInt64(StateOptions.minimumSnapshotBytes))))
      || (options.snapshotInterval > 0 && since > 0
        && now - (lastCheckpointClock ?? now) >= options.snapshotInterval)
    let retrying = busy.filter { sessions.sessions[$0]?.isQuiescent ?? true }
    guard due || !retrying.isEmpty else { return }
    var images: [SessionImage] = []
    for name in (due ? changed : retrying).sorted() {
      busy.remove(name)
      guard sessions.sessions[name] != nil else {
        changed.remove(name)
        continue
      }
      guard let image = sessions.image(of: name) else {
        busy.insert(name)
        continue
      }
      images.append(image)
      changed.remove(name)
      snapshotSeq[name] = writer.seq(of: writer.lastNumber)
    }
    if due {
      snapshotSoon = false
      lastCheckpointClock = now
      lastCheckpointNumber = writer.lastNumber
      journalBytesSinceCheckpoint = 0
    }
    guard !images.isEmpty || since > 0 else { return }
    // Records of every session ("") are needed until every session has a
    // snapshot after them; a session unchanged since its snapshot has no
    // record after it.
    var bound = writer.seq(of: writer.lastNumber)
    for name in changed where sessions.sessions[name] != nil {
      bound = min(bound, snapshotSeq[name] ?? 0)
    }
    writer.enqueue(images: images, sharedBound: bound)
  }

  /// Hands the records queued in this loop iteration to the writer;
  /// returns whether there were any.
  func flush() -> Bool {
    writer?.flush() ?? false
  }

  /// How long the loop polls for a commit after a hand-over instead of
  /// sleeping until the writer wakes it (Daemon.swift): with SQLite and
  /// `--sync normal` a commit takes microseconds, less than the two
  /// wake-ups it saves; an fsync per commit (`--sync full`) or a network
  /// round trip (`--store`) takes much longer, and the loop sleeps.
  var commitPollSeconds: Double {
    options.external == nil && options.sync == .normal ? 500e-6 : 0
  }

  /// Whether records handed to the writer are not known to be committed
  /// (`committed`: the last one the loop knows of).
  func awaitsCommit(committed: UInt64) -> Bool {
    (writer?.handedOverNumber ?? 0) > committed
  }

  /// What the writer reported since the last call, at one instant
  /// (`JournalWriter.takeReport`); after `stop`, its last report (once).
  func takeReport() -> JournalReport {
    guard let writer else {
      defer {
        finalReport = JournalReport(committed: finalReport.committed, failure: finalReport.failure)
      }
      return finalReport
    }
    return writer.takeReport()
  }

  /// Cluster mode: hands the session of `image` over to `node` after what
  /// is queued; returns the number the answer waits for (0: no writer).
  func handOver(_ image: SessionImage, to node: String) -> UInt64 {
    guard let writer else { return 0 }
    changed.remove(image.session.name)
    return writer.enqueueHandOver(image: image, to: node)
  }

  /// Cluster mode: `sessions` were restored from the store.
  func unpoison(_ sessions: Set<String>) {
    writer?.unpoison(sessions)
  }

  /// What the writer has committed.
  var progress: JournalWriter.Progress { writer?.progress ?? finalProgress }

  /// The stored snapshots' size (their images), as of the last checkpoint.
  var snapshotBytes: UInt64 { progress.snapshotBytes ?? restoredSnapshotBytes }
  private var finalProgress = JournalWriter.Progress()
  private var finalReport = JournalReport(committed: 0)

  /// Commits what is left and stops the writer (records queued later are
  /// not kept).
  func stop() {
    guard let writer else { return }
    writer.stop()
    finalProgress = writer.progress
    finalReport = writer.takeReport()
    self.writer = nil
  }

  // MARK: JournalSink

  func record(session: String, entry: [UInt8]) -> UInt64 {
    journalBytesSinceCheckpoint += entry.count
    if session.isEmpty {
      if let sessions { changed.formUnion(sessions.sessions.keys) }
    } else {
      changed.insert(session)
    }
    return writer?.enqueue(session: session, entry: entry) ?? 0
  }

  func needsSnapshot(_ session: String) {
    changed.insert(session)
    snapshotSoon = true
  }

  func takeMeasurements() -> JournalMeasurements {
    writer?.takeMeasurements() ?? JournalMeasurements()
  }

  var storageStatus: Curtain_V1_StorageStatus {
    var status = Curtain_V1_StorageStatus()
    status.durable = true
    status.stateDirectory = options.directory
    status.database = databasePath
    status.databaseBytes = store.storedBytes
    let progress = progress
    if let checkpoint = progress.checkpoint {
      status.journalRecords =
        checkpoint.journalRecords + (writer?.lastNumber ?? checkpoint.number) - checkpoint.number
      status.lastSnapshotTime = checkpoint.takenAt
    } else {
      status.journalRecords = restoredRecords + (writer?.lastNumber ?? 0)
      status.lastSnapshotTime = restoredSnapshotTime
    }
    // PostgreSQL's own settings (synchronous_commit) decide there.
    status.sync = options.external == nil ? options.sync.rawValue : "server"
    let failure = progress.failure
    status.snapshotRecords = UInt32(clamping: options.snapshotRecords)
    status.snapshotInterval = options.snapshotInterval
    status.snapshotJournalRatio = options.snapshotJournalRatio
    status.snapshotBytes = snapshotBytes
    status.available = failure == nil
    status.error = failure ?? ""
    status.schemaVersion = UInt32(DurableSchema.version)
    if let damage { status.restoreDamage = damage }
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
  /// daemons on one state directory would interleave their journals. The
  /// refusal names the other daemon's socket when the directory records
  /// it, and the flags that choose another directory.
  private static func lock(_ directory: String) throws(PersistenceError) -> Int32 {
    let path = directory + "/lock"
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw PersistenceError(description: "cannot open \(path): \(errnoText())")
    }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      guard errno == EWOULDBLOCK else {
        let text = errnoText()
        close(descriptor)
        throw PersistenceError(
          description: "cannot lock the state directory \(directory): \(text)")
      }
      close(descriptor)
      let owner = StateDirectoryRule.recordedSocket(in: directory).map { " (on \($0))" } ?? ""
      throw PersistenceError(
        description:
          "cannot lock the state directory \(directory): another curtaind uses it\(owner); "
          + "stop it, or start this one with --state-dir DIR (another directory) or --ephemeral")
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
    for suffix in ["-wal", "-shm", CommitMark.suffix] where access(path + suffix, F_OK) == 0 {
      _ = rename(path + suffix, aside + suffix)
    }
    return aside
  }

  private static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}
