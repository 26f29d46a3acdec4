// `curtain tree [W]`: the window's controller hierarchy, as the daemon
// describes it (`_printHierarchy` style).

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

      Example:
        w=$(curtain new-window --root 'Nav=nav[Home]')
        curtain tree $w
        curtain tree --json
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The window (w1 or 1; default: the first).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64?

  @Flag(help: "Include the view tree.")
  var views = false

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var getTree = Curtain_V1_GetTree()
    getTree.windowID = window ?? 0
    getTree.includeViews = views
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
