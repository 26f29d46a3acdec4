// The publisher: a part of the server that owns the subscriptions and what
// goes out to them, events and frames.
//
// Events go to subscribers from their cursors (a window's event ring is the
// buffer, so resuming and live delivery are the same code), visiting only
// what changed: the windows whose logs grew (and those closed), the
// subscriptions that follow them (FanOut.swift), and the subscriptions with
// a backlog to send (just active, resuming from a seq). They leave through
// the outbox, in order with the responses around them.
//
// Frames are made only for windows that some subscription follows with
// frames, encoded once per window and tick and shared by every subscriber;
// only ticks send them (an advance for a request keeps its frame owed, and
// the next tick sends it merged under its own frame, or alone). Each window
// keeps its frame counter and the last frame sent (a frame that repeats it
// is not sent), and is limited to one frame per slot of its frame rate
// (RealtimeSchedule.swift).
//
// A subscription with `max_fps` takes at most one frame of each window per
// slot of 1 / max_fps seconds of the clock that paces the window's frames
// (the daemon's clock for a realtime window, whatever its speed; the
// window's own time for a manual one), except the frames every subscriber
// gets: a transition's first and last (the running transitions differ
// from the previous frame's) and the one in which the window stops
// animating. The frames it leaves out are counted per window and reported
// in the next frame it gets (`frames_skipped`, with any PAUSE skips), and
// in all on the subscription (`framesDelivered`, `framesSkippedByRate`).
// The decision is a comparison of slots per subscriber: the frame is still
// encoded once, and a subscriber that skipped some gets a copy of its
// bytes that says so (SharedFrame).

import CoreMetrics
import CurtainCore
import CurtainWire

/// A window's frames: its counter, the last one sent, one owed.
final class WindowFrames {
  /// The last frame number handed out (frame_seq).
  var frameSeq: UInt64
  /// Clock time of the last frame produced.
  var lastFrameClock: Double
  /// A frame that an advance between ticks produced: the next tick sends it
  /// if its own step has none, so that the last values of an animation that
  /// ended meanwhile go out.
  var owed: Frame?
  /// The last frame sent (a frame that repeats it is not sent), while a
  /// subscription follows the window's frames.
  var lastFrame: Frame?
  /// Whether the window animated after the last frame sent (the next one
  /// in which it no longer does is its animations' last).
  var wasAnimating = false

  init(frameSeq: UInt64 = 0, lastFrameClock: Double) {
    self.frameSeq = frameSeq
    self.lastFrameClock = lastFrameClock
  }
}

/// The subscriptions and their events and frames.
final class Publisher {
  /// Subscriptions by id.
  private(set) var subscriptions: [UInt64: Subscription] = [:]
  /// The subscriptions by the windows they follow.
  private var index = SubscriptionIndex()
  /// Each client's subscriptions.
  private var byClient: [UInt64: Set<UInt64>] = [:]
  /// The link of each client with subscriptions (where its frames go).
  private var links: [UInt64: ClientLink] = [:]
  /// Active subscriptions whose every window the next delivery visits:
  /// events may be owed from before they were active (a resume).
  private(set) var awaitingBacklog: Set<UInt64> = []
  /// Windows closed since the last delivery: their final events (the close
  /// itself, cancelled transitions, disappearances) still go out once.
  private(set) var closedWindows: [WindowKey: Window] = [:]
  /// Each window's frames.
  private var frames: [WindowKey: WindowFrames] = [:]
  private var nextID: UInt64 = 1
  /// Subscriptions delivered to, in all: what publishing costs, which
  /// FanOutTests keep in proportion to what changed (with the waiters
  /// looked at, `WaiterTable.visits`).
  private(set) var visits = 0
  /// Frames encoded, in all (ScheduleTests: none for windows without frame
  /// subscribers).
  private(set) var framesEncoded = 0
  private let counters: CounterCache
  /// Told of each frame sent, with the subscriptions (and their clients)
  /// it was handed to: the window's trace records it (TraceRecorder.swift).
  var frameRecorder: ((WindowKey, Frame, UInt64, [(UInt64, UInt64)]) -> Void)?

  /// A publisher counting what it sends in `counters`.
  init(counters: CounterCache) {
    self.counters = counters
  }

  /// Sessions killed since the last delivery: the server drops them once
  /// their windows' last events are out and their waiters answered.
  private var killedSessions: Set<String> = []

  // MARK: Subscriptions

  /// Adds a subscription (inactive until its response has gone out) of
  /// the client behind `link`; returns it with its id.
  func subscribe(_ make: (UInt64) -> Subscription, link: ClientLink) -> Subscription {
    let subscription = make(nextID)
    nextID += 1
    subscriptions[subscription.id] = subscription
    index.insert(subscription)
    byClient[subscription.clientID, default: []].insert(subscription.id)
    links[subscription.clientID] = link
    return subscription
  }

  /// The subscriptions of a client (max-subscriptions).
  func count(of clientID: UInt64) -> Int {
    byClient[clientID]?.count ?? 0
  }

  /// The most subscriptions any client has.
  var mostPerClient: Int {
    byClient.values.reduce(0) { max($0, $1.count) }
  }

  /// Ends subscription `id` if `clientID` holds it; returns it.
  func unsubscribe(_ id: UInt64, of clientID: UInt64) -> Subscription? {
    guard subscriptions[id]?.clientID == clientID else { return nil }
    return remove(id)
  }

  /// Ends every subscription of a client that went away; returns them.
  func removeAll(of clientID: UInt64) -> [Subscription] {
    guard let ids = byClient[clientID] else { return [] }
    return ids.sorted().compactMap { remove($0) }
  }

  /// The clients subscribed to `session` (it moves to another node).
  func subscribers(of session: String) -> [UInt64] {
    Set(subscriptions.values.filter { $0.session == session }.map(\.clientID)).sorted()
  }

  private func remove(_ id: UInt64) -> Subscription? {
    guard let subscription = subscriptions.removeValue(forKey: id) else { return nil }
    index.remove(subscription)
    byClient[subscription.clientID]?.remove(id)
    if byClient[subscription.clientID]?.isEmpty == true {
      byClient[subscription.clientID] = nil
      links[subscription.clientID] = nil
    }
    awaitingBacklog.remove(id)
    return subscription
  }

  /// Its Subscribe response has gone out: events flow from its cursors.
  func activate(_ id: UInt64) {
    guard subscriptions[id] != nil else { return }
    subscriptions[id]?.isActive = true
    awaitingBacklog.insert(id)
  }

  /// A client acknowledged frames up to `frameSeq` of subscription `id`:
  /// every credit is free again (PAUSE policy).
  func acknowledge(_ id: UInt64, frameSeq: UInt64, by clientID: UInt64) {
    guard let index = subscriptions.index(forKey: id),
      subscriptions.values[index].clientID == clientID
    else { return }
    subscriptions.values[index].acknowledged = max(
      subscriptions.values[index].acknowledged, frameSeq)
    subscriptions.values[index].framesSent = 0
  }

  /// Whether some subscription follows the frames of `key`'s window.
  func hasFrameFollowers(_ key: WindowKey) -> Bool {
    index.hasFrameFollowers(key)
  }

  /// The active subscriptions that follow the window-category events of
  /// `key`'s window, in id order (lease events).
  func windowEventFollowers(of key: WindowKey) -> [Subscription] {
    index.following(key).sorted().compactMap { id in
      guard let subscription = subscriptions[id], subscription.isActive, subscription.events,
        subscription.categories.contains(.window)
      else { return nil }
      return subscription
    }
  }

  // MARK: Events

  /// A window closed: its last events still go out at the next delivery.
  func windowClosed(_ key: WindowKey, _ window: Window) {
    closedWindows[key] = window
    removeWindow(key)
  }

  /// A session was killed: the server drops it after the next delivery,
  /// once its windows' last events are out (`takeKilledSessions`).
  func sessionKilled(_ name: String) {
    killedSessions.insert(name)
  }

  /// The sessions killed since the last call.
  func takeKilledSessions() -> Set<String> {
    defer { killedSessions = [] }
    return killedSessions
  }

  /// Whether a delivery has something to look at besides the sessions'
  /// own changes.
  var hasPending: Bool {
    !closedWindows.isEmpty || !awaitingBacklog.isEmpty || !killedSessions.isEmpty
  }

  /// Sends the subscribers of the windows in `changed` (by session) and
  /// of the sessions whose detached logs grew the events after their
  /// cursors, and the subscriptions awaiting a backlog everything they are
  /// owed, through `outbox`. Windows closed since the last delivery count
  /// as changed and are forgotten afterwards. Returns the windows that
  /// changed (closed ones included).
  func deliver(
    changed: [String: Set<WindowID>], detachedGrew: Set<String>, sessions: [String: Session],
    outbox: Outbox
  ) -> [String: Set<WindowID>] {
    var changed = changed
    for key in closedWindows.keys { changed[key.session, default: []].insert(key.window) }
    var due = awaitingBacklog
    for (name, windows) in changed {
      for window in windows {
        due.formUnion(index.following(WindowKey(session: name, window: window)))
      }
    }
    for name in detachedGrew { due.formUnion(index.following(session: name)) }
    for id in due.sorted() {
      guard let subscription = subscriptions[id], subscription.isActive else { continue }
      let backlog = awaitingBacklog.remove(id) != nil
      deliver(
        subscription, windows: backlog ? nil : changed[subscription.session] ?? [],
        sessions: sessions, outbox: outbox)
    }
    closedWindows = [:]
    return changed
  }

  /// Sends `subscription` the events after its cursors: of `windows` (the
  /// windows of its session that changed) or, when `nil`, of every window
  /// it follows.
  private func deliver(
    _ original: Subscription, windows changed: Set<WindowID>?, sessions: [String: Session],
    outbox: Outbox
  ) {
    visits += 1
    var subscription = original
    guard subscription.events, let session = sessions[subscription.session] else { return }
    let name = subscription.session
    func window(_ id: WindowID) -> Window? {
      session.windows[id] ?? closedWindows[WindowKey(session: name, window: id)]
    }
    let ids: [WindowID]
    if let scope = subscription.window {
      ids = changed.map { $0.contains(scope) ? [scope] : [] } ?? [scope]
    } else if let changed {
      ids = changed.sorted()
    } else {
      ids =
        session.windows.keys.sorted()
        + closedWindows.keys.filter { $0.session == name }.map(\.window).sorted()
    }
    for id in ids {
      guard let window = window(id) else { continue }
      let cursor = subscription.cursors[window.id] ?? 0
      guard window.log.lastSeq > cursor else { continue }
      let events =
        window.events(after: cursor) ?? window.events(after: window.log.firstKeptSeq - 1) ?? []
      for event in events where subscription.categories.contains(event.category) {
        var message = ServerMessage()
        message.event = WireEvent(event, session: session, subscription: subscription.id)
        outbox.send(event: message, to: subscription.clientID)
        counters.counter(.eventsPublished, event.category.rawValue).increment()
      }
      subscription.cursors[window.id] = window.log.lastSeq
    }
    if subscription.window == nil, session.detachedLog.lastSeq > subscription.detachedCursor {
      for event in session.detachedLog.events(after: subscription.detachedCursor) ?? []
      where subscription.categories.contains(event.category) {
        var message = ServerMessage()
        message.event = WireEvent(event, session: session, subscription: subscription.id)
        outbox.send(event: message, to: subscription.clientID)
        counters.counter(.eventsPublished, event.category.rawValue).increment()
      }
      subscription.detachedCursor = session.detachedLog.lastSeq
    }
    for key in closedWindows.keys where key.session == name {
      subscription.cursors[key.window] = nil
    }
    subscriptions[subscription.id] = subscription
  }

  // MARK: Frames

  /// A window was made (or restored) with its frame counter.
  func addWindow(_ key: WindowKey, frameSeq: UInt64 = 0, lastFrameClock: Double) {
    frames[key] = WindowFrames(frameSeq: frameSeq, lastFrameClock: lastFrameClock)
  }

  /// A window is gone without last events (its session moved away).
  func removeWindow(_ key: WindowKey) {
    frames[key] = nil
    for id in index.following(key) where subscriptions[id]?.maxFPS != nil {
      subscriptions[id]?.rate[key.window] = nil
    }
  }

  /// A window's frames.
  subscript(key: WindowKey) -> WindowFrames? {
    frames[key]
  }

  /// After a restore: what the replay closed and sent is forgotten (it
  /// had no subscribers).
  func restored() {
    closedWindows = [:]
    for state in frames.values { state.lastFrame = nil }
  }

  /// An advance moved a realtime window: what its step produced (`fresh`)
  /// and what it owed go out now when `sending` (a tick) and the frame-rate
  /// limit allows, or stay owed until the next tick. Nothing for a window
  /// nobody follows with frames. Returns whether the schedule must look at
  /// the window again (what it owes changed).
  func moved(
    _ key: WindowKey, _ window: Window, clock: WindowClock, fresh: Frame?, now: Double,
    sending: Bool
  ) -> Bool {
    guard index.hasFrameFollowers(key), let state = frames[key] else { return false }
    var again = false
    // A frame still owed is taken (most windows owe none).
    var owed: Frame?
    if state.owed != nil {
      owed = state.owed
      state.owed = nil
      // Owing nothing more, a window that no longer animates stops ticking.
      again = true
    }
    let frame =
      switch (fresh, owed) {
      case (let fresh?, let owed?): fresh.including(owed)
      case (let fresh, let owed): fresh ?? owed
      }
    guard let frame else { return again }
    if !sending || !offer(frame, for: key, state: state, clock: clock, window: window, now: now) {
      state.owed = frame
      again = true
    }
    return again
  }

  /// Whether a realtime window ticks at its frame rate: a subscription
  /// follows its frames and it animates or owes a frame. A window nobody
  /// follows with frames keeps no frame: a subscriber that comes later
  /// gets the current frame at the next tick.
  func ticks(_ key: WindowKey, _ window: Window) -> Bool {
    guard index.hasFrameFollowers(key) else {
      if let state = frames[key] {
        state.lastFrame = nil
        state.owed = nil
      }
      return false
    }
    return window.isAnimating || frames[key]?.owed != nil
  }

  /// Sends a frame of `key`'s window (clock `clock`) unless it repeats the
  /// previous one or comes in the same slot of the window's frame rate as
  /// the previous one while the window keeps animating (the frame-rate
  /// limit: one frame per tick slot, RealtimeSchedule.swift). The limit
  /// counts slots, not the time since the last frame: a tick the loop
  /// served late does not hold back the next one, which comes on time.
  /// `force` (a manual window's step) sends it anyway. Returns false only
  /// when it was too soon (the frame is still owed).
  @discardableResult
  func offer(
    _ frame: Frame, for key: WindowKey, state: WindowFrames? = nil, clock: WindowClock,
    window: Window, now: Double, force: Bool = false
  ) -> Bool {
    guard let state = state ?? frames[key] else { return true }
    if !force, state.frameSeq > 0, window.isAnimating,
      RealtimeSchedule.slot(at: now, rate: clock.frameRate)
        <= RealtimeSchedule.slot(at: state.lastFrameClock, rate: clock.frameRate)
    {
      return false
    }
    if !force, let last = state.lastFrame, last.views == frame.views,
      last.transitions == frame.transitions
    {
      return true
    }
    // What every subscriber gets whatever its max_fps.
    let landmark = Self.isLandmark(
      frame, after: state.lastFrame, wasAnimating: state.wasAnimating,
      animating: window.isAnimating)
    state.wasAnimating = window.isAnimating
    state.lastFrame = frame
    state.frameSeq += 1
    state.lastFrameClock = now
    let frameSeq = state.frameSeq
    // The time max_fps counts in.
    let paceTime = clock.clockMode == .realtime ? now : frame.time
    counters.framesProduced[clock.clockMode == .realtime ? 0 : 1].increment()
    // Encoded once, for the first subscriber that takes it: a frame nobody
    // receives (a manual window's step without subscribers) costs none.
    var encoded: SharedFrame?
    func shared() -> SharedFrame {
      if let encoded { return encoded }
      framesEncoded += 1
      let made = SharedFrame(frame, frameSeq: frameSeq)
      encoded = made
      return made
    }
    var delivered: [(UInt64, UInt64)] = []
    defer { frameRecorder?(key, frame, frameSeq, delivered) }
    for id in index.followingInOrder(key) {
      // The subscription's fields are read and changed in place: copying
      // it would retain its strings and sets for every frame.
      guard let index = subscriptions.index(forKey: id), subscriptions.values[index].frames,
        subscriptions.values[index].isActive,
        let link = links[subscriptions.values[index].clientID]
      else { continue }
      var skipped: UInt64 = 0
      var rateSlot: Int64?
      if let fps = subscriptions.values[index].maxFPS {
        let slot = Self.slot(at: paceTime, fps: fps)
        let rate = subscriptions.values[index].rate[key.window]
        if let rate, !landmark, slot <= rate.slot {
          subscriptions.values[index].rate[key.window]?.skipped += 1
          subscriptions.values[index].framesSkippedByRate += 1
          counters.counter(.framesSkipped, "max_fps").increment()
          continue
        }
        rateSlot = max(slot, rate?.slot ?? slot)
        skipped = rate?.skipped ?? 0
      }
      let policy = subscriptions.values[index].policy
      let sent: Counter
      switch policy {
      case .latest: sent = counters.framesSent[0]
      case .pause: sent = counters.framesSent[1]
      case .disconnect: sent = counters.framesSent[2]
      }
      if case .pause(let credits) = policy {
        if subscriptions.values[index].framesSent >= UInt64(credits) {
          counters.counter(.framesSkipped, "pause").increment()
          subscriptions.values[index].pausedSkips += 1
          continue
        }
        subscriptions.values[index].framesSent += 1
        skipped += subscriptions.values[index].pausedSkips
        subscriptions.values[index].pausedSkips = 0
      }
      if let rateSlot {
        subscriptions.values[index].rate[key.window] = FrameRateState(slot: rateSlot)
      }
      subscriptions.values[index].framesDelivered += 1
      link.sendFrame(
        skipped > 0 ? shared().skipping(skipped) : shared(), subscription: id, policy: policy)
      sent.increment()
      delivered.append((id, subscriptions.values[index].clientID))
    }
    return true
  }

  /// Whether every subscriber gets `frame` whatever its max_fps: the first
  /// or the last frame of a transition (one starts or ends in it: its
  /// running transitions are not those of `previous`, the window's last
  /// frame sent), or the frame in which the window stops animating (after
  /// it, a subscriber that skipped the end would keep showing views in
  /// mid-flight).
  static func isLandmark(
    _ frame: Frame, after previous: Frame?, wasAnimating: Bool, animating: Bool
  )
    -> Bool
  {
    if wasAnimating && !animating { return true }
    return !frame.transitions.lazy.map(\.transition).elementsEqual(
      (previous?.transitions ?? []).lazy.map(\.transition))
  }

  /// The slot of 1 / `fps` seconds that clock time `time` falls in (within
  /// RealtimeSchedule's tolerance, so that a manual clock moved by 1/60 at
  /// a time lands on the slot it means).
  static func slot(at time: Double, fps: Double) -> Int64 {
    let slot = ((time + RealtimeSchedule.tolerance) * fps).rounded(.down)
    guard slot.isFinite, slot < 9e18 else { return .max }
    return Int64(max(slot, 0))
  }
}
