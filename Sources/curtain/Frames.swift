// `curtain frames W [--follow] [--fps N]`: the presentation values a
// window's animations produce, one line per frame (at most N a second); a
// follow ends when the window is closed (its `window.closed` event, which
// the subscription also takes).

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Prints frames.
struct Frames: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "frames",
    abstract: "Print the frames of a window's animations: views' presentation frames and alpha.",
    discussion: """
      Each line is `frame_seq  window  t=time` and, per animating view, \
      `v12 (x, y, w, h) α=alpha` (with --json: window, frame_seq, time, and \
      per view view, controller, frame, alpha, transform). Without --follow, \
      prints the next frame if one comes within --within seconds, else \
      nothing; with --follow, prints frames until interrupted (exit status \
      0), until the window is closed ("w1 was closed" on stderr, exit \
      status 0) or until the daemon stops ("the daemon stopped", exit \
      status 1). \
      A slow reader gets the newest frame and a count of the ones skipped. \
      With --fps N, at most N frames a second (of the daemon's clock; of the \
      window's own time for a manual window), always with each transition's \
      first and last frame; a line says `(skipped N)` after frames left out.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain frames $w --follow --fps 10 &
        curtain push @Nav @Detail
        kill $!
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @Flag(help: "Keep printing frames until interrupted.")
  var follow = false

  @Option(help: ArgumentHelp("Seconds to wait for a frame without --follow.", valueName: "seconds"))
  var within: Double = 1

  @OptionGroup var rate: FrameRateOptions

  func validate() throws {
    guard within.isFinite, within >= 0 else {
      throw ValidationError("--within must be a number of seconds, 0 or more")
    }
  }

  func run() throws {
    // A daemon that stops at any point of a follow (while it subscribes
    // too) ends it the same way.
    do {
      try read()
    } catch let error as ClientError where follow && error.meansDaemonStopped {
      throw CLIError("the daemon stopped", code: "STOPPED")
    }
  }

  private func read() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    if follow { Interrupt.install() }
    var subscribe = Curtain_V1_Subscribe()
    subscribe.windowID = window
    subscribe.frames = true
    rate.apply(to: &subscribe)
    // Its window events, to end a follow when the window is closed.
    subscribe.events = follow
    subscribe.categories = [.window]
    try connection.subscribe(subscribe)

    let deadline = follow ? nil : MonotonicClock.now() + within
    while !(follow && Interrupt.requested) {
      let timeout = deadline.map { max(0, $0 - MonotonicClock.now()) } ?? 0.25
      guard let message = try connection.client.nextMessage(timeout: timeout) else {
        if follow { continue }
        return
      }
      if case .event(let event)? = message.kind, event.closes(window) {
        Output.error("\(OutputFormat.windowName(window)) was closed")
        return
      }
      guard case .frame(let frame)? = message.kind else { continue }
      if globals.json {
        Output.json(OutputFormat.json(frame))
      } else {
        Output.line(OutputFormat.human(frame))
      }
      if !follow { return }
    }
  }
}
