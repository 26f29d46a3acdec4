// `curtain load-storyboard FILE`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Loads a storyboard document into the session.
struct LoadStoryboard: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "load-storyboard",
    abstract: "Load a storyboard (a JSON document of scenes and segues) into the session.",
    discussion: """
      The format is described in docs/storyboards.md. With --window, an \
      instance of the initial scene (or of --scene) becomes the window's root. \
      Prints the storyboard's name, its scene and segue counts and the root.

      Example:
        w=$(curtain new-window)
        curtain load-storyboard docs/examples/shop.storyboard.json --window $w
          Shop: 10 scenes, 7 segues; root c1 in w1
        curtain segue @Catalog showProduct
          c5
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(help: ArgumentHelp("The storyboard file, or - for stdin.", valueName: "file"))
  var file: String

  @Option(
    help: ArgumentHelp(
      "Make an instance of the initial scene the root of this window (w1).", valueName: "window"),
    completion: Completions.windows, transform: TargetName.window)
  var window: UInt64?

  @Option(
    help: ArgumentHelp("The scene to instantiate instead of the initial one.", valueName: "scene"))
  var scene: String?

  func validate() throws {
    if scene != nil, window == nil {
      throw ValidationError("--scene needs --window: the instance becomes the window's root")
    }
  }

  func run() throws {
    let document = try InputFile.read(file)
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var load = Curtain_V1_LoadStoryboard()
    load.document = document
    load.windowID = window ?? 0
    load.scene = scene ?? ""
    let response = try connection.perform(.loadStoryboard(load), mutating: true)
    guard case .storyboard(let info)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "storyboard", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(info))
    } else {
      Output.line(OutputFormat.human(info))
    }
  }
}
