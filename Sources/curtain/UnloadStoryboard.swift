// `curtain unload-storyboard NAME`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Unloads a storyboard.
struct UnloadStoryboard: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unload-storyboard",
    abstract: "Unload a storyboard from the session (to load a new version under its name).",
    discussion: """
      Controllers instantiated from it stay, but their segues can no longer \
      be performed.

      Example:
        curtain load-storyboard docs/examples/shop.storyboard.json
        curtain unload-storyboard Shop
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(help: ArgumentHelp("The storyboard's name.", valueName: "name"))
  var name: String

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var unload = Curtain_V1_UnloadStoryboard()
    unload.name = name
    connection.report(try connection.perform(.unloadStoryboard(unload), mutating: true))
  }
}
