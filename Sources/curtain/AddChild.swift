// `curtain add-child PARENT C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Adds a child to a custom container.
struct AddChild: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add-child",
    abstract: "Add a child controller to a container (addChild + didMove(toParent:)).",
    discussion: """
      The child's view fills the parent's bounds unless --frame says where. \
      With --no-view only addChild happens (willMove, didMove): the child's \
      view stays out until `transition-children` installs it, as in a \
      UIKit custom container transition.

      Example:
        curtain new-window --root 'Container=container[Main]'
        curtain new-controller content --id Panel
        curtain add-child @Container @Panel --frame 0,0,390,200
        curtain new-controller content --id Next
        curtain add-child @Container @Next --no-view
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The container (c1 or @Container).", valueName: "parent"),
    completion: Completions.controllers, transform: TargetName.controller)
  var parent: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The child (c2 or @Panel).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var child: Curtain_V1_ControllerRef

  @Option(
    help: ArgumentHelp(
      "The child's frame in the parent's view: x,y,width,height.", valueName: "x,y,w,h"),
    transform: TargetName.rect)
  var frame: Curtain_V1_Rect?

  @Flag(help: "addChild alone: the view waits for transition-children to install it.")
  var noView = false

  func run() throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    var addChild = Curtain_V1_AddChild()
    addChild.parent = parent
    addChild.child = child
    if let frame { addChild.frame = frame }
    addChild.noView = noView
    connection.report(
      try connection.perform(.addChild(addChild), mutating: true, wait: wait.waitUntil))
  }
}
