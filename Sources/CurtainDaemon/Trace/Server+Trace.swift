// The server's side of traces: what it records for them as requests,
// delegate questions, events and frames go by, and the trace of a window
// (GetTrace), cut short to fit in a response.

import CurtainCore
import CurtainWire

extension Server {
  /// The most bytes of trace JSON in one response: under the clients'
  /// default frame limit (4 MiB), with room for the rest of the response.
  static let traceBytes = (4 << 20) - (64 << 10)

  /// Wall time (Unix seconds) now, on the loop's clock.
  var wallNow: Double {
    traces.wall(atLoopTime: loopTime(of: clock()))
  }

  /// Records the request that submitted an operation of a window.
  func recordTrace(
    of ticket: OperationTicket, window: WindowID, session: Session, context: some RequestContext
  ) {
    guard !isRestoring, let time = session.windows[window]?.time else { return }
    let request = context.request
    let kind = request.body.map { RequestKind($0).rawValue } ?? "operation"
    let record = WindowTrace.Request(
      operation: ticket.operation, requestID: request.requestID, traceID: request.traceID,
      kind: kind, client: TraceClient(id: context.client.id, name: context.client.name),
      time: time, wall: wallNow)
    traces.update(WindowKey(session: session.name, window: window)) { $0.record(record) }
  }

  /// Records a delegate question sent to `client`, or its answer from it.
  func recordTrace(
    delegateCall call: UInt64, window: WindowID, session: String, client: ClientState,
    answered: Bool
  ) {
    guard !isRestoring else { return }
    let record = WindowTrace.DelegateCall(
      call: call, client: TraceClient(id: client.id, name: client.name), answered: answered)
    traces.update(WindowKey(session: session, window: window)) { $0.record(record) }
  }

  /// Stamps the new events of `windows` of `session` with the wall time.
  func stampTraces(of windows: Set<WindowID>, in session: Session) {
    guard !isRestoring else { return }
    let wall = wallNow
    for id in windows {
      guard let window = session.windows[id] else { continue }
      traces.stamp(
        WindowKey(session: session.name, window: id), upTo: window.log.lastSeq, wall: wall)
    }
  }

  /// The trace of `window`: what happened after event `sinceSeq` and frame
  /// `sinceFrame`, as much as fits in a response (`more` says when it
  /// stops short; the rest comes from its `last_seq`).
  func trace(
    of window: Window, in session: Session, clock: ChromeTrace.Clock, sinceSeq: UInt64,
    sinceFrame: UInt64
  ) -> Curtain_V1_Trace {
    let key = key(of: window)
    let records = traces[key]
    let nowWall = wallNow
    let lastFrame = records?.frames.last?.frameSeq ?? sinceFrame
    func build(upTo seq: UInt64) -> String {
      var trace = ChromeTrace(
        window: window, session: session, records: records, clock: clock, sinceSeq: sinceSeq,
        upToSeq: seq, sinceFrame: sinceFrame,
        upToFrame: seq < window.log.lastSeq ? sinceFrame : max(sinceFrame, lastFrame),
        nowWall: nowWall)
      return trace.json()
    }
    let last = max(sinceSeq, window.log.lastSeq)
    var upTo = last
    var json = build(upTo: upTo)
    if json.utf8.count > Self.traceBytes, last > sinceSeq + 1 {
      // Too large for a response: the most events that fit (at least one,
      // whatever its size), by bisection.
      var low = sinceSeq + 1
      var high = last - 1
      var fitting: (seq: UInt64, json: String)?
      while low < high {
        let middle = low + (high - low + 1) / 2
        let candidate = build(upTo: middle)
        if candidate.utf8.count <= Self.traceBytes {
          low = middle
          fitting = (middle, candidate)
        } else {
          high = middle - 1
        }
      }
      upTo = low
      if let fitting, fitting.seq == low {
        json = fitting.json
      } else {
        json = build(upTo: low)
      }
    }
    var result = Curtain_V1_Trace()
    result.windowID = window.id.rawValue
    result.json = json
    result.lastSeq = upTo
    result.firstKeptSeq = window.log.firstKeptSeq
    result.more = upTo < window.log.lastSeq
    result.lastFrameSeq = result.more ? sinceFrame : max(sinceFrame, lastFrame)
    return result
  }
}

extension Server {
  /// Records a frame of `key`'s window handed to `deliveries`
  /// (subscription and client ids).
  func recordTrace(
    frame: Frame, frameSeq: UInt64, of key: WindowKey, deliveries: [(UInt64, UInt64)]
  ) {
    guard !isRestoring else { return }
    let subscriptions = deliveries.map { subscription, client in
      (subscription, TraceClient(id: client, name: clients[client]?.name ?? ""))
    }
    let wall = wallNow
    traces.update(key) {
      $0.recordFrame(
        time: frame.time, progress: frame.transitions, frameSeq: frameSeq, wall: wall,
        subscriptions: subscriptions)
    }
  }
}
