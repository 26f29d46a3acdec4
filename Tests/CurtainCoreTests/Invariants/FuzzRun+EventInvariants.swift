// The invariants of a run's complete event record: the appearance
// callbacks' state machine, willMove/didMove pairs, viewDidLoad once, the
// logs' sequence numbers, and transitions and operations that begin and end.

@testable import CurtainCore

extension FuzzRun {
  /// Invariant 2: the appearance callbacks follow the state machine, ending
  /// in each controller's `appearance`, none mid-transition.
  func checkAppearanceCallbacks() {
    var state: [ControllerID: AppearanceState] = [:]
    var broken = Set<ControllerID>()
    for (index, entry) in stream.enumerated() {
      guard case .lifecycle(let id, let callback) = entry.event.kind, !broken.contains(id) else {
        continue
      }
      let current = state[id] ?? .disappeared
      let next: AppearanceState
      let allowed: Bool
      switch callback {
      case .viewWillAppear:
        allowed = current == .disappeared || current == .disappearing
        next = .appearing
      case .viewDidAppear:
        allowed = current == .appearing
        next = .appeared
      case .viewWillDisappear:
        allowed = current == .appeared || current == .appearing
        next = .disappearing
      case .viewDidDisappear:
        allowed = current == .disappearing
        next = .disappeared
      default:
        continue
      }
      if !allowed {
        broken.insert(id)
        fail(
          "I2",
          "\(name(id)) got \(session.describe(entry.event)) while \(current); history: \(history(of: id, upTo: index))"
        )
        continue
      }
      state[id] = next
    }
    for controller in session.controllers.values.sorted(by: { $0.id < $1.id })
    where !broken.contains(controller.id) {
      let replayed = state[controller.id] ?? .disappeared
      if replayed != controller.appearance {
        fail(
          "I2",
          "\(controller.name)'s callbacks end in \(replayed) but its appearance is \(controller.appearance); history: \(history(of: controller.id))"
        )
      }
      if controller.appearance == .appearing || controller.appearance == .disappearing {
        fail("I2", "\(controller.name) is still \(controller.appearance) after settling")
      }
    }
  }

  /// Invariant 3: every willMove is followed by exactly one didMove (to the
  /// same parent, or back to the old one when cancelled) before the next
  /// willMove; the last didMove names the current parent.
  func checkMoves() {
    var pending: [ControllerID: (target: ControllerID?, old: ControllerID?)] = [:]
    var parent: [ControllerID: ControllerID] = [:]
    var broken = Set<ControllerID>()
    for (index, entry) in stream.enumerated() {
      guard case .lifecycle(let id, let callback) = entry.event.kind, !broken.contains(id) else {
        continue
      }
      switch callback {
      case .willMove(let target):
        if let open = pending[id] {
          broken.insert(id)
          fail(
            "I3",
            "\(name(id)) got \(session.describe(entry.event)) while willMove(\(name(open.target))) has no didMove; history: \(history(of: id, upTo: index))"
          )
          continue
        }
        pending[id] = (target, parent[id])
      case .didMove(let target):
        guard let open = pending.removeValue(forKey: id) else {
          broken.insert(id)
          fail(
            "I3",
            "\(name(id)) got \(session.describe(entry.event)) without a pending willMove; history: \(history(of: id, upTo: index))"
          )
          continue
        }
        if target != open.target && target != open.old {
          broken.insert(id)
          fail(
            "I3",
            "\(name(id)) got \(session.describe(entry.event)) after willMove(\(name(open.target))) (old parent \(name(open.old))); history: \(history(of: id, upTo: index))"
          )
          continue
        }
        parent[id] = target
      default:
        continue
      }
    }
    for controller in session.controllers.values.sorted(by: { $0.id < $1.id })
    where !broken.contains(controller.id) {
      if let open = pending[controller.id] {
        fail(
          "I3",
          "\(controller.name)'s willMove(\(name(open.target))) never got its didMove; history: \(history(of: controller.id))"
        )
      } else if parent[controller.id] != controller.parent?.id {
        fail(
          "I3",
          "\(controller.name)'s last didMove names \(name(parent[controller.id])) but its parent is \(controller.parent?.name ?? "nil"); history: \(history(of: controller.id))"
        )
      }
    }
  }

  /// Invariant 4: viewDidLoad once for a loaded view, never otherwise.
  func checkViewDidLoad() {
    var loads: [ControllerID: Int] = [:]
    for entry in stream {
      if case .lifecycle(let id, .viewDidLoad) = entry.event.kind { loads[id, default: 0] += 1 }
    }
    for controller in session.controllers.values.sorted(by: { $0.id < $1.id }) {
      let count = loads[controller.id] ?? 0
      if count > 1 {
        fail("I4", "\(controller.name) got viewDidLoad \(count) times")
      } else if count != (controller.isViewLoaded ? 1 : 0) {
        fail(
          "I4",
          "\(controller.name) got viewDidLoad \(count) times but its view is \(controller.isViewLoaded ? "loaded" : "not loaded")"
        )
      }
    }
  }

  /// Invariant 6: gap-free sequence numbers from 1 in both logs; revisions
  /// never decrease in the window's log.
  func checkLogs() {
    for (label, log) in [("window", window.log), ("detached", session.detachedLog)] {
      guard let events = log.events(after: 0) else {
        fail("I6", "the \(label) log lost events (capacity \(log.capacity))")
        continue
      }
      if events.count != Int(log.lastSeq) {
        fail("I6", "the \(label) log holds \(events.count) events but lastSeq is \(log.lastSeq)")
      }
      for (index, event) in events.enumerated() where event.seq != UInt64(index + 1) {
        fail("I6", "the \(label) log's event \(index + 1) has seq \(event.seq)")
        break
      }
      for (previous, event) in zip(events, events.dropFirst())
      where event.revision < previous.revision {
        fail(
          "I6",
          "the \(label) log's revision drops from \(previous.revision) (#\(previous.seq)) to \(event.revision) (#\(event.seq) \(session.describe(event)))"
        )
        break
      }
      if let last = events.last, last.revision > window.revision, label == "window" {
        fail(
          "I6",
          "the last event has revision \(last.revision), above the window's \(window.revision)")
      }
    }
    let windowSeqs = stream.filter { $0.log == .window }.map(\.event.seq)
    let detachedSeqs = stream.filter { $0.log == .detached }.map(\.event.seq)
    if !windowSeqs.elementsEqual(Array(0..<window.log.lastSeq).map { $0 + 1 })
      || !detachedSeqs.elementsEqual(Array(0..<session.detachedLog.lastSeq).map { $0 + 1 })
    {
      fail("I6", "the merged record does not hold every event of both logs exactly once, in order")
    }
  }

  /// Invariant 7: each transition's began has one ended after it; each
  /// started operation one completed; each queued one started or failed.
  func checkTransitionsAndOperations() {
    var began: [TransitionID: Int] = [:]
    var ended: [TransitionID: Int] = [:]
    var queued: [OperationID: Int] = [:]
    var started: [OperationID: Int] = [:]
    var completed: [OperationID: Int] = [:]
    var failed: [OperationID: Int] = [:]
    for entry in stream {
      switch entry.event.kind {
      case .transition(let id, .began):
        began[id, default: 0] += 1
      case .transition(let id, .ended):
        if began[id] == nil { fail("I7", "transition \(id) ended before it began") }
        ended[id, default: 0] += 1
      case .transition(let id, .paused), .transition(let id, .interactionChanged):
        if began[id] == nil || ended[id] != nil {
          fail(
            "I7", "transition \(id) reported \(session.describe(entry.event)) outside began…ended")
        }
      case .operation(let id, .queued):
        queued[id, default: 0] += 1
      case .operation(let id, .started):
        started[id, default: 0] += 1
      case .operation(let id, .completed):
        if started[id] == nil { fail("I7", "operation \(id) completed before it started") }
        completed[id, default: 0] += 1
      case .operation(let id, .failed):
        if queued[id] == nil || started[id] != nil {
          fail("I7", "operation \(id) failed but was not waiting in the queue")
        }
        failed[id, default: 0] += 1
      default:
        break
      }
    }
    for id in Set(began.keys).union(ended.keys).sorted() where began[id] != 1 || ended[id] != 1 {
      fail("I7", "transition \(id) began \(began[id] ?? 0) times and ended \(ended[id] ?? 0) times")
    }
    for id in Set(started.keys).union(completed.keys).sorted()
    where started[id] != 1 || completed[id] != 1 {
      fail(
        "I7",
        "operation \(id) started \(started[id] ?? 0) times and completed \(completed[id] ?? 0) times"
      )
    }
    for id in queued.keys.sorted()
    where queued[id] != 1 || (started[id] ?? 0) + (failed[id] ?? 0) != 1 {
      fail(
        "I7",
        "operation \(id) was queued \(queued[id] ?? 0) times, started \(started[id] ?? 0), failed \(failed[id] ?? 0)"
      )
    }
  }
}
