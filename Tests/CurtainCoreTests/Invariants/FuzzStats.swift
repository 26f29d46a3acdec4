// Counters of what the random runs did, summed across runs and printed,
// so that a test can check that its runs reach what they are meant to.

@testable import CurtainCore

/// Counters across runs.
struct FuzzStats {
  var runs = 0
  var steps = 0
  var submitted = 0
  var accepted = 0
  var queued = 0
  var failedWhenDequeued = 0
  var syncErrors: [ErrorCode: Int] = [:]
  var driveErrors: [ErrorCode: Int] = [:]
  var transitions = 0
  var interactivePops = 0
  var pauses = 0
  var finishes = 0
  var cancels = 0
  var advances = 0
  var events = 0
  var moreTabs = 0
  var moreSelected = 0
  /// Runs that end with a presentation over a context inside a container
  /// (its view in a view other than the window's).
  var contextInContainer = 0
  /// Per operation kind: (accepted, thrown).
  var byKind: [String: (accepted: Int, thrown: Int)] = [:]

  mutating func add(_ other: FuzzStats) {
    runs += other.runs
    steps += other.steps
    submitted += other.submitted
    accepted += other.accepted
    queued += other.queued
    failedWhenDequeued += other.failedWhenDequeued
    syncErrors.merge(other.syncErrors, uniquingKeysWith: +)
    driveErrors.merge(other.driveErrors, uniquingKeysWith: +)
    transitions += other.transitions
    interactivePops += other.interactivePops
    pauses += other.pauses
    finishes += other.finishes
    cancels += other.cancels
    advances += other.advances
    events += other.events
    moreTabs += other.moreTabs
    moreSelected += other.moreSelected
    contextInContainer += other.contextInContainer
    byKind.merge(other.byKind) { ($0.accepted + $1.accepted, $0.thrown + $1.thrown) }
  }

  var summary: String {
    func codes(_ table: [ErrorCode: Int]) -> String {
      table.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
        .joined(separator: ", ")
    }
    return """
      runs \(runs), steps \(steps), operations submitted \(submitted) (accepted \(accepted), \
      queued \(queued), failed when dequeued \(failedWhenDequeued)), \
      synchronous errors \(syncErrors.values.reduce(0, +)) [\(codes(syncErrors))], \
      interaction-request errors \(driveErrors.values.reduce(0, +)) [\(codes(driveErrors))], \
      transitions \(transitions) (interactive pops \(interactivePops), pauses \(pauses), \
      finishes \(finishes), cancels \(cancels)), advances \(advances), events \(events), \
      runs with more than 5 tabs \(moreTabs), runs that selected More \(moreSelected), \
      runs ending with a presentation over a context inside a container \(contextInContainer); \
      per operation (accepted/thrown): \(byKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.accepted)/\($0.value.thrown)" }.joined(separator: ", "))
      """
  }
}
