// Pushing state out: realtime windows advance to loop time (those a
// request addresses and those whose deadline has come, RealtimeSchedule.swift),
// frames are encoded once per window and tick, only for windows with frame
// subscribers (only ticks send frames: requests between them bring the
// model up to date but add no frame) and shared by every subscriber, new
// events go to subscribers from their cursors (the window's event ring is
// the buffer, so resuming and live delivery are the same code), and waiting
// requests are answered when their condition holds: an operation's waiter
// by the outcomes the core reports for that operation (never by reading
// the event ring, which may have dropped them), a WaitIdle when its window
// is idle.

import CoreMetrics
import CurtainCore
import CurtainWire

extension Server {
  /// Which realtime windows an advance moves besides those whose deadline
  /// has come (RealtimeSchedule.swift), which every advance moves.
  enum AdvanceScope {
    /// No others: a request that reads or changes no window.
    case due
    /// One window of a session: a request that reads that window alone.
    case window(String, WindowID)
    /// Every realtime window of these sessions: a request addressed to a
    /// session, its windows or its controllers.
    case sessions([String])
    /// The windows whose frame tick has come (the loop's frame timer).
    case ticks
    /// Every realtime window of the daemon.
    case all
  }

  /// Advances realtime windows to the current loop time: those whose next
  /// deadline has come, and those of `scope`. The windows of each session
  /// move together, so that what happens by itself runs in one order
  /// however often the clock is read (`Session.advance(_:toClock:)`); a
  /// window with nothing due may stay behind and move later in one jump,
  /// with the same result, so a request costs in proportion to the windows
  /// it addresses and those that are due, not to every window of the
  /// daemon. A window's frames come from its ticks only (`sendingFrames`,
  /// the loop's timer at the frame rate): an advance for a request, a
  /// disconnect or a replay keeps its frame for the next tick, which sends
  /// it merged under its own frame, or alone. Frames are made only for
  /// windows that some subscription follows with frames: the others cost
  /// no frame and no encoding.
  /// While a restore replays a record, the dispatcher scopes the advance
  /// to the record's session (`replayScope`): the others catch up at their
  /// own next record in one jump, which gives the same ids and events, so
  /// a replay costs in proportion to the record's session, not to every
  /// window of the daemon.
  func advanceRealtimeWindows(_ scope: AdvanceScope, sendingFrames: Bool) {
    let now = clock()
    scheduleClock = now
    refreshSchedule()
    // Per session, the windows to move (a window may come twice: due and
    // ticking; clockedWindows drops the repeat).
    var chosen: [String: [WindowID]] = [:]
    // Keys come mostly in runs of one session: a run is gathered here and
    // goes into `chosen` whole, one lookup by name per run, not per window.
    var run: (session: String, windows: [WindowID])?
    func flush() {
      guard let gathered = run else { return }
      chosen[gathered.session, default: []].append(contentsOf: gathered.windows)
      run = nil
    }
    func add(_ key: WindowKey) {
      if run?.session == key.session {
        run?.windows.append(key.window)
      } else {
        flush()
        run = (key.session, [key.window])
      }
    }
    // A window due has left the schedule's deadlines: it is looked at
    // again whatever its step does.
    for key in schedule.takeDue(at: now) {
      add(key)
      scheduleDirty.insert(key)
    }
    switch scope {
    case .due:
      break
    case .window(let name, let id):
      add(WindowKey(session: name, window: id))
    case .ticks:
      for key in schedule.takeTicks(at: now) { add(key) }
    case .sessions(let names):
      for name in names {
        for id in realtimeWindows[name] ?? [] { add(WindowKey(session: name, window: id)) }
      }
    case .all:
      for (name, ids) in realtimeWindows {
        for id in ids { add(WindowKey(session: name, window: id)) }
      }
    }
    flush()
    let isTick: Bool
    if case .ticks = scope { isTick = true } else { isTick = false }
    for name in chosen.keys.sorted() {
      guard let session = sessions[name], let ids = chosen[name] else { continue }
      let (clocked, states) = clockedWindowsAndStates(of: session, among: ids)
      windowsAdvanced += clocked.count
      let steps = session.advance(clocked, toClock: now)
      for (index, step) in zip(clocked.indices, steps) {
        let entry = clocked[index]
        let state = states[index]
        let key = key(of: entry.window)
        // A tick at which nothing happened by itself leaves the window's
        // deadline and animation as they were: the schedule need not look
        // at it again (most windows, most ticks).
        if step.ranActions || !isTick { scheduleDirty.insert(key) }
        guard subscriptionIndex.hasFrameFollowers(key) else { continue }
        // A frame still owed is taken (most windows owe none).
        var owed: Frame?
        if state.pendingFrame != nil {
          owed = state.pendingFrame
          state.pendingFrame = nil
          // Owing nothing more, a window that no longer animates stops
          // ticking.
          scheduleDirty.insert(key)
        }
        let frame =
          switch (step.frame, owed) {
          case (let fresh?, let owed?): fresh.including(owed)
          case (let fresh, let owed): fresh ?? owed
          }
        guard let frame else { continue }
        if !sendingFrames
          || !offerFrame(frame, for: key, state: state, window: entry.window, now: now)
        {
          state.pendingFrame = frame
          scheduleDirty.insert(key)
        }
      }
    }
  }

  /// Advances every realtime window (a disconnect, a replayed departure).
  func advanceRealtimeWindows(sendingFrames: Bool) {
    advanceRealtimeWindows(.all, sendingFrames: sendingFrames)
  }

  /// What a request addressed to `target` must bring up to date: nothing
  /// but what is due for a request about the server that changes nothing,
  /// every realtime window for one that changes the server's sessions
  /// (kill, import, shutdown), the window alone for one that reads a
  /// window it names by id (a window's tree, a subscription to a window,
  /// `WaitIdle`), else its session's realtime windows (the record's
  /// session while a restore replays). A read changes nothing, so the
  /// windows it leaves behind have nothing to catch up on but their
  /// clocks, which they do in one jump later with the same events (what
  /// is due moves with every request); a change may reach other windows
  /// of its session (the key window, a controller moved between windows),
  /// which must be at the same time as the one it names.
  func advanceScope(of request: WireRequest, target: RequestTarget, mutates: Bool)
    -> AdvanceScope
  {
    if let replayScope { return .sessions([replayScope]) }
    if case .server = target { return mutates ? .all : .due }
    let session = request.session.isEmpty ? "default" : request.session
    if !mutates, let window = target.namedWindow {
      return .window(session, WindowID(window))
    }
    return .sessions([session])
  }

  /// The realtime windows of `session` (of `among`, when given, each
  /// once), each with its clock origin, in id order.
  func clockedWindows(of session: Session, among: [WindowID]? = nil)
    -> [Session.ClockedWindow]
  {
    clockedWindowsAndStates(of: session, among: among).windows
  }

  /// `clockedWindows(of:among:)` with each window's daemon state beside
  /// it: the tick reads both, and looks each state up once.
  func clockedWindowsAndStates(of session: Session, among: [WindowID]? = nil)
    -> (windows: [Session.ClockedWindow], states: [WindowState])
  {
    let ids = among?.sorted() ?? realtimeWindows[session.name]?.sorted() ?? []
    var clocked: [Session.ClockedWindow] = []
    var states: [WindowState] = []
    clocked.reserveCapacity(ids.count)
    states.reserveCapacity(ids.count)
    for (position, id) in ids.enumerated() where position == 0 || ids[position - 1] != id {
      guard let window = session.windows[id],
        let state = windowStates[WindowKey(session: session.name, window: id)],
        state.clockMode == .realtime
      else { continue }
      clocked.append(Session.ClockedWindow(window, origin: state.origin))
      states.append(state)
    }
    return (clocked, states)
  }

  /// Brings the schedule up to date with the realtime windows that moved,
  /// were created or changed their frame subscribers since it last
  /// looked: each window's next deadline, and whether it ticks (it
  /// animates or owes a frame, and a subscription follows its frames). A
  /// window nobody follows with frames keeps no frame: a subscriber that
  /// comes later gets the current frame at the next tick.
  func refreshSchedule() {
    guard !scheduleDirty.isEmpty else { return }
    let dirty = scheduleDirty
    scheduleDirty = []
    for key in dirty {
      guard let state = windowStates[key], state.clockMode == .realtime,
        let window = window(for: key)
      else {
        schedule.remove(key, now: scheduleClock)
        continue
      }
      schedule.setDeadline(key, window.nextDeadline.map { state.origin + $0 })
      let followed = subscriptionIndex.hasFrameFollowers(key)
      if !followed {
        state.lastFrame = nil
        state.pendingFrame = nil
      }
      let ticks = followed && (window.isAnimating || state.pendingFrame != nil)
      schedule.setTicking(key, rate: ticks ? state.frameRate : nil, now: scheduleClock)
    }
  }

  /// Marks the realtime windows whose frame subscribers `subscription`
  /// changes (its window, or every window of its session) for the
  /// schedule to look at again.
  func frameFollowersChanged(_ subscription: Subscription) {
    guard subscription.frames else { return }
    if let window = subscription.window {
      scheduleDirty.insert(WindowKey(session: subscription.session, window: window))
    } else {
      for id in realtimeWindows[subscription.session] ?? [] {
        scheduleDirty.insert(WindowKey(session: subscription.session, window: id))
      }
    }
  }

  /// Sends a frame unless it repeats the previous one or comes in the
  /// same slot of the window's frame rate as the previous one while the
  /// window keeps animating (the frame-rate limit: one frame per tick
  /// slot, RealtimeSchedule.swift). The limit counts slots, not the time
  /// since the last frame: a tick the loop served late does not hold back
  /// the next one, which comes on time (a limit of half an interval lost
  /// that frame whenever a tick was more than half an interval late).
  /// Returns false only when it was too soon (the frame is still owed).
  @discardableResult
  func offerFrame(
    _ frame: Frame, for key: WindowKey, state: WindowState? = nil, window: Window? = nil,
    now: Double, force: Bool = false
  ) -> Bool {
    guard let state = state ?? windowStates[key], let window = window ?? self.window(for: key)
    else {
      return true
    }
    if !force, state.frameSeq > 0, window.isAnimating,
      RealtimeSchedule.slot(at: now, rate: state.frameRate)
        <= RealtimeSchedule.slot(at: state.lastFrameClock, rate: state.frameRate)
    {
      return false
    }
    if !force, let last = state.lastFrame, last.views == frame.views,
      last.transitions == frame.transitions
    {
      return true
    }
    state.lastFrame = frame
    state.frameSeq += 1
    state.lastFrameClock = now
    let frameSeq = state.frameSeq
    counters.framesProduced[state.clockMode == .realtime ? 0 : 1].increment()
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
    for id in subscriptionIndex.followingInOrder(key) {
      // The subscription's fields are read and changed in place: copying
      // it would retain its strings and sets for every frame.
      guard let index = subscriptions.index(forKey: id), subscriptions.values[index].frames,
        subscriptions.values[index].isActive,
        let client = clients[subscriptions.values[index].clientID]
      else { continue }
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
        let skipped = subscriptions.values[index].pausedSkips
        subscriptions.values[index].pausedSkips = 0
        if skipped > 0 {
          client.link.sendFrame(shared().skipping(skipped), subscription: id, policy: policy)
          sent.increment()
          continue
        }
      }
      client.link.sendFrame(shared(), subscription: id, policy: policy)
      sent.increment()
    }
    return true
  }

  /// Delivers new events and answers waiters, visiting only what changed:
  /// the windows whose logs grew (and those closed), the subscriptions
  /// that follow them, subscriptions with a backlog to send (just active,
  /// resuming from a seq), and the waiters of operations with outcomes and
  /// of windows that changed (FanOut.swift).
  func publish() {
    // Most calls follow a request that changed nothing (a read): nothing
    // to send, no waiter to answer.
    if closedWindows.isEmpty, subscriptionsAwaitingBacklog.isEmpty, killedSessions.isEmpty,
      !waiters.hasFresh,
      !sessions.values.contains(where: {
        $0.hasUnpublishedChanges || $0.hasDelegates || $0.hadDelegateFallbacks
      })
    {
      return
    }
    sendDelegateCalls()
    var changed: [String: Set<WindowID>] = [:]
    var detachedGrew: Set<String> = []
    for (name, session) in sessions {
      let windows = session.takeWindowsWithNewEvents()
      if !windows.isEmpty { changed[name] = windows }
      if session.takeDetachedLogGrowth() { detachedGrew.insert(name) }
    }
    for key in closedWindows.keys { changed[key.session, default: []].insert(key.window) }
    var due = subscriptionsAwaitingBacklog
    for (name, windows) in changed {
      for window in windows {
        due.formUnion(subscriptionIndex.following(WindowKey(session: name, window: window)))
      }
    }
    for name in detachedGrew { due.formUnion(subscriptionIndex.following(session: name)) }
    for id in due.sorted() {
      guard let subscription = subscriptions[id], subscription.isActive else { continue }
      let backlog = subscriptionsAwaitingBacklog.remove(id) != nil
      deliver(subscription, windows: backlog ? nil : changed[subscription.session] ?? [])
    }
    closedWindows = [:]
    answerWaiters(changed: changed)
    for name in killedSessions {
      sessions[name] = nil
      if name == "default" { _ = try? session(named: name, create: true) }
    }
    killedSessions = []
  }

  /// Sends `subscription` the events after its cursors: of `windows` (the
  /// windows of its session that changed) or, when `nil`, of every window
  /// it follows.
  private func deliver(_ original: Subscription, windows changed: Set<WindowID>?) {
    publishVisits += 1
    var subscription = original
    guard subscription.events, let session = sessions[subscription.session],
      let client = clients[subscription.clientID]
    else { return }
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
        send(event: message, to: client)
        counters.counter(.eventsPublished, event.category.rawValue).increment()
      }
      subscription.cursors[window.id] = window.log.lastSeq
    }
    if subscription.window == nil, session.detachedLog.lastSeq > subscription.detachedCursor {
      for event in session.detachedLog.events(after: subscription.detachedCursor) ?? []
      where subscription.categories.contains(event.category) {
        var message = ServerMessage()
        message.event = WireEvent(event, session: session, subscription: subscription.id)
        send(event: message, to: client)
        counters.counter(.eventsPublished, event.category.rawValue).increment()
      }
      subscription.detachedCursor = session.detachedLog.lastSeq
    }
    for key in closedWindows.keys where key.session == name {
      subscription.cursors[key.window] = nil
    }
    subscriptions[subscription.id] = subscription
  }

  /// Answers the waiters whose condition now holds: those of operations
  /// with outcomes, the idle waiters that just came, and those of windows
  /// that changed.
  private func answerWaiters(changed: [String: Set<WindowID>]) {
    for (name, session) in sessions {
      for outcome in session.takeOutcomes() { answerWaiters(of: outcome, in: name) }
    }
    var due = waiters.takeFresh()
    for (name, windows) in changed {
      for window in windows.sorted() {
        due += waiters.takeIdle(WindowKey(session: name, window: window))
      }
    }
    publishVisits += due.count
    for waiter in due {
      guard let client = clients[waiter.clientID] else { continue }
      guard let window = window(for: waiter.key) else {
        fill(
          client, requestID: waiter.requestID, traceID: waiter.traceID,
          .failure(CurtainError(.notFound, "Window \(waiter.key.window) was closed")))
        continue
      }
      guard window.isIdle else {
        waiters.append(waiter, checked: true)
        continue
      }
      fill(
        client, requestID: waiter.requestID, traceID: waiter.traceID,
        .success(.window(Curtain_V1_WindowInfo(window, frameRate: frameRate(of: window)))))
    }
  }

  /// Answers the waiters of an operation whose condition `outcome` fulfils.
  private func answerWaiters(of outcome: OperationOutcome, in session: String) {
    let key = WaiterTable.OperationKey(session: session, operation: outcome.operation)
    let waiting = waiters.take(key)
    publishVisits += waiting.count
    for var waiter in waiting {
      guard let client = clients[waiter.clientID] else { continue }
      if let answer = waiter.take(outcome) {
        fill(client, requestID: waiter.requestID, traceID: waiter.traceID, answer)
      } else {
        waiters.append(waiter)
      }
    }
  }

  /// The frame rate of a window.
  func frameRate(of window: Window) -> UInt32 {
    UInt32(windowStates[key(of: window)]?.frameRate ?? 60)
  }
}
