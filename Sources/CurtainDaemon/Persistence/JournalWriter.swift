// The writer thread: the only thread that touches the database while the
// daemon runs, so the loop never waits on the disk. The loop queues
// records (`enqueue`) and, once per loop iteration, hands everything queued
// over (`flush`): the writer commits each hand-over as one transaction (a
// group commit) and reports the number of the last record it committed, or
// the error, back to the loop through a `uv_async_t`.

import CSQLite
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
  }

  private struct Shared {
    /// Handed over, not yet taken by the writer.
    var handedOver: [(number: UInt64, session: String, entry: [UInt8])] = []
    var stopping = false
    var progress = Progress()
  }

  private let store: StateStore
  private let shared = Mutex(Shared())
  private let wake: UnsafeMutablePointer<sem_t>
  private let report: UVAsync.Sender
  private var thread: pthread_t?
  /// Loop side: queued since the last hand-over.
  private var queued: [(number: UInt64, session: String, entry: [UInt8])] = []
  /// Loop side: records queued so far.
  private(set) var lastNumber: UInt64 = 0

  /// Starts the thread; `report` wakes the loop after every commit.
  init(store: StateStore, report: UVAsync.Sender) {
    self.store = store
    self.report = report
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
    queued.append((lastNumber, session, entry))
    return lastNumber
  }

  /// Hands what was queued to the writer (loop thread, once per iteration).
  func flush() {
    guard !queued.isEmpty else { return }
    let batch = queued
    queued = []
    shared.withLock { $0.handedOver += batch }
    sem_post(wake)
  }

  /// What has been committed (loop thread, after a report).
  var progress: Progress { shared.withLock { $0.progress } }

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

  private func run() {
    while true {
      while sem_wait(wake) != 0 {}
      let (batch, stopping, failed) = shared.withLock { shared in
        let batch = shared.handedOver
        shared.handedOver = []
        return (batch, shared.stopping, shared.progress.failure != nil)
      }
      if !batch.isEmpty, !failed, let last = batch.last?.number {
        do {
          try store.append(batch.map { ($0.session, $0.entry) })
          shared.withLock { $0.progress.committed = last }
        } catch {
          shared.withLock { $0.progress.failure = error.description }
        }
        report.send()
      }
      if stopping { return }
    }
  }
}
