// `curtain delete-controller C`: destroy a controller that is in no window.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Deletes a controller in no window.
struct DeleteController: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-controller",
    abstract: "Delete a controller that is in no window, with the controllers it contains.",
    discussion: """
      Frees its identifier (and those of its children, tabs or pages). A \
      controller in a window goes when its window closes (close-window); a \
      child of a controller in no window goes with its parent. With --json, \
      prints each controller deleted, one object per line.

      Example:
        curtain new-controller content --id Scratch
        curtain delete-controller @Scratch
      """)

  @OptionGroup var globals: GlobalOptions

  @Argument(
    help: ArgumentHelp("The controller (c4 or @Scratch).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var delete = Curtain_V1_DeleteController()
    delete.controller = controller
    let response = try connection.perform(.deleteController(delete), mutating: true)
    guard case .controllers(let deleted)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "controllers", got: response.resultName)
    }
    if globals.json {
      for controller in deleted.controllers { Output.json(OutputFormat.json(controller)) }
    }
  }
}
