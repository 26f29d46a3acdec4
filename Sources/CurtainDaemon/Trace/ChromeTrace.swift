// A window's trace in the Chrome trace event format (docs/traces.md), made
// from its event ring and its trace records (WindowTrace.swift).
//
// Tracks: the window is a process (pid 1) whose threads are its operations,
// its transitions, its delegate questions, its own changes and one thread
// per controller; each client is a process (pid 1000 + client id) with the
// requests it made, the delegate questions it answered and, as counters, the
// frames handed to each of its subscriptions. Slices that may overlap (an
// operation requested while another runs, two transitions at once) go to
// lanes: a thread per lane ("operations", "operations 2", …), so that the
// slices of one thread always nest.
//
// - An operation is a complete slice from its request (or, when the request
//   is no longer kept, its first event) to its completion or failure, on
//   the window's operations and on the requesting client's requests.
// - A transition is a slice from its beginning to its end, with its
//   interactive segments nested in it (`interactive`, then `finishing` or
//   `cancelling`) and its pauses as instants; its progress is a counter
//   (from its events and from each frame the window produced).
// - A lifecycle callback is an instant on its controller's thread, inside a
//   slice of that thread for the operation (named after the transition)
//   that caused it.
// - A delegate question is a slice on the window's delegate thread from the
//   question to its answer (or fallback), and one on the answering client's
//   thread; a flow goes from the question to the client, and another from
//   the client back to the answer.
//
// A slice is part of the trace of the call that covers its last event (a
// follower, calling again from `last_seq`, gets each slice once); what has
// not ended yet (a transition running, a question unanswered) is drawn up
// to now with `unfinished: true` in every call, for a follower to replace.

import CurtainCore

/// Builds the trace of a window.
struct ChromeTrace {
  /// The clock of the timestamps.
  enum Clock: String {
    case window, wall
  }

  let window: Window
  let session: Session
  let records: WindowTrace?
  let clock: Clock
  /// Events after this seq, up to `upToSeq`.
  let sinceSeq: UInt64
  let upToSeq: UInt64
  /// Frames after this frame_seq, up to `upToFrame`.
  let sinceFrame: UInt64
  let upToFrame: UInt64
  /// Whether the trace stops before the window's newest event.
  let more: Bool
  /// Wall time now (what is unfinished ends here in wall time).
  let nowWall: Double

  static let windowPID: UInt64 = 1

  /// The pid of a client's process.
  static func pid(of client: UInt64) -> UInt64 { 1000 + client }

  /// A group of threads whose slices take lanes.
  private struct LaneGroup: Hashable {
    let pid: UInt64
    /// The first lane's tid; lane n is `base + n`.
    let base: UInt64
    let name: String
  }

  /// Slices (with what belongs inside them) waiting for a lane.
  private struct LanedItem {
    let group: LaneGroup
    let start: Double
    let end: Double
    let included: Bool
    /// Events of the item; their tid is set to the lane's.
    var events: [ChromeTraceEvent]
  }

  private struct ThreadKey: Hashable {
    let pid: UInt64
    let tid: UInt64
  }

  /// What is known of an operation so far.
  private struct OperationState {
    var first: Event
    var started: Event?
    var queued = false
    /// The first transition it began.
    var transition: (TransitionID, TransitionInfo)?
    /// Each controller's callbacks: first and last time.
    var callbacks: [ControllerID: (Double, Double)] = [:]
  }

  private struct TransitionState {
    let began: Event
    let info: TransitionInfo
    let operation: OperationID?
    /// Where each segment after the first begins, and its name.
    var segments: [(Event, String)] = []
    var pauses: [(Event, Double)] = []
  }

  // MARK: Building

  private var output: [ChromeTraceEvent] = []
  private var laned: [LanedItem] = []
  private var processNames: [UInt64: String] = [:]
  private var threadNames: [ThreadKey: String] = [:]
  private var operations: [OperationID: OperationState] = [:]
  /// The operations started and not yet ended, oldest first: the newest is
  /// the one the window is running.
  private var running: [OperationID] = []
  private var transitions: [TransitionID: TransitionState] = [:]
  private var questions: [UInt64: (Event, DelegateMethod)] = [:]
  private var requests: [OperationID: WindowTrace.Request] = [:]
  private var askedOf: [UInt64: TraceClient] = [:]
  private var answeredBy: [UInt64: TraceClient] = [:]

  init(
    window: Window, session: Session, records: WindowTrace?, clock: Clock, sinceSeq: UInt64,
    upToSeq: UInt64, sinceFrame: UInt64, upToFrame: UInt64, nowWall: Double
  ) {
    self.window = window
    self.session = session
    self.records = records
    self.clock = clock
    self.sinceSeq = sinceSeq
    self.upToSeq = upToSeq
    self.sinceFrame = sinceFrame
    self.upToFrame = upToFrame
    self.more = upToSeq < window.log.lastSeq
    self.nowWall = nowWall
    for request in records?.requests ?? [] { requests[request.operation] = request }
    for call in records?.delegateCalls ?? [] {
      if call.answered {
        answeredBy[call.call] = call.client
      } else {
        askedOf[call.call] = call.client
      }
    }
  }

  /// The trace as the JSON object form.
  mutating func json() -> String {
    build()
    var out = "{\"traceEvents\":["
    for (index, event) in output.enumerated() {
      if index > 0 { out += ",\n" }
      out += event.json
    }
    out += "],\"displayTimeUnit\":\"ms\",\"metadata\":"
    ChromeTraceEvent.write(object: metadata, to: &out)
    out += "}\n"
    return out
  }

  /// What the trace's metadata says: which clock, what it covers.
  private var metadata: [(String, ChromeTraceEvent.Value)] {
    [
      ("source", .string("curtaind")),
      ("clock", .string(clock.rawValue)),
      (
        "clock_description",
        .string(
          clock == .window
            ? "ts and dur are microseconds of the window's model time"
            : "ts and dur are microseconds of the daemon's wall clock (Unix time)")
      ),
      ("session", .string(session.name)),
      ("window", .string(window.id.description)),
      ("window_time", .number(window.time)),
      ("since_seq", .integer(sinceSeq)),
      ("last_seq", .integer(upToSeq)),
      ("first_kept_seq", .integer(window.log.firstKeptSeq)),
      ("since_frame_seq", .integer(sinceFrame)),
      ("last_frame_seq", .integer(upToFrame)),
      ("more", .bool(more)),
    ]
  }

  private mutating func build() {
    processNames[Self.windowPID] = "window \(window.id) (session \(session.name))"
    let first = window.log.firstKeptSeq
    for event in window.events(after: first > 0 ? first - 1 : 0) ?? []
    where event.seq <= upToSeq {
      take(event)
    }
    if !more { drawUnfinished() }
    drawFrames()
    assignLanes()
    finish()
  }

  /// Whether a slice whose last event is `seq` belongs to this call.
  private func includes(_ seq: UInt64) -> Bool {
    seq > sinceSeq && seq <= upToSeq
  }

  /// An event's time in microseconds of the trace's clock.
  private func ts(_ event: Event) -> Double {
    switch clock {
    case .window: return event.time * 1e6
    case .wall:
      if let wall = records?.wall(of: event.seq) { return wall * 1e6 }
      // Not stamped (older than the stamps kept, or applied by the request
      // being answered): estimated from the window's time.
      return (nowWall - (window.time - event.time)) * 1e6
    }
  }

  /// Now in microseconds of the trace's clock.
  private var now: Double {
    clock == .window ? window.time * 1e6 : nowWall * 1e6
  }

  private func name(_ id: ControllerID?) -> String {
    guard let id else { return "nil" }
    return session.controllers[id]?.name ?? id.description
  }

  private mutating func controllerThread(_ id: ControllerID) -> UInt64 {
    let tid = 1000 + id.rawValue
    let key = ThreadKey(pid: Self.windowPID, tid: tid)
    if threadNames[key] == nil {
      let named = name(id)
      threadNames[key] = named == id.description ? named : "\(named) (\(id))"
    }
    return tid
  }

  private mutating func clientProcess(_ client: TraceClient) -> UInt64 {
    let pid = Self.pid(of: client.id)
    if processNames[pid] == nil {
      processNames[pid] =
        client.name.isEmpty ? "client \(client.id)" : "client \(client.id) (\(client.name))"
    }
    return pid
  }

  // MARK: Events

  private mutating func take(_ event: Event) {
    switch event.kind {
    case .lifecycle(let id, _), .sizeTransition(let id, _), .segue(let id, _),
      .navigationDelegate(let id, _), .tabBarDelegate(let id, _):
      callback(event, of: id)
    case .presentation(let presented, _, _):
      callback(event, of: presented)
    case .hierarchy, .window:
      let tid: UInt64 = 1
      threadNames[ThreadKey(pid: Self.windowPID, tid: tid)] = "window"
      if includes(event.seq) {
        output.append(
          .instant(
            session.describe(event), category: event.category.rawValue, at: ts(event),
            pid: Self.windowPID, tid: tid, args: common(event)))
      }
    case .operation(let id, let phase):
      operation(event, id, phase)
    case .transition(let id, let phase):
      transition(event, id, phase)
    case .delegate(let controller, let delegateEvent):
      delegate(event, controller, delegateEvent)
    }
  }

  private func common(_ event: Event) -> [(String, ChromeTraceEvent.Value)] {
    var args: [(String, ChromeTraceEvent.Value)] = [("seq", .integer(event.seq))]
    if let trace = event.traceID, !trace.isEmpty { args.append(("trace_id", .string(trace))) }
    if clock == .wall { args.append(("window_time", .number(event.time))) }
    return args
  }

  /// A controller's callback: an instant on its thread, counted in the
  /// running operation's slice of that thread.
  private mutating func callback(_ event: Event, of controller: ControllerID) {
    let tid = controllerThread(controller)
    let time = ts(event)
    if let running = running.last {
      let span = operations[running]?.callbacks[controller]
      operations[running]?.callbacks[controller] = (min(span?.0 ?? time, time), time)
    }
    guard includes(event.seq) else { return }
    output.append(
      .instant(
        session.describe(event), category: event.category.rawValue, at: time,
        pid: Self.windowPID, tid: tid, args: common(event)))
  }

  private mutating func operation(_ event: Event, _ id: OperationID, _ phase: OperationPhase) {
    switch phase {
    case .queued:
      operations[id] = operations[id] ?? OperationState(first: event)
      operations[id]?.queued = true
    case .started:
      operations[id] = operations[id] ?? OperationState(first: event)
      operations[id]?.started = event
      running.append(id)
    case .completed(let cancelled, _):
      endOperation(id, at: event, result: cancelled ? "cancelled" : "completed", error: nil)
    case .failed(let error):
      endOperation(id, at: event, result: "failed", error: error)
    }
  }

  private mutating func endOperation(
    _ id: OperationID, at end: Event?, result: String, error: CurtainError?
  ) {
    guard let state = operations[id] ?? end.map({ OperationState(first: $0) }) else { return }
    operations[id] = nil
    running.removeAll { $0 == id }
    let included = end.map { includes($0.seq) } ?? true
    let endTime = end.map(ts) ?? now
    let request = requests[id]
    let start =
      request.map { clock == .window ? $0.time * 1e6 : $0.wall * 1e6 } ?? ts(state.first)
    let kind = request?.kind ?? "operation"
    var args: [(String, ChromeTraceEvent.Value)] = [
      ("operation", .string(id.description)), ("kind", .string(kind)),
    ]
    if let request {
      args += [
        ("request_id", .integer(request.requestID)), ("client", .integer(request.client.id)),
        ("client_name", .string(request.client.name)),
      ]
      if !request.traceID.isEmpty { args.append(("trace_id", .string(request.traceID))) }
    } else if let trace = state.first.traceID, !trace.isEmpty {
      args.append(("trace_id", .string(trace)))
    }
    args.append(("result", .string(result)))
    if let error {
      args += [("error_code", .string(error.code.rawValue)), ("error", .string(error.message))]
    }
    args.append(("queued", .bool(state.queued)))
    if let transition = state.transition {
      args.append(("transition", .string(transition.0.description)))
    }
    if end == nil { args.append(("unfinished", .bool(true))) }
    let name = state.transition.map { "\(kind) (\($0.1.kind.rawValue) \($0.0))" } ?? kind
    let slice = ChromeTraceEvent.slice(
      name, category: "operation", from: min(start, endTime), to: endTime, pid: Self.windowPID,
      tid: 0, args: args)
    laned.append(
      LanedItem(
        group: LaneGroup(pid: Self.windowPID, base: 10, name: "operations"), start: slice.ts,
        end: endTime, included: included, events: [slice]))
    if let request {
      let pid = clientProcess(request.client)
      var mirrored = slice
      mirrored.pid = pid
      laned.append(
        LanedItem(
          group: LaneGroup(pid: pid, base: 10, name: "requests"), start: slice.ts, end: endTime,
          included: included, events: [mirrored]))
    }
    // Each controller's callbacks of the operation, inside a slice of its
    // thread named after the transition that caused them.
    guard included else { return }
    let operationStart = state.started.map(ts) ?? ts(state.first)
    let sliceName = state.transition.map { "\($0.1.kind.rawValue) \($0.0)" } ?? kind
    for (controller, span) in state.callbacks.sorted(by: { $0.key < $1.key }) {
      var sliceArgs: [(String, ChromeTraceEvent.Value)] = [("operation", .string(id.description))]
      if let transition = state.transition {
        sliceArgs.append(("transition", .string(transition.0.description)))
      }
      if end == nil { sliceArgs.append(("unfinished", .bool(true))) }
      output.append(
        .slice(
          sliceName, category: "transition", from: min(operationStart, span.0),
          to: max(endTime, span.1), pid: Self.windowPID, tid: controllerThread(controller),
          args: sliceArgs))
    }
  }

  private mutating func transition(_ event: Event, _ id: TransitionID, _ phase: TransitionPhase) {
    switch phase {
    case .began(let info):
      let operation = running.last
      transitions[id] = TransitionState(began: event, info: info, operation: operation)
      if let operation, operations[operation]?.transition == nil {
        operations[operation]?.transition = (id, info)
      }
      progress(id, 0, at: ts(event), included: includes(event.seq))
    case .paused(let percent):
      transitions[id]?.pauses.append((event, percent))
      transitions[id]?.segments.append((event, "interactive"))
      progress(id, percent, at: ts(event), included: includes(event.seq))
    case .interactionChanged(let isCancelled):
      transitions[id]?.segments.append((event, isCancelled ? "cancelling" : "finishing"))
    case .ended(let cancelled):
      guard let state = transitions.removeValue(forKey: id) else { return }
      endTransition(id, state, at: event, cancelled: cancelled)
      progress(id, cancelled ? 0 : 1, at: ts(event), included: includes(event.seq))
    }
  }

  private mutating func progress(
    _ id: TransitionID, _ percent: Double, at time: Double, included: Bool
  ) {
    guard included else { return }
    output.append(
      .counter(
        "progress \(id)", at: time, pid: Self.windowPID, [("percent", .number(percent * 100))]))
  }

  private mutating func endTransition(
    _ id: TransitionID, _ state: TransitionState, at end: Event?, cancelled: Bool
  ) {
    let info = state.info
    let start = ts(state.began)
    let endTime = end.map(ts) ?? now
    var args: [(String, ChromeTraceEvent.Value)] = [
      ("transition", .string(id.description)), ("kind", .string(info.kind.rawValue)),
      ("container", .string(name(info.container))), ("from", .string(name(info.from))),
      ("to", .string(name(info.to))), ("animated", .bool(info.animated)),
      ("interactive", .bool(info.interactive)), ("duration", .number(info.duration)),
    ]
    if let operation = state.operation {
      args.append(("operation", .string(operation.description)))
    }
    if let trace = state.began.traceID, !trace.isEmpty { args.append(("trace_id", .string(trace))) }
    if end != nil {
      args.append(("cancelled", .bool(cancelled)))
    } else {
      args.append(("unfinished", .bool(true)))
    }
    var events: [ChromeTraceEvent] = [
      .slice(
        "\(info.kind.rawValue) \(id)", category: "transition", from: start, to: endTime,
        pid: Self.windowPID, tid: 0, args: args)
    ]
    // Its segments, when a client drove it at some point: interactive
    // while driven, then finishing or cancelling by itself (or playing,
    // before a pause made it interactive).
    if info.interactive || !state.segments.isEmpty {
      var segmentStart = start
      var segmentName = info.interactive ? "interactive" : "playing"
      for (boundary, next) in state.segments + [(nil, "")] as [(Event?, String)] {
        let segmentEnd = boundary.map(ts) ?? endTime
        events.append(
          .slice(
            segmentName, category: "transition", from: segmentStart, to: segmentEnd,
            pid: Self.windowPID, tid: 0))
        segmentStart = segmentEnd
        segmentName = next
      }
    }
    for (pause, percent) in state.pauses {
      events.append(
        .instant(
          "paused at \(Int((percent * 100).rounded()))%", category: "transition", at: ts(pause),
          pid: Self.windowPID, tid: 0, args: common(pause)))
    }
    laned.append(
      LanedItem(
        group: LaneGroup(pid: Self.windowPID, base: 100, name: "transitions"), start: start,
        end: endTime, included: end.map { includes($0.seq) } ?? true, events: events))
  }

  private mutating func delegate(
    _ event: Event, _ controller: ControllerID, _ delegateEvent: DelegateEvent
  ) {
    switch delegateEvent {
    case .called(let call, let method, _):
      questions[call] = (event, method)
    case .answered(let call, let method, _):
      answer(call, method, at: event, outcome: "answered")
    case .fallback(let call, let method, let reason):
      answer(call, method, at: event, outcome: "fallback: \(reason.name)")
    }
  }

  /// A question's slices and flows, from the window to the client asked
  /// and, when it answered, back.
  private mutating func answer(
    _ call: UInt64, _ method: DelegateMethod, at end: Event?, outcome: String
  ) {
    guard let (asked, _) = questions.removeValue(forKey: call) else { return }
    let start = ts(asked)
    let endTime = end.map(ts) ?? now
    let included = end.map { includes($0.seq) } ?? true
    let client = answeredBy[call] ?? askedOf[call]
    let answered = end != nil && answeredBy[call] != nil && outcome == "answered"
    var args: [(String, ChromeTraceEvent.Value)] = [
      ("call", .integer(call)), ("method", .string(method.rawValue)),
      ("wait_ms", .number((endTime - start) / 1000)),
      ("outcome", .string(end == nil ? "waiting" : outcome)),
    ]
    if let client {
      args += [("client", .integer(client.id)), ("client_name", .string(client.name))]
    }
    if end == nil { args.append(("unfinished", .bool(true))) }
    let outID = call * 2
    let backID = call * 2 + 1
    var windowEvents: [ChromeTraceEvent] = [
      .slice(
        "ask \(method.rawValue)", category: "delegate", from: start, to: endTime,
        pid: Self.windowPID, tid: 0, args: args)
    ]
    if client != nil {
      windowEvents.append(
        ChromeTraceEvent(
          name: "delegate call", category: "delegate", phase: "s", ts: start, pid: Self.windowPID,
          tid: 0,
          id: outID))
    }
    if answered {
      windowEvents.append(
        .slice(
          "answer \(method.rawValue)", category: "delegate", from: endTime, to: endTime,
          pid: Self.windowPID, tid: 0, args: [("call", .integer(call))]))
      windowEvents.append(
        ChromeTraceEvent(
          name: "delegate answer", category: "delegate", phase: "f", ts: endTime,
          pid: Self.windowPID,
          tid: 0, id: backID, bindingPoint: "e"))
    }
    laned.append(
      LanedItem(
        group: LaneGroup(pid: Self.windowPID, base: 200, name: "delegate questions"), start: start,
        end: endTime, included: included, events: windowEvents))
    guard let client else { return }
    let pid = clientProcess(client)
    var clientEvents: [ChromeTraceEvent] = [
      .slice(
        "answer \(method.rawValue)", category: "delegate", from: start, to: endTime, pid: pid,
        tid: 0,
        args: args),
      ChromeTraceEvent(
        name: "delegate call", category: "delegate", phase: "f", ts: start, pid: pid, tid: 0,
        id: outID,
        bindingPoint: "e"),
    ]
    if answered {
      clientEvents.append(
        ChromeTraceEvent(
          name: "delegate answer", category: "delegate", phase: "s", ts: start, pid: pid, tid: 0,
          id: backID))
    }
    laned.append(
      LanedItem(
        group: LaneGroup(pid: pid, base: 200, name: "delegate answers"), start: start, end: endTime,
        included: included, events: clientEvents))
  }

  /// What has not ended by the window's newest event, drawn up to now.
  private mutating func drawUnfinished() {
    for (id, state) in transitions.sorted(by: { $0.key < $1.key }) {
      endTransition(id, state, at: nil, cancelled: false)
    }
    for call in questions.keys.sorted() {
      if let (_, method) = questions[call] { answer(call, method, at: nil, outcome: "waiting") }
    }
    for id in operations.keys.sorted() {
      endOperation(id, at: nil, result: "unfinished", error: nil)
    }
  }

  /// The frames: each transition's progress, and for each subscription the
  /// frames handed to it so far.
  private mutating func drawFrames() {
    for frame in records?.frames ?? []
    where frame.frameSeq > sinceFrame && frame.frameSeq <= upToFrame {
      let time = clock == .window ? frame.time * 1e6 : frame.wall * 1e6
      for transition in frame.progress {
        output.append(
          .counter(
            "progress \(transition.transition)", at: time, pid: Self.windowPID,
            [("percent", .number(transition.percentComplete * 100))]))
      }
      for delivery in frame.deliveries {
        let pid = clientProcess(delivery.client)
        output.append(
          .counter(
            "frames s\(delivery.subscription)", at: time, pid: pid,
            [("delivered", .integer(delivery.count))]))
      }
    }
  }

  /// Puts each laned slice on the first lane of its group free at its
  /// start (oldest first), so that the slices of a thread never overlap.
  private mutating func assignLanes() {
    var lanes: [LaneGroup: [Double]] = [:]
    let items = laned.enumerated().sorted {
      ($0.element.start, -$0.element.end, $0.offset) < (
        $1.element.start, -$1.element.end, $1.offset
      )
    }
    for (_, item) in items {
      var ends = lanes[item.group] ?? []
      let lane = ends.firstIndex { $0 <= item.start } ?? ends.count
      if lane == ends.count { ends.append(item.end) } else { ends[lane] = item.end }
      lanes[item.group] = ends
      let tid = item.group.base + UInt64(lane)
      let key = ThreadKey(pid: item.group.pid, tid: tid)
      if threadNames[key] == nil {
        threadNames[key] = lane == 0 ? item.group.name : "\(item.group.name) \(lane + 1)"
      }
      guard item.included else { continue }
      for var event in item.events {
        event.tid = tid
        output.append(event)
      }
    }
  }

  /// Orders the events by time (a slice before what starts with it inside
  /// it, flows after the slices they bind to) and puts the names of the
  /// processes and threads they use first.
  private mutating func finish() {
    func rank(_ event: ChromeTraceEvent) -> Int {
      switch event.phase {
      case "X": return 0
      case "s", "f": return 2
      default: return 1
      }
    }
    let ordered = output.enumerated().sorted {
      let left = ($0.element.ts, rank($0.element), -($0.element.duration ?? 0), $0.offset)
      let right = ($1.element.ts, rank($1.element), -($1.element.duration ?? 0), $1.offset)
      return left < right
    }.map(\.element)
    var usedThreads: Set<ThreadKey> = []
    var usedProcesses: Set<UInt64> = []
    for event in ordered {
      usedProcesses.insert(event.pid)
      if event.phase != "C" { usedThreads.insert(ThreadKey(pid: event.pid, tid: event.tid)) }
    }
    usedProcesses.insert(Self.windowPID)
    var metadata: [ChromeTraceEvent] = []
    for pid in usedProcesses.sorted() {
      metadata.append(
        .metadata("process_name", pid: pid, [("name", .string(processNames[pid] ?? "pid \(pid)"))]))
      metadata.append(.metadata("process_sort_index", pid: pid, [("sort_index", .integer(pid))]))
    }
    for key in usedThreads.sorted(by: { ($0.pid, $0.tid) < ($1.pid, $1.tid) }) {
      metadata.append(
        .metadata(
          "thread_name", pid: key.pid, tid: key.tid,
          [("name", .string(threadNames[key] ?? "thread \(key.tid)"))]))
      metadata.append(
        .metadata(
          "thread_sort_index", pid: key.pid, tid: key.tid, [("sort_index", .integer(key.tid))]))
    }
    output = metadata + ordered
  }
}
