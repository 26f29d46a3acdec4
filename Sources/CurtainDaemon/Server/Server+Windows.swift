// The daemon's side of a window's life: its settings (frame rate, clock
// origin, frame counter) are created with it and dropped when it closes,
// and a manual window's clock moves only when a client asks.

import CurtainCore
import CurtainWire

extension Server {
  /// Creates a window in `session` and its daemon settings; with `root`,
  /// also that controller tree as its root, in one step that creates
  /// nothing when it fails.
  func makeWindow(
    in session: Session, metrics: WindowMetrics, clockMode: ClockMode, frameRate: Int,
    root: ControllerTreeSpec? = nil, options: OperationOptions = .init()
  ) throws -> Window {
    let window =
      try root.map {
        try session.makeWindow(metrics: metrics, clockMode: clockMode, root: $0, options: options)
          .window
      } ?? session.makeWindow(metrics: metrics, clockMode: clockMode)
    let now = clock()
    let key = key(of: window)
    clocks.add(key, WindowClock(frameRate: frameRate, clockMode: clockMode, origin: now))
    publisher.addWindow(key, lastFrameClock: now)
    return window
  }

  /// Closes a window of `session`, destroying its controllers unless
  /// `keepingControllers`. Its final events (up to `window closed`) still
  /// go to subscribers at the next `publish()`.
  func closeWindow(_ window: Window, in session: Session, keepingControllers: Bool = false)
    throws
  {
    let key = key(of: window)
    try session.closeWindow(window.id, keepingControllers: keepingControllers)
    clocks.remove(key)
    traces.remove(key)
    publisher.windowClosed(key, window)
  }

  /// Kills a session: its windows close (subscribers still get their last
  /// events), its controllers are destroyed and its storyboards unloaded;
  /// the session itself goes once those events are out (`publish()`), and
  /// "default" comes back empty.
  func killSession(_ session: Session) throws {
    for window in session.orderedWindows { try closeWindow(window, in: session) }
    session.empty()
    publisher.sessionKilled(session.name)
  }

  /// Moves a manual window's clock to `time` and sends the frame of the
  /// step at once; returns how many frames that produced.
  func advanceClock(of window: Window, to time: Double) -> UInt32 {
    let key = key(of: window)
    let before = publisher[key]?.frameSeq ?? 0
    if let frame = window.advance(to: time).frame, let clock = clocks[key] {
      publisher.offer(frame, for: key, clock: clock, window: window, now: self.clock(), force: true)
    }
    return UInt32(clamping: (publisher[key]?.frameSeq ?? 0) - before)
  }

  /// Runs a realtime window at `speed` from now on (SetWindowSpeed).
  func setSpeed(of window: Window, to speed: Double) {
    clocks.setSpeed(of: key(of: window), to: speed, at: clock())
  }

  /// The windows at a speed other than 1 among `sessions` (all when
  /// `nil`), by session name and window id (GetStatus).
  func windowSpeeds(in sessions: Set<String>? = nil) -> [Curtain_V1_WindowSpeed] {
    clocks.slowed.filter { sessions?.contains($0.session) ?? true }
      .sorted { ($0.session, $0.window) < ($1.session, $1.window) }
      .compactMap { key in
        guard let clock = clocks[key] else { return nil }
        var entry = Curtain_V1_WindowSpeed()
        entry.session = key.session
        entry.windowID = key.window.rawValue
        entry.speed = clock.speed
        return entry
      }
  }

  /// Stops the daemon once the responses of the current message have been
  /// queued (a Shutdown request).
  func shutDownOnceAnswered() {
    shutdown.afterResponses = true
  }
}
