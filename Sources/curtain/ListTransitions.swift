// `curtain list-transitions [--window W]`: the running transitions of the
// session, one line each.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Lists the running transitions.
struct ListTransitions: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list-transitions",
    abstract: "List the running transitions: kind, controllers, progress and owner.",
    discussion: """
      One line per transition that has begun and not ended, window by \
      window and oldest first: its name, its window, its kind (push, pop, \
      tabSelection, presentation, dismissal, …), the outgoing and incoming \
      controllers, its progress at the window's time, whether a client \
      drives it (interactive) or it plays by itself, and the client it \
      belongs to (no client: begun by a one-shot command such as `interact \
      begin`, which any client may finish or cancel). With --json, one \
      object per line (ids, percent from 0 to 1, duration in seconds).

      Example:
        w=$(curtain new-window --root 'Stack=nav[One,Two]')
        t=$(curtain interact begin pop @Stack)
        curtain interact update $t 0.4
        curtain list-transitions
          t1  w1  pop  @Two → @One  40%  interactive  no client
        curtain interact cancel $t
      """)

  @OptionGroup var globals: GlobalOptions

  @Option(
    help: ArgumentHelp("Only the transitions of this window (w1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64?

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var request = Curtain_V1_ListTransitions()
    request.windowID = window ?? 0
    let response = try connection.perform(.listTransitions(request))
    guard case .transitions(let list)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "transitions", got: response.resultName)
    }
    guard !list.transitions.isEmpty else { return }
    if globals.json {
      for transition in list.transitions { Output.json(OutputFormat.json(transition)) }
      return
    }
    var names: [UInt64: String] = [:]
    for controller in try connection.controllers() where !controller.identifier.isEmpty {
      names[controller.id] = "@" + controller.identifier
    }
    for transition in list.transitions {
      Output.line(OutputFormat.human(transition, names: names))
    }
  }
}
