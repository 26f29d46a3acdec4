// Pushing state out, composed of the server's parts: realtime windows
// advance to loop time (those a request addresses and those whose deadline
// has come, Clocks.swift) and hand their frames to the publisher
// (Publisher.swift), which sends them only at ticks; new events go to
// subscribers; and waiting requests are answered when their condition
// holds: an operation's waiter by the outcomes the core reports for that
// operation (never by reading the event ring, which may have dropped
// them), a WaitIdle when its window is idle.

import CurtainCore
import CurtainWire

extension Server {
  /// Advances realtime windows to the current loop time: those whose next
  /// deadline has come, and those of `scope` (Clocks.swift). A window's
  /// frames go out at its ticks only (`sendingFrames`, the loop's timer at
  /// the frame rate): an advance for a request, a disconnect or a replay
  /// keeps its frame owed for the next tick. Frames are made only for
  /// windows that some subscription follows with frames.
  /// While a restore replays a record, the dispatcher scopes the advance
  /// to the record's session (`replay.scope`): the others catch up at their
  /// own next record in one jump, which gives the same ids and events, so
  /// a replay costs in proportion to the record's session, not to every
  /// window of the daemon. An advance for a tick or a read (`changing`
  /// false) leaves the windows in which nothing happened off the
  /// schedule's next look; one for a change has it look at every window
  /// moved, after the change.
  func advanceRealtimeWindows(_ scope: Clocks.Scope, sendingFrames: Bool, changing: Bool = true) {
    let now = clock()
    refreshSchedule()
    clocks.advance(scope, sessions: sessions, now: now, changing: changing) {
      key, window, clock, step in
      publisher.moved(
        key, window, clock: clock, fresh: step.frame, now: now, sending: sendingFrames)
    }
  }

  /// Advances every realtime window (a replayed departure).
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
  /// which must be at the same time as the one it names. A read that
  /// declares it (`CatchUp.due`: it reports nothing a clock changes but
  /// the time, `summary(of:)`) moves only what is due.
  func advanceScope(
    of request: WireRequest, target: RequestTarget, mutates: Bool, catchUp: CatchUp = .target
  ) -> Clocks.Scope {
    if let scope = replay.scope { return .sessions([scope]) }
    if !mutates, catchUp == .due { return .due }
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
    clocks.clockedWindows(of: session, among: among)
  }

  /// Brings the schedule up to date with the realtime windows that moved,
  /// were created or changed their frame subscribers since it last looked
  /// (Clocks.swift): a window ticks while it animates or owes a frame and
  /// a subscription follows its frames (Publisher.swift).
  func refreshSchedule() {
    clocks.refresh(
      window: { window(for: $0) }, ticks: { key, window, _ in publisher.ticks(key, window) })
  }

  /// Has the schedule look again at the realtime windows whose frame
  /// subscribers `subscription` changes (its window, or every window of
  /// its session).
  func frameFollowersChanged(_ subscription: Subscription) {
    guard subscription.frames else { return }
    clocks.lookAgain(session: subscription.session, window: subscription.window)
  }

  /// Delivers new events and answers waiters, visiting only what changed:
  /// the windows whose logs grew (and those closed), the subscriptions
  /// that follow them, subscriptions with a backlog to send (just active,
  /// resuming from a seq), and the waiters of operations with outcomes and
  /// of windows that changed (FanOut.swift).
  func publish() {
    // Most calls follow a request that changed nothing (a read): nothing
    // to send, no waiter to answer.
    if !publisher.hasPending, !waiters.hasFresh,
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
      if !windows.isEmpty {
        changed[name] = windows
        stampTraces(of: windows, in: session)
      }
      if session.takeDetachedLogGrowth() { detachedGrew.insert(name) }
    }
    changed = publisher.deliver(
      changed: changed, detachedGrew: detachedGrew, sessions: sessions, outbox: outbox)
    answerWaiters(changed: changed)
    removeKilledSessions()
  }

  /// Forgets the sessions killed since the last call (their subscribers
  /// have had their last events); "default" comes back empty. A replayed
  /// journal calls it after each record, so that a session killed and made
  /// again under its name is a new one, as it was when recorded.
  func removeKilledSessions() {
    for name in publisher.takeKilledSessions() {
      sessions[name] = nil
      history?.drop(name)
      if name == "default" { _ = try? session(named: name, create: true) }
    }
  }

  /// Subscriptions and waiters `publish()` has looked at, in all: what
  /// publishing costs, which FanOutTests keep in proportion to what
  /// changed.
  var publishVisits: Int { publisher.visits + waiters.visits }

  /// Windows moved by advances, in all (Clocks.swift).
  var windowsAdvanced: Int { clocks.windowsAdvanced }
  /// How many times the schedule looked at a realtime window again.
  var windowsLookedAt: Int { clocks.windowsLookedAt }

  /// Frames encoded, in all (Publisher.swift).
  var framesEncoded: Int { publisher.framesEncoded }

  /// Answers the waiters whose condition now holds: those of operations
  /// with outcomes, the idle waiters that just came, and those of windows
  /// that changed.
  private func answerWaiters(changed: [String: Set<WindowID>]) {
    for (name, session) in sessions {
      for outcome in session.takeOutcomes() {
        logUnusedAnimator(outcome, in: name)
        answerWaiters(of: outcome, in: name)
      }
    }
    var due = waiters.takeFresh()
    for (name, windows) in changed {
      for window in windows.sorted() {
        due += waiters.takeIdle(WindowKey(session: name, window: window))
      }
    }
    for waiter in due {
      guard clients[waiter.clientID] != nil else { continue }
      guard let window = window(for: waiter.key) else {
        answer(waiter, .failure(CurtainError(.notFound, "Window \(waiter.key.window) was closed")))
        continue
      }
      guard window.isIdle else {
        waiters.append(waiter, checked: true)
        continue
      }
      answer(
        waiter,
        .success(.window(windowInfo(window))))
    }
  }

  /// Logs (at info level) an operation that started without using the
  /// animator it was given: a presentation whose style keeps its built-in
  /// look (SEMANTICS §5).
  private func logUnusedAnimator(_ outcome: OperationOutcome, in session: String) {
    guard outcome.animatorNotUsed, case .started = outcome.phase else { return }
    logger.info(
      "animator not used: only fullScreen and custom presentations take one",
      metadata: [
        "session": "\(session)",
        "window": "\(outcome.window.map(String.init(describing:)) ?? "none")",
        "operation": "\(outcome.operation)",
      ])
  }

  /// Answers the waiters of an operation whose condition `outcome` fulfils.
  private func answerWaiters(of outcome: OperationOutcome, in session: String) {
    let key = WaiterTable.OperationKey(session: session, operation: outcome.operation)
    let waiting = waiters.take(key)
    for var waiter in waiting {
      guard clients[waiter.clientID] != nil else { continue }
      if let reply = waiter.take(outcome) {
        answer(waiter, reply)
      } else {
        waiters.append(waiter)
      }
    }
  }

  /// A window's summary with its clock's frame rate and speed.
  func windowInfo(_ window: Window) -> Curtain_V1_WindowInfo {
    let clock = clocks[key(of: window)]
    return Curtain_V1_WindowInfo(
      window, frameRate: UInt32(clock?.frameRate ?? 60), speed: clock?.speed ?? 1)
  }

  /// A window's tree with its clock's frame rate and speed.
  func tree(
    of window: Window, includeViews: Bool, presentation: Bool = false,
    descriptions: HierarchyDescriptionCache? = nil
  ) -> Curtain_V1_Tree {
    let clock = clocks[key(of: window)]
    return Curtain_V1_Tree(
      window, frameRate: UInt32(clock?.frameRate ?? 60), speed: clock?.speed ?? 1,
      includeViews: includeViews, presentation: presentation, descriptions: descriptions)
  }

  /// A window's summary as `ListWindows` gives it: with its frame rate and
  /// speed, its lease, and for a realtime window its clock's time now,
  /// which the request (catching up only what is due) may not have moved
  /// it to: the time an advance would give it, nothing else being due.
  func summary(of window: Window) -> Curtain_V1_WindowInfo {
    let key = key(of: window)
    let clock = clocks[key]
    var info = Curtain_V1_WindowInfo(
      window, frameRate: UInt32(clock?.frameRate ?? 60), speed: clock?.speed ?? 1)
    if let clock, let time = clocks.modelTime(of: clock), time > info.time { info.time = time }
    if let lease = wireLease(of: window) { info.lease = lease }
    return info
  }
}
