// `curtain events [W] [--follow] [--from SEQ]`: the events a window (or every
// window of the session) recorded, and with --follow the ones that come.
//
// Without --follow: Subscribe replaying the daemon's ring (from_seq 0, or
// --from), then Sync; every event before the Sync's response is part of the
// replay, so the command prints them and stops there. With --follow: the
// same subscription (live only, unless --from), printed until SIGINT (exit
// 0), until the window it follows is closed (its `window.closed` event, then
// "w1 was closed" on stderr, exit 0: watch ends the same way) or the
// daemon's goodbye (an error: the stream did not end as asked). With --type,
// the subscription also takes window events, to see the close, and prints
// only the types asked for.

import ArgumentParser
import CurtainCLIKit
import CurtainCore
import CurtainWire

/// Prints events.
struct Events: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "events",
    abstract: "Print the events the daemon keeps, or follow them as they happen.",
    discussion: """
      Each line is `seq  window  text` (with --json, one object with seq, \
      window, revision, time, type, controller, identifier, callback, \
      animated, trace_id, text and the fields of its type). Without --follow, \
      prints the events still kept (the last 10,000 per window) and exits; \
      with --follow, prints new events until interrupted (exit status 0), \
      until the window is closed ("w1 was closed" on stderr, exit status 0) \
      or until the daemon stops ("the daemon stopped", exit status 1). \
      --from starts at a sequence number, also with --follow.

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain events $w
          1  w1  window.created(390×844)
          2  w1  o1.started
          3  w1  Nav.viewDidLoad
          4  w1  Home.viewDidLoad
          5  w1  Nav.viewWillAppear(false)
          6  w1  Home.viewWillAppear(false)
          7  w1  root(Nav)
          8  w1  Nav.viewDidAppear(false)
          9  w1  Home.viewDidAppear(false)
          10  w1  o1.completed(cancelled: false, removed: [])
        curtain new-controller content --id Detail
        curtain events $w --follow --type lifecycle &
        curtain push @Nav @Detail
        kill $!
        curtain events --json --from 10
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1; default: every window).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64?

  @Flag(help: "Keep printing new events until interrupted.")
  var follow = false

  @Option(
    name: .customLong("from"),
    help: ArgumentHelp("The first sequence number to print (per window).", valueName: "seq"))
  var from: Int64?

  @Option(
    name: .customLong("type"),
    help: ArgumentHelp(
      "Only events of this type: "
        + "\(Curtain_V1_EventCategory.nameTable.names.joined(separator: ", ")) (repeatable).",
      valueName: "type"))
  var types: [WireName<Curtain_V1_EventCategory>] = []

  func validate() throws {
    if let from, from < 0 {
      throw ValidationError("--from must be a sequence number, 0 or more, got \(from)")
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
    var names = ControllerNames(connection: connection, enabled: globals.json)
    try names.refresh()

    var subscribe = Curtain_V1_Subscribe()
    subscribe.windowID = window ?? 0
    subscribe.events = true
    let asked = Set(types.map(\.wire))
    // The window's close ends a follow: its event comes whatever --type says.
    let watchesClose = follow && window != nil && !asked.isEmpty && !asked.contains(.window)
    subscribe.categories = types.map(\.wire) + (watchesClose ? [.window] : [])
    if let from {
      subscribe.fromSeq = from > 0 ? UInt64(from) - 1 : 0
    } else if !follow {
      subscribe.fromSeq = 0
    }
    printSnapshots(try connection.subscribe(subscribe))

    let syncID =
      follow ? nil : try connection.client.send(connection.request(.sync(Curtain_V1_Sync())))
    while !(follow && Interrupt.requested) {
      let timeout = follow ? 0.25 : globals.responseTimeout
      guard let message = try connection.client.nextMessage(timeout: timeout) else {
        if follow { continue }
        throw CLIError("the daemon did not finish replaying events in time")
      }
      switch message.kind {
      case .event(let event)?:
        if asked.isEmpty || asked.contains(event.category) {
          if globals.json {
            try names.learn(event)
            Output.json(OutputFormat.json(event, identifiers: names.identifiers))
          } else {
            Output.line(OutputFormat.human(event))
          }
        }
        if follow, let window, event.closes(window) {
          Output.error("\(OutputFormat.windowName(window)) was closed")
          return
        }
      case .response(let response)? where response.requestID == syncID:
        if case .error(let error)? = response.result {
          throw ClientError.server(CurtainError(error))
        }
        return
      default:
        continue
      }
    }
  }

  private func printSnapshots(_ subscribed: Curtain_V1_SubscribeResult) {
    guard subscribed.snapshotRequired else { return }
    for tree in subscribed.snapshots {
      if globals.json {
        Output.json(
          .object([
            ("type", .string("snapshot")),
            ("window", .id(tree.window.id)),
            ("last_seq", .unsigned(tree.window.lastSeq)),
            ("tree", OutputFormat.json(tree)),
          ]))
      } else {
        Output.line(
          "-- \(OutputFormat.windowName(tree.window.id)): the requested events are no longer "
            + "kept; the tree at seq \(tree.window.lastSeq):")
        Output.line(tree.description_p)
      }
    }
  }
}

extension WireEvent {
  /// Whether this is the `window.closed` event of `window`.
  func closes(_ window: UInt64) -> Bool {
    guard windowID == window, case .window(let change)? = kind else { return false }
    return change.change == .closed
  }
}
