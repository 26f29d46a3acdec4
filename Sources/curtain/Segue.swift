// `curtain segue SOURCE IDENT`.

import ArgumentParser
import CurtainCLIKit
import CurtainWire

/// Performs a storyboard segue.
struct Segue: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "segue",
    abstract: "Perform a storyboard segue from a controller instantiated from a storyboard.",
    discussion: """
      Like performSegue(withIdentifier:sender:): the destination scene is \
      instantiated, the source gets prepare(for:), then the segue's kind runs \
      (show, showDetail, present, popover, custom, or unwind). With \
      --triggered, as if a control fired the segue, shouldPerformSegue is \
      asked first and may decline (it answers what `configure \
      --should-perform` set, else the storyboard's shouldPerform). Prints the destination (c12), or \
      'declined'. Returns when the transition completed, unless --no-wait.

      Example:
        w=$(curtain new-window)
        curtain load-storyboard docs/examples/shop.storyboard.json --window $w
        curtain segue @Catalog showProduct
          c5
        curtain segue @Product openCart
          c6
        curtain segue @CartList checkout
          c8
        curtain segue @Checkout done
          c3
      """)

  @OptionGroup var globals: GlobalOptions
  @OptionGroup var animation: AnimationOptions
  @OptionGroup var wait: WaitOptions

  @Argument(
    help: ArgumentHelp("The source controller (c2 or @Catalog).", valueName: "source"),
    completion: Completions.controllers, transform: TargetName.controller)
  var source: Curtain_V1_ControllerRef

  @Argument(help: ArgumentHelp("The segue's identifier.", valueName: "identifier"))
  var identifier: String

  @Flag(help: "Ask shouldPerformSegue first, as a segue fired by a control does.")
  var triggered = false

  func run() throws {
    var segue = Curtain_V1_PerformSegue()
    segue.source = source
    segue.identifier = identifier
    segue.triggered = triggered
    segue.notAnimated = animation.noAnimate
    try SegueOutput.perform(.performSegue(segue), globals: globals, wait: wait)
  }
}

/// Sending a segue request and printing its SegueResult.
enum SegueOutput {
  static func perform(
    _ body: WireRequest.OneOf_Body, globals: GlobalOptions, wait: WaitOptions
  ) throws {
    let connection = try DaemonConnection.open(globals)
    defer { connection.close() }
    let response = try connection.perform(body, mutating: true, wait: wait.waitUntil)
    guard case .segue(let result)? = response.result else {
      throw ClientError.unexpectedResponse(expected: "segue", got: response.resultName)
    }
    Output.noteUnusedAnimator(result.operation)
    if globals.json {
      Output.json(OutputFormat.json(result))
    } else {
      Output.line(OutputFormat.human(result))
    }
  }
}
