// `curtain show SENDER C` and `curtain show-detail SENDER C`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Shows a controller the way the sender's hierarchy decides.
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract:
      "Show a controller from a sender: pushed by a navigation controller above it, else presented.",
    discussion: """
      Like show(_:sender:): the first of the sender and its parents that \
      handles show does it (a navigation controller pushes); when none does, \
      the sender presents the controller with its own presentation style. \
      Returns when the transition completed, unless --no-wait.

      Example:
        curtain new-window --root 'Nav=nav[Home]'
        curtain new-controller content --id Detail
        curtain show @Home @Detail
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var arguments: ShowArguments

  func run() throws {
    try arguments.perform(.show(arguments.body()), globals: globals)
  }
}

/// Shows a controller as the detail.
struct ShowDetail: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show-detail",
    abstract:
      "Show a controller as the detail: by a split view controller above the sender, else presented.",
    discussion: """
      Like showDetailViewController(_:sender:): the first of the sender and \
      its parents that handles it shows the controller; without one the \
      sender presents it. Returns when the transition completed, unless \
      --no-wait.

      Example:
        curtain new-window --size 1024x768 --root 'Split=split[List,Content]'
        curtain new-controller content --id Item
        curtain show-detail @List @Item
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var arguments: ShowArguments

  func run() throws {
    try arguments.perform(.showDetail(arguments.body()), globals: globals)
  }
}

/// The arguments `show` and `show-detail` share.
struct ShowArguments: ParsableArguments {
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The controller that sends the request (c2 or @Home).", valueName: "sender"),
    completion: Completions.controllers, transform: TargetName.controller)
  var sender: Curtain_V1_ControllerRef

  @Argument(
    help: ArgumentHelp("The controller to show (c4 or @Detail).", valueName: "controller"),
    completion: Completions.controllers, transform: TargetName.controller)
  var controller: Curtain_V1_ControllerRef

  /// The request body with these arguments.
  func body<Body: ShowRequestBody>() -> Body {
    var body = Body()
    body.sender = sender
    body.controller = controller
    body.notAnimated = animation.noAnimate
    return body
  }

  func perform(_ body: WireRequest.OneOf_Body, globals: GlobalOptions) throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    connection.report(try connection.perform(body, mutating: true, wait: wait.waitUntil))
  }
}
