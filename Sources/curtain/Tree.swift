// `curtain tree [W]`: the window's controller hierarchy, as the daemon
// describes it (`_printHierarchy` style); with --at-seq or --at, as it was
// at a moment of the window's past.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Prints a window's controller tree.
struct Tree: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tree",
    abstract: "Print a window's controller tree (and with --views, its view tree).",
    discussion: """
      Without a window, the session's first window.

      --at-seq N shows the window right after its event N (the seq that \
      `curtain events` prints), --at SECONDS at an earlier time of the \
      window. The daemon replays the session's recorded inputs up to that \
      moment in a scratch session, so the window is not touched; the \
      window line then gives the time and the newest event of that moment. \
      Events of one request share one instant: the state after any of them \
      is the state after all. How far back the daemon keeps a session's \
      past is set by curtaind --past-records; a moment older than that is \
      refused with the oldest one kept.

      Example:
        w=$(curtain new-window --clock manual --root 'Nav=nav[Home]')
        curtain tree $w
        curtain tree --json
        curtain new-controller content --id Detail
        curtain push @Nav @Detail --no-wait
        curtain advance $w 1
        curtain tree $w --at 0.1 --views
        curtain tree $w --at-seq 5
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1; default: the first).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64?

  @Flag(help: "Include the view tree.")
  var views = false

  @OptionGroup var past: PastOptions

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var getTree = Curtain_V1_GetTree()
    getTree.windowID = window ?? 0
    getTree.includeViews = views
    if let point = past.point() { getTree.past = point }
    let response = try connection.perform(.getTree(getTree))
    guard case .tree(let tree)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "tree", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(tree))
      return
    }
    Output.line(tree.description_p)
    if views, tree.hasView {
      Output.line(OutputFormat.human(tree.view))
    }
  }
}
