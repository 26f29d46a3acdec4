// The thumbnails of one session's windows, for every browser tab that shows
// them (`/ws/thumbnails?session=S`). They ride on a `DaemonLink` of their
// own, made with the thumbnails' frame rate: its feed of each window is one
// daemon subscription at that `max_fps` (the daemon still sends each
// transition's first and last frame), shared by every tab, and its feed of
// window 0 follows the session's window events, so that the strip learns
// of windows created and closed (and then lists the windows again).
//
// Messages to the page (one JSON object each):
//   {"type":"hello","session":…,"fps":…}      first
//   {"type":"daemon","state":…,"message":…}   then, and when it changes
//   {"type":"windows","windows":[…]}          the session's windows (as
//                                             `curtain list-windows --json`),
//                                             first and whenever they change
//   {"type":"frame","frame":{…}}              a window's frame, at the rate
//   {"type":"event","event":{…}}              a window's event that changes
//                                             its picture (hierarchy,
//                                             presentation, transition, window)
//
// Tabs coming and going and the window list changing are taken one at a
// time, in order, by one task: a tab watches exactly the windows listed
// last, never one already gone.

import CurtainCLIKit
import CurtainWire

/// The thumbnail strip of one session.
final class ThumbnailStrip: Sendable {
  private enum Command: Sendable {
    case add(Outbox)
    case remove(Outbox)
    /// The session's windows may have changed; `daemon`: messages about
    /// the daemon to pass on.
    case changed(daemon: [String])
  }

  let session: String
  private let commands: AsyncStream<Command>.Continuation
  private let tasks: [Task<Void, Never>]
  private let changes = Outbox()

  /// Starts the strip of `session` on `link` (a thumbnails' link, not
  /// running yet: the strip runs it until `stop()`).
  init(session: String, fps: Double, link: DaemonLink) {
    self.session = session
    let (stream, commands) = AsyncStream.makeStream(of: Command.self)
    self.commands = commands
    let changes = self.changes
    let hello = JSONValue.object([
      ("type", .string("hello")), ("session", .string(session)), ("fps", .number(fps)),
    ]).rendered
    tasks = [
      Task { await link.run() },
      Task {
        await link.watch(window: 0, outbox: changes)
        var tabs = Tabs(link: link, hello: hello)
        for await command in stream {
          switch command {
          case .add(let outbox): await tabs.add(outbox)
          case .remove(let outbox): await tabs.remove(outbox)
          case .changed(let daemon):
            for message in daemon { tabs.broadcast(message) }
            await tabs.refresh()
          }
        }
      },
      Task {
        // Everything the feed of window 0 says (its greeting, window
        // events, the daemon's state, a resync) may mean other windows.
        while let batch = await changes.next() {
          commands.yield(.changed(daemon: batch.filter { $0.hasPrefix(#"{"type":"daemon""#) }))
        }
      },
    ]
  }

  /// Starts sending the thumbnails to `outbox`.
  func add(_ outbox: Outbox) { commands.yield(.add(outbox)) }

  /// Stops sending them to `outbox`.
  func remove(_ outbox: Outbox) { commands.yield(.remove(outbox)) }

  /// Ends the strip and its link (the daemon drops its subscriptions with
  /// the connection).
  func stop() {
    commands.finish()
    changes.close()
    for task in tasks { task.cancel() }
  }
}

/// The tabs of a strip and the windows they watch; only the strip's task
/// touches it.
private struct Tabs {
  let link: DaemonLink
  let hello: String
  private var outboxes: [ObjectIdentifier: Outbox] = [:]
  /// The windows listed last, and the message that listed them.
  private var windows: [UInt64] = []
  private var listed: String?

  init(link: DaemonLink, hello: String) {
    self.link = link
    self.hello = hello
  }

  mutating func add(_ outbox: Outbox) async {
    outboxes[ObjectIdentifier(outbox)] = outbox
    outbox.send(hello)
    outbox.send(DaemonLink.stateMessage(await link.state))
    if let listed { outbox.send(listed) }
    for window in windows { await link.watch(window: window, outbox: outbox) }
  }

  mutating func remove(_ outbox: Outbox) async {
    guard outboxes.removeValue(forKey: ObjectIdentifier(outbox)) != nil else { return }
    for window in windows { await link.unwatch(window: window, outbox: outbox) }
  }

  func broadcast(_ message: String) {
    for outbox in outboxes.values { outbox.send(message) }
  }

  /// Lists the session's windows again: the tabs hear the list when it
  /// changed, stop watching the windows gone and watch the new ones. (While
  /// the daemon is away nothing changes; its return brings a refresh.)
  mutating func refresh() async {
    guard let response = try? await link.call(.listWindows(Curtain_V1_ListWindows())),
      case .windows(let list)? = response.result
    else { return }
    let now = list.windows.map(\.id)
    let message = JSONValue.object([
      ("type", .string("windows")), ("windows", .array(list.windows.map(OutputFormat.json))),
    ]).rendered
    if message != listed {
      listed = message
      broadcast(message)
    }
    let before = windows
    windows = now
    for window in before where !now.contains(window) {
      for outbox in outboxes.values { await link.unwatch(window: window, outbox: outbox) }
    }
    for window in now where !before.contains(window) {
      for outbox in outboxes.values { await link.watch(window: window, outbox: outbox) }
    }
  }
}
