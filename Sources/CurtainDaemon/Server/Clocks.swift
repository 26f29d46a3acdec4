// The clocks: a part of the server that owns server time, each window's
// clock (realtime or manual, its origin and frame rate), the schedule of
// the realtime windows (RealtimeSchedule.swift) and the deadlines of the
// open delegate questions, and moves the realtime windows to loop time.
//
// Server time is loop time plus a base (0 until a restore sets it, so that
// the clock goes on where the restored state stopped), on a grid of 2⁻²⁴ s
// so that differences of clock times are exact (what makes realtime windows
// replay bit for bit, `Session.advance(_:toClock:)`); while a request or a
// journal record is applied, it is pinned at one time.
//
// Realtime windows advance to loop time: those a request addresses and
// those whose deadline has come. The windows of each session move together,
// so that what happens by itself runs in one order however often the clock
// is read; a window with nothing due may stay behind and move later in one
// jump, with the same result, so a request, a connection's close and a tick
// cost in proportion to the windows they concern, not to every window of
// the daemon (issues 13 and 34). A window's frames come from its ticks only
// (the loop's timer at the frame rate): what a move produced goes to the
// publisher, which keeps a frame owed until the next tick.

import CurtainCore

/// A window's clock settings.
struct WindowClock {
  /// Frames per second while animating (30–240).
  var frameRate: Int
  /// Realtime or manual.
  var clockMode: ClockMode
  /// Clock time at which the window's model time was `start` (realtime
  /// windows): 0 unless the window is slowed.
  var origin: Double
  /// Seconds of model time per second of the clock (SetWindowSpeed;
  /// realtime windows only).
  var speed = 1.0
  /// The window's model time at `origin`: 0 at speed 1.
  var start = 0.0

  /// Speeds SetWindowSpeed takes (docs/protocol.md).
  static let speeds = 0.01...100.0

  /// How the window's model time follows the clock.
  var pace: ClockPace { ClockPace(origin: origin, start: start, speed: speed) }

  /// The clock at `speed` from clock time `now` on, its model time going on
  /// from where it is. Back at speed 1 its origin goes back on the grid
  /// (model time is then clock − origin again, exactly), which moves its
  /// model time forward by less than a step of the grid, never back.
  func setting(speed: Double, at now: Double) -> WindowClock {
    var clock = self
    let time = pace.time(atClock: now)
    clock.speed = speed
    if speed == 1 {
      var origin = Clocks.onGrid(now - time)
      while now - origin < time { origin -= Clocks.grid }
      clock.origin = origin
      clock.start = 0
    } else {
      clock.origin = now
      clock.start = time
    }
    return clock
  }
}

/// Server time, the windows' clocks and the realtime schedule.
final class Clocks {
  /// Which realtime windows an advance moves besides those whose deadline
  /// has come (RealtimeSchedule.swift), which every advance moves.
  enum Scope {
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

  /// Loop time in seconds, as the transport reads it.
  private let loopClock: () -> Double
  /// Added to loop time to make server time: 0 until a restore sets it.
  private(set) var base = 0.0
  /// When the server started, in server time: uptime counts from it
  /// (a restore starts it again once the clock goes on from the state).
  var startTime: Double
  /// The server time pinned while a request or a journal record is applied.
  private var pinned: Double?
  /// Each window's clock.
  private var windows: [WindowKey: WindowClock] = [:]
  /// The realtime windows of each session, so that bringing the clocks up
  /// to date visits them only, not every manual window of the daemon.
  private var realtime: [String: Set<WindowID>] = [:]
  /// The windows at a speed other than 1 (GetStatus lists them).
  private(set) var slowed: Set<WindowKey> = []
  /// The realtime windows' deadlines and frame ticks.
  private var schedule = RealtimeSchedule()
  /// Realtime windows the schedule must look at again (they moved, were
  /// created, or their frame subscribers changed): `refresh`.
  private var dirty: Set<WindowKey> = []
  /// The clock time of the last advance.
  private var lastAdvance = 0.0
  /// Windows moved by advances, in all: what bringing the clocks up to
  /// date costs, which ScheduleTests and ConnectionCostTests keep
  /// independent of the windows that neither are addressed nor due.
  private(set) var windowsAdvanced = 0
  /// How many times the schedule looked at a window again (`refresh`).
  private(set) var windowsLookedAt = 0
  /// When each open delegate question times out (Server+Delegates.swift).
  private var delegateDeadlines: [DelegateDeadline: Double] = [:]

  /// Clocks reading loop time from `loopClock`.
  init(loopClock: @escaping () -> Double) {
    self.loopClock = loopClock
    self.startTime = Self.onGrid(loopClock())
  }

  // MARK: Server time

  /// Server time in seconds: loop time plus `base`, on the grid; the
  /// pinned time while a request is applied.
  func now() -> Double {
    pinned ?? Self.onGrid(loopClock() + base)
  }

  /// Loop time now, on the grid (without the base).
  func loopNow() -> Double {
    Self.onGrid(loopClock())
  }

  /// The loop time of server time `time` (what the transport's timer
  /// counts in).
  func loopTime(of time: Double) -> Double {
    time - base
  }

  /// Moves server time on by `seconds` (a restore: the clock continues
  /// where the restored state stopped).
  func setBase(_ base: Double) {
    self.base = base
  }

  /// A step of the clock's grid: 2⁻²⁴ s, about 60 ns.
  static let grid = 1.0 / 16_777_216

  /// `time` rounded to the clock's grid (2⁻²⁴ s, about 60 ns).
  static func onGrid(_ time: Double) -> Double {
    (time * 16_777_216).rounded() / 16_777_216
  }

  /// Runs `body` with the clock pinned at its current time (or at `time`).
  func pinning<T>(at time: Double? = nil, _ body: () throws -> T) rethrows -> T {
    let previous = pinned
    pinned = time ?? now()
    defer { pinned = previous }
    return try body()
  }

  // MARK: Windows

  /// The clock of a window.
  subscript(key: WindowKey) -> WindowClock? {
    windows[key]
  }

  /// The model time of a realtime window with `clock` at the last
  /// advance's clock time: where that advance moved it, or would have,
  /// nothing being due in it (`Session.advance` moves a window to its
  /// pace's time at the clock: `clock − origin` unless it is slowed).
  func modelTime(of clock: WindowClock) -> Double? {
    clock.clockMode == .realtime ? clock.pace.time(atClock: lastAdvance) : nil
  }

  /// A window was made (or restored, or imported) with `clock`.
  func add(_ key: WindowKey, _ clock: WindowClock) {
    windows[key] = clock
    if clock.speed != 1 { slowed.insert(key) }
    if clock.clockMode == .realtime {
      realtime[key.session, default: []].insert(key.window)
      dirty.insert(key)
    }
  }

  /// A window is gone (closed, or its session moved away).
  func remove(_ key: WindowKey) {
    guard windows.removeValue(forKey: key) != nil else { return }
    slowed.remove(key)
    realtime[key.session]?.remove(key.window)
    if realtime[key.session]?.isEmpty == true { realtime[key.session] = nil }
    schedule.remove(key, now: lastAdvance)
    dirty.remove(key)
  }

  /// Runs realtime window `key` at `speed` from clock time `now` on
  /// (SetWindowSpeed); the schedule looks at it again (its deadline moved).
  func setSpeed(of key: WindowKey, to speed: Double, at now: Double) {
    guard let clock = windows[key], clock.clockMode == .realtime else { return }
    windows[key] = clock.setting(speed: speed, at: now)
    if speed == 1 { slowed.remove(key) } else { slowed.insert(key) }
    dirty.insert(key)
  }

  /// The realtime windows of `session`, in no order.
  func realtimeWindows(of session: String) -> Set<WindowID> {
    realtime[session] ?? []
  }

  /// Marks the realtime windows of `key` (a window, or with `nil` every
  /// window of `session`) for the schedule to look at again: their frame
  /// subscribers changed, or the frame they owe.
  func lookAgain(session: String, window: WindowID?) {
    if let window {
      let key = WindowKey(session: session, window: window)
      if windows[key]?.clockMode == .realtime { dirty.insert(key) }
    } else {
      for id in realtime[session] ?? [] { dirty.insert(WindowKey(session: session, window: id)) }
    }
  }

  // MARK: Advancing

  /// Advances realtime windows to `now`: those whose next deadline has
  /// come, and those of `scope`, a session at a time in name order and in
  /// id order within it. `moved` gets each window moved, its clock and its
  /// step, and returns whether the schedule must look at it again although
  /// nothing happened by itself in it (a frame owed changed); a window
  /// whose step ran actions, or that an advance for a change moved (the
  /// change comes next), is looked at again anyway. A tick, and an advance
  /// for a request that changes nothing (`changing` false), leave a window
  /// in which nothing happened as the schedule has it.
  func advance(
    _ scope: Scope, sessions: [String: Session], now: Double, changing: Bool,
    moved: (WindowKey, Window, WindowClock, Window.Step) -> Bool
  ) {
    lastAdvance = now
    // Per session, the windows to move (a window may come twice: due and
    // ticking; `clocked` drops the repeat).
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
      dirty.insert(key)
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
        for id in realtime[name] ?? [] { add(WindowKey(session: name, window: id)) }
      }
    case .all:
      for (name, ids) in realtime {
        for id in ids { add(WindowKey(session: name, window: id)) }
      }
    }
    flush()
    for name in chosen.keys.sorted() {
      guard let session = sessions[name], let ids = chosen[name] else { continue }
      let (entries, clocks) = clocked(session, among: ids)
      windowsAdvanced += entries.count
      let steps = session.advance(entries, toClock: now)
      for (index, step) in zip(entries.indices, steps) {
        let window = entries[index].window
        let key = WindowKey(session: name, window: window.id)
        // A tick or a read at which nothing happened by itself leaves the
        // window's deadline and animation as they were: the schedule need
        // not look at it again (most windows, most ticks, every read).
        let again = moved(key, window, clocks[index], step)
        if again || step.ranActions || changing { dirty.insert(key) }
      }
    }
  }

  /// The realtime windows of `session` (of `among`, when given, each
  /// once), each with its clock origin, in id order.
  func clockedWindows(of session: Session, among: [WindowID]? = nil) -> [Session.ClockedWindow] {
    clocked(session, among: among).windows
  }

  /// `clockedWindows(of:among:)` with each window's clock beside it.
  private func clocked(_ session: Session, among: [WindowID]? = nil)
    -> (windows: [Session.ClockedWindow], clocks: [WindowClock])
  {
    let ids = among?.sorted() ?? realtime[session.name]?.sorted() ?? []
    var clocked: [Session.ClockedWindow] = []
    var clocks: [WindowClock] = []
    clocked.reserveCapacity(ids.count)
    clocks.reserveCapacity(ids.count)
    for (position, id) in ids.enumerated() where position == 0 || ids[position - 1] != id {
      guard let window = session.windows[id],
        let clock = windows[WindowKey(session: session.name, window: id)],
        clock.clockMode == .realtime
      else { continue }
      clocked.append(Session.ClockedWindow(window, pace: clock.pace))
      clocks.append(clock)
    }
    return (clocked, clocks)
  }

  // MARK: Delegate questions

  /// Delegate question `call` times out at server time `time`.
  func setDeadline(of call: DelegateDeadline, at time: Double) {
    delegateDeadlines[call] = time
  }

  /// The delegate questions whose deadline is `now` or before, by session
  /// and call; they are forgotten.
  func takeDueDelegateCalls(at now: Double) -> [DelegateDeadline] {
    guard !delegateDeadlines.isEmpty else { return [] }
    let due = delegateDeadlines.filter { $0.value <= now }.keys.sorted {
      ($0.session, $0.call) < ($1.session, $1.call)
    }
    for key in due { delegateDeadlines[key] = nil }
    return due
  }

  /// When the next open delegate question times out.
  var nextDelegateDeadline: Double? {
    delegateDeadlines.values.min()
  }

  // MARK: The schedule

  /// Brings the schedule up to date with the realtime windows that moved,
  /// were made or changed their frame subscribers since it last looked:
  /// each window's next deadline, and whether it ticks (`ticks` says, from
  /// the window and its clock: it animates or owes a frame, and a
  /// subscription follows its frames). `window` finds a window by key.
  func refresh(
    window: (WindowKey) -> Window?, ticks: (WindowKey, Window, WindowClock) -> Bool
  ) {
    guard !dirty.isEmpty else { return }
    let looked = dirty
    dirty = []
    windowsLookedAt += looked.count
    for key in looked {
      guard let clock = windows[key], clock.clockMode == .realtime, let found = window(key)
      else {
        schedule.remove(key, now: lastAdvance)
        continue
      }
      let pace = clock.pace
      schedule.setDeadline(
        key,
        found.nextDeadline.map {
          pace.isRealTime ? pace.origin + $0 : pace.firstClock(reaching: $0)
        }
      )
      let rate = ticks(key, found, clock) ? clock.frameRate : nil
      schedule.setTicking(key, rate: rate, now: lastAdvance)
    }
  }

  /// The clock time of the next frame tick, if any window ticks.
  var nextTick: Double? { schedule.nextTick }

  /// When to wake up for the earliest deadline, if any.
  func nextDeadline() -> Double? {
    schedule.nextDeadline()
  }
}
