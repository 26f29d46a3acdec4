// The daemon's bookkeeping around the core model: window keys and settings,
// clients, subscriptions and waiting requests.

import CurtainCore
import CurtainWire

/// A window of a session.
struct WindowKey: Hashable {
  let session: String
  let window: WindowID
  /// A digest of the session's name (FNV-1a of its UTF-8), computed once
  /// when the key is made: hashing a key then feeds the hasher two
  /// integers, not the name's bytes. The tick looks windows up by key
  /// several times per window, and hashing names was a tenth of its
  /// instructions (docs/benchmarks.md). Keys are equal when their names
  /// are equal byte for byte: every key is made from a session's own name
  /// (`Session.name`, validated ASCII), never from a request's spelling of
  /// it, so names that Swift calls equal under Unicode rules but that
  /// differ in bytes never meet here.
  private let sessionDigest: UInt64

  init(session: String, window: WindowID) {
    self.session = session
    self.window = window
    sessionDigest =
      session.utf8.withContiguousStorageIfAvailable(Self.digest) ?? Self.digest(Array(session.utf8))
  }

  private static func digest<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return digest
  }

  static func == (lhs: WindowKey, rhs: WindowKey) -> Bool {
    lhs.window == rhs.window && lhs.sessionDigest == rhs.sessionDigest
      && lhs.session == rhs.session
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(sessionDigest)
    hasher.combine(window.rawValue)
  }
}

/// The daemon's settings of one window as a snapshot keeps them: its clock
/// (Clocks.swift) and its frame counter (Publisher.swift).
struct WindowState {
  /// Its clock: frame rate, mode, origin and speed.
  var clock: WindowClock
  /// Clock time of the last frame produced.
  var lastFrameClock: Double
  /// The last frame number handed out (frame_seq).
  var frameSeq: UInt64 = 0
}

/// A connected client.
final class ClientState {
  let link: ClientLink
  let connectedAt: Double
  /// Hello accepted.
  var isWelcomed = false
  /// The "read-only" capability, or a read-only token.
  var isReadOnly = false
  /// What its token grants (TokenScopes.swift); full for Unix clients.
  var scope = AccessScope.full
  /// Whether interactive transitions it begins belong to it (not with the
  /// "unowned-interactions" capability).
  var ownsInteractions = true
  /// The name from Hello.
  var name = ""
  /// The windows where it may own an interactive transition: where it
  /// submitted an operation as owner, or took a transition over. Its
  /// departure cancels its interactions there only (issue 34).
  var interactionWindows: Set<WindowKey> = []
  /// The sessions where it registered delegates: its departure ends them
  /// there only.
  var delegateSessions: Set<String> = []

  init(link: ClientLink, connectedAt: Double) {
    self.link = link
    self.connectedAt = connectedAt
  }

  var id: UInt64 { link.clientID }

  /// Whether its departure may change the model (it may own interactions
  /// or delegates somewhere).
  var mayOwnSomething: Bool { !interactionWindows.isEmpty || !delegateSessions.isEmpty }
}

/// A client's subscription to events and/or frames.
struct Subscription {
  let id: UInt64
  let clientID: UInt64
  let session: String
  /// `nil`: every window of the session (and its detached controllers).
  let window: WindowID?
  let categories: Set<EventCategory>
  let events: Bool
  let frames: Bool
  let policy: FramePolicy
  /// The most frames a second it takes of each window (`max_fps`, in
  /// seconds of the clock that paces the window's frames); `nil`: every
  /// frame.
  let maxFPS: Double?
  /// Events delivered up to this seq, per window.
  var cursors: [WindowID: UInt64]
  /// Detached-log events delivered up to this seq.
  var detachedCursor: UInt64
  /// Inactive until the Subscribe response has gone out (events wait).
  var isActive = false
  /// PAUSE policy: highest acknowledged frame_seq, per window frames count.
  var acknowledged: UInt64 = 0
  /// Frames sent (PAUSE policy credit accounting).
  var framesSent: UInt64 = 0
  /// Frames not sent because of PAUSE, reported in the next one.
  var pausedSkips: UInt64 = 0
  /// `max_fps`: per window, the slot (1 / max_fps seconds of its clock)
  /// of the last frame sent and the frames left out since, which the next
  /// one reports.
  var rate: [WindowID: FrameRateState] = [:]
  /// Frames handed to the client's connection, of every window, in all (a
  /// LATEST frame may still be replaced there by a newer one).
  var framesDelivered: UInt64 = 0
  /// Frames `max_fps` left out, of every window, in all.
  var framesSkippedByRate: UInt64 = 0

  /// The frame rates `max_fps` takes (docs/protocol.md): one frame in
  /// 100 s to the most a window ticks.
  static let maxFPSRange = 0.01...240.0

  func includes(_ window: WindowID) -> Bool {
    self.window == nil || self.window == window
  }
}

/// Where a subscription with `max_fps` is in one window's frames.
struct FrameRateState {
  /// The slot of the window's clock of the last frame sent.
  var slot: Int64
  /// Frames left out since then.
  var skipped: UInt64 = 0
}

/// A request answered later: when an operation has started or completed
/// (found by its id among the session's outcomes), or when a window is idle.
struct Waiter {
  enum Condition {
    /// The operation has started (or completed, or failed).
    case started(OperationID)
    /// The operation has completed (or failed).
    case completed(OperationID)
    /// The window is idle.
    case idle
  }

  let clientID: UInt64
  let requestID: UInt64
  let traceID: String
  /// The request's kind, for the log line and the metric of its answer.
  let kind: RequestKind?
  /// The server time of the request (its answer is timed from it).
  let since: Double
  /// The window: its session's outcomes answer an operation waiter; an
  /// idle waiter watches the window itself.
  let key: WindowKey
  let condition: Condition
  /// The answer so far (updated with the outcomes).
  var result: Curtain_V1_OperationResult
  /// For segue requests: the segue's answer, around `result`.
  var segue: Curtain_V1_SegueResult?
  /// For requests that drive a transition (finish, cancel): the answer is
  /// this transition's state, brought up to date when the operation that
  /// started it completes.
  var transition: Curtain_V1_TransitionResult?

  /// A waiter for the request of `context`.
  init(
    for context: some RequestContext, key: WindowKey, condition: Condition,
    result: Curtain_V1_OperationResult = Curtain_V1_OperationResult(),
    segue: Curtain_V1_SegueResult? = nil, transition: Curtain_V1_TransitionResult? = nil
  ) {
    clientID = context.client.id
    requestID = context.request.requestID
    traceID = context.request.traceID
    kind = context.request.body.map(RequestKind.init)
    since = context.server.clock()
    self.key = key
    self.condition = condition
    self.result = result
    self.segue = segue
    self.transition = transition
  }

  /// The operation it waits for, if it waits for one.
  var operation: OperationID? {
    switch condition {
    case .started(let id), .completed(let id): return id
    case .idle: return nil
    }
  }

  /// Takes in what became of its operation; returns the answer once its
  /// condition holds.
  mutating func take(_ outcome: OperationOutcome) -> ResponseOutcome? {
    switch outcome.phase {
    case .failed(let error):
      return .failure(error)
    case .started:
      result.update(with: outcome)
      segue?.update(with: outcome)
      if case .started = condition { return .success(payload) }
      return nil
    case .completed(let cancelled):
      result.update(with: outcome)
      segue?.update(with: outcome)
      transition?.percent = cancelled ? 0 : 1
      transition?.interactive = false
      return .success(payload)
    }
  }

  /// The response payload: the transition's state, or the operation
  /// result (the segue result around it).
  var payload: WireResponse.OneOf_Result {
    if let transition { return .transition(transition) }
    return Self.payload(result, segue: segue)
  }

  /// An operation result, or the segue result around it.
  static func payload(_ result: Curtain_V1_OperationResult, segue: Curtain_V1_SegueResult?)
    -> WireResponse.OneOf_Result
  {
    guard var segue else { return .operation(result) }
    segue.operation = result
    return .segue(segue)
  }
}

/// What a restore of the state directory is doing (Server+Journal.swift).
struct ReplayState {
  /// Set while a state directory is restored: limits that refuse what was
  /// accepted before (max-sessions) are not applied.
  var isRestoring = false
  /// The session of the request record being replayed: only its windows
  /// advance (`advanceRealtimeWindows`).
  var scope: String?
  /// The clock time of the last record replayed: the clock goes on from
  /// it (`finishRestore`).
  var lastRecordClock = 0.0
}

/// How far a shutdown has gone (Server+Requests.swift).
struct ShutdownState {
  /// A Shutdown request was answered: stop once the responses of the
  /// current message are queued.
  var afterResponses = false
  /// Shutdown began; the transport stops the loop.
  var began = false
  /// Called once when shutdown begins (the daemon).
  var onShutdown: (() -> Void)?
}
