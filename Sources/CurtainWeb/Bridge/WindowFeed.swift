// One watched window: its daemon subscription, the events seen so far (the
// last `capacity` of them, for tabs that open later), the last frame, and
// the browser tabs watching it. Each event and frame is encoded to JSON
// once and the same text goes to every tab. Only its `DaemonLink` touches
// it.
//
// A thumbnail feed (on the link that carries a session's thumbnails,
// ThumbnailStrip) sends its tabs only what a thumbnail needs: the last
// frame when a tab joins, then each frame and event as it comes; no
// greeting, no events so far, no daemon state (the strip's socket says
// those once, not once per window).
//
// Messages to the page (one JSON object each):
//   {"type":"events","events":[…]}   the events so far, when a tab joins
//   {"type":"event","event":{…}}     an event (`curtain events --json`)
//   {"type":"frame","frame":{…}}     a frame (`curtain frames --json`)
//   {"type":"resync","reason":…}     fetch the window again (reconnected)

import CurtainCLIKit
import CurtainWire

/// A window's subscription and its watchers.
final class WindowFeed {
  /// Events kept for tabs that join later.
  static let capacity = 1_000

  let session: String
  let window: UInt64
  /// Whether the feed is a thumbnail's (see above).
  let thumbnail: Bool
  /// The daemon subscription, while connected.
  var subscription: UInt64?
  /// Where the subscription resumes after a reconnect (the contract every
  /// Swift client shares: `ResumeCursor`), once it was made.
  var cursor: ResumeCursor?
  private var events: [String] = []
  private var lastFrame: String?
  private var watchers: [ObjectIdentifier: Outbox] = [:]

  init(session: String, window: UInt64, thumbnail: Bool) {
    self.session = session
    self.window = window
    self.thumbnail = thumbnail
  }

  var watcherCount: Int { watchers.count }

  /// Adds a tab: it gets `greeting`, the events so far and the last frame
  /// (a thumbnail's tab only the last frame).
  func add(_ outbox: Outbox, greeting: String) {
    watchers[ObjectIdentifier(outbox)] = outbox
    if !thumbnail {
      outbox.send(greeting)
      outbox.send(#"{"type":"events","events":["# + events.joined(separator: ",") + "]}")
    }
    if let lastFrame { outbox.sendFrame(lastFrame, of: window) }
  }

  func remove(_ outbox: Outbox) {
    watchers[ObjectIdentifier(outbox)] = nil
  }

  /// Sends a message to every tab.
  func broadcast(_ message: String) {
    for outbox in watchers.values { outbox.send(message) }
  }

  /// Sends a message about the daemon or the window's subscription to
  /// every tab; a thumbnail's tabs hear those from their strip.
  func announce(_ message: String) {
    if !thumbnail { broadcast(message) }
  }

  /// Sends an event to every tab, unless it was sent already (a resume
  /// replays from the last event, and a window's events can come again).
  func deliver(_ event: WireEvent) {
    if cursor?.accept(event) == false { return }
    let json = OutputFormat.json(event).rendered
    if !thumbnail {
      events.append(json)
      if events.count > Self.capacity { events.removeFirst(events.count - Self.capacity) }
    }
    broadcast(#"{"type":"event","event":"# + json + "}")
  }

  func deliver(_ frame: WireFrame) {
    let message = #"{"type":"frame","frame":"# + OutputFormat.json(frame).rendered + "}"
    lastFrame = message
    for outbox in watchers.values { outbox.sendFrame(message, of: window) }
  }

  /// After a reconnection: the tabs fetch the window again.
  func resynchronize(reason: String) {
    lastFrame = nil
    announce(#"{"type":"resync","reason":"\#(reason)"}"#)
  }
}
