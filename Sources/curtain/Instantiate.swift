// `curtain instantiate STORYBOARD [SCENE]`: a new instance of a scene, in no
// window.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Instantiates a storyboard scene.
struct Instantiate: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "instantiate",
    abstract: "Instantiate a scene of a loaded storyboard, in no window; print its name.",
    discussion: """
      Like instantiateViewController(withIdentifier:): a new controller \
      from the scene (default: the initial scene), with the scenes it \
      embeds. Its identifier is the scene's id, or Id-2, Id-3, … when that \
      is taken; the command prints its id and identifier (c7 @Cart), which \
      later commands use.

      Example:
        w=$(curtain new-window)
        curtain load-storyboard docs/examples/shop.storyboard.json --window $w
        curtain instantiate Shop Cart
          c5 @Cart
        curtain present @Catalog @Cart
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(help: ArgumentHelp("The storyboard's name.", valueName: "storyboard"))
  var storyboard: String

  @Argument(help: ArgumentHelp("The scene (default: the initial scene).", valueName: "scene"))
  var scene: String?

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var instantiate = Curtain_V1_InstantiateScene()
    instantiate.storyboard = storyboard
    instantiate.scene = scene ?? ""
    let response = try connection.perform(.instantiateScene(instantiate), mutating: true)
    guard case .controller(let controller)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "controller", got: response.resultName)
    }
    if globals.json {
      Output.json(OutputFormat.json(controller))
    } else {
      Output.line(OutputFormat.controllerName(controller))
    }
  }
}
