// The writer thread: the only thread that touches the store (SQLite or
// PostgreSQL, DurableStore.swift) while the daemon runs, so the loop never
// waits on the disk or the network. The loop queues
// records (`enqueue`) and, once per loop iteration, hands everything queued
// over (`flush`): the writer commits each hand-over as one transaction (a
// group commit) and reports the number of the last record it committed, or
// the error, back to the loop through a `uv_async_t`. Checkpoints (a set of
// session snapshots) are queued among the records; the writer encodes the
// snapshots and stores them, dropping the records they cover, in the same
// transaction as the records before them. After committing a hand-over of
// one record (a client waiting for its answer) the writer looks for the next
// one for a moment before it sleeps, so that neither thread has to wake the
// other across cores for the next request (`waitForWork`); the loop, for its
// part, polls while a commit is outstanding (Daemon.swift).

import CurtainWire
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Commits journal records on its own thread.
final class JournalWriter: @unchecked Sendable {
  /// What the writer reports to the loop.
  struct Progress {
    /// Records committed so far (numbered from 1 in the order queued).
    var committed: UInt64 = 0
    /// The first failure, if a commit failed: the records of that
    /// hand-over and every later one are lost.
    var failure: String?
    /// The last checkpoint committed: after record `number`, leaving
    /// `journalRecords` records in the journal, at `takenAt` (Unix time).
    var checkpoint: (number: UInt64, journalRecords: UInt64, takenAt: Double)?
    /// The stored snapshots' size after the last checkpoint (`nil`: none
    /// in this run yet).
    var snapshotBytes: UInt64?
    /// Cluster mode: records not written because their session belongs to
    /// another node, by number, with that owner (until the loop takes
    /// them).
    var fenced: [UInt64: SessionOwner] = [:]
    /// With a store that recovers from failed commits: records of failed
    /// commits, by number, with their session (until the loop takes them),
    /// and the last failure's words.
    var unstored: [UInt64: String] = [:]
    var lastFailure: String?
  }

  /// What the loop queues.
  enum Item: Sendable {
    /// A journal record.
    case record(number: UInt64, session: String, entry: [UInt8])
    /// Snapshots of sessions taken after record `after`; records of every
    /// session ("") up to `sharedBound` (a stored `seq`) are dropped too.
    case checkpoint(after: UInt64, images: [SessionImage], sharedBound: Int64)
    /// Cluster mode: a session handed over to `node` (numbered as a
    /// record: what waits for it waits for that number).
    case handOver(number: UInt64, image: SessionImage, node: String)
  }

  private struct Shared {
    /// Handed over, not yet taken by the writer.
    var handedOver: [Item] = []
    var stopping = false
    var progress = Progress()
    /// Measured since the loop last took them.
    var measurements = JournalMeasurements()
    /// Sessions whose records failed to commit, with the number of their
    /// last record that is lost with them: every record of the session up
    /// to it was applied on top of the lost one. `UInt64.max` until the
    /// loop has the session restored (`unpoison`).
    var poisoned: [String: UInt64] = [:]
  }

  private let store: any DurableStore
  /// Record number `n` is stored as `seq` `base + n`.
  private let base: Int64
  private let shared = Mutex(Shared())
  private let wake: UnsafeMutablePointer<sem_t>
  private let report: UVAsync.Sender
  /// `StateOptions.killBeforeRecord`.
  private let killBeforeRecord: UInt64?
  /// The database's `-last-commit` file (CommitMark.swift): the number of the last
  /// record committed, written after each commit and before the loop can
  /// learn of it (none with an external store).
  private let mark: CommitMark?
  private var thread: pthread_t?
  /// Loop side: queued since the last hand-over.
  private var queued: [Item] = []
  /// Loop side: records queued so far.
  private(set) var lastNumber: UInt64 = 0
  /// Loop side: the last record handed over to the writer.
  private(set) var handedOverNumber: UInt64 = 0
  /// How long the writer keeps looking for the next hand-over after
  /// committing a hand-over of at most `spinBatchLimit` items, before it
  /// sleeps (seconds): `localSpinSeconds` for a store on this machine's
  /// disk, none for a server's (its commit's round trip is longer than the
  /// wait, and the yielding would only take the cores from the server and
  /// the loop).
  private let spinSeconds: Double
  /// The spin after a commit to the embedded SQLite database.
  static let localSpinSeconds = 60e-6
  /// A hand-over of one record is a client waiting for its answer: its
  /// next request follows within a round trip. After a larger one the
  /// writer sleeps at once, leaving the cores to a busy loop and its
  /// clients.
  static let spinBatchLimit = 1

  /// Starts the thread; `report` wakes the loop after every commit;
  /// `spinSeconds`: see `spinSeconds`; `mark`: see `mark`.
  init(
    store: any DurableStore, base: Int64, report: UVAsync.Sender, spinSeconds: Double,
    mark: CommitMark? = nil, killBeforeRecord: UInt64? = nil
  ) {
    self.store = store
    self.mark = mark
    self.spinSeconds = spinSeconds
    self.base = base
    self.report = report
    self.killBeforeRecord = killBeforeRecord
    wake = .allocate(capacity: 1)
    sem_init(wake, 0, 0)
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let result = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<JournalWriter>.fromOpaque(context).takeRetainedValue().run()
        return nil
      }, context)
    if result == 0 {
      self.thread = thread
    } else {
      Unmanaged<JournalWriter>.fromOpaque(context).release()
      shared.withLock { $0.progress.failure = "cannot start the writer thread: error \(result)" }
    }
  }

  deinit {
    sem_destroy(wake)
    wake.deallocate()
  }

  /// Queues a record (loop thread); returns its number.
  func enqueue(session: String, entry: [UInt8]) -> UInt64 {
    lastNumber += 1
    queued.append(.record(number: lastNumber, session: session, entry: entry))
    return lastNumber
  }

  /// Queues snapshots taken after the last record queued (loop thread).
  func enqueue(images: [SessionImage], sharedBound: Int64) {
    queued.append(.checkpoint(after: lastNumber, images: images, sharedBound: sharedBound))
  }

  /// Queues a hand-over of the session of `image` to `node` after the
  /// records queued (loop thread); returns its number.
  func enqueueHandOver(image: SessionImage, to node: String) -> UInt64 {
    lastNumber += 1
    queued.append(.handOver(number: lastNumber, image: image, node: node))
    return lastNumber
  }

  /// The stored number (`seq`) of record `number`.
  func seq(of number: UInt64) -> Int64 { base + Int64(number) }

  /// Hands what was queued to the writer (loop thread, once per iteration).
  @discardableResult
  func flush() -> Bool {
    guard !queued.isEmpty else { return false }
    let batch = queued
    queued = []
    handedOverNumber = lastNumber
    shared.withLock { $0.handedOver += batch }
    // Without a system call while the writer looks for work (`waitForWork`).
    sem_post(wake)
    return true
  }

  /// What has been committed (loop thread, after a report).
  var progress: Progress { shared.withLock { $0.progress } }

  /// What the writer reported since the last call (loop thread), taken
  /// at one instant: the records fenced and those of failed commits leave
  /// with the committed count they belong to, so that no answer to a
  /// failed record is released by that count before it is failed.
  func takeReport() -> JournalReport {
    shared.withLock { shared in
      defer {
        shared.progress.fenced = [:]
        shared.progress.unstored = [:]
        shared.progress.lastFailure = nil
      }
      return JournalReport(
        committed: shared.progress.committed, failure: shared.progress.failure,
        fenced: shared.progress.fenced, unstored: shared.progress.unstored,
        unstoredFailure: shared.progress.lastFailure)
    }
  }

  /// `sessions` were restored from the store: their records queued from
  /// now on are written again; those queued before (made on top of the
  /// lost change, while the loop did not know of it yet) are not, even if
  /// the writer takes them only later (loop thread).
  func unpoison(_ sessions: Set<String>) {
    let last = lastNumber
    shared.withLock { shared in
      for session in sessions where shared.poisoned[session] != nil {
        shared.poisoned[session] = last
      }
    }
  }

  /// What the writer measured since the last call (loop thread).
  func takeMeasurements() -> JournalMeasurements {
    shared.withLock { shared in
      defer { shared.measurements = JournalMeasurements() }
      return shared.measurements
    }
  }

  /// Commits what is queued, stops the thread and waits for it.
  func stop() {
    flush()
    shared.withLock { $0.stopping = true }
    sem_post(wake)
    if let thread {
      pthread_join(thread, nil)
      self.thread = nil
    }
  }

  /// Waits for a hand-over: first looking for one for `spinSeconds`,
  /// yielding the core to any other thread that needs it, then asleep. A
  /// hand-over usually follows a commit closely (the next request of a
  /// client that waited for its answer, the next loop iteration of a busy
  /// daemon), and taking it without being woken saves the loop a system
  /// call and both threads a wake-up across cores.
  private func waitForWork(afterBatchOf count: Int) {
    if spinSeconds > 0, count <= Self.spinBatchLimit {
      let deadline = MonotonicClock.now() + spinSeconds
      repeat {
        if sem_trywait(wake) == 0 { return }
        sched_yield()
      } while MonotonicClock.now() < deadline
    }
    while sem_wait(wake) != 0 {}
  }

  private func run() {
    var count = Int.max
    while true {
      waitForWork(afterBatchOf: count)
      let (batch, stopping, failed) = shared.withLock { shared in
        let batch = shared.handedOver
        shared.handedOver = []
        return (batch, shared.stopping, shared.progress.failure != nil)
      }
      count = batch.isEmpty ? Int.max : batch.count
      if !batch.isEmpty, !failed {
        let checkpointed = commit(batch)
        report.send()
        // After the report: the responses waiting for this commit do not
        // wait for the write-ahead log to be copied and truncated too.
        if checkpointed { store.compact() }
      }
      if stopping { return }
    }
  }

  /// Commits one hand-over as one transaction; returns whether it stored
  /// a checkpoint.
  private func commit(_ batch: [Item]) -> Bool {
    var records: [NewRecord] = []
    var numbers: [UInt64] = []
    var poisonedRecords: [UInt64: String] = [:]
    var handOvers: [HandOver] = []
    var handOverNumbers: [UInt64] = []
    let poisoned = shared.withLock { $0.poisoned }
    var checkpoints: [StoreCheckpoint] = []
    var snapshotSizes: [Int] = []
    var last: UInt64?
    var lastCheckpoint: UInt64?
    for item in batch {
      switch item {
      case .record(let number, let session, let entry):
        last = number
        // After a failed commit of a session, its later records (applied
        // on top of the lost one) are lost too, up to those the loop
        // queued after it had the session restored.
        if let bound = poisoned[session], number <= bound {
          poisonedRecords[number] = session
          continue
        }
        records.append(NewRecord(seq: seq(of: number), session: session, entry: entry))
        numbers.append(number)
      case .checkpoint(let after, let images, let sharedBound):
        checkpoints.append(
          StoreCheckpoint(
            seq: seq(of: after),
            snapshots: images.map {
              let image = $0.encoded()
              snapshotSizes.append(image.count)
              return NewSnapshot(session: $0.session.name, image: image)
            },
            sharedBound: sharedBound))
        lastCheckpoint = after
      case .handOver(let number, let image, let node):
        last = number
        handOvers.append(
          HandOver(
            snapshot: NewSnapshot(session: image.session.name, image: image.encoded()),
            seq: seq(of: number), node: node))
        handOverNumbers.append(number)
      }
    }
    if let killBeforeRecord, let last, last >= killBeforeRecord {
      kill(getpid(), SIGKILL)
    }
    let now = Self.wallClock()
    if !poisonedRecords.isEmpty {
      shared.withLock { shared in
        shared.progress.unstored.merge(poisonedRecords) { new, _ in new }
        shared.progress.lastFailure = shared.progress.lastFailure ?? "an earlier change failed"
      }
    }
    do {
      let started = MonotonicClock.now()
      let fenced = try store.commit(
        records: records, checkpoints: checkpoints, handOvers: handOvers, at: now)
      let seconds = MonotonicClock.now() - started
      // Before the loop can see the count: every answer it releases is
      // for a record at most the file's.
      if let mark, let last { mark.write(seq(of: last)) }
      let remaining = lastCheckpoint == nil ? nil : try store.journalCount()
      let snapshotBytes = lastCheckpoint == nil ? nil : try store.snapshotBytes()
      shared.withLock { shared in
        shared.measurements.commitSeconds.append(seconds)
        shared.measurements.records += records.count
        shared.measurements.snapshotSizes += snapshotSizes
        if let last { shared.progress.committed = last }
        if !fenced.isEmpty {
          for (number, record) in zip(numbers, records) {
            if let owner = fenced[record.session] { shared.progress.fenced[number] = owner }
          }
          for (number, handOver) in zip(handOverNumbers, handOvers) {
            if let owner = fenced[handOver.snapshot.session] {
              shared.progress.fenced[number] = owner
            }
          }
        }
        if let snapshotBytes { shared.progress.snapshotBytes = UInt64(max(0, snapshotBytes)) }
        if let lastCheckpoint, let remaining {
          // Records queued after the checkpoint in this batch are counted
          // by the loop from the checkpoint's number on.
          let after = UInt64(records.count { $0.seq > seq(of: lastCheckpoint) })
          shared.progress.checkpoint = (
            lastCheckpoint, UInt64(remaining) - min(UInt64(remaining), after), now
          )
        }
      }
      return lastCheckpoint != nil
    } catch {
      shared.withLock { shared in
        guard store.recoversFromFailedCommits else {
          shared.progress.failure = error.description
          return
        }
        // The loop answers these records' requests UNAVAILABLE and has
        // their sessions restored from the store again.
        for (number, record) in zip(numbers, records) {
          shared.progress.unstored[number] = record.session
          shared.poisoned[record.session] = .max
        }
        for (number, handOver) in zip(handOverNumbers, handOvers) {
          shared.progress.unstored[number] = handOver.snapshot.session
        }
        if let last { shared.progress.committed = last }
        shared.progress.lastFailure = error.description
      }
      return false
    }
  }

  /// The time of day (Unix seconds).
  static func wallClock() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}

/// What the writer reported to the loop since it last asked
/// (`JournalWriter.takeReport`), handed to `Server.journalReported`.
public struct JournalReport: Sendable {
  /// Records committed so far (or failed, in a store that recovers from
  /// failed commits: those are in `unstored`).
  public var committed: UInt64
  /// The first failure of a store that does not recover: every record
  /// after `committed` is lost.
  public var failure: String?
  /// Cluster mode: records not written because their session belongs to
  /// another node, by number, with that owner.
  public var fenced: [UInt64: SessionOwner]
  /// Cluster mode: records of failed commits, by number, with their
  /// session, and the last failure's words.
  public var unstored: [UInt64: String]
  public var unstoredFailure: String?

  /// A report.
  public init(
    committed: UInt64, failure: String? = nil, fenced: [UInt64: SessionOwner] = [:],
    unstored: [UInt64: String] = [:], unstoredFailure: String? = nil
  ) {
    self.committed = committed
    self.failure = failure
    self.fenced = fenced
    self.unstored = unstored
    self.unstoredFailure = unstoredFailure
  }
}

/// What the writer measured (the daemon's metrics): how long each group
/// commit took, the records committed and the size of each snapshot.
public struct JournalMeasurements: Sendable {
  /// Seconds per group commit.
  public var commitSeconds: [Double] = []
  /// Records committed.
  public var records = 0
  /// Bytes per snapshot written.
  public var snapshotSizes: [Int] = []

  /// Nothing measured.
  public init() {}
}
