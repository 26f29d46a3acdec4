// Pushing state out: realtime windows advance to loop time, frames are
// encoded once per window and tick (only ticks send frames: requests
// between them bring the model up to date but add no frame) and shared by
// every subscriber, new
// events go to subscribers from their cursors (the window's event ring is
// the buffer, so resuming and live delivery are the same code), and waiting
// requests are answered when their condition holds: an operation's waiter
// by the outcomes the core reports for that operation (never by reading
// the event ring, which may have dropped them), a WaitIdle when its window
// is idle.

import CurtainCore
import CurtainWire

extension Server {
  /// Advances every realtime window to the current loop time. The windows
  /// of each session move together, so that what happens by itself runs in
  /// one order however often the clock is read
  /// (`Session.advance(_:toClock:)`). A window's frames come from its ticks
  /// only (`sendingFrames`, the loop's timer at the frame rate): an advance
  /// for a request, a disconnect or a replay keeps its frame for the next
  /// tick, which sends it merged under its own frame, or alone.
  func advanceRealtimeWindows(sendingFrames: Bool) {
    let now = clock()
    for name in sessions.keys.sorted() {
      guard let session = sessions[name] else { continue }
      let clocked = clockedWindows(of: session)
      guard !clocked.isEmpty else { continue }
      let steps = session.advance(clocked, toClock: now)
      for (entry, step) in zip(clocked, steps) {
        let key = key(of: entry.window)
        let frame =
          switch (step.frame, windowStates[key]?.pendingFrame) {
          case (let fresh?, let owed?): fresh.including(owed)
          case (let fresh, let owed): fresh ?? owed
          }
        windowStates[key]?.pendingFrame = nil
        guard let frame else { continue }
        if !sendingFrames || !offerFrame(frame, for: key, now: now) {
          windowStates[key]?.pendingFrame = frame
        }
      }
    }
  }

  /// The realtime windows of `session`, each with its clock origin.
  func clockedWindows(of session: Session) -> [Session.ClockedWindow] {
    session.orderedWindows.compactMap { window in
      guard let state = windowStates[key(of: window)], state.clockMode == .realtime else {
        return nil
      }
      return Session.ClockedWindow(window, origin: state.origin)
    }
  }

  /// Sends a frame unless it repeats the previous one or comes too soon
  /// after it while the window keeps animating (the frame-rate limit).
  /// Returns false only when it was too soon (the frame is still owed).
  @discardableResult
  func offerFrame(_ frame: Frame, for key: WindowKey, now: Double, force: Bool = false) -> Bool {
    guard var state = windowStates[key], let window = window(for: key) else { return true }
    let interval = 1 / Double(state.frameRate)
    if !force, window.isAnimating, now - state.lastFrameClock < interval * 0.5,
      state.frameSeq > 0
    {
      return false
    }
    if !force, let last = lastFrames[key], last.views == frame.views,
      last.transitions == frame.transitions
    {
      return true
    }
    lastFrames[key] = frame
    state.frameSeq += 1
    state.lastFrameClock = now
    windowStates[key] = state
    let shared = SharedFrame(WireFrame(frame, frameSeq: state.frameSeq))
    for (id, subscription) in subscriptions
    where subscription.frames && subscription.isActive && subscription.session == key.session
      && subscription.includes(key.window)
    {
      guard let client = clients[subscription.clientID] else { continue }
      var updated = subscription
      if case .pause(let credits) = subscription.policy {
        if updated.framesSent >= UInt64(credits) {
          updated.pausedSkips += 1
          subscriptions[id] = updated
          continue
        }
        updated.framesSent += 1
        let skipped = updated.pausedSkips
        updated.pausedSkips = 0
        subscriptions[id] = updated
        if skipped > 0 {
          var copy = shared.frame
          copy.framesSkipped = skipped
          client.link.sendFrame(SharedFrame(copy), subscription: id, policy: subscription.policy)
          continue
        }
      }
      client.link.sendFrame(shared, subscription: id, policy: subscription.policy)
    }
    return true
  }

  /// Delivers new events and answers waiters.
  func publish() {
    for id in subscriptions.keys.sorted() {
      guard var subscription = subscriptions[id], subscription.events, subscription.isActive,
        let session = sessions[subscription.session],
        let client = clients[subscription.clientID]
      else { continue }
      let closed = closedWindows.filter { $0.key.session == subscription.session }
      let windows =
        subscription.window.map { id in
          (session.windows[id] ?? closed[WindowKey(session: subscription.session, window: id)])
            .map { [$0] } ?? []
        }
        ?? session.orderedWindows
        + closed.keys.sorted { $0.window < $1.window }.compactMap {
          closed[$0]
        }
      for window in windows {
        let cursor = subscription.cursors[window.id] ?? 0
        guard window.log.lastSeq > cursor else { continue }
        let events =
          window.events(after: cursor) ?? window.events(after: window.log.firstKeptSeq - 1) ?? []
        for event in events where subscription.categories.contains(event.category) {
          var message = ServerMessage()
          message.event = WireEvent(event, session: session, subscription: id)
          client.link.sendControl(message)
        }
        subscription.cursors[window.id] = window.log.lastSeq
      }
      if subscription.window == nil, session.detachedLog.lastSeq > subscription.detachedCursor {
        for event in session.detachedLog.events(after: subscription.detachedCursor) ?? []
        where subscription.categories.contains(event.category) {
          var message = ServerMessage()
          message.event = WireEvent(event, session: session, subscription: id)
          client.link.sendControl(message)
        }
        subscription.detachedCursor = session.detachedLog.lastSeq
      }
      for key in closed.keys { subscription.cursors[key.window] = nil }
      subscriptions[id] = subscription
    }
    closedWindows = [:]
    answerWaiters()
    for name in killedSessions {
      sessions[name] = nil
      if name == "default" { _ = session(named: name, create: true) }
    }
    killedSessions = []
  }

  private func answerWaiters() {
    for (name, session) in sessions {
      for outcome in session.takeOutcomes() { answerWaiters(of: outcome, in: name) }
    }
    var remaining: [Waiter] = []
    for waiter in waiters {
      guard let client = clients[waiter.clientID] else { continue }
      guard case .idle = waiter.condition else {
        remaining.append(waiter)
        continue
      }
      guard let window = window(for: waiter.key) else {
        fill(
          client, requestID: waiter.requestID, traceID: waiter.traceID,
          .failure(CurtainError(.notFound, "Window \(waiter.key.window) was closed")))
        continue
      }
      guard window.isIdle else {
        remaining.append(waiter)
        continue
      }
      fill(
        client, requestID: waiter.requestID, traceID: waiter.traceID,
        .success(.window(Curtain_V1_WindowInfo(window, frameRate: frameRate(of: window)))))
    }
    waiters = remaining
  }

  /// Answers the waiters of an operation whose condition `outcome` fulfils.
  private func answerWaiters(of outcome: OperationOutcome, in session: String) {
    var remaining: [Waiter] = []
    for var waiter in waiters {
      guard waiter.key.session == session, waiter.operation == outcome.operation,
        let client = clients[waiter.clientID]
      else {
        remaining.append(waiter)
        continue
      }
      if let answer = waiter.take(outcome) {
        fill(client, requestID: waiter.requestID, traceID: waiter.traceID, answer)
      } else {
        remaining.append(waiter)
      }
    }
    waiters = remaining
  }

  /// The frame rate of a window.
  func frameRate(of window: Window) -> UInt32 {
    UInt32(windowStates[key(of: window)]?.frameRate ?? 60)
  }
}
