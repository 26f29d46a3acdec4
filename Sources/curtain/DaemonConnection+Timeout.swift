// When a command that waits for its change times out, the change may still
// be going on (a 3 s resize asked to finish within 1 s) or waiting in its
// window's queue, or it may have ended just then. The CLI cannot ask on its
// own connection (answers come in request order, so anything asked now
// would wait behind the late answer), so it opens a second connection and
// reads the events the daemon still keeps: every event carries the trace id
// of the request that caused it, so the request's operation and transition
// are found among them, and the message says what became of them.

import CurtainCLIKit
import CurtainWire

extension DaemonConnection {
  /// What a timed-out request's change is doing now, as a clause of the
  /// error message ("the change is still running as t4 in w1"), or nil when
  /// the daemon no longer says.
  func stateOfTimedOut(_ request: WireRequest) -> String? {
    guard !request.traceID.isEmpty,
      let other = try? DaemonConnection.open(globals, startIfNeeded: false)
    else { return nil }
    defer { other.close() }
    guard let events = try? other.keptEvents(tracedBy: request.traceID), !events.isEmpty else {
      return nil
    }
    let window = events.first.map { OutputFormat.windowName($0.windowID) } ?? "its window"
    let manual =
      (try? other.windows().first { $0.id == events.first?.windowID })?.clock == .manual
    let hint = manual ? "; a manual-clock window moves only with `curtain advance`" : ""
    var started = false
    var running: Set<UInt64> = []
    for event in events {
      switch event.kind {
      case .operation(let operation)?:
        switch operation.phase {
        case .started: started = true
        case .completed: return "the change has completed since"
        case .failed: return "the change has failed since: \(operation.error.message)"
        default: break
        }
      case .transition(let transition)?:
        if transition.phase == .began { running.insert(transition.transitionID) }
        if transition.phase == .ended { running.remove(transition.transitionID) }
      default:
        break
      }
    }
    if let transition = running.min() {
      return "the change is still running as t\(transition) in \(window)\(hint)"
    }
    if !started { return "the change is still waiting in \(window)'s queue\(hint)" }
    return "the change is still going on in \(window)\(hint)"
  }

  /// The operation and transition events the daemon keeps (in every window
  /// of the session) that carry `traceID`, oldest first.
  private func keptEvents(tracedBy traceID: String) throws -> [WireEvent] {
    var subscribe = Curtain_V1_Subscribe()
    subscribe.events = true
    subscribe.fromSeq = 0
    subscribe.categories = [.operation, .transition]
    try perform(.subscribe(subscribe))
    let sync = try client.send(request(.sync(Curtain_V1_Sync())))
    var events: [WireEvent] = []
    while let message = try client.nextMessage(timeout: globals.responseTimeout) {
      if case .event(let event)? = message.kind, event.traceID == traceID {
        events.append(event)
      }
      if case .response(let response)? = message.kind, response.requestID == sync { break }
    }
    return events
  }
}
