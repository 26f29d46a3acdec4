// `curtain list-controllers [--window W] [--detached]`: the session's
// controllers, one line each; with --at-seq or --at, as they were at a
// moment of a window's past.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Lists controllers.
struct ListControllers: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list-controllers",
    abstract: "List the session's controllers: all, those of one window, or those in no window.",
    discussion: """
      One line per controller, by id: its name, kind, title, where it is \
      (a window and its parent, or no window), and its appearance state \
      (with --json, one object per line, as new-controller --json prints). \
      Controllers in no window stay until deleted (delete-controller) or \
      their session is killed.

      --at-seq N lists them as they were right after event N of the window \
      (--window, else the session's first window), --at SECONDS at an \
      earlier time of that window, replayed without touching the session \
      (see `curtain tree`).

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain new-controller content --id Detail
        curtain list-controllers
          c1  content @Home  w1, parent c2  appeared
          c2  navigation @Nav  w1  appeared
          c3  content @Detail  no window  disappeared
        curtain list-controllers --window $w
          c1  content @Home  w1, parent c2  appeared
          c2  navigation @Nav  w1  appeared
        curtain list-controllers --detached
          c3  content @Detail  no window  disappeared
        curtain list-controllers --at-seq 1
          c1  content @Home  w1, parent c2  appeared
          c2  navigation @Nav  w1  appeared
      """)

  @OptionGroup var globals: GlobalOptions

  @Option(
    help: ArgumentHelp("Only the controllers in this window (w1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64?

  @Flag(help: "Only the controllers in no window.")
  var detached = false

  @OptionGroup var past: PastOptions

  func validate() throws {
    if window != nil, detached {
      throw ValidationError("--window and --detached exclude each other")
    }
  }

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var list = Curtain_V1_ListControllers()
    list.windowID = window ?? 0
    list.detached = detached
    if let point = past.point() { list.past = point }
    let response = try connection.perform(.listControllers(list))
    guard case .controllers(let controllers)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "controllers", got: response.resultName)
    }
    for controller in controllers.controllers {
      if globals.json {
        Output.json(OutputFormat.json(controller))
      } else {
        Output.line(OutputFormat.human(controller))
      }
    }
  }
}
