// `curtain watch W`: a live picture of a window in the terminal. Every
// view is a box at its presentation frame, scaled to the terminal, redrawn
// from the window's frame stream; the status line shows the window's time
// and each running transition's progress. `q` quits.
//
// The command subscribes to the window's events and frames, then takes the
// tree with presentation values (and the session's controllers, to name
// those that leave the tree while they animate away). Frames move the
// boxes; an event means the tree changed, so both are taken again (once per
// batch of messages).

import ArgumentParser
import CurtainCLIKit
import CurtainWire
import Glibc

/// Draws a window live.
struct Watch: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Show a window live in the terminal: its views as boxes, animated. q quits.",
    discussion: """
      Each view is drawn as a box at its presentation frame (what is on \
      screen mid-animation), labelled with its controller's identifier (or \
      title, or id); a navigation bar shows its top controller, a tab bar \
      its tabs with the selected one in brackets. The window is scaled to \
      fit the terminal, keeping its shape. The status line shows the \
      window's time and each running transition with its progress. Quits on \
      q (or Ctrl-C), or when the window is closed; when the daemon stops it \
      says so and exits with status 1. With --fps N it redraws at most N \
      times a second (a dashboard of many windows needs a few), still \
      showing each transition's start and end.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain watch $w                              # in one terminal; q quits
        curtain new-controller content --id Detail    # in another
        curtain push @Nav @Detail
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64

  @OptionGroup var rate: FrameRateOptions

  func run() throws {
    guard Terminal.isInteractive else {
      throw CLIError(
        "watch draws on a terminal, and standard input or output is not one "
          + "(for a stream of frames, use `curtain frames w\(window) --follow`)")
    }
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var subscribe = Curtain_V1_Subscribe()
    subscribe.windowID = window
    subscribe.events = true
    subscribe.frames = true
    rate.apply(to: &subscribe)
    try connection.subscribe(subscribe)
    var screen = WatchScreen(
      tree: try connection.tree(of: window, presentation: true),
      controllers: try connection.controllers())

    Interrupt.install()
    let terminal = try Terminal()
    defer { terminal.restore() }
    do {
      try loop(&screen, connection: connection, terminal: terminal)
    } catch let error as ClientError where error.meansDaemonStopped {
      terminal.restore()
      throw CLIError("the daemon stopped", code: "STOPPED")
    }
    terminal.restore()
    if screen.closed { Output.line("w\(window) was closed") }
  }

  /// Draws, reads the daemon's messages and the keyboard, until `q`, an
  /// interrupt or the window's end.
  private func loop(_ screen: inout WatchScreen, connection: DaemonConnection, terminal: Terminal)
    throws
  {
    let client = connection.client
    var force = true
    while !Interrupt.requested {
      while let message = try client.nextMessage(timeout: 0) {
        switch message.kind {
        case .frame(let frame)?: screen.apply(frame)
        case .event(let event)?: screen.apply(event)
        default: break
        }
      }
      if screen.needsTree, !screen.closed {
        do {
          screen.replaceTree(
            try connection.tree(of: window, presentation: true),
            controllers: try connection.controllers())
        } catch ClientError.server(let error) where error.code == .notFound {
          // Closed: its last events are already queued ahead of this answer.
          screen.windowClosed()
        }
        continue
      }
      if terminal.takeResize() { force = true }
      let size = terminal.size
      terminal.draw(screen.render(columns: size.columns, rows: size.rows), force: force)
      force = false
      if screen.closed { return }
      if terminal.readKeys().contains(where: { $0 == "q" || $0 == "Q" }) { return }
      terminal.wait(for: client.fileDescriptor, timeout: 1)
    }
  }
}
